import { isSeq } from 'yaml';
import type { AddInheritedRoleArgs } from './operations';
import { join, relative } from '../util/paths';
import { yamlDoc } from './find';
import type { OperationEdit } from './types';
import { change, failure } from './types';
import { appendItem, joinLines, renderItem } from './yaml';

export function inheritedRolesPath(root: string): string {
  return join(root, 'inherited_roles.yaml');
}

/** add_inherited_role: a new `{role_name, role_set}` entry (the file's spelling) at the end of inherited_roles.yaml. */
export const addInheritedRole: OperationEdit<AddInheritedRoleArgs> = (result, args) => {
  const path = inheritedRolesPath(result.root);
  const entry = { role_name: args.role, role_set: [...args.role_set] };
  if (result.index.inheritedRoles.some((r) => r.role.name === args.role)) return failure(`Inherited role \`${args.role}\` is already in the local files.`);
  const doc = yamlDoc(result, path);
  if (!doc) return change([], [{ kind: 'create', file: path, text: joinLines(renderItem(entry, '')) }]);
  if (doc.contents === null || doc.contents === undefined)
    return change([{ file: path, span: { start: 0, end: doc.text.length }, newText: joinLines(renderItem(entry, '')) }]);
  if (!isSeq(doc.contents)) return failure(`${relative(result.root, path)} is not a list; add \`${args.role}\` by hand.`);
  return change([appendItem(doc, doc.contents, entry, 0)]);
};
