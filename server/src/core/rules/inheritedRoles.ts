import { duplicateNames, finding, related } from './rule';
import type { Rule } from './rule';
import type { InheritedRoleFact } from '../project/index/types';
import type { Finding } from '../diagnostics';

/**
 * role_set entries must be roles the engine knows (a role some permission uses, or an inherited
 * role); not the role itself; no cycles; no duplicates.
 */
export const inheritedRoleSets: Rule = {
  codes: ['inherited-role-unknown-role', 'inherited-role-self', 'inherited-role-cycle', 'inherited-role-duplicate'],
  reads: ['inheritedRoles', 'roleNames'],
  check: ({ index }) => {
    const known = index.roleNames;
    const out: Finding[] = duplicateNames(
      'inherited-role-duplicate',
      'Inherited role',
      index.inheritedRoles.map((r) => r.role),
    );
    for (const role of index.inheritedRoles) {
      out.push(...duplicateNames('inherited-role-duplicate', `In the role set of \`${role.role.name}\`, role`, role.roleSet, 'warning'));
      for (const member of role.roleSet) {
        if (member.name === role.role.name)
          out.push(finding('inherited-role-self', 'error', `An inherited role cannot include itself in its role_set.`, member.loc));
        else if (!known.has(member.name)) {
          out.push(
            finding(
              'inherited-role-unknown-role',
              'error',
              `Role \`${member.name}\` is not used by any permission and is not an inherited role, so the engine cannot build \`${role.role.name}\`.`,
              member.loc,
              { data: { role: member.name } },
            ),
          );
        }
      }
    }
    return [...out, ...cycles(index.inheritedRoles)];
  },
};

function cycles(roles: readonly InheritedRoleFact[]): Finding[] {
  const byName = new Map(roles.map((r) => [r.role.name, r]));
  const reported = new Set<string>();
  const out: Finding[] = [];
  const visit = (name: string, path: string[]): void => {
    const role = byName.get(name);
    if (!role) return;
    for (const member of role.roleSet) {
      if (member.name === name) continue;
      const at = path.indexOf(member.name);
      if (at >= 0) {
        const cycle = [...path.slice(at), member.name];
        const key = [...cycle.slice(0, -1)].sort().join(',');
        if (!reported.has(key)) {
          reported.add(key);
          out.push(
            finding('inherited-role-cycle', 'error', `Inherited roles form a cycle: ${cycle.join(' -> ')}.`, member.loc, {
              related: [related(byName.get(member.name)!.role.loc, `\`${member.name}\` is defined here`)],
            }),
          );
        }
      } else visit(member.name, [...path, member.name]);
    }
  };
  for (const role of roles) visit(role.role.name, [role.role.name]);
  return out;
}
