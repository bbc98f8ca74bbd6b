import type { JsonObject, JsonValue } from '../../sync/json';
import { isJsonObject, listOf, objectOf, stringOf } from '../../sync/json';
import type { Catalog, MutationPerm, SelectPerm, Table, TablePerms } from './metadata';

/** The role the engine gives every permission. */
export const ADMIN = 'admin';

/** What a role may do with each table: admin everything, another role its permissions, an inherited role its parents' combined. */
export interface RoleView {
  readonly role: string;
  readonly admin: boolean;
  perms(table: Table): TablePerms;
  /** The permissions with how they came about (own, inherited from which roles, conflicts). */
  combination(table: Table): Combination;
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
 * `Hasura.RQL.Types.Table` `combinedSelPermInfoToSelPermInfo` at 07faa165b945842c471148faf3a597144d58e3cc:
 * columns and computed fields united, the filters OR-ed, aggregations when any parent allows them,
 * root fields the union, every one when a parent does not restrict them). A column that not every
 * parent with a select permission gives is `redacted` (`mergeColumnsWithBoolExp`: `RedactIfFalse`
 * unless `selPermsCount == length redactionExpressions`; a parent's own redaction is not carried
 * over: `rolePermInfoToCombineRolePermInfo` in `Roles/Internal.hs` gives each of its columns
 * `RedactIfFalse spiFilter`). The filters do not matter: a column every such parent gives is not
 * redacted, whatever their filters.
 */
export function combineSelect(parents: readonly SelectPerm[]): SelectPerm | undefined {
  if (parents.length === 0) return undefined;
  const queryRootFields = unionOptional(parents.map((p) => p.queryRootFields));
  const subscriptionRootFields = unionOptional(parents.map((p) => p.subscriptionRootFields));
  const columns = union(parents.map((p) => p.columns));
  const redacted = new Set([...columns].filter((c) => !parents.every((p) => p.columns.has(c))));
  return {
    columns,
    ...(redacted.size > 0 ? { redacted } : {}),
    computedFields: union(parents.map((p) => p.computedFields)),
    aggregations: parents.some((p) => p.aggregations),
    ...(queryRootFields !== undefined ? { queryRootFields } : {}),
    ...(subscriptionRootFields !== undefined ? { subscriptionRootFields } : {}),
  };
}

function sameSet(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  return a.size === b.size && [...a].every((v) => b.has(v));
}

export type MutationKind = 'insert' | 'update' | 'delete';
export type PermissionKind = 'select' | MutationKind;
const MUTATIONS: readonly MutationKind[] = ['insert', 'update', 'delete'];
const KINDS: readonly PermissionKind[] = ['select', ...MUTATIONS];

/** What of a permission's JSON the engine compares when it combines parents (`OnlyRelevantEq`; the columns are compared resolved). */
const RELEVANT: Record<MutationKind, readonly string[]> = {
  insert: ['check', 'set', 'backend_only'],
  update: ['filter', 'check', 'set', 'backend_only'],
  delete: ['filter', 'backend_only'],
};

/**
 * A permission's JSON in the shape the engine compares it (`OnlyRelevantEq`): keys in order (a
 * boolean expression's keys are an `_and` of their conditions), the `_and` and `_or` lists of the
 * expression itself as sets (`Set.fromList`: order and repeats do not count) while nested ones are
 * compared as lists, session variables in any case, an absent filter, check or preset as the empty
 * one (update's `check` is optional: absent stays absent).
 */
function relevant(kind: MutationKind, permission: JsonObject): string {
  const canonical = (value: JsonValue | undefined, key?: string, depth = 0): string => {
    if (Array.isArray(value)) {
      const items = value.map((v) => canonical(v, undefined, depth + 1));
      return `[${(depth === 1 && (key === '_and' || key === '_or') ? [...new Set(items)].sort() : items).join(',')}]`;
    }
    if (isJsonObject(value))
      return `{${Object.keys(value)
        .sort()
        .map((k) => `${JSON.stringify(k)}:${canonical(value[k], k, depth + 1)}`)
        .join(',')}}`;
    // A session variable is one whatever its case (the engine's SessionVariable is case-insensitive).
    return JSON.stringify(typeof value === 'string' && /^x-hasura-/i.test(value) ? value.toLowerCase() : (value ?? null));
  };
  return RELEVANT[kind]
    .map((key) => {
      const value = permission[key] ?? (key === 'backend_only' ? false : kind === 'update' && key === 'check' ? null : {});
      return canonical(value, key);
    })
    .join('|');
}

/** A role's own permission JSON of a kind on a table (the last entry for the role, as readPermissions keeps it). */
function ownPermission(table: Table, kind: PermissionKind, role: string): JsonObject | undefined {
  let found: JsonObject | undefined;
  for (const entry of listOf(table.meta[`${kind}_permissions`])) {
    const obj = objectOf(entry);
    if (stringOf(obj?.role) === role && objectOf(obj?.permission) !== undefined) found = objectOf(obj?.permission);
  }
  return found;
}

