import { isObj } from './args';
import type { Metadata } from './state';

/** Role names the engine knows: roles of table, action and remote schema permissions, and inherited roles. */

const PERMISSION_KEYS = ['insert_permissions', 'select_permissions', 'update_permissions', 'delete_permissions'];

export function allRoles(metadata: Metadata): Set<string> {
  const roles = new Set<string>();
  for (const source of metadata.sources) {
    for (const entry of source.tables) for (const key of PERMISSION_KEYS) addRoles(roles, entry[key]);
  }
  for (const key of ['actions', 'remote_schemas']) {
    const list = metadata[key];
    if (Array.isArray(list)) for (const item of list) if (isObj(item)) addRoles(roles, item.permissions);
  }
  for (const r of metadata.inherited_roles ?? []) roles.add(r.role_name);
  return roles;
}

function addRoles(roles: Set<string>, list: unknown): void {
  if (!Array.isArray(list)) return;
  for (const p of list) if (isObj(p) && typeof p.role === 'string') roles.add(p.role);
}

/** The parent roles of `role` that do not exist, sorted. */
export function missingParents(metadata: Metadata, roleSet: string[]): string[] {
  const roles = allRoles(metadata);
  return [...new Set(roleSet.filter((r) => !roles.has(r)))].sort();
}

export function missingParentsMessage(role: string, missing: string[]): string {
  return `the following parent role(s) are not found: ${missing.join(', ')} which are required to construct the inherited role: "${role}"`;
}

/** A cycle through inherited roles starting at `role`, e.g. ["a","b","a"], or undefined. */
export function findRoleCycle(metadata: Metadata, role: string): string[] | undefined {
  const parents = new Map((metadata.inherited_roles ?? []).map((r) => [r.role_name, r.role_set]));
  const walk = (current: string, trail: string[]): string[] | undefined => {
    for (const parent of parents.get(current) ?? []) {
      if (parent === role) return [...trail, parent];
      if (trail.includes(parent)) continue;
      const found = walk(parent, [...trail, parent]);
      if (found !== undefined) return found;
    }
    return undefined;
  };
  return walk(role, [role]);
}
