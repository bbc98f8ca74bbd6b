/**
 * What the local edits of the server commands work on: the metadata API's operations with their
 * args named as in the spec, and the facts of a project that pre-fill the commands' prompts. Plain
 * types, and the one definition of each operation's args: the language server sends them to the
 * client through common/protocol.ts, and common/api's request builders take them.
 */

/** A table as the metadata API names it: a bare name (schema `public`) or `{schema, name}`. */
export type TableRef = string | { readonly schema: string; readonly name: string };

export type SourceKind = 'postgres' | 'mssql' | 'bigquery';

/** A value read from an environment variable on the server. */
export interface FromEnv {
  readonly from_env: string;
}

export type PgIsolationLevel = 'read-committed' | 'repeatable-read' | 'serializable';

/** Pool settings of a Postgres source. */
export interface PgPoolSettings {
  readonly max_connections?: number;
  readonly idle_timeout?: number;
  readonly retries?: number;
  readonly pool_timeout?: number;
  readonly connection_lifetime?: number;
}

/** Where a Postgres source's connection comes from (schemas/databases.json `database_url`). */
export type PgDatabaseUrl = string | FromEnv | { readonly connection_parameters: Readonly<Record<string, unknown>> } | { readonly dynamic_from_file: string };

export interface PgConfiguration {
  readonly connection_info: {
    readonly database_url: PgDatabaseUrl;
    readonly pool_settings?: PgPoolSettings;
    readonly use_prepared_statements?: boolean;
    readonly isolation_level?: PgIsolationLevel;
  };
}

export interface MssqlConfiguration {
  readonly connection_info: {
    readonly connection_string: string | FromEnv;
    readonly pool_settings?: { readonly max_connections?: number; readonly idle_timeout?: number };
  };
}

/**
 * BigQuery configuration. The seed types `datasets` as one comma-separated string; a list is
 * joined with "," in the spec dialect and sent as a list in the engine dialect.
 */
export interface BigQueryConfiguration {
  readonly service_account: string | FromEnv;
  readonly project_id: string;
  readonly datasets: string | readonly string[];
}

/** The args of `<kind>_add_source` but its kind. */
export interface SourceArgs<C> {
  readonly name: string;
  readonly configuration: C;
  readonly replace_configuration?: boolean;
}

/** `add_source`: the configuration's shape follows the kind. */
export type AddSourceArgs =
  | (SourceArgs<PgConfiguration> & { readonly kind: 'postgres' })
  | (SourceArgs<MssqlConfiguration> & { readonly kind: 'mssql' })
  | (SourceArgs<BigQueryConfiguration> & { readonly kind: 'bigquery' });

export interface DropSourceArgs {
  readonly name: string;
  readonly cascade?: boolean;
}
export interface RenameSourceArgs {
  readonly name: string;
  readonly new_name: string;
}
/** `manual_configuration`: a remote table (or view) and a local→remote column mapping. */
export interface ManualConfiguration {
  readonly remote_table: TableRef;
  readonly column_mapping: Readonly<Record<string, string>>;
}

/** A foreign key on a remote table that points at this table (current form). */
export interface RemoteTableColumns {
  readonly table: TableRef;
  readonly columns: readonly string[];
}

/** The deprecated single-column variant of {@link RemoteTableColumns}. */
export interface RemoteTableColumn {
  readonly table: TableRef;
  readonly column: string;
}

export type RemoteTableKey = RemoteTableColumns | RemoteTableColumn;

/** `using` of an object relationship: foreign key column(s) on the table, a foreign key on a remote table, or manual. */
export type ObjRelUsing =
  { readonly foreign_key_constraint_on: string | readonly string[] | RemoteTableKey } | { readonly manual_configuration: ManualConfiguration };

/** `using` of an array relationship: a foreign key on a remote table, or manual. */
export type ArrRelUsing = { readonly foreign_key_constraint_on: RemoteTableKey } | { readonly manual_configuration: ManualConfiguration };

export interface CreateRelationshipArgs<U extends ObjRelUsing | ArrRelUsing = ObjRelUsing | ArrRelUsing> {
  readonly table: TableRef;
  readonly name: string;
  /** As sent to the server. */
  readonly using: U;
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
  | { readonly type: 'create_object_relationship'; readonly args: CreateRelationshipArgs<ObjRelUsing> }
  | { readonly type: 'create_array_relationship'; readonly args: CreateRelationshipArgs<ArrRelUsing> }
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