/** How a role's permissions on one table came about. */
export interface Combination {
  readonly perms: TablePerms;
  /** The kinds the role defines itself (for an inherited role: they win over what it would inherit). */
  readonly own: readonly PermissionKind[];
  /** Mutation kinds whose parents' permissions differ: the engine gives none and reports `ConflictingInheritedPermission`. */
  readonly conflicts: readonly MutationKind[];
  /** The role set's roles with any permission on the table (empty for a role that is not inherited). */
  readonly from: readonly string[];
  /** The select permission lets every row through: its filter is empty, or (inherited) one parent's is. */
  readonly allRows: boolean;
}

interface Resolved extends Combination {
  /** The JSON of each mutation permission the role ends with (to compare parents). */
  readonly raw: Partial<Record<MutationKind, JsonObject>>;
}

const isEmptyFilter = (filter: JsonValue | undefined): boolean => filter === undefined || (isJsonObject(filter) && Object.keys(filter).length === 0);

/**
 * Insert, update and delete permissions of an inherited role: a parent's when every parent that has
 * one has the same (`CheckPermission`'s monoid in `Hasura.RQL.Types.Roles.Internal`: columns, check,
 * filter, presets, backend_only equal; otherwise `CPInconsistent`, no permission).
 */
function combineMutation(
  kind: MutationKind,
  parents: readonly Resolved[],
): { perm?: MutationPerm | { backendOnly: boolean }; raw?: JsonObject; conflict: boolean } {
  const having = parents.filter((p) => p.perms[kind] !== undefined && p.raw[kind] !== undefined);
  const first = having[0];
  if (first === undefined) return { conflict: false };
  const firstPerm = first.perms[kind]!;
  const firstKey = relevant(kind, first.raw[kind]!);
  for (const p of having.slice(1)) {
    const perm = p.perms[kind]!;
    const columns = 'columns' in perm && 'columns' in firstPerm ? sameSet(perm.columns, firstPerm.columns) : true;
    if (!columns || relevant(kind, p.raw[kind]!) !== firstKey) return { conflict: true };
  }
  return { perm: firstPerm, raw: first.raw[kind]!, conflict: false };
}

/**
 * The engine's `buildTablePermissions` (`Hasura.RQL.DDL.Schema.Cache.Permission` at
 * 03564179244136dd3d97a07b687ec6e81df1d662) for one role and table: a role's own permission of a
 * kind wins; an inherited role's missing kinds come from its role set (select united, mutations
 * when the parents agree). Roles in a cycle keep their own permissions (the engine refuses the cycle).
 */
function resolveRole(table: Table, name: string, inherited: ReadonlyMap<string, readonly string[]>, seen: ReadonlySet<string>): Resolved {
  const own = table.permissions.get(name) ?? {};
  const ownKinds = KINDS.filter((k) => own[k] !== undefined);
  const ownRaw: Partial<Record<MutationKind, JsonObject>> = {};
  for (const k of MUTATIONS) {
    const raw = own[k] !== undefined ? ownPermission(table, k, name) : undefined;
    if (raw !== undefined) ownRaw[k] = raw;
  }
  const ownAllRows = own.select !== undefined && isEmptyFilter(ownPermission(table, 'select', name)?.filter);
  const parents = inherited.get(name);
  if (parents === undefined || seen.has(name)) return { perms: own, own: ownKinds, conflicts: [], from: [], allRows: ownAllRows, raw: ownRaw };
  const next = new Set(seen).add(name);
  const resolved = parents.map((p) => ({ role: p, r: resolveRole(table, p, inherited, next) }));
  const perms: { -readonly [K in keyof TablePerms]: TablePerms[K] } = { ...own };
  const raw = { ...ownRaw };
  const conflicts: MutationKind[] = [];
  let allRows = ownAllRows;
  if (own.select === undefined) {
    const withSelect = resolved.filter((p) => p.r.perms.select !== undefined);
    const select = combineSelect(withSelect.map((p) => p.r.perms.select!));
    if (select) perms.select = select;
    allRows = withSelect.some((p) => p.r.allRows);
  }
  for (const kind of MUTATIONS) {
    if (own[kind] !== undefined) continue;
    const combined = combineMutation(
      kind,
      resolved.map((p) => p.r),
    );
    if (combined.conflict) conflicts.push(kind);
    if (combined.perm !== undefined && combined.raw !== undefined) {
      (perms as Record<MutationKind, unknown>)[kind] = combined.perm;
      raw[kind] = combined.raw;
    }
  }
  const from = resolved.filter((p) => KINDS.some((k) => p.r.perms[k] !== undefined)).map((p) => p.role);
  return { perms, own: ownKinds, conflicts, from, allRows, raw };
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
      combination(table) {
        return { perms: this.perms(table), own: [], conflicts: [], from: [], allRows: true };
      },
    };
  }
  const cache = new Map<Table, Combination>();
  const combination = (table: Table): Combination => {
    let c = cache.get(table);
    if (c === undefined) {
      const { perms, own, conflicts, from, allRows } = resolveRole(table, role, inherited, new Set());
      cache.set(table, (c = { perms, own, conflicts, from, allRows }));
    }
    return c;
  };
  return { role, admin: false, perms: (table) => combination(table).perms, combination };
}
