import { occurrencesOf } from '../features/occurrences';
import { symbolId } from '../features/occurrence';
import { rename } from '../features/rename';
import type { RenameRelationshipArgs } from './operations';
import { DEFAULT_SOURCE, findRelationship, findTable } from './find';
import type { OperationEdit } from './types';
import { change, failure } from './types';

/**
 * pg_rename_relationship: the same rename as F2 on the relationship's name (features/rename.ts):
 * its definition and every permission filter that names it, through nested relationships too,
 * as the server renames them.
 */
export const renameRelationship: OperationEdit<RenameRelationshipArgs> = (result, args) => {
  const table = findTable(result, args.source, args.table);
  if (!table.ok) return failure(table.error);
  const rel = findRelationship(table.value, args.name);
  if (!rel.ok) return failure(rel.error);
  const id = symbolId({ kind: 'relationship', source: args.source ?? DEFAULT_SOURCE, table: table.value.key, name: args.name });
  const definition = occurrencesOf(result)
    .byId(id)
    .find((o) => o.definition);
  if (!definition) return failure(`The name of relationship \`${args.name}\` could not be located in the local files.`);
  const out = rename({ result, file: definition.loc.file, offset: definition.loc.span.start }, args.new_name);
  if (!out) return failure(`Relationship \`${args.name}\` cannot be renamed in the local files.`);
  if ('error' in out) return failure(out.error);
  return change(out.change.edits, []);
};
