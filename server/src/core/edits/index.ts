import type { RootResult } from '../check';
import type { MetadataOperation, OperationType } from './operations';
import { addInheritedRole } from './addInheritedRole';
import { addSource } from './addSource';
import { createRelationship } from './createRelationship';
import { dropInheritedRole } from './dropInheritedRole';
import { dropRelationship } from './dropRelationship';
import { dropSource } from './dropSource';
import { renameRelationship } from './renameRelationship';
import { renameSource } from './renameSource';
import { setRelationshipComment } from './setRelationshipComment';
import type { ArgsOf, EditResult, OperationEdit } from './types';

export type { LocalChange } from './types';
export { objectAt, projectFacts, readEndpoint } from './facts';

/** The local edit of each operation. Add an operation: a file here + a line below. */
const EDITS: { readonly [T in OperationType]: OperationEdit<ArgsOf<T>> } = {
  add_source: addSource,
  drop_source: dropSource,
  rename_source: renameSource,
  create_object_relationship: createRelationship('object'),
  create_array_relationship: createRelationship('array'),
  rename_relationship: renameRelationship,
  drop_relationship: dropRelationship,
  set_relationship_comment: setRelationshipComment,
  add_inherited_role: addInheritedRole,
  drop_inherited_role: dropInheritedRole,
};

/** The change that makes the local files of `result` match `operation`, which the server accepted. */
export function localEditFor(result: RootResult, operation: MetadataOperation): EditResult {
  const edit = EDITS[operation.type] as OperationEdit<MetadataOperation['args']>;
  return edit(result, operation.args);
}
