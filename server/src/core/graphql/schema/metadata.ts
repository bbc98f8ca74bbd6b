import type { ColumnModel, DatabaseModel, DatabaseModels, FunctionModel, RelationModel } from '../../db/model';
import { relationKey } from '../../db/model';
import type { JsonObject, JsonValue } from '../../sync/json';
import { isJsonObject, listOf, objectOf, stringOf } from '../../sync/json';
import type { PgScalar } from '../scalars';
import { pgScalarOf } from '../scalars';
import type { NamingConvention } from './naming';
import { isNamingConvention } from './naming';
import type { LogicalModel, NativeQuery } from './native';
import { readNativeQueries } from './native';
import type { RemoteRelationship } from './remoteRelationships';
import { readRemoteRelationships } from './remoteRelationships';

/**
 * The metadata JSON (the directory as `hasura metadata apply` sends it: sync/directory.ts) joined
 * with the database models: each tracked table with its columns, keys, relationships and
 * permissions, as the engine's schema cache holds them (hasura/graphql-engine `TableInfo`,
 * `RolePermInfo`). What the metadata names and the model lacks is left out with a note.
 */

export interface Column {
  /** As Postgres names it. */
  readonly name: string;
  /** The GraphQL field name (`column_config.custom_name`, else the name in the naming convention). */
  readonly field: string;
  readonly scalar: PgScalar;
  /** The enum table this column references (its values are the column's GraphQL enum). */
  readonly enumRef?: Table;
  readonly nullable: boolean;
  readonly description?: string;
  /** Generated or identity: the engine leaves it out of insert and update inputs. */
  readonly generated: boolean;
  readonly model: ColumnModel;
}

export interface Relationship {
  readonly name: string;
  readonly kind: 'object' | 'array';
  readonly target: Table;
  /** Object relationships: non-null when every column of the key that makes it is. */
  readonly nullable: boolean;
  readonly description?: string;
}

export interface ComputedField {
  readonly name: string;
  readonly function: { readonly schema: string; readonly name: string };
  readonly tableArgument?: string;
  readonly sessionArgument?: string;
  readonly description?: string;
}

export interface SelectPerm {
  readonly columns: ReadonlySet<string>;
  readonly computedFields: ReadonlySet<string>;
  readonly aggregations: boolean;
  /** Absent: every root field. */
  readonly queryRootFields?: ReadonlySet<string>;
  readonly subscriptionRootFields?: ReadonlySet<string>;
  /**
   * An inherited role's columns that only some of its parents' select permissions give: the engine
   * nulls them in the rows only the other parents let through, so their fields are nullable.
   */
  readonly redacted?: ReadonlySet<string>;
}

export interface MutationPerm {
  readonly columns: ReadonlySet<string>;
  /** Columns set by presets (`set`): left out of the inputs. */
  readonly presets: ReadonlySet<string>;
  readonly backendOnly: boolean;
}

export interface TablePerms {
  readonly select?: SelectPerm;
  readonly insert?: MutationPerm;
  readonly update?: MutationPerm;
  readonly delete?: { readonly backendOnly: boolean };
}

export interface Source {
  readonly name: string;
  readonly naming?: NamingConvention;
  readonly rootPrefix: string;
  readonly rootSuffix: string;
  readonly typePrefix: string;
  readonly typeSuffix: string;
  readonly namespace?: string;
  readonly model: DatabaseModel;
}

export interface Table {
  readonly source: Source;
  readonly schema: string;
  readonly name: string;
  readonly key: string;
  readonly meta: JsonObject;
  readonly relation: RelationModel;
  /** `configuration.custom_name`, when there is one (the table's GraphQL names are built from it: build.ts `nameParts`). */
  readonly customName?: string;
  /** `configuration.comment`, else the table's comment in the database where the engine reads it (CatalogOptions). */
  readonly description?: string;
  readonly columns: Column[];
  readonly relationships: Relationship[];
  readonly computedFields: ComputedField[];
  readonly remoteRelationships: RemoteRelationship[];
  readonly isEnum: boolean;
  readonly customRootFields: Readonly<Record<string, { readonly name?: string; readonly comment?: string }>>;
  /** Per role (admin is not listed: it may do everything). */
  readonly permissions: Map<string, TablePerms>;
}

