import { isScalar } from 'yaml';
import { findPair } from '../parse/ast';
import type { CreateRelationshipArgs } from './operations';
import { findTable, listIn, tableDoc } from './find';
import type { OperationEdit } from './types';
import { change, failure } from './types';
import { appendItem, insertPair, keyColumn, replacePairValue } from './yaml';

/** Keys of a table entry in the engine's order (server-facts §2). */
export const TABLE_KEYS = [
  'table',
  'is_enum',
  'configuration',
  'object_relationships',
  'array_relationships',
  'computed_fields',
  'remote_relationships',
  'insert_permissions',
  'select_permissions',
  'update_permissions',
  'delete_permissions',
  'event_triggers',
  'apollo_federation_config',
  'logical_model',
];

/** The entry as the CLI writes it: name, using, then the comment when there is one. */
function relationshipEntry(args: CreateRelationshipArgs): Record<string, unknown> {
  return { name: args.name, using: args.using, ...(args.comment !== undefined && args.comment !== '' ? { comment: args.comment } : {}) };
}

/** pg_create_object/array_relationship: a new entry at the end of the table's list (the list is created in key order). */
export const createRelationship =
  (kind: 'object' | 'array'): OperationEdit<CreateRelationshipArgs> =>
  (result, args) => {
    const table = findTable(result, args.source, args.table);
    if (!table.ok) return failure(table.error);
    if (table.value.relationships.some((r) => r.name.name === args.name))
      return failure(`Table \`${table.value.key}\` already has a field named \`${args.name}\` in the local files.`);
    const found = tableDoc(result, table.value);
    if (!found.ok) return failure(found.error);
    const { doc, map } = found.value;
    const key = `${kind}_relationships`;
    const entry = relationshipEntry(args);
    const list = listIn(map, key);
    if (list) return change([appendItem(doc, list.seq, entry, keyColumn(doc.text, map) + 2)]);
    const pair = findPair(map, key);
    if (pair && !isEmptyValue(pair.value))
      return failure(`\`${key}\` of table \`${table.value.key}\` is not a list written in its file; add the relationship by hand.`);
    if (pair) return change([replacePairValue(doc, map, pair, [entry])]);
    const edit = insertPair(doc, map, key, [entry], TABLE_KEYS);
    return edit ? change([edit]) : failure(`Could not add ${key} to the entry of table \`${table.value.key}\`.`);
  };

/** `key:` with nothing (or null) after it. */
function isEmptyValue(value: unknown): boolean {
  return value === null || value === undefined || (isScalar(value) && value.value === null);
}
