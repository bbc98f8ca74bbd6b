import { isObj, parseFailed, typeName } from './args';
import { dquote, err400 } from './qerr';
import type { CatalogTable, QualifiedTable, RelEntry, ServerState, SourceEntry, TableEntry } from './state';

/** Table names, lookups in the metadata and the catalog, and the fields of a table. */

export function parseTableName(value: unknown, path: string): QualifiedTable {
  if (typeof value === 'string') return { schema: 'public', name: value };
  if (isObj(value) && typeof value.name === 'string') {
    const schema = value.schema === undefined ? 'public' : value.schema;
    if (typeof schema !== 'string') throw parseFailed(`expected String, but encountered ${typeName(schema)}`, `${path}.schema`);
    return { schema, name: value.name };
  }
  throw parseFailed('expecting a table name: a string or an object {schema, name}', path);
}

export function sameTable(a: QualifiedTable, b: QualifiedTable): boolean {
  return a.schema === b.schema && a.name === b.name;
}

/** The engine's display of a Postgres table: `public` is left out. */
export function displayTable(t: QualifiedTable): string {
  return t.schema === 'public' ? t.name : `${t.schema}.${t.name}`;
}

export function entryTable(entry: TableEntry): QualifiedTable {
  return parseTableName(entry.table, '$');
}

export function findSource(state: ServerState, name: string): SourceEntry | undefined {
  return state.metadata.sources.find((s) => s.name === name);
}

export function requireSource(state: ServerState, name: string): SourceEntry {
  const source = findSource(state, name);
  if (source === undefined) throw err400('not-exists', `source with name ${dquote(name)} does not exist`);
  return source;
}

export function findTableEntry(source: SourceEntry, table: QualifiedTable): TableEntry | undefined {
  return source.tables.find((t) => sameTable(entryTable(t), table));
}

/** A tracked table of the source, else the engine's `table "t" does not exist in source: s`. */
export function requireTrackedTable(source: SourceEntry, table: QualifiedTable): TableEntry {
  const entry = findTableEntry(source, table);
  if (entry === undefined) {
    throw err400('not-exists', `table ${dquote(displayTable(table))} does not exist in source: ${source.name}`);
  }
  return entry;
}

export function catalogTable(state: ServerState, sourceName: string, table: QualifiedTable): CatalogTable | undefined {
  return (state.catalog[sourceName] ?? []).find((t) => sameTable(t.table, table));
}

export interface RelRef {
  kind: 'object' | 'array';
  rel: RelEntry;
  list: RelEntry[];
}

export function relationshipsOf(entry: TableEntry): RelRef[] {
  const objects = (entry.object_relationships ?? []).map((rel) => ({ kind: 'object' as const, rel, list: entry.object_relationships ?? [] }));
  const arrays = (entry.array_relationships ?? []).map((rel) => ({ kind: 'array' as const, rel, list: entry.array_relationships ?? [] }));
  return [...objects, ...arrays];
}

export function findRelationship(entry: TableEntry, name: string): RelRef | undefined {
  return relationshipsOf(entry).find((r) => r.rel.name === name);
}

/** Columns (from the catalog), relationships, computed fields and remote relationships of a table. */
export function fieldNames(state: ServerState, sourceName: string, entry: TableEntry): Set<string> {
  const names = new Set<string>(catalogTable(state, sourceName, entryTable(entry))?.columns ?? []);
  for (const r of relationshipsOf(entry)) names.add(r.rel.name);
  for (const key of ['computed_fields', 'remote_relationships']) {
    const list = entry[key];
    if (Array.isArray(list)) for (const item of list) if (isObj(item) && typeof item.name === 'string') names.add(item.name);
  }
  return names;
}
