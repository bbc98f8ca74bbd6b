import type { RootResult } from '../check';
import { readCatalog } from '../graphql/schema/metadata';
import type { Catalog, Table } from '../graphql/schema/metadata';
import { ADMIN, inheritedRoles, roleView } from '../graphql/schema/roles';
import type { Combination, PermissionKind, RoleView } from '../graphql/schema/roles';
import { directoryToMetadata } from '../sync/directory';
import { listOf, objectOf, stringOf } from '../sync/json';
import { count } from './summaries';

/**
 * What a role may do with each table, as the engine resolves it (the schema generator's
 * `roleView`: a role's own permissions; an inherited role's own, else its role set's combined),
 * in a few lines for hover. Tables of sources without a database model are left out (a `*` of
 * columns needs the model) and the text says so.
 */

const code = (s: string): string => `\`${s}\``;

/** At most this many tables, and this many names of a column list. */
const TABLES = 10;
const NAMES = 6;

interface Catalogued {
  readonly catalog: Catalog;
  readonly inherited: ReadonlyMap<string, readonly string[]>;
  /** Sources of the metadata left out, each with why. */
  readonly leftOut: readonly string[];
  readonly views: Map<string, RoleView>;
}

/** Per check (a check's result never changes). */
const CATALOGS = new WeakMap<RootResult, Catalogued>();

function catalogued(result: RootResult): Catalogued {
  let c = CATALOGS.get(result);
  if (c === undefined) {
    const { metadata } = directoryToMetadata(result, { sourceMap: false });
    // Column names only: the GraphQL names and descriptions do not matter here.
    const catalog = readCatalog(metadata, result.databases, (_source, column) => column, { databaseComments: false });
    // A source without a model is in the catalog too when it has native queries: its tables are not.
    const modelled = new Set(catalog.sources.filter((s) => result.databases.has(s.name)).map((s) => s.name));
    // Why a source's tables are not there: the catalog's own note on it (not Postgres, no model).
    const leftOut = listOf(metadata.sources)
      .map((value) => stringOf(objectOf(value)?.name))
      .filter((name): name is string => name !== undefined && !modelled.has(name))
      .map((name) => catalog.notes.find((n) => n.startsWith(`source ${name}:`) || n.startsWith(`source ${name} (`)) ?? `source ${name}: left out`);
    CATALOGS.set(result, (c = { catalog, inherited: inheritedRoles(metadata), leftOut, views: new Map() }));
  }
  return c;
}

function names(list: Iterable<string>): string {
  const all = [...list].sort();
  const shown = all.slice(0, NAMES).join(', ');
  return all.length === 0 ? '' : ` (${shown}${all.length > NAMES ? `, … ${all.length - NAMES} more` : ''})`;
}

/** One table's line, e.g. ``- `public.article`: select 3 columns (id, title, …), every row · insert 2 columns — from `user` ``. */
function tableLine(table: Table, c: Combination, inherited: boolean, sources: number): string {
  const { select, insert, update, delete: del } = c.perms;
  const own = (kind: PermissionKind): string => (inherited && c.own.includes(kind) ? ' (its own)' : '');
  const backend = (b: boolean): string => (b ? ', backend only' : '');
  const parts: string[] = [];
  if (select) {
    const extra = [
      ...(select.computedFields.size > 0 ? [count(select.computedFields.size, 'computed field')] : []),
      ...(select.aggregations ? ['aggregations'] : []),
      c.allRows ? 'every row' : 'filtered rows',
      ...(select.queryRootFields ? [`query root fields: ${[...select.queryRootFields].sort().join(', ') || 'none'}`] : []),
    ];
    parts.push(`select${own('select')} ${count(select.columns.size, 'column')}${names(select.columns)}, ${extra.join(', ')}`);
  }
  if (insert) parts.push(`insert${own('insert')} ${count(insert.columns.size, 'column')}${names(insert.columns)}${backend(insert.backendOnly)}`);
  if (update) parts.push(`update${own('update')} ${count(update.columns.size, 'column')}${names(update.columns)}${backend(update.backendOnly)}`);
  if (del) parts.push(`delete${own('delete')}${del.backendOnly ? ' (backend only)' : ''}`);
  for (const kind of c.conflicts) parts.push(`no ${kind}: the role set's ${kind} permissions differ`);
  const name = sources > 1 ? `${table.source.name}: ${table.key}` : table.key;
  const from = c.from.length > 0 ? ` — from ${c.from.map(code).join(', ')}` : '';
  return `- ${code(name)}: ${parts.join(' · ')}${from}`;
}

/**
 * The effective permissions of `role` per table, markdown; the table that `file` defines (a table
 * file being hovered) first. Undefined for admin (it may do everything).
 */
export function effectivePermissions(result: RootResult, role: string, file?: string): string | undefined {
  if (role === ADMIN) return undefined;
  try {
    return describe(result, role, file);
  } catch (error) {
    // Metadata the schema generator's reading cannot join: the rest of the hover stands.
    return `Effective permissions could not be read: ${error instanceof Error ? error.message : String(error)}`;
  }
}

function describe(result: RootResult, role: string, file: string | undefined): string {
  const { catalog, inherited, leftOut, views } = catalogued(result);
  let view = views.get(role);
  if (view === undefined) views.set(role, (view = roleView(role, inherited)));
  const isInherited = inherited.has(role);
  const here = file === undefined ? undefined : result.index.tables.find((t) => t.at.file === file);
  const rows = catalog.tables
    .map((table) => ({ table, c: view.combination(table) }))
    .filter(({ c }) => Object.keys(c.perms).length > 0 || c.conflicts.length > 0)
    .sort(
      (a, b) =>
        rank(a.table) - rank(b.table) ||
        (a.table.source.name < b.table.source.name ? -1 : a.table.source.name > b.table.source.name ? 1 : 0) ||
        (a.table.key < b.table.key ? -1 : 1),
    );
  function rank(table: Table): number {
    return here !== undefined && table.source.name === here.source && table.key === here.key ? 0 : 1;
  }
  const notes = leftOut.map((note) => `${note.charAt(0).toUpperCase()}${note.slice(1)}.`);
  if (rows.length === 0)
    return [catalog.tables.length === 0 && leftOut.length > 0 ? undefined : `No table permissions${isInherited ? ', its own or inherited' : ''}.`, ...notes]
      .filter((l) => l !== undefined)
      .join('\n\n');
  const how = isInherited
    ? ', as the engine combines its role set (select united and filters OR-ed; insert, update and delete only where the roles agree)'
    : '';
  const lines = rows.slice(0, TABLES).map(({ table, c }) => tableLine(table, c, isInherited, catalog.sources.length));
  if (rows.length > TABLES) lines.push(`- … and ${count(rows.length - TABLES, 'more table')}`);
  return [`Effective permissions on ${count(rows.length, 'table')}${how}:`, lines.join('\n'), ...notes].join('\n\n');
}
