import { expectObject, requireString, requireStringList } from '../args';
import { dquote, err400, QErr } from '../qerr';
import { findRoleCycle, missingParents, missingParentsMessage } from '../roles';
import type { InheritedRoleEntry } from '../state';
import type { OpContext, OpHandler } from './context';
import { SUCCESS } from './context';

/** add_inherited_role / drop_inherited_role; the role key is `role` (spec) or `role_name` (engine). */

const P = '$.args';

function roleKey(ctx: OpContext): string {
  return ctx.dialect === 'engine' ? 'role_name' : 'role';
}

const addInheritedRole: OpHandler = (raw, ctx) => {
  const args = expectObject(raw, P);
  const role = requireString(args, roleKey(ctx), P);
  const roleSet = requireStringList(args, 'role_set', P);
  if (roleSet.includes(role)) throw err400('invalid-params', 'an inherited role name cannot be in the role combination');
  const missing = missingParents(ctx.state.metadata, roleSet);
  if (missing.length > 0) throw err400('not-exists', missingParentsMessage(role, missing));
  const entry: InheritedRoleEntry = { role_name: role, role_set: roleSet };
  const others = (ctx.state.metadata.inherited_roles ?? []).filter((r) => r.role_name !== role);
  ctx.state.metadata.inherited_roles = [...others, entry];
  const cycle = findRoleCycle(ctx.state.metadata, role);
  if (cycle !== undefined) throw err400('cyclic-dependency', `found cycle(s) in roles: ${JSON.stringify(cycle)}`);
  return SUCCESS;
};

const dropInheritedRole: OpHandler = (raw, ctx) => {
  const args = expectObject(raw, P);
  const role = requireString(args, roleKey(ctx), P);
  const roles = ctx.state.metadata.inherited_roles ?? [];
  if (!roles.some((r) => r.role_name === role)) throw err400('not-exists', `${dquote(role)} inherited role doesn't exist`);
  ctx.state.metadata.inherited_roles = roles.filter((r) => r.role_name !== role);
  const broken = ctx.state.metadata.inherited_roles
    .map((r) => ({ role: r.role_name, missing: missingParents(ctx.state.metadata, r.role_set) }))
    .filter((r) => r.missing.length > 0);
  if (broken.length > 0) {
    const internal = broken.map((b) => ({ type: 'inherited_role', name: b.role, reason: missingParentsMessage(b.role, b.missing) }));
    throw new QErr(400, 'unexpected', 'cannot continue due to new inconsistent metadata', P, internal);
  }
  return SUCCESS;
};

export const inheritedRoleOps: Record<string, OpHandler> = {
  add_inherited_role: addInheritedRole,
  drop_inherited_role: dropInheritedRole,
};
