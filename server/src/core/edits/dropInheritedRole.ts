import { isSeq } from 'yaml';
import type { DropInheritedRoleArgs } from './operations';
import { yamlDoc } from './find';
import { inheritedRolesPath } from './addInheritedRole';
import type { OperationEdit } from './types';
import { change, failure } from './types';
import { removeTopItems } from './yaml';

/** drop_inherited_role: the entry leaves inherited_roles.yaml (an emptied file becomes `[]`). */
export const dropInheritedRole: OperationEdit<DropInheritedRoleArgs> = (result, args) => {
  const fact = result.index.inheritedRoles.find((r) => r.role.name === args.role);
  if (!fact) return change([], [], [`Inherited role \`${args.role}\` was not in the local files; nothing to change there.`]);
  const doc = yamlDoc(result, fact.at.file);
  if (!doc || fact.at.file !== inheritedRolesPath(result.root) || !isSeq(doc.contents) || !doc.contents.items.includes(fact.at.node)) {
    return failure(`Inherited role \`${args.role}\` is not an entry of the list in inherited_roles.yaml; remove it by hand.`);
  }
  return change(removeTopItems(doc, doc.contents, [fact.at.node]));
};
