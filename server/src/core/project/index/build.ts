import { join } from '../../util/paths';
import type { Project } from '../project';
import { readDatabases, updateTableFiles } from './databases';
import type { DatabasesPart } from './databases';
import type { IndexMemo } from './memo';
import { SEGMENT_FILES, segmentsOf } from './segments';
import type { Segment } from './segments';
import { Walk } from './walk';
import type { At, CollectionFact, InheritedRoleFact, Named, NamedEntry, ProjectIndex, RoleUse, TableFact } from './types';

/** An index and what updating it after a change needs. */
export interface IndexBuild {
  readonly index: ProjectIndex;
  readonly databases: DatabasesPart;
  /** Role uses outside table permissions (actions, remote schemas, functions, the allow list, ...). */
  readonly otherRoles: readonly RoleSighting[];
}

interface RoleSighting {
  readonly role: Named;
  readonly use: RoleUse;
}

/** Builds the cross-file facts of one metadata root from its parsed files. */
export function buildIndex(project: Project, memo?: IndexMemo): ProjectIndex {
  return indexProject(project, memo).index;
}

export function indexProject(project: Project, memo?: IndexMemo): IndexBuild {
  const walk = new Walk(project);
  const databases = readDatabases(walk, top(walk, project, 'databases'), memo);
  const parts = {
    collections: readCollections(walk, project),
    allowList: readAllowList(walk, project),
    inheritedRoles: walk.items(top(walk, project, 'inheritedRoles')).flatMap((at) => readInheritedRole(walk, at) ?? []),
    remoteSchemas: namedEntries(walk, top(walk, project, 'remoteSchemas')),
    cronTriggers: namedEntries(walk, top(walk, project, 'cronTriggers')),
    actions: namedEntries(walk, walk.get(top(walk, project, 'actions'), 'actions')),
    restEndpoints: namedEntries(walk, top(walk, project, 'restEndpoints')),
    dataConnectors: dataConnectors(walk, project),
    openTelemetry: top(walk, project, 'openTelemetry'),
  };
  return finish(project, walk, databases, parts, undefined);
}

/**
 * The index after `changed` files changed, given that the project's files and includes are the same
 * as when `prev` was built: only the parts those files feed are read again; the other parts (and
 * every table fact a table-file edit does not touch) are the previous objects.
 */
export function updateIndex(prev: IndexBuild, project: Project, changed: readonly string[], memo?: IndexMemo): IndexBuild {
  const segments = segmentsOf(project, changed);
  if (segments.size === 0) return prev;
  const walk = new Walk(project);
  const old = prev.index;
  const tableFiles = changed.filter((p) => prev.databases.positions.has(p));
  const onlyTables = segments.size === 1 && segments.has('databases') && tableFiles.length === changed.length;
  const databases =
    (onlyTables ? updateTableFiles(prev.databases, walk, [...new Set(changed)], memo) : undefined) ??
    (segments.has('databases') ? readDatabases(walk, top(walk, project, 'databases'), memo) : prev.databases);
  const again = <T>(segment: Segment, kept: T, read: () => T): T => (segments.has(segment) ? read() : kept);
  const parts = {
    collections: again('collections', old.collections, () => readCollections(walk, project)),
    allowList: again('allowList', old.allowList, () => readAllowList(walk, project)),
    inheritedRoles: again('inheritedRoles', old.inheritedRoles, () =>
      walk.items(top(walk, project, 'inheritedRoles')).flatMap((at) => readInheritedRole(walk, at) ?? []),
    ),
    remoteSchemas: again('remoteSchemas', old.remoteSchemas, () => namedEntries(walk, top(walk, project, 'remoteSchemas'))),
    cronTriggers: again('cronTriggers', old.cronTriggers, () => namedEntries(walk, top(walk, project, 'cronTriggers'))),
    actions: again('actions', old.actions, () => namedEntries(walk, walk.get(top(walk, project, 'actions'), 'actions'))),
    restEndpoints: again('restEndpoints', old.restEndpoints, () => namedEntries(walk, top(walk, project, 'restEndpoints'))),
    dataConnectors: again('dataConnectors', old.dataConnectors, () => dataConnectors(walk, project)),
    openTelemetry: again('openTelemetry', old.openTelemetry, () => top(walk, project, 'openTelemetry')),
  };
  // Role uses outside table permissions are read again only when a file holding some changed.
  const otherRolesKept = onlyTables || ![...segments].some((s) => ROLE_SEGMENTS.has(s));
  return finish(project, walk, databases, parts, otherRolesKept ? prev : undefined);
}

/** The parts whose files hold role uses. */
const ROLE_SEGMENTS: ReadonlySet<Segment> = new Set(['databases', 'actions', 'remoteSchemas', 'inheritedRoles', 'allowList', 'introspection']);

type Parts = Pick<
  ProjectIndex,
  'collections' | 'allowList' | 'inheritedRoles' | 'remoteSchemas' | 'cronTriggers' | 'actions' | 'restEndpoints' | 'dataConnectors' | 'openTelemetry'
