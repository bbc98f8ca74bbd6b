import { GraphQLInt, GraphQLList, GraphQLNonNull } from 'graphql';
import type {
  GraphQLEnumType,
  GraphQLFieldConfig,
  GraphQLFieldConfigArgumentMap,
  GraphQLFieldConfigMap,
  GraphQLInputFieldConfigMap,
  GraphQLInputObjectType,
  GraphQLObjectType,
  GraphQLOutputType,
} from 'graphql';
import type { JsonObject, JsonValue } from '../../sync/json';
import { isJsonObject, listOf, objectOf, stringOf } from '../../sync/json';
import type { PgScalar } from '../scalars';
import { pgScalarOf } from '../scalars';
import type { RootFields, TableSchemaBuilder } from './build';
import type { Source, Table } from './metadata';
import { ADMIN, combineSelect } from './roles';
import { enumType, inputType, objectType } from './sorted';
import { customName } from './naming';

/**
 * Native queries and the logical models they return, for Postgres sources, as the engine makes
 * them (hasura/graphql-engine `server/src-lib/Hasura/NativeQuery/Schema.hs` at
 * 82fa13db6e09ffc350bcc0f0aa83eff83ef5adcd, `LogicalModel/Schema.hs` at
 * 5ae892602e43d728ee53c26855971e6b06f62b02, `LogicalModel/Common.hs` at
 * f32b81a056840408d4bf42edca765ceb01c9e4be, `LogicalModelResolver/Schema.hs` at
 * 3f773fa686d9c2fd78af43c9a8c90cd594f4a3ee, and `GraphQL/Schema/BoolExp.hs`, `OrderBy.hs`,
 * `Select.hs` `defaultArgsParser` for the arguments):
 *
 * - a native query is a root field of query_root and subscription_root named `root_field_name`
 *   exactly (no source prefix, suffix or naming convention), `[<type>!]!`, with `args:
 *   <root_field_name>_arguments!` when it has arguments and the select arguments `distinct_on`,
 *   `limit`, `offset`, `order_by`, `where` of its logical model;
 * - its type is the logical model's object type named as the logical model (fields the role may
 *   select, each a scalar as `columnParser` maps it, json ones with `path`); a native query with
 *   relationships has its own type, named as its root field, with the relationship fields beside;
 * - `<model>_bool_exp` and `<model>_order_by` (source type customization and naming convention
 *   applied) list every scalar field of the model whatever the role may select, as the engine
 *   does; `distinct_on` takes `<model>_enum_name` (no customization) of every field;
 * - a role sees a native query when it has a select permission on the logical model (an inherited
 *   role: its own, else its parents' united, as the engine's `buildLogicalModelPermissions`).
 *
 * Nested logical model fields (object or array) are not served for Postgres (the engine's
 * `backendSupportsNestedObjects` is false there); arrays of scalars fail in the engine: a note.
 */

export interface LogicalModelField {
  readonly name: string;
  /** A scalar field's type; absent for the others (`kind`). */
  readonly scalar?: PgScalar;
  /** `array`: a list (of scalars or of a logical model); `object`: another logical model. */
  readonly kind: 'scalar' | 'object' | 'array';
  readonly nullable: boolean;
  readonly description?: string;
}

export interface LogicalModel {
  readonly source: Source;
  readonly name: string;
  readonly description?: string;
  readonly fields: readonly LogicalModelField[];
  /** The columns of each role's select permission (admin is not listed). */
  readonly permissions: ReadonlyMap<string, ReadonlySet<string>>;
}

export interface NativeQueryArgument {
  readonly name: string;
  readonly scalar: PgScalar;
  readonly nullable: boolean;
  readonly description?: string;
}

export interface NativeQueryRelationship {
  readonly name: string;
  readonly kind: 'object' | 'array';
  /** A tracked table of the source, or another native query (by root field name). */
  readonly target: { readonly table: Table } | { readonly nativeQuery: string };
}

export interface NativeQuery {
  readonly source: Source;
  readonly rootFieldName: string;
  readonly description?: string;
  readonly arguments: readonly NativeQueryArgument[];
  readonly returns: LogicalModel;
  readonly relationships: readonly NativeQueryRelationship[];
}

type Fields = GraphQLFieldConfigMap<unknown, unknown>;

