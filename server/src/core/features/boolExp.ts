import { readTableRef, tableKey } from '../project/index/tableRef';
import type { At, Loc, TableFact } from '../project/index/types';
import type { OccurrenceSink } from './occurrence';
import type { TableLookup } from './tables';

const AGGREGATE = '_aggregate';
/** Permission keys that hold a boolean expression over the permission's table. */
const BOOL_EXP_KEYS = ['filter', 'check'] as const;

/**
 * Computed fields a select permission lists, and relationship names used as keys of permission boolean expressions, following each relationship
 * to its table (`{articles: {author: {...}}}` on author: `author` is article's relationship).
 * A key is only taken for a relationship of the table the expression is about at that point; where
 * the table is unknown the walk stops, so a column that happens to share a name is never taken.
 */
export function collectBoolExpOccurrences(tables: TableLookup, sink: OccurrenceSink): void {
  for (const table of tables.result.index.tables) {
    for (const perm of table.permissions) {
      const permission = tables.walk.get(perm.at, 'permission');
      for (const key of BOOL_EXP_KEYS) walkBoolExp(tables, sink, tables.walk.get(permission, key), table, 0);
      for (const field of tables.walk.strings(tables.walk.get(permission, 'computed_fields'))) {
        if (table.relationships.some((r) => r.kind === 'computed_field' && r.name.name === field.name))
          sink.add({ kind: 'relationship', source: table.source, table: table.key, name: field.name }, field.loc, false, field.name);
      }
    }
  }
}

function walkBoolExp(tables: TableLookup, sink: OccurrenceSink, at: At, table: TableFact | undefined, depth: number): void {
  if (!table || !at.node || depth > 64) return;
  const walk = tables.walk;
  for (const entry of walk.entries(at)) {
    const { key, value } = entry;
    if (key === '_and' || key === '_or') {
      const items = walk.items(value);
      for (const item of items.length > 0 ? items : [value]) walkBoolExp(tables, sink, item, table, depth + 1);
    } else if (key === '_not') walkBoolExp(tables, sink, value, table, depth + 1);
    else if (key === '_exists') walkExists(tables, sink, value, table, depth);
    else if (!key.startsWith('_')) walkField(tables, sink, entry, table, depth);
  }
}

function walkField(tables: TableLookup, sink: OccurrenceSink, entry: { key: string; keyLoc: Loc; value: At }, table: TableFact, depth: number): void {
  const { key, keyLoc, value } = entry;
  const rel = table.relationships.find((r) => r.name.name === key);
  if (rel) {
    sink.add({ kind: 'relationship', source: table.source, table: table.key, name: key }, keyLoc, false, key);
    if (rel.kind === 'object' || rel.kind === 'array') walkBoolExp(tables, sink, value, tables.targetOf(table, rel), depth + 1);
    return;
  }
  if (!key.endsWith(AGGREGATE)) return;
  const base = key.slice(0, -AGGREGATE.length);
  const array = table.relationships.find((r) => r.kind === 'array' && r.name.name === base);
  if (!array) return;
  sink.addPrefix({ kind: 'relationship', source: table.source, table: table.key, name: base }, keyLoc, key, base.length);
  const target = tables.targetOf(table, array);
  for (const fn of tables.walk.entries(value)) walkBoolExp(tables, sink, tables.walk.get(fn.value, 'filter'), target, depth + 1);
}

function walkExists(tables: TableLookup, sink: OccurrenceSink, value: At, table: TableFact, depth: number): void {
  const tableAt = tables.walk.get(value, '_table');
  const ref = tableAt.node ? readTableRef(tables.walk, tableAt) : undefined;
  if (!ref) return;
  sink.add({ kind: 'table', source: table.source, table: tableKey(ref) }, tables.walk.loc(tableAt), false);
  walkBoolExp(tables, sink, tables.walk.get(value, '_where'), tables.find(table.source, ref), depth + 1);
}
