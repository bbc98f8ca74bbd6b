/**
 * What the local edits of the server commands work on: the metadata API's operations with their
 * args named as in the spec, and the facts of a project that pre-fill the commands' prompts. Plain
 * types; the language server sends them to the client through common/protocol.ts, which re-exports them.
 */

/** A table as the metadata API names it: a bare name (schema `public`) or `{schema, name}`. */
export type TableRef = string | { readonly schema: string; readonly name: string };

export type SourceKind = 'postgres' | 'mssql' | 'bigquery';

export interface AddSourceArgs {
  readonly kind: SourceKind;
  readonly name: string;
  readonly configuration: Readonly<Record<string, unknown>>;
  readonly replace_configuration?: boolean;
}
export interface DropSourceArgs {
  readonly name: string;
  readonly cascade?: boolean;
}
export interface RenameSourceArgs {
  readonly name: string;
  readonly new_name: string;
}
export interface CreateRelationshipArgs {
  readonly table: TableRef;
  readonly name: string;
  /** `{foreign_key_constraint_on: ...}` or `{manual_configuration: ...}`, as sent to the server. */
  readonly using: Readonly<Record<string, unknown>>;
  readonly comment?: string;
  readonly source?: string;
}
export interface RenameRelationshipArgs {
  readonly table: TableRef;
  readonly name: string;
  readonly new_name: string;
  readonly source?: string;
}
export interface DropRelationshipArgs {
  readonly table: TableRef;
  readonly relationship: string;
  readonly cascade?: boolean;
  readonly source?: string;
}
export interface SetRelationshipCommentArgs {
  readonly table: TableRef;
  readonly relationship: string;
  /** null, undefined or '' removes the comment. */
  readonly comment?: string | null;
  readonly source?: string;
}
export interface AddInheritedRoleArgs {
  readonly role: string;
  readonly role_set: readonly string[];
}
export interface DropInheritedRoleArgs {
  readonly role: string;
}

/** A metadata change the server accepted, to mirror in the local files. Args are named as in the spec. */
export type MetadataOperation =
  | { readonly type: 'add_source'; readonly args: AddSourceArgs }
  | { readonly type: 'drop_source'; readonly args: DropSourceArgs }
  | { readonly type: 'rename_source'; readonly args: RenameSourceArgs }
  | { readonly type: 'create_object_relationship'; readonly args: CreateRelationshipArgs }
  | { readonly type: 'create_array_relationship'; readonly args: CreateRelationshipArgs }
  | { readonly type: 'rename_relationship'; readonly args: RenameRelationshipArgs }
  | { readonly type: 'drop_relationship'; readonly args: DropRelationshipArgs }
  | { readonly type: 'set_relationship_comment'; readonly args: SetRelationshipCommentArgs }
  | { readonly type: 'add_inherited_role'; readonly args: AddInheritedRoleArgs }
  | { readonly type: 'drop_inherited_role'; readonly args: DropInheritedRoleArgs };

export type OperationType = MetadataOperation['type'];

export interface RelationshipInfo {
  readonly name: string;
  readonly kind: 'object' | 'array';
  readonly comment?: string;
}

export interface TableInfo {
  readonly source: string;
  readonly schema: string;
  readonly name: string;
  /** Absolute path of the file that holds the table entry. */
  readonly file: string;
  /** Column names the metadata itself reveals, sorted. */
  readonly columns: readonly string[];
  readonly relationships: readonly RelationshipInfo[];
}

/** What the cursor names (all fields optional: a table file without a relationship under the cursor gives only the table). */
export interface CursorObject {
  readonly source?: string;
  readonly table?: { readonly schema: string; readonly name: string };
  readonly relationship?: string;
  readonly inheritedRole?: string;
}

export interface ProjectFacts {
  readonly root: string;
  readonly sources: readonly { readonly name: string; readonly kind: string }[];
  readonly tables: readonly TableInfo[];
  /** Every role the project uses (permissions, inherited roles, ...), sorted. */
  readonly roles: readonly string[];
  readonly inheritedRoles: readonly { readonly role: string; readonly roleSet: readonly string[] }[];
  /** `endpoint` of the engine CLI's config.yaml next to the metadata folder, when there is one. */
  readonly endpoint?: { readonly url: string; readonly file: string };
  readonly cursor?: CursorObject;
}