function text(value: JsonValue | undefined): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** A logical model field's type: `{scalar, nullable}` (or the older `type: text` beside `nullable`). */
function readField(value: JsonValue): LogicalModelField | undefined {
  const obj = objectOf(value);
  const name = stringOf(obj?.name);
  if (obj === undefined || name === undefined) return undefined;
  const description = text(obj.description);
  const described = description !== undefined ? { description } : {};
  if (typeof obj.type === 'string') return { name, kind: 'scalar', scalar: pgScalarOf(obj.type), nullable: obj.nullable === true, ...described };
  const type = objectOf(obj.type);
  const scalar = text(type?.scalar);
  const nullable = type?.nullable === true;
  if (scalar !== undefined) return { name, kind: 'scalar', scalar: pgScalarOf(scalar), nullable, ...described };
  return { name, kind: type?.array !== undefined ? 'array' : 'object', nullable, ...described };
}

/** The logical models and native queries of one Postgres source; notes say what is left out. */
export function readNativeQueries(
  sourceMeta: JsonObject,
  source: Source,
  find: (schema: string, name: string) => Table | undefined,
  notes: string[],
): { logicalModels: LogicalModel[]; nativeQueries: NativeQuery[] } {
  const logicalModels: LogicalModel[] = [];
  for (const value of listOf(sourceMeta.logical_models)) {
    const meta = objectOf(value);
    const name = stringOf(meta?.name);
    if (meta === undefined || name === undefined) continue;
    const fields: LogicalModelField[] = [];
    for (const fieldValue of listOf(meta.fields)) {
      const field = readField(fieldValue);
      if (field !== undefined) fields.push(field);
    }
    const permissions = new Map<string, ReadonlySet<string>>();
    for (const entry of listOf(meta.select_permissions)) {
      const role = stringOf(objectOf(entry)?.role);
      const columns = objectOf(objectOf(entry)?.permission)?.columns;
      if (role === undefined) continue;
      permissions.set(role, new Set(columns === '*' ? fields.map((f) => f.name) : listOf(columns).filter((c): c is string => typeof c === 'string')));
    }
    const description = text(meta.description);
    logicalModels.push({ source, name, ...(description !== undefined ? { description } : {}), fields, permissions });
  }
  const nativeQueries: NativeQuery[] = [];
  for (const value of listOf(sourceMeta.native_queries)) {
    const meta = objectOf(value);
    const rootFieldName = stringOf(meta?.root_field_name);
    if (meta === undefined || rootFieldName === undefined) continue;
    const returnsName = stringOf(meta.returns);
    const returns = logicalModels.find((m) => m.name === returnsName);
    if (returns === undefined) {
      notes.push(
        `source ${source.name}: native query ${rootFieldName} is left out: it returns ${returnsName ?? 'nothing'}, which is not a logical model of the source`,
      );
      continue;
    }
    const args: NativeQueryArgument[] = [];
    for (const [name, argValue] of Object.entries(objectOf(meta.arguments) ?? {})) {
      const arg = objectOf(argValue);
      const type = text(arg?.type);
      if (arg === undefined || type === undefined) continue;
      const description = text(arg.description);
      args.push({ name, scalar: pgScalarOf(type), nullable: arg.nullable === true, ...(description !== undefined ? { description } : {}) });
    }
    const relationships: NativeQueryRelationship[] = [];
    for (const kind of ['object', 'array'] as const) {
      for (const relValue of listOf(meta[`${kind}_relationships`])) {
        const rel = objectOf(relValue);
        const name = stringOf(rel?.name);
        const using = objectOf(rel?.using);
        if (name === undefined || using === undefined) continue;
        const nativeQuery = text(using.remote_native_query);
        const remoteTable = using.remote_table;
        const qualified =
          typeof remoteTable === 'string'
            ? { schema: 'public', name: remoteTable }
            : isJsonObject(remoteTable) && typeof remoteTable.name === 'string'
              ? { schema: text(remoteTable.schema) ?? 'public', name: remoteTable.name }
              : undefined;
        const table = qualified && find(qualified.schema, qualified.name);
        if (nativeQuery !== undefined) relationships.push({ name, kind, target: { nativeQuery } });
        else if (table) relationships.push({ name, kind, target: { table } });
        else
          notes.push(
            `source ${source.name}: native query ${rootFieldName}: ${kind} relationship ${name} is left out: its target is not a tracked table in the model`,
          );
      }
    }
    const description = text(meta.description);
    nativeQueries.push({ source, rootFieldName, ...(description !== undefined ? { description } : {}), arguments: args, returns, relationships });
  }
  for (const model of logicalModels)
    for (const field of model.fields)
      if (field.kind !== 'scalar')
        notes.push(
          `source ${source.name}: logical model ${model.name}: field ${field.name} (${field.kind === 'array' ? 'an array' : 'a nested logical model'}) is left out: the engine serves only scalar fields of Postgres logical models (a relationship of the same name takes its place)`,
        );
  return { logicalModels, nativeQueries };
}

/**
 * The columns a role may select of a logical model (undefined: none): admin every field; a role its
 * own select permission; an inherited role without one its parents' combined as a table's are
 * (`buildLogicalModelPermissions` follows `buildTablePermissions`).
 */