>;

/** The data connectors backend_configs.yaml declares, named by their keys. */
function dataConnectors(walk: Walk, project: Project): Named[] {
  return walk.entries(walk.get(top(walk, project, 'dataConnectors'), 'dataconnector')).map((e) => ({ name: e.key, loc: e.keyLoc }));
}

/** Adds the roles. `kept`: the previous build, when its role uses outside table permissions still hold. */
function finish(project: Project, walk: Walk, databases: DatabasesPart, parts: Parts, kept: IndexBuild | undefined): IndexBuild {
  const withTables = {
    root: project.root,
    sources: databases.sources,
    sourceNames: databases.sourceNames,
    tables: databases.tables,
    tableKeys: databases.tableKeys,
    ...parts,
  };
  const otherRoles = kept?.otherRoles ?? otherRoleUses(walk, withTables, top(walk, project, 'introspection'));
  const roleNames = sameOr(kept?.index.roleNames, countedRoles(databases.permissionRoles, otherRoles));
  let roles: ProjectIndex['roles'] | undefined;
  const index: ProjectIndex = {
    ...withTables,
    roleNames,
    // Made when first asked for (editor features), from this index's own parts (never an older index's,
    // which would keep every older project alive).
    get roles() {
      return (roles ??= rolesOf(withTables.tables, otherRoles));
    },
  };
  return { index, databases, otherRoles };
}

/** The role names the engine counts: those of table permissions and of the other uses that count. */
function countedRoles(permissionRoles: ReadonlyMap<string, number>, others: readonly RoleSighting[]): Set<string> {
  const names = new Set(permissionRoles.keys());
  for (const { role, use } of others) if (use.countsAsRole) names.add(role.name);
  return names;
}

/** `prev` when it holds the same names as `next` (so rules reading it are not run again). */
function sameOr(prev: ReadonlySet<string> | undefined, next: ReadonlySet<string>): ReadonlySet<string> {
  return prev && prev.size === next.size && [...next].every((name) => prev.has(name)) ? prev : next;
}

function top(walk: Walk, project: Project, segment: Segment): At {
  const path = join(project.root, SEGMENT_FILES[segment]);
  return walk.root(path) ?? { file: path, node: undefined };
}

function namedEntries(walk: Walk, list: At): NamedEntry[] {
  return walk.items(list).flatMap((at) => {
    const name = walk.named(at);
    return name ? [{ name, at }] : [];
  });
}

function readCollections(walk: Walk, project: Project): CollectionFact[] {
  return walk.items(top(walk, project, 'collections')).flatMap((at) => readCollection(walk, at) ?? []);
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

function readAllowList(walk: Walk, project: Project): ProjectIndex['allowList'] {
  return walk.items(top(walk, project, 'allowList')).flatMap((at) => {
    const collection = walk.named(at, 'collection');
    return collection ? [{ collection, at }] : [];
  });
}

function readInheritedRole(walk: Walk, at: At): InheritedRoleFact | undefined {
  const role = walk.named(at, 'role_name') ?? walk.named(at, 'role');
  return role ? { role, roleSet: walk.strings(walk.get(at, 'role_set')), at } : undefined;
}

/** Every role use outside table permissions, in a fixed order (actions, remote schemas, inherited roles, functions, allow list, introspection). */
function otherRoleUses(walk: Walk, index: Omit<ProjectIndex, 'roles' | 'roleNames'>, introspection: At): RoleSighting[] {
  const out: RoleSighting[] = [];
  const use = (role: Named | undefined, via: string, countsAsRole: boolean): void => {
    if (role) out.push({ role, use: { loc: role.loc, via, countsAsRole } });
  };
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
  for (const role of walk.strings(walk.get(introspection, 'disabled_for_roles'))) use(role, 'introspection disabled for role', false);
  return out;
}

/** Role name -> its uses: table permissions first (in table order), then the others. */
function rolesOf(tables: ProjectIndex['tables'], others: readonly RoleSighting[]): Map<string, RoleUse[]> {
  const roles = new Map<string, RoleUse[]>();
  const add = (name: string, use: RoleUse): void => {
    const list = roles.get(name);
    if (list) list.push(use);
    else roles.set(name, [use]);
  };
  for (const table of tables) for (const { role, use } of permissionUses(table)) add(role.name, use);
  for (const { role, use } of others) add(role.name, use);
  return roles;
}

const usesOf = new WeakMap<TableFact, readonly RoleSighting[]>();

/** The role uses of a table's permissions, made once per table fact. */
function permissionUses(table: TableFact): readonly RoleSighting[] {
  let uses = usesOf.get(table);
  if (!uses) {
    uses = table.permissions.map((perm) => ({
      role: perm.role,
      use: { loc: perm.role.loc, via: `${perm.kind} permission on ${table.key}`, countsAsRole: true },
    }));
    usesOf.set(table, uses);
  }
  return uses;
}
