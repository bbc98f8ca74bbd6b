import type { MetadataRequest, RequestOptions, SuccessMessage } from './types';

/** The seed names the role `role`; the engine reads `role_name`. */
function roleKey(options: RequestOptions): 'role' | 'role_name' {
  return options.dialect === 'engine' ? 'role_name' : 'role';
}

export function addInheritedRole(a: { role: string; role_set: string[] }, options: RequestOptions = {}): MetadataRequest<SuccessMessage> {
  return { type: 'add_inherited_role', args: { [roleKey(options)]: a.role, role_set: a.role_set } };
}

export function dropInheritedRole(a: { role: string }, options: RequestOptions = {}): MetadataRequest<SuccessMessage> {
  return { type: 'drop_inherited_role', args: { [roleKey(options)]: a.role } };
}
