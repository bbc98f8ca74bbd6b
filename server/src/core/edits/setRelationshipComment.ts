import { isMap } from 'yaml';
import { findPair } from '../parse/ast';
import type { SetRelationshipCommentArgs } from './operations';
import { findRelationship, findTable, yamlDoc } from './find';
import type { OperationEdit } from './types';
import { change, failure } from './types';
import { insertPair, pairRemoval, replacePairValue } from './yaml';

const RELATIONSHIP_KEYS = ['name', 'using', 'comment'];

/** pg_set_relationship_comment: sets, replaces or (null / empty) removes the entry's `comment`. */
export const setRelationshipComment: OperationEdit<SetRelationshipCommentArgs> = (result, args) => {
  const table = findTable(result, args.source, args.table);
  if (!table.ok) return failure(table.error);
  const rel = findRelationship(table.value, args.relationship);
  if (!rel.ok) return failure(rel.error);
  const map = rel.value.at.node;
  const doc = yamlDoc(result, rel.value.at.file);
  if (!doc || !isMap(map) || map.flow) return failure(`Relationship \`${args.relationship}\` is not written as a block mapping; change its comment by hand.`);
  const pair = findPair(map, 'comment');
  const comment = args.comment ?? '';
  if (comment === '') return change(pair ? [{ file: doc.path, span: pairRemoval(doc.text, map, pair), newText: '' }] : []);
  if (pair) return change([replacePairValue(doc, map, pair, comment)]);
  const edit = insertPair(doc, map, 'comment', comment, RELATIONSHIP_KEYS);
  return edit ? change([edit]) : failure(`Could not add a comment to relationship \`${args.relationship}\`.`);
};
