import { duplicates, finding, related, tableRule } from './rule';

/** Two permissions of one kind for one role on a table. */
export const permissionDuplicate = tableRule({
  codes: ['permission-duplicate'],
  checkTable: (t) =>
    duplicates(t.permissions, (p) => `${p.kind}\u0000${p.role.name}`).map(([first, again]) =>
      finding('permission-duplicate', 'error', `Role \`${again.role.name}\` already has a ${again.kind} permission on \`${t.key}\`.`, again.role.loc, {
        related: [related(first.role.loc, 'The first one')],
      }),
    ),
});
