import type { IndexMemo } from './memo';
import { readSource, readTableEntry, withForeignColumns } from './tables';
import type { ForeignColumn, TableRead } from './tables';
import { tableKey } from './tableRef';
import type { Walk } from './walk';
import type { At, Named, SourceFact, TableFact } from './types';

/** One table entry of the databases part, by its position in the flat table list. */
interface Entry {
  readonly read: TableRead;
  readonly source: number;
  /** Position in its source's table list. */
  readonly slot: number;
}

/**
 * The facts read from databases.yaml and everything it includes, with what a one-file update needs:
 * where each whole table file's facts sit, and which foreign columns each table received.
 */
export interface DatabasesPart {
  readonly sources: readonly SourceFact[];
  readonly tables: readonly TableFact[];
  /** `${source}\u0000${key}` of every tracked table. */
  readonly tableKeys: ReadonlySet<string>;
  readonly entries: readonly Entry[];
  /** Whole table file -> its position in `tables`. */
  readonly positions: ReadonlyMap<string, number>;
  /** Table key -> the position foreign columns for that key go to (the last table with the key). */
  readonly targets: ReadonlyMap<string, number>;
  /** Position -> the foreign columns that table received, in the order of the tables revealing them. */
  readonly incoming: ReadonlyMap<number, readonly ForeignColumn[]>;
  readonly sourceNames: readonly Named[];
  /** Role -> how many table permissions use it. */
  readonly permissionRoles: ReadonlyMap<string, number>;
}

const keyOf = (source: string, key: string): string => `${source}\u0000${key}`;
const foreignKey = (col: ForeignColumn): string => keyOf(col.source, tableKey(col.table));

export function readDatabases(walk: Walk, top: At, memo: IndexMemo | undefined): DatabasesPart {
  const reads = walk.items(top).flatMap((at) => readSource(walk, at, memo) ?? []);
  const entries = reads.flatMap((source, s) => source.tables.map((read, slot) => ({ read, source: s, slot })));
  const shells = reads.map(({ name, kind, at }) => ({ name, kind, at }));
  return assemble(shells, entries);
}

/**
 * The databases part after `paths` (whole table files already in it) changed, re-reading only those
 * files; undefined when the change is not that simple (a table renamed, a file it does not know).
 */
export function updateTableFiles(prev: DatabasesPart, walk: Walk, paths: readonly string[], memo: IndexMemo | undefined): DatabasesPart | undefined {
  const entries = [...prev.entries];
  const dirty = new Set<number>();
  let foreignChanged = false;
  for (const path of paths) {
    const pos = prev.positions.get(path);
    const old = pos === undefined ? undefined : entries[pos];
    const at = walk.root(path);
    if (pos === undefined || !old || !at) return undefined;
    const source = prev.sources[old.source];
    const read = source && readTableEntry(walk, at, source.name.name, memo);
    if (!read?.wholeFile || read.base.key !== old.read.base.key) return undefined;
    const includeLoc = old.read.base.includeLoc;
    entries[pos] = { ...old, read: { ...read, base: includeLoc ? { ...read.base, includeLoc } : read.base } };
    dirty.add(pos);
    if (sameForeign(old.read.foreign, read.foreign)) continue;
    foreignChanged = true;
    for (const col of [...old.read.foreign, ...read.foreign]) markTarget(prev, foreignKey(col), dirty);
  }
  return patch(prev, entries, dirty, foreignChanged ? incomingColumns(entries, prev.targets) : prev.incoming);
}

function markTarget(part: DatabasesPart, key: string, dirty: Set<number>): void {
  const target = part.targets.get(key);
  if (target !== undefined) dirty.add(target);
}

/** `prev` with the tables at `dirty` placed again (their own facts and their foreign columns). */
function patch(
  prev: DatabasesPart,
  entries: readonly Entry[],
  dirty: ReadonlySet<number>,
  incoming: ReadonlyMap<number, readonly ForeignColumn[]>,
): DatabasesPart {
  const tables = [...prev.tables];
  const sources = [...prev.sources];
  const permissionRoles = new Map(prev.permissionRoles);
  for (const pos of dirty) {
    const entry = entries[pos]!;
    const placed = withForeignColumns(entry.read.base, incoming.get(pos));
    countRoles(permissionRoles, prev.tables[pos]!, -1);
    countRoles(permissionRoles, placed, 1);
    tables[pos] = placed;
    const source = sources[entry.source]!;
    const list = [...source.tables];
    list[entry.slot] = placed;
    sources[entry.source] = { ...source, tables: list };
  }
  return { ...prev, sources, tables, entries, incoming, permissionRoles };
}

function assemble(shells: readonly Omit<SourceFact, 'tables'>[], entries: readonly Entry[]): DatabasesPart {
  const targets = new Map<string, number>();
  const positions = new Map<string, number>();
  const twice = new Set<string>();
  entries.forEach((entry, pos) => {
    targets.set(keyOf(entry.read.base.source, entry.read.base.key), pos);
    const file = entry.read.wholeFile;
    if (file && positions.has(file)) twice.add(file);
    if (file) positions.set(file, pos);
  });
  // A file tracked twice (two sources include it) is read again with the whole part.
  for (const file of twice) positions.delete(file);
  const incoming = incomingColumns(entries, targets);
  const tables = entries.map((entry, pos) => withForeignColumns(entry.read.base, incoming.get(pos)));
  const bySource = shells.map((): TableFact[] => []);
  entries.forEach((entry, pos) => bySource[entry.source]!.push(tables[pos]!));
  const sources = shells.map((shell, s) => ({ ...shell, tables: bySource[s]! }));
  const permissionRoles = new Map<string, number>();
  for (const table of tables) countRoles(permissionRoles, table, 1);
  return {
    sources,
    tables,
    tableKeys: new Set(targets.keys()),
    entries,
    positions,
    targets,
    incoming,
    sourceNames: shells.map((s) => s.name),
    permissionRoles,
  };
}

/** The foreign columns each table position receives, in the order of the tables that reveal them. */
function incomingColumns(entries: readonly Entry[], targets: ReadonlyMap<string, number>): Map<number, ForeignColumn[]> {
  const incoming = new Map<number, ForeignColumn[]>();
  for (const entry of entries) {
    for (const col of entry.read.foreign) {
      const pos = targets.get(foreignKey(col));
      if (pos === undefined) continue;
      const list = incoming.get(pos);
      if (list) list.push(col);
      else incoming.set(pos, [col]);
    }
  }
  return incoming;
}

function countRoles(counts: Map<string, number>, table: TableFact, by: 1 | -1): void {
  for (const perm of table.permissions) {
    const n = (counts.get(perm.role.name) ?? 0) + by;
    if (n > 0) counts.set(perm.role.name, n);
    else counts.delete(perm.role.name);
  }
}

function sameForeign(a: readonly ForeignColumn[], b: readonly ForeignColumn[]): boolean {
  return (
    a.length === b.length &&
    a.every((col, i) => {
      const other = b[i]!;
      return (
        col.column === other.column &&
        foreignKey(col) === foreignKey(other) &&
        col.loc.file === other.loc.file &&
        col.loc.span.start === other.loc.span.start &&
        col.loc.span.end === other.loc.span.end
      );
    })
  );
}
