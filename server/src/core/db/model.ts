import type { Finding } from '../diagnostics';

/**
 * The database behind one metadata source, as plain serializable data (it crosses process
 * boundaries and is cached as JSON). Built by the node layer from the project's migrations (an
 * embedded Postgres) or from a live database; read by the database rules and editor features.
 *
 * Keys are `schema.name` with the names as Postgres stores them (case kept, no quotes).
 */

/** Where in a migration file an object was created: for go to definition. */
export interface SqlOrigin {
  /** Absolute core path (`/`-separated) of the .sql file. */
  readonly file: string;
  /** Offsets (UTF-16 units) of the statement, or of the column's definition inside it. */
  readonly start: number;
  readonly end: number;
}

export interface ColumnModel {
  readonly name: string;
  /** As `format_type` prints it, e.g. `text`, `integer`, `timestamp with time zone`, `public.mood`. */
  readonly type: string;
  readonly nullable: boolean;
  /** The default expression, when there is one. */
  readonly default?: string;
  /** A generated (stored) or identity column. */
  readonly generated?: boolean;
  readonly comment?: string;
  readonly origin?: SqlOrigin;
  /** When the type is a domain: the domain's base type (as `format_type` prints it). */
  readonly baseType?: string;
}

export interface ForeignKeyModel {
  readonly name: string;
  /** Columns of this table, in constraint order. */
  readonly columns: readonly string[];
  readonly refSchema: string;
  readonly refTable: string;
  /** Referenced columns, in the same order as `columns`. */
  readonly refColumns: readonly string[];
}

export type RelationKind = 'table' | 'view' | 'materialized_view' | 'foreign_table' | 'partitioned_table';

export interface RelationModel {
  readonly schema: string;
  readonly name: string;
  readonly kind: RelationKind;
  /** In attribute order. */
  readonly columns: readonly ColumnModel[];
  /** Primary key columns, in key order (empty: none). */
  readonly primaryKey: readonly string[];
  /** Unique constraints and unique indexes without a predicate (each a column list). */
  readonly uniques: readonly (readonly string[])[];
  readonly foreignKeys: readonly ForeignKeyModel[];
  readonly comment?: string;
  readonly origin?: SqlOrigin;
  /** The primary key and unique constraints by name (the engine's `<table>_constraint` enum), in name order. */
  readonly constraints?: readonly ConstraintModel[];
  /** A view's `pg_relation_is_updatable(oid, true)`, INSTEAD OF triggers counted as the engine's table metadata query counts them (8 insert, 4 update, 16 delete); absent for other kinds. */
  readonly updatable?: number;
  /**
   * The rows of a table shaped as the engine's enum tables are (a one-column text primary key and at
   * most one more text column): each key with the other column's text. For `is_enum` tables.
   */
  readonly enumRows?: readonly EnumRowModel[];
}

export interface ConstraintModel {
  readonly name: string;
  readonly kind: 'primary' | 'unique';
  readonly columns: readonly string[];
}

export interface EnumRowModel {
  readonly value: string;
  readonly comment?: string;
}

export interface FunctionArgModel {
  /** Empty when the argument has no name. */
  readonly name: string;
  readonly type: string;
  /** `in`, `out`, `inout`, `variadic`, `table`. */
  readonly mode: 'in' | 'out' | 'inout' | 'variadic' | 'table';
  readonly hasDefault: boolean;
}

export interface FunctionModel {
  readonly schema: string;
  readonly name: string;
  readonly args: readonly FunctionArgModel[];
  /** As `format_type` prints it (`SETOF` not included). */
  readonly returnType: string;
  /** `schema.name` when the return type is a table's row type (or a composite type). */
  readonly returnsRelation?: string;
  readonly returnsSet: boolean;
  /** The function's comment (`COMMENT ON FUNCTION`). */
  readonly comment?: string;
  readonly volatility: 'immutable' | 'stable' | 'volatile';
  readonly origin?: SqlOrigin;
}

export interface EnumTypeModel {
  readonly schema: string;
  readonly name: string;
  readonly values: readonly string[];
  readonly origin?: SqlOrigin;
}

/** How a model was built: shown in the status bar and in messages. */
export type ModelOrigin =
  /** `failedStatements`: every statement that failed (causes, their consequences, what a missing extension would have run). */
  | { readonly kind: 'migrations'; readonly applied: number; readonly total: number; readonly failedStatements: number }
  | { readonly kind: 'live'; readonly host: string; readonly database: string };

export interface DatabaseModel {
  readonly source: string;
  readonly origin: ModelOrigin;
  /** Every schema that exists (user schemas; not pg_catalog, information_schema, pg_toast). */
  readonly schemas: readonly string[];
  /** By `schema.name`. */
  readonly relations: Readonly<Record<string, RelationModel>>;
  /** By `schema.name`; overloads share a key. */
  readonly functions: Readonly<Record<string, readonly FunctionModel[]>>;
  /** By `schema.name`. */
  readonly enums: Readonly<Record<string, EnumTypeModel>>;
  /**
   * Names (unqualified, as written, lower-cased) that a migration statement which failed to apply
   * mentions: the model cannot judge them, so a reference to such a table, column or function is
   * never reported as missing.
   */
  readonly uncertain: readonly string[];
  /**
   * Schemas the migrations use but never create (made by the platform, e.g. nhost's `auth` and
   * `storage`). The model holds at most stand-ins for the tables foreign keys point at in them (a key
   * column each), so nothing in these schemas can be judged.
   */
  readonly externalSchemas?: readonly string[];
}

/** The last sentence of a live database's warning when it gave no model (node/db/index.ts replaces it when the migrations did). */
export const LIVE_NO_MODEL = 'The metadata is checked without a database model.';

/** The models of a root's sources, by source name (a source without a model is absent). */
export type DatabaseModels = ReadonlyMap<string, DatabaseModel>;

export function relationKey(schema: string, name: string): string {
  return `${schema}.${name}`;
}

/** What building one source's model gave: the model (when there is one), a status line, findings in .sql files. */
export interface SourceBuild {
  readonly source: string;
  readonly model?: DatabaseModel;
  /** For the status bar and the CLI, e.g. `from migrations: 254/256 applied`, `live: db.example.com/app`, `no migrations`. */
  readonly status: string;
  /** Failed statements at their place in the up.sql, an extension the embedded engine lacks (once), connection problems. */
  readonly findings: readonly Finding[];
}