/** A tracked function (functions.yaml) with its overload in the model. */
export interface TrackedFunction {
  readonly source: Source;
  readonly schema: string;
  readonly name: string;
  /** The name its `args` type is built from (`custom_name`, else `schema_name`, `name` in public). */
  readonly identifier: string;
  /** `configuration.custom_name`, when there is one: its root fields' name, kept as written. */
  readonly customName?: string;
  readonly model: FunctionModel;
  /** The tracked table its rows are (SETOF or one row); absent: the engine offers no root field for it here. */
  readonly returns: Table;
  readonly sessionArgument?: string;
  /** `exposed_as`, else mutation for volatile functions and query for the others. */
  readonly exposedAs: 'query' | 'mutation';
  readonly customRootFields: Readonly<Record<string, { readonly name?: string; readonly comment?: string }>>;
  /** Roles of its explicit permissions. */
  readonly roles: ReadonlySet<string>;
  readonly description?: string;
}

export interface Catalog {
  readonly sources: Source[];
  readonly tables: Table[];
  readonly functions: TrackedFunction[];
  readonly logicalModels: LogicalModel[];
  readonly nativeQueries: NativeQuery[];
  readonly notes: string[];
}

/** The model of a source that has none (its native queries are generated all the same). */
function emptyModel(source: string): DatabaseModel {
  return {
    source,
    origin: { kind: 'migrations', applied: 0, total: 0, failedStatements: 0 },
    schemas: [],
    relations: {},
    functions: {},
    enums: {},
    uncertain: [],
  };
}

