import type { RootResult } from '../check';
import { symbolId } from '../features/occurrence';
import { occurrencesOf } from '../features/occurrences';
import { spanOf } from '../parse/ast';
import type { PermissionFact, TableFact } from '../project/index/types';
import type { DropRelationshipArgs } from './operations';
import { DEFAULT_SOURCE, findRelationship, findTable } from './find';
import { removeRelationshipEntries } from './relationshipLists';
import type { OperationEdit } from './types';
import { change, failure } from './types';

/**
 * pg_drop_relationship: the entry leaves its list (the list goes when it empties); with `cascade`
 * the permissions whose filter or check uses the relationship go too, as on the server.
 */
export const dropRelationship: OperationEdit<DropRelationshipArgs> = (result, args) => {
  const table = findTable(result, args.source, args.table);
  if (!table.ok) return failure(table.error);
  const rel = findRelationship(table.value, args.relationship);
  if (!rel.ok) return change([], [], [`${rel.error} Nothing to change there.`]);
  const dependents = permissionsUsing(result, args.source ?? DEFAULT_SOURCE, table.value, args.relationship);
  const removed = args.cascade ? dependents.map((d) => d.permission.at.node) : [];
  const notes =
    !args.cascade && dependents.length > 0 ? [`These permissions still use \`${args.relationship}\`: ${dependents.map((d) => d.description).join(', ')}.`] : [];
  return change(removeRelationshipEntries(result, [rel.value.at.node, ...removed]), [], notes);
};

export interface Dependent {
  readonly permission: PermissionFact;
  /** As the engine describes it: `permission public.article.user.select`. */
  readonly description: string;
}

/** The permissions whose boolean expressions name the relationship (directly or through nested relationships). */
export function permissionsUsing(result: RootResult, source: string, table: TableFact, name: string): Dependent[] {
  const uses = occurrencesOf(result)
    .byId(symbolId({ kind: 'relationship', source, table: table.key, name }))
    .filter((o) => !o.definition);
  const found: Dependent[] = [];
  for (const t of result.index.tables) {
    for (const permission of t.permissions) {
      const span = spanOf(permission.at.node);
      const usesIt = uses.some((o) => o.loc.file === permission.at.file && o.loc.span.start >= span.start && o.loc.span.end <= span.end);
      if (usesIt) found.push({ permission, description: `permission ${t.key}.${permission.role.name}.${permission.kind}` });
    }
  }
  return found;
}
