// Permissions with nested boolean expressions: session-variable comparisons, paths through object
// and array relationships (`{owner: {organization: {members: {user_id: {_eq: X-Hasura-User-Id}}}}}`),
// `_exists`, and `_and` / `_or` / `_not` around them.

import { ROLES } from './model.mjs';

const USER = { _eq: 'X-Hasura-User-Id' };

/** The select/insert/update/delete permissions of a table. */
export function permissionsOf(t, random) {
  if (!t.generic) return corePermissions(t);
  const readable = t.columns.filter((c) => c !== 'deleted_at');
  const writable = readable.filter((c) => !['id', 'org_id', 'owner_id', 'created_at', 'updated_at'].includes(c));
  const select = random.sample(ROLES, random.int(2, 4)).map((role) => ({
    role,
    permission: {
      columns: role === 'viewer' ? random.sample(readable, Math.max(3, readable.length - 3)) : readable,
      filter: role === 'auditor' ? {} : expression(t, random, 2),
      ...(role === 'manager' ? { allow_aggregations: true } : {}),
      ...(role === 'viewer' ? { limit: 100 } : {}),
    },
    ...(random.chance(0.3) ? { comment: `${role} sees ${t.name} of their organization` } : {}),
  }));
  const insert = random.sample(['user', 'editor', 'manager'], random.int(1, 2)).map((role) => ({
    role,
    permission: { check: expression(t, random, 1), set: { owner_id: 'x-hasura-User-Id' }, columns: writable },
  }));
  const update = random.sample(['user', 'editor', 'manager'], random.int(1, 2)).map((role) => ({
    role,
    permission: {
      columns: random.sample(writable, Math.max(1, writable.length - 2)),
      filter: expression(t, random, 2),
      check: random.chance(0.5) ? { status: { _neq: 'locked' } } : null,
    },
  }));
  const del = random.chance(0.6) ? [{ role: 'manager', permission: { filter: expression(t, random, 1) } }] : [];
  return { select, insert, update, delete: del };
}

/** A boolean expression over `t` of at most `depth` levels of `_and` / `_or` / `_not`. */
export function expression(t, random, depth) {
  if (depth === 0 || random.chance(0.3)) return leaf(t, random, depth);
  const kind = random.pick(['_and', '_or', '_or', '_not']);
  if (kind === '_not') return { _not: leaf(t, random, depth - 1) };
  const parts = new Map();
  for (let i = random.int(2, 3); i > 0; i--) {
    const part = expression(t, random, depth - 1);
    parts.set(JSON.stringify(part), part);
  }
  return parts.size === 1 ? [...parts.values()][0] : { [kind]: [...parts.values()] };
}

function leaf(t, random, depth) {
  const options = [
    () => ({ owner_id: USER }),
    () => ({ organization: { members: { user_id: USER } } }),
    () => ({ owner: { organization: { members: { _and: [{ user_id: USER }, { role: { _in: ['admin', 'owner'] } }] } } } }),
    () => ({ org_id: { _eq: 'X-Hasura-Org-Id' } }),
    () => ({ status: { _in: ['active', 'pending', 'review'] } }),
    () => ({ _exists: { _table: { name: 'members', schema: 'public' }, _where: { _and: [{ user_id: USER }, { role: { _eq: 'admin' } }] } } }),
  ];
  if (t.columns.includes('deleted_at')) options.push(() => ({ deleted_at: { _is_null: true } }));
  if (t.parent && depth > 0) options.push(() => ({ parent: leaf(t.parent, random, depth - 1) }));
  return random.pick(options)();
}

/** The fixed core tables: every role reads users and organizations, so every role is in use. */
function corePermissions(t) {
  const own = t.name === 'users' ? { id: USER } : t.name === 'members' ? { user_id: USER } : { members: { user_id: USER } };
  const scoped = t.name === 'organizations' ? own : { organization: { members: { user_id: USER } } };
  const select = ROLES.map((role) => ({ role, permission: { columns: t.columns.filter((c) => c !== 'deleted_at'), filter: role === 'user' ? own : scoped } }));
  const update = t.name === 'users' ? [{ role: 'user', permission: { columns: ['display_name'], filter: own, check: null } }] : [];
  return { select, insert: [], update, delete: [] };
}