/** A column's scalar, marked when its type is one of the model's Postgres enums. */
function scalarOf(type: string, model: DatabaseModel): PgScalar {
  const scalar = pgScalarOf(type);
  const key = type.replace(/"/g, '');
  return model.enums[key] !== undefined || model.enums[`public.${key}`] !== undefined ? { ...scalar, postgresEnum: true } : scalar;
}

function text(value: JsonValue | undefined): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function tableName(value: JsonValue | undefined): { schema: string; name: string } | undefined {
  if (typeof value === 'string') return { schema: 'public', name: value };
  const obj = objectOf(value);
  const name = stringOf(obj?.name);
  return name === undefined ? undefined : { schema: stringOf(obj?.schema) ?? 'public', name };
}

/** The sources' Postgres tables with their models, and notes on what could not be joined. */
/** What the engine version decides about reading the catalog. */
export interface CatalogOptions {
  /**
   * Whether the database's COMMENTs on tables, columns and functions are descriptions where the
   * metadata gives none (build.ts SCHEMA_SINCE.noDatabaseComments: not from v2.51.1).
   */
  readonly databaseComments: boolean;
}

export function readCatalog(
  metadata: JsonObject,
  models: DatabaseModels,
  fieldName: (source: Source, column: string) => string,
  options: CatalogOptions,
): Catalog {
  const dbComment = (comment: string | undefined): string | undefined => (options.databaseComments ? comment : undefined);
  const notes: string[] = [];
  const sources: Source[] = [];
  const tables: Table[] = [];
  const pending: { table: Table; meta: JsonObject }[] = [];
  for (const sourceValue of listOf(metadata.sources)) {
    const sourceMeta = objectOf(sourceValue);
    const name = stringOf(sourceMeta?.name);
    if (sourceMeta === undefined || name === undefined) continue;
    const kind = stringOf(sourceMeta.kind) ?? 'postgres';
    const tableCount = listOf(sourceMeta.tables).length;
    if (!['postgres', 'citus', 'cockroach'].includes(kind)) {
      notes.push(`source ${name} (${kind}): not generated, only Postgres sources are (${tableCount} tables left out)`);
      continue;
    }
    const model = models.get(name);
    if (model === undefined) {
      notes.push(`source ${name}: no database model (no migrations, or they did not build), so its ${tableCount} tables are left out`);
      // Its native queries need no model (only the tables their relationships name).
      if (listOf(sourceMeta.native_queries).length === 0) continue;
    }
    const customization = objectOf(sourceMeta.customization);
    const rootFields = objectOf(customization?.root_fields);
    const typeNames = objectOf(customization?.type_names);
    const naming = customization?.naming_convention;
    const source: Source = {
      name,
      ...(isNamingConvention(naming) ? { naming } : {}),
      rootPrefix: text(rootFields?.prefix) ?? '',
      rootSuffix: text(rootFields?.suffix) ?? '',
      typePrefix: text(typeNames?.prefix) ?? '',
      typeSuffix: text(typeNames?.suffix) ?? '',
      ...(text(rootFields?.namespace) !== undefined ? { namespace: text(rootFields?.namespace) } : {}),
      model: model ?? emptyModel(name),
    };
    const procedures = listOf(sourceMeta.stored_procedures).length;
    if (procedures > 0) notes.push(`source ${name}: ${procedures} stored procedures left out (not generated yet)`);
    if (source.namespace !== undefined) notes.push(`source ${name}: the root field namespace ${source.namespace} is not generated; its fields are at the root`);
    sources.push(source);
    if (model === undefined) continue;
    for (const tableValue of listOf(sourceMeta.tables)) {
      const meta = objectOf(tableValue);
      const qualified = tableName(meta?.table);
      if (meta === undefined || qualified === undefined) continue;
      const key = relationKey(qualified.schema, qualified.name);
      const relation = model.relations[key];
      if (relation === undefined) {
        notes.push(`source ${name}: table ${key} is tracked but not in the database model, so it is left out`);
        continue;
      }
      const configuration = objectOf(meta.configuration);
      const customName = text(configuration?.custom_name);
      const description = text(configuration?.comment) ?? dbComment(relation.comment);
      const table: Table = {
        source,
        schema: qualified.schema,
        name: qualified.name,
        key,
        meta,
        relation,
        ...(customName !== undefined ? { customName } : {}),
        ...(description !== undefined ? { description } : {}),
        columns: [],
        relationships: [],
        computedFields: [],
        remoteRelationships: [],
        isEnum: meta.is_enum === true,
        customRootFields: customRootFields(objectOf(configuration?.custom_root_fields)),
        permissions: new Map(),
      };
      tables.push(table);
      pending.push({ table, meta });
    }
  }
  const byKey = new Map(tables.map((t) => [`${t.source.name}\u0000${t.key}`, t]));
  const find = (source: Source, schema: string, name: string): Table | undefined => byKey.get(`${source.name}\u0000${relationKey(schema, name)}`);
  for (const { table, meta } of pending) {
    const configuration = objectOf(meta.configuration);
    const columnConfig = objectOf(configuration?.column_config);
    const legacyNames = objectOf(configuration?.custom_column_names);
    for (const column of table.relation.columns) {
      const config = objectOf(columnConfig?.[column.name]);
      const custom = text(config?.custom_name) ?? text(legacyNames?.[column.name]);
      const comment = text(config?.comment) ?? dbComment(column.comment);
      const enumRef = enumReference(table, column.name, find);
      table.columns.push({
        name: column.name,
        field: custom ?? fieldName(table.source, column.name),
        // A domain is its base type (the engine's table metadata query reads `typbasetype`).
        scalar: scalarOf(column.baseType ?? column.type, table.source.model),
        ...(enumRef !== undefined ? { enumRef } : {}),
        nullable: column.nullable,
        ...(comment !== undefined ? { description: comment } : {}),
        generated: column.generated === true,
        model: column,
      });
    }
  }
  for (const { table, meta } of pending) {
    for (const kind of ['object', 'array'] as const) {
      for (const relValue of listOf(meta[`${kind}_relationships`])) {
        const rel = objectOf(relValue);
        const name = stringOf(rel?.name);
        if (rel === undefined || name === undefined) continue;
        const resolved = resolveRelationship(table, kind, objectOf(rel.using), find);
        if (resolved === undefined) {
          notes.push(`${table.key}: ${kind} relationship ${name} is left out: its target table is not tracked or not in the model`);
          continue;
        }
        const comment = text(rel.comment);
        table.relationships.push({
          name,
          kind,
          target: resolved.target,
          nullable: resolved.nullable,
          ...(comment !== undefined ? { description: comment } : {}),
        });
      }
    }
    for (const cfValue of listOf(meta.computed_fields)) {
      const cf = objectOf(cfValue);
      const name = stringOf(cf?.name);
      const definition = objectOf(cf?.definition);
      const fn = tableName(definition?.function);
      if (name === undefined || fn === undefined) continue;
      const comment = text(cf?.comment);
      table.computedFields.push({
        name,
        function: fn,
        ...(text(definition?.table_argument) !== undefined ? { tableArgument: text(definition?.table_argument) } : {}),
        ...(text(definition?.session_argument) !== undefined ? { sessionArgument: text(definition?.session_argument) } : {}),
        ...(comment !== undefined ? { description: comment } : {}),
      });
    }
    table.remoteRelationships.push(
      ...readRemoteRelationships(table, (source, schema, name) => byKey.get(`${source}\u0000${relationKey(schema, name)}`), notes),
    );
    readPermissions(table, meta);
  }
  const functions: TrackedFunction[] = [];
  const logicalModels: LogicalModel[] = [];
  const nativeQueries: NativeQuery[] = [];
  for (const sourceValue of listOf(metadata.sources)) {
    const sourceMeta = objectOf(sourceValue);
    const source = sources.find((s) => s.name === stringOf(sourceMeta?.name));
    if (source === undefined || sourceMeta === undefined) continue;
    const native = readNativeQueries(sourceMeta, source, (schema, name) => find(source, schema, name), notes);
    logicalModels.push(...native.logicalModels);
    nativeQueries.push(...native.nativeQueries);
    if (!models.has(source.name)) continue;
    for (const fnValue of listOf(sourceMeta.functions)) {
      const fnMeta = objectOf(fnValue);
      const qualified = tableName(fnMeta?.function);
      if (fnMeta === undefined || qualified === undefined) continue;
      const key = relationKey(qualified.schema, qualified.name);
      const overloads = source.model.functions[key] ?? [];
      const model = overloads[0];
      if (model === undefined || overloads.length !== 1) {
        notes.push(`source ${source.name}: function ${key} is left out: ${model === undefined ? 'not in the database model' : 'it is overloaded'}`);
        continue;
      }
      const returnsKey = model.returnsRelation;
      const [rSchema, ...rest] = (returnsKey ?? '').split('.');
      const returns = returnsKey === undefined ? undefined : find(source, rSchema ?? '', rest.join('.'));
      if (returns === undefined) {
        notes.push(`source ${source.name}: function ${key} is left out: it does not return the rows of a tracked table`);
        continue;
      }
      const configuration = objectOf(fnMeta.configuration);
      const exposed = text(configuration?.exposed_as);
      const session = text(configuration?.session_argument);
      const customName = text(configuration?.custom_name);
      const comment = text(fnMeta.comment) ?? dbComment(model.comment);
      functions.push({
        source,
        schema: qualified.schema,
        name: qualified.name,
        identifier: customName ?? (qualified.schema === 'public' ? qualified.name : `${qualified.schema}_${qualified.name}`),
        ...(customName !== undefined ? { customName } : {}),
        model,
        returns,
        ...(session !== undefined ? { sessionArgument: session } : {}),
        exposedAs: exposed === 'query' || exposed === 'mutation' ? exposed : model.volatility === 'volatile' ? 'mutation' : 'query',
        customRootFields: customRootFields(objectOf(configuration?.custom_root_fields)),
        roles: new Set(
          listOf(fnMeta.permissions)
            .map((p) => stringOf(objectOf(p)?.role))
            .filter((r): r is string => r !== undefined),
        ),
        ...(comment !== undefined ? { description: comment } : {}),
      });
    }
  }
  return { sources, tables, functions, logicalModels, nativeQueries, notes };
}

function customRootFields(value: JsonObject | undefined): Record<string, { name?: string; comment?: string }> {
  const out: Record<string, { name?: string; comment?: string }> = {};
  for (const [key, v] of Object.entries(value ?? {})) {
    if (typeof v === 'string') out[key] = { name: v };
    else if (isJsonObject(v)) {
      const name = text(v.name);
      const comment = text(v.comment);
      out[key] = { ...(name !== undefined ? { name } : {}), ...(comment !== undefined ? { comment } : {}) };
    }
  }
  return out;
}

type Find = (source: Source, schema: string, name: string) => Table | undefined;

/** The enum table a column's foreign key points at (the engine's `ColumnEnumReference`). */
function enumReference(table: Table, column: string, find: Find): Table | undefined {
  for (const fk of table.relation.foreignKeys) {
    if (fk.columns.length !== 1 || fk.columns[0] !== column) continue;
    const target = find(table.source, fk.refSchema, fk.refTable);
    // The key must reference the enum table's primary key (masterbots: a key onto another unique column is a plain column).
    if (target?.isEnum === true && target.relation.enumRows !== undefined && fk.refColumns[0] === target.relation.primaryKey[0]) return target;
  }
  return undefined;
}

function columnsOf(value: JsonValue | undefined): string[] | undefined {
  if (typeof value === 'string') return [value];
  const list = listOf(value).filter((v): v is string => typeof v === 'string');
  return list.length > 0 ? list : undefined;
}

function sameColumns(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((c) => b.includes(c));
}

function resolveRelationship(
  table: Table,
  kind: 'object' | 'array',
  using: JsonObject | undefined,
  find: Find,
): { target: Table; nullable: boolean } | undefined {
  const fkOn = using?.foreign_key_constraint_on;
  const manual = objectOf(using?.manual_configuration);
  if (manual !== undefined) {
    const remote = tableName(manual.remote_table);
    const target = remote && find(table.source, remote.schema, remote.name);
    return target ? { target, nullable: true } : undefined;
  }
  const local = columnsOf(fkOn);
  if (local !== undefined && kind === 'object') {
    const fk = table.relation.foreignKeys.find((k) => sameColumns(k.columns, local));
    const target = fk && find(table.source, fk.refSchema, fk.refTable);
    if (!target) return undefined;
    const nullable = local.some((c) => table.relation.columns.find((m) => m.name === c)?.nullable !== false);
    return { target, nullable };
  }
  const remote = objectOf(fkOn);
  const remoteTable = tableName(remote?.table);
  if (remoteTable === undefined) return undefined;
  const target = find(table.source, remoteTable.schema, remoteTable.name);
  return target ? { target, nullable: true } : undefined;
}

function columnSet(value: JsonValue | undefined, table: Table): Set<string> {
  if (value === '*') return new Set(table.columns.map((c) => c.name));
  return new Set(listOf(value).filter((v): v is string => typeof v === 'string'));
}

function rootFieldSet(value: JsonValue | undefined): Set<string> | undefined {
  return Array.isArray(value) ? new Set(value.filter((v): v is string => typeof v === 'string')) : undefined;
}

function readPermissions(table: Table, meta: JsonObject): void {
  const at = (role: string): TablePerms => table.permissions.get(role) ?? {};
  for (const kind of ['select', 'insert', 'update', 'delete'] as const) {
    for (const entry of listOf(meta[`${kind}_permissions`])) {
      const obj = objectOf(entry);
      const role = stringOf(obj?.role);
      const perm = objectOf(obj?.permission);
      if (role === undefined || perm === undefined) continue;
      const backendOnly = perm.backend_only === true;
      const presets = new Set(Object.keys(objectOf(perm.set) ?? {}));
      let next: TablePerms;
      if (kind === 'select') {
        const queryRootFields = rootFieldSet(perm.query_root_fields);
        const subscriptionRootFields = rootFieldSet(perm.subscription_root_fields);
        next = {
          ...at(role),
          select: {
            columns: columnSet(perm.columns, table),
            computedFields: new Set(listOf(perm.computed_fields).filter((v): v is string => typeof v === 'string')),
            aggregations: perm.allow_aggregations === true,
            ...(queryRootFields !== undefined ? { queryRootFields } : {}),
            ...(subscriptionRootFields !== undefined ? { subscriptionRootFields } : {}),
          },
        };
      } else if (kind === 'delete') next = { ...at(role), delete: { backendOnly } };
      else next = { ...at(role), [kind]: { columns: columnSet(perm.columns, table), presets, backendOnly } };
      table.permissions.set(role, next);
    }
  }
}
