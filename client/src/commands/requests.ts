/**
 * The metadata API request of each operation, in the configured dialect. Pure: no vscode.
 */
import {
  addInheritedRole,
  bigqueryAddSource,
  createArrayRelationship,
  createObjectRelationship,
  dropInheritedRole,
  dropRelationship,
  mssqlAddSource,
  pgAddSource,
  renameRelationship,
  renameSource,
  setRelationshipComment,
} from '../../../common/api';
import type { Dialect, MetadataRequest, SuccessMessage } from '../../../common/api/types';
import type { MetadataOperation } from '../../../common/protocol';

/** The backend prefix of `<prefix>_add_source` / `<prefix>_drop_source` for a source kind. */
export function backendPrefix(kind: string | undefined): string {
  return kind === undefined || kind === 'postgres' || kind === 'pg' ? 'pg' : kind;
}

/** `sourceKind`: the kind of the source a drop names (from the project), default Postgres. */
export function requestFor(op: MetadataOperation, dialect: Dialect, sourceKind?: string): MetadataRequest<SuccessMessage> {
  const options = { dialect };
  switch (op.type) {
    case 'add_source': {
      const a = op.args;
      if (a.kind === 'mssql') return mssqlAddSource(a);
      if (a.kind === 'bigquery') return bigqueryAddSource(a, options);
      return pgAddSource(a);
    }
    case 'drop_source':
      return { type: `${backendPrefix(sourceKind)}_drop_source`, args: { name: op.args.name, cascade: op.args.cascade ?? false } };
    case 'rename_source':
      return renameSource(op.args);
    case 'create_object_relationship':
      return createObjectRelationship(op.args);
    case 'create_array_relationship':
      return createArrayRelationship(op.args);
    case 'rename_relationship':
      return renameRelationship(op.args);
    case 'drop_relationship':
      return dropRelationship(op.args);
    case 'set_relationship_comment':
      return setRelationshipComment({ ...op.args, comment: op.args.comment === '' ? null : op.args.comment });
    case 'add_inherited_role':
      return addInheritedRole({ role: op.args.role, role_set: [...op.args.role_set] }, options);
    case 'drop_inherited_role':
      return dropInheritedRole(op.args, options);
  }
}
