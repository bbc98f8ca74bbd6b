import { readTableRef } from './index/tableRef';
import type { At, Loc, PermissionFact, QualifiedTable, RelationshipFact, TableFact } from './index/types';
import type { Walk } from './index/walk';

/** How a walk finds its way: the table a relationship leads to, and a table's facts. */
export interface BoolExpTables {
  targetOf(table: TableFact, rel: RelationshipFact): QualifiedTable | undefined;
  find(source: string, table: QualifiedTable): TableFact | undefined;
}

/** What a walk meets, each on the table the expression is about at that point. */
export interface BoolExpVisitor {
  /** A key that is none of the below: a column of `table`. */
  column?(table: TableFact, name: string, loc: Loc): void;
  /** A key naming a relationship of `table` (any kind: the walk goes on into object and array ones). */
  relationship?(table: TableFact, rel: RelationshipFact, keyLoc: Loc): void;
  /** `<rel>_aggregate` of an array relationship `rel` (the walk goes on into its functions' `filter` and `arguments`). */
  aggregate?(table: TableFact, rel: RelationshipFact, keyLoc: Loc, key: string): void;
  /** The `_table` of an `_exists` (the walk goes on into its `_where`). */
  existsTable?(table: TableFact, ref: QualifiedTable, loc: Loc): void;
}

/** The permission keys that hold a boolean expression over the permission's table. */
const BOOL_EXP_KEYS = ['filter', 'check'] as const;
const MAX_DEPTH = 64;
const AGGREGATE = '_aggregate';

/**
 * Walks the boolean expressions (`filter`, `check`) of a permission of `table` as the engine reads them
 * (annBoolExp): `_and`, `_or`, `_not`; `_exists` on its `_table`; a relationship's key into the
 * table it leads to; an array relationship's `<rel>_aggregate` into its target, where each
 * aggregation function's `filter` is an expression and its `arguments` are columns; any other key
 * is a column. Where the table is not known the walk stops, so a column that happens to share a
 * relationship's name is never taken. The one walker of these expressions: the database rules,
 * hover and definition of columns, and the relationship and table occurrences all use it.
 */
export function walkPermissionBoolExp(table: TableFact, perm: PermissionFact, walk: Walk, tables: BoolExpTables, visit: BoolExpVisitor): void {
  const permission = walk.get(perm.at, 'permission');
  for (const key of BOOL_EXP_KEYS) walkBoolExp({ walk, tables, visit }, walk.get(permission, key), table, 0);
}

interface BoolExpWalk {
  readonly walk: Walk;
  readonly tables: BoolExpTables;
  readonly visit: BoolExpVisitor;
}

function walkBoolExp(w: BoolExpWalk, at: At, table: TableFact | undefined, depth: number): void {
  if (!table || !at.node || depth > MAX_DEPTH) return;
  for (const { key, keyLoc, value } of w.walk.entries(at)) {
    if (key === '_and' || key === '_or') {
      const items = w.walk.items(value);
      for (const item of items.length > 0 ? items : [value]) walkBoolExp(w, item, table, depth + 1);
    } else if (key === '_not') walkBoolExp(w, value, table, depth + 1);
    else if (key === '_exists') walkExists(w, value, table, depth + 1);
    else if (!key.startsWith('_')) walkField(w, key, keyLoc, value, table, depth + 1);
  }
}

function walkField(w: BoolExpWalk, key: string, keyLoc: Loc, value: At, table: TableFact, depth: number): void {
  const rel = table.relationships.find((r) => r.name.name === key);
  if (rel) {
    w.visit.relationship?.(table, rel, keyLoc);
    if (rel.kind === 'object' || rel.kind === 'array') walkBoolExp(w, value, targetTable(w, table, rel), depth);
    return;
  }
  const array = key.endsWith(AGGREGATE) ? table.relationships.find((r) => r.kind === 'array' && `${r.name.name}${AGGREGATE}` === key) : undefined;
  if (!array) return void w.visit.column?.(table, key, keyLoc);
  w.visit.aggregate?.(table, array, keyLoc, key);
  const target = targetTable(w, table, array);
  if (!target) return;
  for (const fn of w.walk.entries(value)) {
    const args = w.walk.get(fn.value, 'arguments');
    const one = w.walk.text(args);
    if (one !== undefined) w.visit.column?.(target, one, w.walk.loc(args));
    for (const column of w.walk.strings(args)) w.visit.column?.(target, column.name, column.loc);
    walkBoolExp(w, w.walk.get(fn.value, 'filter'), target, depth);
  }
}

function walkExists(w: BoolExpWalk, value: At, table: TableFact, depth: number): void {
  const tableAt = w.walk.get(value, '_table');
  const ref = tableAt.node ? readTableRef(w.walk, tableAt) : undefined;
  if (!ref) return;
  w.visit.existsTable?.(table, ref, w.walk.loc(tableAt));
  walkBoolExp(w, w.walk.get(value, '_where'), w.tables.find(table.source, ref), depth);
}

function targetTable(w: BoolExpWalk, table: TableFact, rel: RelationshipFact): TableFact | undefined {
  const target = w.tables.targetOf(table, rel);
  return target ? w.tables.find(table.source, target) : undefined;
}
