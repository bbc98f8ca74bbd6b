import { finding } from './rule';
import type { Rule } from './rule';

/** `scope`: `{global: true}` (the default) or `{global: false, roles: [...]}` with at least one role. */
export const allowListScope: Rule = {
  codes: ['allow-list-scope'],
  reads: ['allowList'],
  check: ({ index, walk }) =>
    index.allowList.flatMap((entry) => {
      const scope = walk.get(entry.at, 'scope');
      if (!scope.node) return [];
      const global = walk.get(scope, 'global');
      const roles = walk.get(scope, 'roles');
      const isGlobal = walk.text(global) !== 'false';
      if (isGlobal && roles.node)
        return [finding('allow-list-scope', 'error', '`roles` only applies with `global: false`; a global entry cannot list roles.', walk.loc(roles))];
      if (!isGlobal && walk.strings(roles).length === 0)
        return [finding('allow-list-scope', 'error', 'With `global: false`, list the roles this collection is allowed for in `roles`.', walk.loc(global))];
      return [];
    }),
};