export function logicalModelColumns(
  model: LogicalModel,
  role: string,
  inherited: ReadonlyMap<string, readonly string[]>,
  seen: ReadonlySet<string> = new Set(),
): ReadonlySet<string> | undefined {
  if (role === ADMIN) return new Set(model.fields.map((f) => f.name));
  const own = model.permissions.get(role);
  const parents = inherited.get(role);
  if (own !== undefined || parents === undefined || seen.has(role)) return own;
  const next = new Set(seen).add(role);
  const selects = parents.flatMap((p) => {
    const columns = logicalModelColumns(model, p, inherited, next);
    return columns === undefined ? [] : [{ columns, computedFields: new Set<string>(), aggregations: false }];
  });
  return combineSelect(selects)?.columns;
}

function nn<T extends GraphQLOutputType | GraphQLInputObjectType | GraphQLEnumType>(t: T): GraphQLNonNull<T> {
  return new GraphQLNonNull(t);
}

/** The native queries' root fields and types, one role at a time. */
export class NativeQuerySchema {
  private readonly byName: ReadonlyMap<string, NativeQuery>;

  constructor(
    private readonly builder: TableSchemaBuilder,
    nativeQueries: readonly NativeQuery[],
    private readonly role: string,
    private readonly inherited: ReadonlyMap<string, readonly string[]>,
  ) {
    this.byName = new Map(nativeQueries.map((q) => [`${q.source.name}\u0000${q.rootFieldName}`, q]));
  }

  private readonly columns = new Map<LogicalModel, ReadonlySet<string> | undefined>();

  private columnsOf(model: LogicalModel): ReadonlySet<string> | undefined {
    if (!this.columns.has(model)) this.columns.set(model, logicalModelColumns(model, this.role, this.inherited));
    return this.columns.get(model);
  }

  /** The root field of each native query the role may select from, in query_root and subscription_root. */
  addRootFields(nativeQueries: readonly NativeQuery[], roots: RootFields): void {
    for (const query of nativeQueries) {
      const field = this.selectField(query, query.rootFieldName, false, query.description);
      if (field === undefined) continue;
      roots.query[query.rootFieldName] = field;
      roots.subscription[query.rootFieldName] = field;
    }
  }

  /** `defaultSelectNativeQuery`: `[T!]!` at the root, `[T!]` as an array relationship. */
  private selectField(
    query: NativeQuery,
    fieldName: string,
    nullableList: boolean,
    description: string | undefined,
  ): GraphQLFieldConfig<unknown, unknown> | undefined {
    if (this.columnsOf(query.returns) === undefined) return undefined;
    const list = new GraphQLList(nn(this.selectionType(query)));
    return {
      type: nullableList ? list : nn(list),
      args: { ...this.argumentsArg(query, fieldName), ...this.modelArgs(query.returns) },
      ...(description !== undefined ? { description } : {}),
    };
  }

  /** The object type of a native query's rows: its logical model's, or its own (named as its root field) when it has relationships. */
  private selectionType(query: NativeQuery): GraphQLObjectType {
    const model = query.returns;
    if (query.relationships.length === 0) return this.modelType(model);
    return this.builder.named(query.rootFieldName, () =>
      objectType({
        name: query.rootFieldName,
        ...(model.description !== undefined ? { description: model.description } : {}),
        fields: () => ({ ...this.modelFields(model), ...this.relationshipFields(query) }),
      }),
    );
  }

  private modelType(model: LogicalModel): GraphQLObjectType {
    return this.builder.named(model.name, () =>
      objectType({
        name: model.name,
        ...(model.description !== undefined ? { description: model.description } : {}),
        fields: () => this.modelFields(model),
      }),
    );
  }

  /** The scalar fields the role may select (`parseLogicalModelField`). */
  private modelFields(model: LogicalModel): Fields {
    const allowed = this.columnsOf(model) ?? new Set<string>();
    const fields: Fields = {};
    for (const field of model.fields) {
      if (field.scalar === undefined || !allowed.has(field.name)) continue;
      const t = this.builder.pgType(field.scalar);
      fields[field.name] = {
        type: field.nullable ? t : nn(t),
        ...(field.description !== undefined ? { description: field.description } : {}),
        ...(field.scalar.json || field.scalar.jsonb ? { args: this.builder.pathArgs() } : {}),
      };
    }
    return fields;
  }

