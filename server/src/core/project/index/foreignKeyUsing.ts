import { readTableRef } from './tableRef';
import type { Loc, QualifiedTable, RelationshipFact } from './types';
import type { Walk } from './walk';

/**
 * What a relationship's `foreign_key_constraint_on` names: columns of the table itself
 * (`col` or `[cols]`), or columns of another table (`{table, column|columns}`); the engine reads
 * `column` and `columns` alike, each a name or a list (Hasura/RQL/Types/Relationships/Local.hs).
 * `loc` is the value of `foreign_key_constraint_on`.
 */
export type ForeignKeyUsing =
  | { readonly kind: 'local'; readonly columns: string[]; readonly loc: Loc }
  | { readonly kind: 'remote'; readonly table: QualifiedTable; readonly columns: string[]; readonly loc: Loc };

export function foreignKeyUsing(walk: Walk, rel: RelationshipFact): ForeignKeyUsing | undefined {
  if ((rel.kind !== 'object' && rel.kind !== 'array') || !rel.using) return undefined;
  const fk = walk.get(rel.using, 'foreign_key_constraint_on');
  if (!fk.node) return undefined;
  const names = (at: ReturnType<Walk['get']>): string[] => {
    const one = walk.text(at);
    return one !== undefined ? [one] : walk.strings(at).map((c) => c.name);
  };
  const tableAt = walk.get(fk, 'table');
  const table = tableAt.node ? readTableRef(walk, tableAt) : undefined;
  if (!table) return { kind: 'local', columns: names(fk), loc: walk.loc(fk) };
  const column = names(walk.get(fk, 'column'));
  return { kind: 'remote', table, columns: column.length > 0 ? column : names(walk.get(fk, 'columns')), loc: walk.loc(fk) };
}

/** The same column names, in any order. */
export function sameSet(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x) => b.includes(x)) && b.every((x) => a.includes(x));
}
