import type { IndexMemo } from './memo';
import { readTableRef, tableKey } from './tableRef';
import type { Walk } from './walk';
import type { At, Loc, Named, PermissionFact, PermissionKind, RelationshipFact, RelationshipKind, TableFact, QualifiedTable } from './types';

const RELATIONSHIP_LISTS: readonly (readonly [string, RelationshipKind])[] = [
  ['object_relationships', 'object'],
  ['array_relationships', 'array'],
  ['computed_fields', 'computed_field'],
  ['remote_relationships', 'remote'],
];
const PERMISSION_KINDS: readonly PermissionKind[] = ['insert', 'select', 'update', 'delete'];

/** Columns seen on other tables (remote foreign keys, column mappings), applied once all tables exist. */
export interface ForeignColumn {
  readonly source: string;
  readonly table: QualifiedTable;
  readonly column: string;
  readonly loc: Loc;
}

/** One table entry of a source as read: its own facts, what it says about other tables, and where it came from. */
export interface TableRead {
  /** The facts of the entry's own text (before other tables' foreign columns are added). */
  readonly base: TableFact;
  readonly foreign: readonly ForeignColumn[];
  /** The table file, when the entry is a whole file without includes (its facts depend on its text alone). */
  readonly wholeFile?: string;
}

export interface SourceRead {
  readonly name: Named;
  readonly kind: string;
  readonly at: At;
  readonly tables: readonly TableRead[];
}

export function readSource(walk: Walk, at: At, memo?: IndexMemo): SourceRead | undefined {
  const name = walk.named(at);
  if (!name) return undefined;
  const kind = walk.text(walk.get(at, 'kind')) ?? 'postgres';
  const tables = walk.rawItems(walk.get(at, 'tables')).flatMap((raw) => {
    const read = readTableEntry(walk, walk.deref(raw), name.name, memo);
    const includeLoc = walk.includeLoc(raw);
    return read ? [includeLoc ? { ...read, base: { ...read.base, includeLoc } } : read] : [];
  });
  return { name, kind, at, tables };
}

/** A table entry's facts; remembered per parsed table file when the entry is a whole file without includes. */
export function readTableEntry(walk: Walk, at: At, source: string, memo: IndexMemo | undefined): TableRead | undefined {
  const file = walk.wholeFile(at);
  const whole = file && file.includes.length === 0 ? file : undefined;
  const known = whole && memo?.get(whole, source);
  if (known) return { base: known.fact, foreign: known.foreign, wholeFile: at.file };
  const foreign: ForeignColumn[] = [];
  const fact = readTable(walk, at, source, foreign);
  if (!fact) return undefined;
  if (whole) memo?.set(whole, source, { fact, foreign });
  return { base: fact, foreign, ...(whole ? { wholeFile: at.file } : {}) };
}

/** A table's facts with the foreign columns other tables reveal: a copy, so remembered facts stay as read. */
export function withForeignColumns(fact: TableFact, incoming: readonly ForeignColumn[] | undefined): TableFact {
  if (!incoming || incoming.length === 0) return fact;
  const placed: TableFact = { ...fact, columns: new Map([...fact.columns].map(([column, locs]) => [column, [...locs]])) };
  for (const col of incoming) addColumn(placed, col.column, col.loc);
  return placed;
}

function readTable(walk: Walk, at: At, source: string, foreign: ForeignColumn[]): TableFact | undefined {
  const tableAt = walk.get(at, 'table');
  const table = readTableRef(walk, tableAt);
  if (!table) return undefined;
  const fact: TableFact = { source, table, key: tableKey(table), at, tableLoc: walk.loc(tableAt), relationships: [], permissions: [], columns: new Map() };
  for (const [list, kind] of RELATIONSHIP_LISTS) {
    for (const item of walk.items(walk.get(at, list))) {
      const rel = readRelationship(walk, item, kind, fact, foreign);
      if (rel) fact.relationships.push(rel);
    }
  }
  for (const kind of PERMISSION_KINDS) {
    for (const item of walk.items(walk.get(at, `${kind}_permissions`))) {
      const perm = readPermission(walk, item, kind, fact);
      if (perm) fact.permissions.push(perm);
    }
  }
  readConfigColumns(walk, at, fact);
  readTriggerColumns(walk, at, fact);
  return fact;
}

/**
 * How many places a column keeps: findings show the first few (a relationship named like a column),
 * and keeping every use (a column listed by each role's permissions) was most of the index's memory.
 */
export const COLUMN_PLACES = 3;

export function addColumn(table: TableFact, column: string, loc: Loc): void {
  if (column === '*') return;
  const list = table.columns.get(column);
  if (!list) table.columns.set(column, [loc]);
  else if (list.length < COLUMN_PLACES) list.push(loc);
}

function readRelationship(walk: Walk, at: At, kind: RelationshipKind, table: TableFact, foreign: ForeignColumn[]): RelationshipFact | undefined {
  const name = walk.named(at);
  if (!name) return undefined;
  if (kind === 'computed_field' || kind === 'remote') return { kind, name, at };
  const using = walk.get(at, 'using');
  const fk = walk.get(using, 'foreign_key_constraint_on');
  const manual = walk.get(using, 'manual_configuration');
  const remoteAt = fk.node ? walk.get(fk, 'table') : walk.get(manual, 'remote_table');
  const remote = remoteAt.node ? readTableRef(walk, remoteAt) : undefined;
  if (fk.node && !remote) {
    for (const col of [walk.text(fk), ...walk.strings(fk).map((s) => s.name)]) if (col !== undefined) addColumn(table, col, walk.loc(fk));
  }
  if (remote) {
    for (const col of [walk.named(fk, 'column'), ...walk.strings(walk.get(fk, 'columns'))]) {
      if (col) foreign.push({ source: table.source, table: remote, column: col.name, loc: col.loc });
    }
    for (const entry of walk.entries(walk.get(manual, 'column_mapping'))) {
      addColumn(table, entry.key, entry.keyLoc);
      const target = walk.text(entry.value);
      if (target !== undefined) foreign.push({ source: table.source, table: remote, column: target, loc: walk.loc(entry.value) });
    }
  }
  const target = remote ? { ...remote, loc: walk.loc(remoteAt) } : undefined;
  return { kind, name, at, using, ...(target ? { target } : {}) };
}

function readPermission(walk: Walk, at: At, kind: PermissionKind, table: TableFact): PermissionFact | undefined {
  const role = walk.named(at, 'role');
  if (!role) return undefined;
  const permission = walk.get(at, 'permission');
  for (const col of walk.strings(walk.get(permission, 'columns'))) addColumn(table, col.name, col.loc);
  for (const entry of walk.entries(walk.get(permission, 'set'))) addColumn(table, entry.key, entry.keyLoc);
  return { kind, role, at };
}

function readConfigColumns(walk: Walk, at: At, table: TableFact): void {
  const config = walk.get(at, 'configuration');
  for (const key of ['column_config', 'custom_column_names']) {
    for (const entry of walk.entries(walk.get(config, key))) addColumn(table, entry.key, entry.keyLoc);
  }
}

function readTriggerColumns(walk: Walk, at: At, table: TableFact): void {
  for (const trigger of walk.items(walk.get(at, 'event_triggers'))) {
    const definition = walk.get(trigger, 'definition');
    for (const op of ['insert', 'update', 'delete']) {
      for (const col of walk.strings(walk.get(walk.get(definition, op), 'columns'))) addColumn(table, col.name, col.loc);
    }
  }
}