  /** `nativeQueryRelationshipField`: tables and other native queries, no aggregates. */
  private relationshipFields(query: NativeQuery): Fields {
    const fields: Fields = {};
    for (const rel of query.relationships) {
      const description = rel.kind === 'object' ? 'An object relationship' : 'An array relationship';
      if ('table' in rel.target) {
        const table = rel.target.table;
        if (this.builder.select(table) === undefined) continue;
        fields[rel.name] =
          rel.kind === 'object'
            ? { type: this.builder.tableType(table), description }
            : { type: nn(new GraphQLList(nn(this.builder.tableType(table)))), args: this.builder.selectArgs(table), description };
        continue;
      }
      const target = this.byName.get(`${query.source.name}\u0000${rel.target.nativeQuery}`);
      if (target === undefined) continue;
      if (rel.kind === 'array') {
        const field = this.selectField(target, rel.name, true, description);
        if (field !== undefined) fields[rel.name] = field;
      } else if (this.columnsOf(target.returns) !== undefined)
        fields[rel.name] = { type: this.selectionType(target), args: this.argumentsArg(target, rel.name), description };
    }
    return fields;
  }

  /** `args: <field>_arguments!` (`argumentsSchema`), none without arguments. */
  private argumentsArg(query: NativeQuery, fieldName: string): GraphQLFieldConfigArgumentMap {
    if (query.arguments.length === 0) return {};
    // The engine's text has no space before "Native Query" (LogicalModelResolver/Schema.hs).
    const description = `${fieldName}Native Query Arguments`;
    const name = `${fieldName}_arguments`;
    const input = this.builder.named(name, () =>
      inputType({
        name,
        description,
        fields: () => {
          const fields: GraphQLInputFieldConfigMap = {};
          for (const arg of query.arguments) {
            const t = this.builder.pgType(arg.scalar);
            fields[arg.name] = { type: arg.nullable ? t : nn(t), description: arg.description ?? `Native Query argument ${arg.name}` };
          }
          return fields;
        },
      }),
    );
    return { args: { type: nn(input), description } };
  }

  /** `defaultLogicalModelArgs`: distinct_on, limit, offset, order_by, where. */
  private modelArgs(model: LogicalModel): GraphQLFieldConfigArgumentMap {
    const f = (name: string): string => this.builder.namer(model.source).field(name);
    return {
      [f('distinct_on')]: { type: new GraphQLList(nn(this.distinctEnum(model))), description: 'distinct select on columns' },
      limit: { type: GraphQLInt, description: 'limit the number of rows returned' },
      offset: { type: GraphQLInt, description: 'skip the first n rows. Use only with order_by' },
      [f('order_by')]: { type: new GraphQLList(nn(this.orderByType(model))), description: 'sort the rows by one or more columns' },
      where: { type: this.boolExp(model), description: 'filter the rows returned' },
    };
  }

  /** `<model>_enum_name`: every field of the model, no description, no customization (`logicalModelDistinctArg`). */
  private distinctEnum(model: LogicalModel): GraphQLEnumType {
    const name = `${model.name}_enum_name`;
    return this.builder.named(name, () =>
      enumType({ name, values: Object.fromEntries(model.fields.map((f) => [f.name, { description: 'column name', value: f.name }])) }),
    );
  }

  /** A logical model's type name with its source's type customization and naming convention (the model's name as written): `<model>_bool_exp`. */
  private typeName(model: LogicalModel, suffix: string): string {
    return this.builder.typeName(model.source, this.builder.namer(model.source).type(customName(model.name), suffix));
  }

  /** `logicalModelBoolExp`: every scalar field of the model, `_and`, `_not`, `_or`. */
  private boolExp(model: LogicalModel): GraphQLInputObjectType {
    const name = this.typeName(model, 'bool_exp');
    return this.builder.named(name, () => {
      const self: GraphQLInputObjectType = inputType({
        name,
        description: `Boolean expression to filter rows from the logical model for "${model.name}". All fields are combined with a logical 'AND'.`,
        fields: () => {
          const fields: GraphQLInputFieldConfigMap = {
            _and: { type: new GraphQLList(nn(self)) },
            _not: { type: self },
            _or: { type: new GraphQLList(nn(self)) },
          };
          for (const field of model.fields)
            if (field.scalar !== undefined) fields[field.name] = { type: this.builder.comparisonExpOf(field.scalar, model.source) };
          return fields;
        },
      });
      return self;
    });
  }

  /** `logicalModelOrderByExp`: every scalar field of the model. */
  private orderByType(model: LogicalModel): GraphQLInputObjectType {
    const name = this.typeName(model, 'order_by');
    return this.builder.named(name, () =>
      inputType({
        name,
        description: `Ordering options when selecting data from "${model.name}".`,
        fields: () => {
          const orderBy = this.builder.orderByEnum(model.source);
          return Object.fromEntries(model.fields.filter((f) => f.scalar !== undefined).map((f) => [f.name, { type: orderBy }]));
        },
      }),
    );
  }
}
