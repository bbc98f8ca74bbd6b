import type { JsonObject } from '../../sync/json';
import { listOf, objectOf, stringOf } from '../../sync/json';
import type { Catalog, MutationPerm, SelectPerm, Table, TablePerms } from './metadata';

/** The role the engine gives every permission. */
export const ADMIN = 'admin';

/** What a role may do with each table: admin everything, another role its permissions, an inherited role its parents' combined. */
export interface RoleView {
  readonly role: string;
  readonly admin: boolean;
  perms(table: Table): TablePerms;
}

function all(table: Table): ReadonlySet<string> {
  return new Set(table.columns.map((c) => c.name));
}

function adminPerms(table: Table): TablePerms {
  const columns = all(table);
  const mutation: MutationPerm = { columns, presets: new Set(), backendOnly: false };
  return {
    select: { columns, computedFields: new Set(table.computedFields.map((c) => c.name)), aggregations: true },
    insert: mutation,
    update: mutation,
    delete: { backendOnly: false },
  };
}

/** The roles of inherited_roles.yaml: role -> role set. */
export function inheritedRoles(metadata: JsonObject): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const entry of listOf(metadata.inherited_roles)) {
    const obj = objectOf(entry);
    const name = stringOf(obj?.role_name);
    if (name !== undefined)
      out.set(
        name,
        listOf(obj?.role_set).filter((r): r is string => typeof r === 'string'),
      );
  }
  return out;
}

/** Every role the metadata names (permissions and inherited roles), sorted, admin first. */
export function roleNames(catalog: Catalog, metadata: JsonObject): string[] {
  const names = new Set<string>();
  for (const table of catalog.tables) for (const role of table.permissions.keys()) names.add(role);
  for (const model of catalog.logicalModels) for (const role of model.permissions.keys()) names.add(role);
  for (const entry of listOf(metadata.actions))
    for (const perm of listOf(objectOf(entry)?.permissions)) {
      const role = stringOf(objectOf(perm)?.role);
      if (role !== undefined) names.add(role);
    }
  for (const role of inheritedRoles(metadata).keys()) names.add(role);
  names.delete(ADMIN);
  return [ADMIN, ...[...names].sort()];
}

function union(sets: readonly ReadonlySet<string>[]): Set<string> {
  const out = new Set<string>();
  for (const s of sets) for (const v of s) out.add(v);
  return out;
}

function unionOptional(sets: readonly (ReadonlySet<string> | undefined)[]): ReadonlySet<string> | undefined {
  return sets.some((s) => s === undefined) ? undefined : union(sets as ReadonlySet<string>[]);
}

/**
 * Select permissions of an inherited role: the union of its parents' (hasura/graphql-engine
 * `Hasura.RQL.DDL.Schema.Cache.Permission` `combinedSelPermInfo`: columns, computed fields,
 * aggregations when any parent allows them, root fields the union).
 */
function combineSelect(parents: readonly SelectPerm[]): SelectPerm | undefined {
  if (parents.length === 0) return undefined;
  const queryRootFields = unionOptional(parents.map((p) => p.queryRootFields));
  const subscriptionRootFields = unionOptional(parents.map((p) => p.subscriptionRootFields));
  return {
    columns: union(parents.map((p) => p.columns)),
    computedFields: union(parents.map((p) => p.computedFields)),
    aggregations: parents.some((p) => p.aggregations),
    ...(queryRootFields !== undefined ? { queryRootFields } : {}),
    ...(subscriptionRootFields !== undefined ? { subscriptionRootFields } : {}),
  };
}

function sameSet(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  return a.size === b.size && [...a].every((v) => b.has(v));
}

/**
 * Insert, update and delete permissions of an inherited role: a parent's when every parent that
 * has one has the same (the engine's `combineRolePermInfo` for mutations: conflicting parents give
 * none).
 */
function combineMutation<T extends MutationPerm | { backendOnly: boolean }>(parents: readonly T[]): T | undefined {
  const first = parents[0];
  if (first === undefined) return undefined;
  for (const p of parents.slice(1)) {
    if (p.backendOnly !== first.backendOnly) return undefined;
    if ('columns' in p && 'columns' in first && (!sameSet(p.columns, first.columns) || !sameSet(p.presets, first.presets))) return undefined;
  }
  return first;
}

export function roleView(role: string, inherited: ReadonlyMap<string, readonly string[]>): RoleView {
  if (role === ADMIN) {
    const cache = new Map<Table, TablePerms>();
    return {
      role,
      admin: true,
      perms(table) {
        let p = cache.get(table);
        if (p === undefined) cache.set(table, (p = adminPerms(table)));
        return p;
      },
    };
  }
  const cache = new Map<Table, TablePerms>();
  const resolve = (table: Table, name: string, seen: ReadonlySet<string>): TablePerms => {
    const parents = inherited.get(name);
    if (parents === undefined || seen.has(name)) return table.permissions.get(name) ?? {};
    const next = new Set(seen).add(name);
    const perms = parents.map((p) => resolve(table, p, next));
    const select = combineSelect(perms.flatMap((p) => (p.select ? [p.select] : [])));
    const insert = combineMutation(perms.flatMap((p) => (p.insert ? [p.insert] : [])));
    const update = combineMutation(perms.flatMap((p) => (p.update ? [p.update] : [])));
    const del = combineMutation(perms.flatMap((p) => (p.delete ? [p.delete] : [])));
    return { ...(select ? { select } : {}), ...(insert ? { insert } : {}), ...(update ? { update } : {}), ...(del ? { delete: del } : {}) };
  };
  return {
    role,
    admin: false,
    perms(table) {
      let p = cache.get(table);
      if (p === undefined) {
        p = resolve(table, role, new Set());
        cache.set(table, p);
      }
      return p;
    },
  };
}
