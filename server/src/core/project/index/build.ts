import { join } from '../../util/paths';
import type { Project } from '../project';
import type { IndexMemo } from './memo';
import { addColumn, readSource } from './tables';
import type { ForeignColumn } from './tables';
import { tableKey } from './tableRef';
import { Walk } from './walk';
import type { At, CollectionFact, InheritedRoleFact, Named, NamedEntry, ProjectIndex, RoleUse, TableFact } from './types';

/** Builds the cross-file facts of one metadata root from its parsed files. */
export function buildIndex(project: Project, memo?: IndexMemo): ProjectIndex {
  const walk = new Walk(project);
  const top = (rel: string): At => walk.root(join(project.root, rel)) ?? { file: join(project.root, rel), node: undefined };
  const foreign: ForeignColumn[] = [];
  const sources = walk.items(top('databases/databases.yaml')).flatMap((at) => readSource(walk, at, foreign, memo) ?? []);
  const tables = sources.flatMap((s) => s.tables);
  applyForeignColumns(tables, foreign);
  const index: ProjectIndex = {
    root: project.root,
    sources,
    tables,
    roles: new Map(),
    collections: walk.items(top('query_collections.yaml')).flatMap((at) => readCollection(walk, at) ?? []),
    allowList: walk.items(top('allow_list.yaml')).flatMap((at) => {
      const collection = walk.named(at, 'collection');
      return collection ? [{ collection, at }] : [];
    }),
    inheritedRoles: walk.items(top('inherited_roles.yaml')).flatMap((at) => readInheritedRole(walk, at) ?? []),
    remoteSchemas: namedEntries(walk, top('remote_schemas.yaml')),
    cronTriggers: namedEntries(walk, top('cron_triggers.yaml')),
    actions: namedEntries(walk, walk.get(top('actions.yaml'), 'actions')),
    restEndpoints: namedEntries(walk, top('rest_endpoints.yaml')),
  };
  collectRoles(walk, index, top);
  return index;
}

function applyForeignColumns(tables: readonly TableFact[], foreign: readonly ForeignColumn[]): void {
  const byKey = new Map(tables.map((t) => [`${t.source}\u0000${t.key}`, t]));
  for (const col of foreign) {
    const table = byKey.get(`${col.source}\u0000${tableKey(col.table)}`);
    if (table) addColumn(table, col.column, col.loc);
  }
}

function namedEntries(walk: Walk, list: At): NamedEntry[] {
  return walk.items(list).flatMap((at) => {
    const name = walk.named(at);
    return name ? [{ name, at }] : [];
  });
}

function readCollection(walk: Walk, at: At): CollectionFact | undefined {
  const name = walk.named(at);
  if (!name) return undefined;
  const queries = walk.items(walk.get(walk.get(at, 'definition'), 'queries')).flatMap((q) => {
    const queryName = walk.named(q);
    return queryName ? [{ name: queryName, query: walk.get(q, 'query') }] : [];
  });
  return { name, at, queries };
}

function readInheritedRole(walk: Walk, at: At): InheritedRoleFact | undefined {
  const role = walk.named(at, 'role_name') ?? walk.named(at, 'role');
  return role ? { role, roleSet: walk.strings(walk.get(at, 'role_set')), at } : undefined;
}

function collectRoles(walk: Walk, index: ProjectIndex, top: (rel: string) => At): void {
  const use = (role: Named | undefined, via: string, countsAsRole: boolean): void => {
    if (!role) return;
    const list = index.roles.get(role.name) ?? [];
    list.push({ loc: role.loc, via, countsAsRole } satisfies RoleUse);
    index.roles.set(role.name, list);
  };
  for (const table of index.tables) {
    for (const perm of table.permissions) use(perm.role, `${perm.kind} permission on ${table.key}`, true);
  }
  for (const action of index.actions) {
    for (const perm of walk.items(walk.get(action.at, 'permissions'))) use(walk.named(perm, 'role'), `permission on action ${action.name.name}`, true);
  }
  for (const schema of index.remoteSchemas) {
    for (const perm of walk.items(walk.get(schema.at, 'permissions'))) use(walk.named(perm, 'role'), `permission on remote schema ${schema.name.name}`, true);
  }
  for (const inherited of index.inheritedRoles) use(inherited.role, 'inherited role', true);
  for (const source of index.sources) {
    for (const fn of walk.items(walk.get(source.at, 'functions'))) {
      for (const perm of walk.items(walk.get(fn, 'permissions'))) use(walk.named(perm, 'role'), 'function permission', false);
    }
  }
  for (const entry of index.allowList) {
    for (const role of walk.strings(walk.get(walk.get(entry.at, 'scope'), 'roles'))) use(role, `allow-list scope of ${entry.collection.name}`, false);
  }
  for (const role of walk.strings(walk.get(top('graphql_schema_introspection.yaml'), 'disabled_for_roles'))) use(role, 'introspection disabled for role', false);
}
