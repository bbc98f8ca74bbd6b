import type { RelationModel } from '../db/model';
import { modelPlace, viewOf } from '../db/modelViews';
import { foreignKeyUsing } from '../project/index/foreignKeyUsing';
import { readTableRef, tableKey } from '../project/index/tableRef';
import type { Loc, QualifiedTable, RelationshipFact } from '../project/index/types';
import type { Walk } from '../project/index/walk';
import { finding, tableRule } from './rule';

/**
 * An object relationship whose remote side is not unique: a manual `column_mapping` onto columns
 * that no primary key or unique constraint covers, or `foreign_key_constraint_on: {table, columns}`
 * on columns of that table that are not unique. The engine builds it (no inconsistency), and a query
 * returns an arbitrary one of the rows it matches: wrong only when the data has several rows for a
 * key, which the model cannot see (the columns may be unique by the application's rule, or a view's).
 * So an info, not a warning: a maintainer may mean it.
 */
export const dbObjectRelationshipUnique = tableRule({
  codes: ['db-object-relationship-not-unique'],
  requires: 'databases',
  reads: ['databases'],
  checkTable: (t, { databases, walk }) => {
    const view = viewOf(databases, t.source);
    if (!view) return [];
    return t.relationships.flatMap((rel) => {
      const side = rel.kind === 'object' ? remoteSide(rel, walk) : undefined;
      const relation = side && view.find(side.table);
      // Views and other relations have no keys the model can see: never reported.
      if (!side || !relation || (relation.kind !== 'table' && relation.kind !== 'partitioned_table') || !view.canJudge(side.table.schema, side.table.name))
        return [];
      if (!side.columns.every((c) => relation.columns.some((col) => col.name === c)) || isUnique(relation, side.columns)) return [];
      const message = `No primary key or unique constraint of \`${tableKey(side.table)}\` covers (${side.columns.join(', ')}) in ${modelPlace(view.model)}, so object relationship \`${rel.name.name}\` can match many rows and then returns one of them. If several rows can match, make it an array relationship; if they cannot, a unique constraint says so.`;
      return [finding('db-object-relationship-not-unique', 'info', message, side.loc, { data: { relationship: rel.name.name } })];
    });
  },
});

function remoteSide(rel: RelationshipFact, walk: Walk): { table: QualifiedTable; columns: string[]; loc: Loc } | undefined {
  if (!rel.using) return undefined;
  const manual = walk.get(rel.using, 'manual_configuration');
  if (!manual.node) {
    const using = foreignKeyUsing(walk, rel);
    return using?.kind === 'remote' && using.columns.length > 0 ? using : undefined;
  }
  const tableAt = walk.get(manual, 'remote_table');
  const table = tableAt.node ? readTableRef(walk, tableAt) : undefined;
  const mapping = walk.get(manual, 'column_mapping');
  const columns = walk.entries(mapping).flatMap((e) => walk.text(e.value) ?? []);
  return table && columns.length > 0 ? { table, columns, loc: walk.loc(mapping) } : undefined;
}

/** Some primary key or unique constraint lies within `columns`. */
function isUnique(relation: RelationModel, columns: readonly string[]): boolean {
  const keys = relation.primaryKey.length > 0 ? [relation.primaryKey, ...relation.uniques] : relation.uniques;
  return keys.some((key) => key.length > 0 && key.every((c) => columns.includes(c)));
}
