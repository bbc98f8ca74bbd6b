import { GraphQLBoolean, GraphQLFloat, GraphQLInt, GraphQLList, GraphQLNonNull, GraphQLScalarType, GraphQLString } from 'graphql';
import type {
  GraphQLArgumentConfig,
  GraphQLEnumValueConfigMap,
  GraphQLFieldConfig,
  GraphQLFieldConfigArgumentMap,
  GraphQLFieldConfigMap,
  GraphQLInputFieldConfigMap,
  GraphQLInputType,
  GraphQLNamedType,
  GraphQLOutputType,
  GraphQLType,
  GraphQLEnumType,
  GraphQLInputObjectType,
  GraphQLObjectType,
} from 'graphql';
import type { EngineVersion } from '../../engineVersion';
import { atLeast } from '../../engineVersion';
import type { PgScalar } from '../scalars';
import { pgScalarOf } from '../scalars';
import type { FunctionModel } from '../../db/model';
import type { Column, ComputedField, Relationship, SelectPerm, Source, Table, TablePerms, TrackedFunction } from './metadata';
import type { NamingConvention } from './naming';
import { customName, Namer, type NamePart } from './naming';
import type { RoleView } from './roles';
import { enumType, inputType, lazyField, objectType } from './sorted';
import { originExtensions } from '../operations/provider';

/**
 * The engine's schema for the tables of Postgres sources, one role at a time. Follows
 * hasura/graphql-engine `server/src-lib/Hasura/GraphQL/Schema/` (Select.hs at
 * 727d5d91a35d3f304c4cdd84bae921dbcff8b32c, Mutation.hs 95406bca0c5917abbfd188dc04831e5722772610,
 * BoolExp.hs ed5669623b5696c550624e4858bcef1233ea4ef4, OrderBy.hs 52bf885f142041ed7c278bfb94b2dadcba135458,
 * Update.hs 3ffc3c81662517643a05c4be12e0abddf4a4c016, SubscriptionStream.hs c59d8d518f77ac10e7484a43af957573651dea53,
 * Common.hs f7fef22f83c5cc3fbc5d82b1e649426fc5c1a7bd, Table.hs c4c6334e979b6c119ac53977f47a18ee117e98ea)
 * and the Postgres instances (`Hasura/Backends/Postgres/Instances/Schema.hs`): names, argument
 * lists, which fields exist for which permissions, and the engine's description texts.
 */

/** Names as `hasura-default` makes them, whatever the source's convention (the computed fields' `args` types). */
const HASURA_CASE = new Namer('hasura-default');

/** Engine versions that added parts of the schema (the engine's CHANGELOG.md). */
export const SCHEMA_SINCE = {
  /**
   * jsonb's `_cast: {String: ...}` (hasura/graphql-engine#7818, opened 2021-11-17): not served by
   * v2.0.7 (CubicLu/gh-pabau), served by v2.15.2; taken as the first release after the pull request.
   */
  jsonbCast: { major: 2, minor: 2, patch: 0 },
  /**
   * Description texts only: `upsert condition` (was `on conflict condition`) and the constraint
   * enum's `... on columns "a", "b"`: v2.1.1 has the old texts, nhost's engine of November 2022
   * (v2.15, uncurated-tests/finta) the new; taken from v2.15.
   */
  newDescriptions: { major: 2, minor: 15, patch: 0 },
  /** Description only: `<table>_updates.where` says "filter the rows which have to be updated": not in v2.16.0, in v2.46.0. */
  updatesWhereDescription: { major: 2, minor: 17, patch: 0 },
  /** Streaming subscriptions (`<table>_stream`, `cursor_ordering`). */
  stream: { major: 2, minor: 10, patch: 0 },
  /** `update_<table>_many` and `<table>_updates`. */
  updateMany: { major: 2, minor: 10, patch: 0 },
  /**
   * A table's `custom_name` kept as written in `graphql-default` (`C.fromCustomName`,
   * hasura/graphql-engine#8828, fixed by 9d23a10f330c2a79ebd565cbdddce7e55a4ff6e6 of 2022-08-22,
   * after v2.10.0; taken from v2.11): earlier releases split and re-cased it like a table's name.
   */
  customNamesKept: { major: 2, minor: 11, patch: 0 },
  /**
   * `graphql-default`: a source's prefix and suffix cased as `applyPrefixSuffix` does (`myFoo`, was
   * `myfoo`): hasura/graphql-engine#8544, the engine's CHANGELOG.md under v2.10.0.
   */
  casedCustomization: { major: 2, minor: 10, patch: 0 },
  /** Aggregation predicates in boolean expressions (`<rel>_aggregate: <table>_aggregate_bool_exp`): served by v2.16.0 (novaforgood/canopy's admin schema). */
  aggregatePredicates: { major: 2, minor: 16, patch: 0 },
  /**
   * Postgres enum types count as comparable (max, min) as the engine's `PGEnumScalar`: served by
   * v2.15.2 (SocialGouv/cdtn-admin), not by v2.1.1 (koniuszy/przelejmi); the release between is not pinned.
   */
  enumsComparable: { major: 2, minor: 15, patch: 0 },
  /**
   * Array columns served as GraphQL lists (`[uuid!]`, `uuid_array_comparison_exp`, comparable)
   * instead of a scalar `_uuid`: served by v2.49.4 (5stackgg/api) and masterbots' `latest`.
   */
  arrayLists: { major: 2, minor: 40, patch: 0 },
  /**
   * A function's or computed field's `args` optional when none of its arguments is mandatory (every
   * one has a default): `functionArgs` in `Hasura/Backends/Postgres/Schema/Select.hs` (`if null
   * mandatory then P.fieldOptional ...`, 06a79b9e5903f72feaf8d65fa4c202bced89b5cc), brought back by
   * hasura/graphql-engine#9497 (merged as 0a418040c3 on 2023-06-13, after v2.27.0 was released on
   * 2023-06-08 (its release page); taken from v2.28, the next release, whose notes were not read). Earlier v2 releases always made it required (`pure $ P.field ...`):
   * novaforgood/canopy's v2.16.0 schema serves `get_chat_stats(args: get_chat_stats_args!)` for a
   * function whose two arguments both have defaults.
   */
  optionalFunctionArgs: { major: 2, minor: 28, patch: 0 },
  /**
   * A remote schema's root types named with its `root_fields_namespace` before them (`geoQuery`,
   * `rootTypeNameMap` in `getCustomizer`): the engine's CHANGELOG.md, v2.10.0-beta.1 and v2.10.0:
   * "Use `root_field_namespace` as prefix for remote schema (fix #8438)". Before, a namespaced root
   * type kept its name or took the `type_names` mapping, prefix and suffix (v2.5: two namespaced
   * remote schemas clashed on `Query`). Followed in remote.ts.
   */
  remoteNamespacedRootTypes: { major: 2, minor: 10, patch: 0 },
  /**
   * `graphql-default` cases the engine's own argument and field names `pk_columns`, `affected_rows`
   * and `update_columns` (`pkColumns`, ...): hasura/graphql-engine#8929 (reported on v2.11.1); the
   * engine's test enum_value_convention.yaml calls `updateUsersByPk(pk_columns: ...)` at
   * 069c2e558db32d648e3d3e44d4c08dc19c6040b8 and `(pkColumns: ...)` at
   * 3f773fa686d9c2fd78af43c9a8c90cd594f4a3ee; hasura/graphql-engine#9553 (upgrading 2.16.0 to
   * 2.21.0 turned `pk_columns` into `pkColumns`; a maintainer: "fixes related to the naming
   * conventions feature introduced in v2.21", #9426, #9430). The code applies
   * `applyFieldNameCaseIdentifier tCase` to each, unflagged. Taken from v2.21; the other names of
   * #8929 (`stddev_pop`, `_delete_at_path`) are cased for every version (their release is not known).
   */
  casedEngineFields: { major: 2, minor: 21, patch: 0 },
  /**
   * The database's COMMENTs on tables, columns and functions are no longer descriptions (only the
   * metadata's `configuration.comment`, `column_config.<column>.comment`, a function's `comment`
   * are): the engine's v2.51.1 release notes ("Breaking (server): Hasura no longer imports
   * PostgreSQL COMMENTs on tables, columns and functions into the GraphQL schema"; the CLI's
   * `hasura metadata codemod migrate-postgres-comments` copies them into the metadata).
   */
  noDatabaseComments: { major: 2, minor: 51, patch: 1 },
} as const satisfies Record<string, EngineVersion>;

export type RootKind = 'query' | 'mutation' | 'subscription';

type Fields = GraphQLFieldConfigMap<unknown, unknown>;
type InputFields = GraphQLInputFieldConfigMap;

function nn<T extends GraphQLType>(t: T): GraphQLNonNull<T> {
  return new GraphQLNonNull(t);
}

function list<T extends GraphQLType>(t: T): GraphQLList<T> {
  return new GraphQLList(t);
}

function desc(description: string | undefined): { description?: string } {
  return description === undefined ? {} : { description };
}

const BUILT_IN: Readonly<Record<string, GraphQLScalarType>> = { Int: GraphQLInt, Float: GraphQLFloat, String: GraphQLString, Boolean: GraphQLBoolean };

/** The string operators of text columns, with the engine's descriptions. */
const STRING_OPS: readonly (readonly [string, string])[] = [
  ['_ilike', 'does the column match the given case-insensitive pattern'],
  ['_iregex', 'does the column match the given POSIX regular expression, case insensitive'],
  ['_like', 'does the column match the given pattern'],
  ['_nilike', 'does the column NOT match the given case-insensitive pattern'],
  ['_niregex', 'does the column NOT match the given POSIX regular expression, case insensitive'],
  ['_nlike', 'does the column NOT match the given pattern'],
  ['_nregex', 'does the column NOT match the given POSIX regular expression, case sensitive'],
  ['_nsimilar', 'does the column NOT match the given SQL regular expression'],
  ['_regex', 'does the column match the given POSIX regular expression, case sensitive'],
  ['_similar', 'does the column match the given SQL regular expression'],
];

/**
 * The aggregation predicates over float8 columns (`corr` and `covar_samp` take two columns, `X` and
 * `Y`): served by v2.49.4 (5stackgg/api); no project on an older engine has float8 columns, so they
 * are taken to come with aggregation predicates.
 */
const FLOAT_PREDICATES: readonly string[] = ['avg', 'corr', 'covar_samp', 'max', 'min', 'stddev_samp', 'sum', 'var_samp'];

const NUMERIC_AGGREGATES: readonly string[] = ['avg', 'stddev', 'stddev_pop', 'stddev_samp', 'sum', 'var_pop', 'var_samp', 'variance'];

const UPDATE_ARG_DESCRIPTIONS: Readonly<Record<string, string>> = {
  _append: 'append existing jsonb value of filtered columns with new jsonb value',
  _delete_at_path: 'delete the field or element with specified path (for JSON arrays, negative integers count from the end)',
  _delete_elem: 'delete the array element with specified index (negative integers count from the end). throws an error if top level container is not an array',
  _delete_key: 'delete key/value pair or string element. key/value pairs are matched based on their key value',
  _inc: 'increments the numeric columns with given value of the filtered values',
  _prepend: 'prepend existing jsonb value of filtered columns with new jsonb value',
  _set: 'sets the columns of the filtered rows to the given values',
};

export interface BuildOptions {
  readonly role: RoleView;
  readonly namingConvention: NamingConvention;
  readonly engineVersion: EngineVersion;
  /** Every tracked table by `source\u0000schema.name`. */
  readonly tables: ReadonlyMap<string, Table>;
  /** The engine's `HASURA_GRAPHQL_INFER_FUNCTION_PERMISSIONS` (default true): a role that may select a function's table may call it. */
  readonly inferFunctionPermissions: boolean;
}

/** Root fields of one kind, in the order they were made. */
export type RootFields = Record<RootKind, Fields>;

export class TableSchemaBuilder {
  private readonly types = new Map<string, GraphQLNamedType>();
  private readonly namers = new Map<NamingConvention, Namer>();

  constructor(private readonly options: BuildOptions) {}

  /** Every named type made so far (the schema keeps those its roots reach). */
  namedTypes(): GraphQLNamedType[] {
    return [...this.types.values()];
  }

  namer(source?: Source): Namer {
    const convention = source?.naming ?? this.options.namingConvention;
    let namer = this.namers.get(convention);
    if (namer === undefined) {
      namer = new Namer(convention);
      this.namers.set(convention, namer);
    }
    return namer;
  }

  private since(fact: keyof typeof SCHEMA_SINCE): boolean {
    return atLeast(this.options.engineVersion, SCHEMA_SINCE[fact]);
  }

  private perms(table: Table): TablePerms {
    return this.options.role.perms(table);
  }

  select(table: Table): SelectPerm | undefined {
    return this.perms(table).select;
  }

  /** A type made once per name. */
  named<T extends GraphQLNamedType>(name: string, make: () => T): T {
    const found = this.types.get(name);
    if (found !== undefined) return found as T;
    const made = make();
    this.types.set(name, made);
    return made;
  }

  /** A table's type name: `users_bool_exp` (source type prefix and suffix included). */
  private tn(table: Table, ...suffix: string[]): string {
    const key = suffix.join('\u0000');
    let names = this.typeNames.get(table);
    if (names === undefined) this.typeNames.set(table, (names = new Map<string, string>()));
    let name = names.get(key);
    if (name === undefined) names.set(key, (name = this.typeName(table.source, this.namer(table.source).type(...this.nameParts(table, 'type'), ...suffix))));
    return name;
  }

  /** A type name with its source's `type_names` prefix and suffix (`mkTypename`). */
  typeName(source: Source, name: string): string {
    return this.namer(source).customize(source.typePrefix, name, source.typeSuffix, this.since('casedCustomization'));
  }

  /** A root field name with its source's `root_fields` prefix and suffix (`MkRootFieldName`). */
  private rootFieldName(source: Source, name: string): string {
    return this.namer(source).customize(source.rootPrefix, name, source.rootSuffix, this.since('casedCustomization'));
  }

  /**
   * The parts a table's names are built from (`getTableIdentifierName`): its custom name, one piece
   * kept as written, else its schema (outside `public`) and its name, each split at `_`.
   */
  private nameParts(table: Table, kind: 'type' | 'field'): NamePart[] {
    const custom = table.customName;
    if (custom !== undefined) {
      if (this.since('customNamesKept')) return [customName(custom)];
      // Before v2.11 (hasura/graphql-engine#8828): types split and re-cased it, fields kept it but for the first letter.
      return kind === 'type' ? [custom] : [{ custom, lowerFirstBeforeMore: true }];
    }
    return table.schema === 'public' ? [table.name] : [table.schema, table.name];
  }

  /** Each table's type names by suffix: made once (a type is referred to many times). */
  private readonly typeNames = new Map<Table, Map<string, string>>();

  private f(table: Table | undefined, ...parts: string[]): string {
    return this.namer(table?.source).field(...parts);
  }

  /** `pk_columns`, `affected_rows`, `update_columns`: in the naming convention from SCHEMA_SINCE.casedEngineFields, as written before. */
  private engineField(table: Table, name: string): string {
    return this.since('casedEngineFields') ? this.f(table, name) : name;
  }

  /**
   * `<relationship>_aggregate` / `<relationship>Aggregate` in boolean expressions and ordering: the
   * relationship's name is kept as written there (the object field is camelCase: masterbots' schema).
   */
  private relAggregate(table: Table, rel: string): string {
    return rel + (this.namer(table.source).graphqlCase ? 'Aggregate' : '_aggregate');
  }

  /**
   * The engine's names of the aggregation predicate types, which do not follow graphql-default's
   * type case (masterbots' schema): `<table>_aggregate_bool_exp_bool_and` /
   * `chatbotAggregateBoolExpBool_and` (the table in field case, the function capitalised, as is).
   */
  private predicateTypeName(table: Table, fn: string): string {
    const namer = this.namer(table.source);
    if (!namer.graphqlCase) return this.tn(table, 'aggregate_bool_exp', fn);
    return this.typeName(table.source, namer.field(...this.nameParts(table, 'field')) + 'AggregateBoolExp' + fn[0]!.toUpperCase() + fn.slice(1));
  }

  /** `<table>_select_column_<table>_aggregate_bool_exp_bool_and_arguments_columns` / `ChatbotSelectColumnChatbotAggregateBoolExpBool_andArgumentsColumns`. */
  private predicateColumnsName(table: Table, fn: string): string {
    const namer = this.namer(table.source);
    const t = namer.type(...this.nameParts(table, 'type'));
    if (!namer.graphqlCase) return this.tn(table, 'select_column', t, 'aggregate_bool_exp', fn, 'arguments_columns');
    return this.typeName(table.source, `${t}SelectColumn${t}AggregateBoolExp${fn[0]!.toUpperCase()}${fn.slice(1)}ArgumentsColumns`);
  }

  private quoted(table: Table): string {
    return table.schema === 'public' ? table.name : `${table.schema}.${table.name}`;
  }

  // ---- scalars and comparison expressions

  scalar(name: string): GraphQLScalarType {
    return BUILT_IN[name] ?? this.named(name, () => new GraphQLScalarType({ name }));
  }

  private columnType(column: Column): GraphQLInputType & GraphQLOutputType {
    if (column.enumRef !== undefined) return this.enumTableType(column.enumRef);
    return this.pgType(column.scalar);
  }

  /** A Postgres type's GraphQL type (`columnParser`): its scalar, or a list of its element's in later releases. */
  pgType(scalar: PgScalar): GraphQLInputType & GraphQLOutputType {
    const element = scalar.element;
    if (element !== undefined && this.since('arrayLists')) return list(nn(this.scalar(element.name)));
    return this.scalar(scalar.name);
  }

  /** The `path` argument of json and jsonb fields. */
  pathArgs(): GraphQLFieldConfigArgumentMap {
    return { path: { type: GraphQLString, description: 'JSON select path' } };
  }

  private enumTableType(table: Table): GraphQLEnumType {
    const name = this.tn(table, 'enum');
    return this.named(name, () =>
      enumType({
        name,
        ...desc(table.description),
        values: () => Object.fromEntries((table.relation.enumRows ?? []).map((row) => [this.namer(table.source).enumValue(row.value), desc(row.comment)])),
      }),
    );
  }

  private comparisonExp(column: Column, source: Source): GraphQLInputObjectType {
    if (column.enumRef === undefined) return this.comparisonExpOf(column.scalar, source);
    const namer = this.namer(source);
    const enumType = this.enumTableType(column.enumRef);
    // `comparisonExps`: `applyTypeNameCaseCust tCase (P.getName typedParser <> _comparison_exp)`, the
    // enum's own name (its source's type prefix and suffix in it) then the suffix, the whole re-cased
    // (Postgres `Instances/Schema.hs` at 005810f5f658a785bcf23843221c6b5ab55e9520).
    const name = namer.type(enumType.name, 'comparison_exp');
    return this.named(name, () =>
      inputType({
        name,
        description: `Boolean expression to compare columns of type "${enumType.name}". All fields are combined with logical 'AND'.`,
        fields: {
          _eq: { type: enumType },
          _in: { type: list(nn(enumType)) },
          [namer.field('_is_null')]: { type: GraphQLBoolean },
          _neq: { type: enumType },
          _nin: { type: list(nn(enumType)) },
        },
      }),
    );
  }

  /**
   * `<scalar>_comparison_exp` of a Postgres type (`<scalar>_array_comparison_exp` for arrays served as
   * lists), in the naming convention but never with the source's `type_names` prefix and suffix:
   * `comparisonExps` names it `applyTypeNameCaseCust tCase (P.getName typedParser <> _comparison_exp)`
   * with no `mkTypename` (Postgres `Instances/Schema.hs`, newest, and every earlier version read), and
   * the scalar's own name (`mkScalarTypeName`) is not customized either.
   */
  comparisonExpOf(scalar: PgScalar, source: Source): GraphQLInputObjectType {
    const element = scalar.element;
    if (element !== undefined && this.since('arrayLists')) return this.arrayComparisonExp(element, source);
    return this.scalarComparisonExp(scalar, source);
  }

  /** `<scalar>_array_comparison_exp`: the operators of array columns served as lists. */
  private arrayComparisonExp(element: PgScalar, source: Source): GraphQLInputObjectType {
    const namer = this.namer(source);
    const name = namer.type(element.name, 'array_comparison_exp');
    return this.named(name, () => {
      const t = list(nn(this.scalar(element.name)));
      return inputType({
        name,
        description: `Boolean expression to compare columns of type "${element.name}". All fields are combined with logical 'AND'.`,
        fields: {
          [namer.field('_contained_in')]: { type: t, description: 'is the array contained in the given array value' },
          _contains: { type: t, description: 'does the array contain the given value' },
          _eq: { type: t },
          _gt: { type: t },
          _gte: { type: t },
          _in: { type: list(nn(t)) },
          [namer.field('_is_null')]: { type: GraphQLBoolean },
          _lt: { type: t },
          _lte: { type: t },
          _neq: { type: t },
          _nin: { type: list(nn(t)) },
        },
      });
    });
  }

  private scalarComparisonExp(scalar: PgScalar, source: Source): GraphQLInputObjectType {
    const namer = this.namer(source);
    const name = namer.type(scalar.name, 'comparison_exp');
    return this.named(name, () => {
      const t = this.scalar(scalar.name);
      const fields: InputFields = {
        _eq: { type: t },
        _gt: { type: t },
        _gte: { type: t },
        _in: { type: list(nn(t)) },
        [namer.field('_is_null')]: { type: GraphQLBoolean },
        _lt: { type: t },
        _lte: { type: t },
        _neq: { type: t },
        _nin: { type: list(nn(t)) },
      };
      if (scalar.string) for (const [op, d] of STRING_OPS) fields[op] = { type: t, description: d };
      if (scalar.jsonb && this.since('jsonbCast')) {
        // `castExp`: `applyTypeNameCaseIdentifier tCase (scalarTypeName <> cast_exp)`, no `mkTypename`:
        // never the source's type prefix and suffix (Postgres `Instances/Schema.hs` at 005810f5f658a785bcf23843221c6b5ab55e9520).
        const castName = namer.type('jsonb', 'cast_exp');
        const stringExp = this.scalarComparisonExp(pgScalarOf('text'), source);
        fields._cast = {
          type: this.named(castName, () => inputType({ name: castName, fields: { String: { type: stringExp } } })),
        };
      }
      if (scalar.jsonb) {
        fields[namer.field('_contained_in')] = { type: t, description: 'is the column contained in the given json value' };
        fields._contains = { type: t, description: 'does the column contain the given json value at the top level' };
        fields[namer.field('_has_key')] = { type: GraphQLString, description: 'does the string exist as a top-level key in the column' };
        fields[namer.field('_has_keys_all')] = { type: list(nn(GraphQLString)), description: 'do all of these strings exist as top-level keys in the column' };
        fields[namer.field('_has_keys_any')] = { type: list(nn(GraphQLString)), description: 'do any of these strings exist as top-level keys in the column' };
      }
      return inputType({
        name,
        description: `Boolean expression to compare columns of type "${scalar.name}". All fields are combined with logical 'AND'.`,
        fields,
      });
    });
  }

  orderByEnum(source: Source): GraphQLEnumType {
    const namer = this.namer(source);
    const name = namer.type('order_by');
    return this.named(name, () =>
      enumType({
        name,
        description: 'column ordering options',
        values: {
          [namer.enumValue('asc')]: { description: 'in ascending order, nulls last' },
          [namer.enumValue('asc_nulls_first')]: { description: 'in ascending order, nulls first' },
          [namer.enumValue('asc_nulls_last')]: { description: 'in ascending order, nulls last' },
          [namer.enumValue('desc')]: { description: 'in descending order, nulls first' },
          [namer.enumValue('desc_nulls_first')]: { description: 'in descending order, nulls first' },
          [namer.enumValue('desc_nulls_last')]: { description: 'in descending order, nulls last' },
        },
      }),
    );
  }

  private cursorOrdering(source: Source): GraphQLEnumType {
    // `cursorOrderingArgParser`: with the source's type customization (`order_by` has none: `orderByOperator'`).
    const name = this.typeName(source, this.namer(source).type('cursor_ordering'));
    return this.named(name, () =>
      enumType({
        name,
        description: 'ordering argument of a cursor',
        values: { ASC: { description: 'ascending ordering of the cursor' }, DESC: { description: 'descending ordering of the cursor' } },
      }),
    );
  }

  // ---- columns a role sees

  private readonly selectable = new Map<Table, Column[]>();

  selectColumns(table: Table): Column[] {
    let columns = this.selectable.get(table);
    if (columns === undefined) {
      const sel = this.select(table);
      columns = sel === undefined ? [] : table.columns.filter((c) => sel.columns.has(c.name));
      this.selectable.set(table, columns);
    }
    return columns;
  }

  /** Relationships to tables the role may select from. */
  private relationships(table: Table): Relationship[] {
    return table.relationships.filter((r) => this.select(r.target) !== undefined);
  }

  private insertColumns(table: Table): Column[] {
    const perm = this.perms(table).insert;
    return perm === undefined ? [] : table.columns.filter((c) => perm.columns.has(c.name) && !perm.presets.has(c.name) && !c.generated);
  }

  private updateColumns(table: Table): Column[] {
    const perm = this.perms(table).update;
    return perm === undefined ? [] : table.columns.filter((c) => perm.columns.has(c.name) && !perm.presets.has(c.name) && !c.generated);
  }

  // ---- the table's object types

  tableType(table: Table): GraphQLObjectType {
    const name = this.tn(table);
    return this.named(name, () =>
      objectType({
        name,
        description: table.description ?? `columns and relationships of "${this.quoted(table)}"`,
        fields: () => this.tableFields(table),
        extensions: originExtensions({ kind: 'table', ...tableOrigin(table) }),
      }),
    );
  }

  private tableFields(table: Table): Fields {
    const fields: Fields = {};
    // An inherited role's redacted column is nullable: `columnSelectionNullable` in Select.hs (newest;
    // `ciIsNullable columnInfo || isJust caseBoolExp` in the v2.0-era `fieldSelection`).
    const redacted = this.select(table)?.redacted;
    for (const column of this.selectColumns(table)) {
      const t = this.columnType(column);
      const field: GraphQLFieldConfig<unknown, unknown> = {
        type: column.nullable || redacted?.has(column.name) === true ? t : nn(t),
        ...desc(column.description),
        extensions: originExtensions({ kind: 'column', ...tableOrigin(table), name: column.name }),
      };
      if (column.scalar.json || column.scalar.jsonb) field.args = this.pathArgs();
      fields[column.field] = field;
    }
    for (const cf of this.computedFields(table)) {
      const field = this.computedFieldConfig(table, cf);
      if (field !== undefined) fields[cf.name] = { ...field, extensions: originExtensions({ kind: 'computed_field', ...tableOrigin(table), name: cf.name }) };
    }
    for (const rel of this.relationships(table)) {
      const target = rel.target;
      const extensions = originExtensions({ kind: 'relationship', ...tableOrigin(table), name: rel.name });
      if (rel.kind === 'object') {
        const t = this.tableType(target);
        fields[rel.name] = { type: rel.nullable ? t : nn(t), description: rel.description ?? 'An object relationship', extensions };
        continue;
      }
      fields[rel.name] = {
        type: nn(list(nn(this.tableType(target)))),
        description: rel.description ?? 'An array relationship',
        args: this.selectArgs(target),
        extensions,
      };
      if (this.select(target)?.aggregations === true)
        fields[this.f(table, rel.name, 'aggregate')] = {
          type: nn(this.aggregateType(target)),
          description: rel.description ?? 'An aggregate relationship',
          args: this.selectArgs(target),
          extensions,
        };
    }
    if (table.remoteRelationships.length > 0) Object.assign(fields, this.remoteSourceFields(table));
    return fields;
  }

  /**
   * Remote relationships to tables of other sources (`remoteRelationshipToSourceField` in
   * Schema/RemoteRelationship.hs at 6cc51b942c63080199d91d6e104a6ed8ba257775): where the role may
   * select the target (the join columns need no permission: `tableSelectFields` lets every remote
   * relationship through), an object one is the target's type (nullable), an array
   * one `[T!]!` with the target's select arguments and `<name>_aggregate` (the target source's
   * naming) where aggregations are allowed; no descriptions; never in `bool_exp` or `order_by`.
   */
  private remoteSourceFields(table: Table): Fields {
    const fields: Fields = {};
    for (const rel of table.remoteRelationships) {
      if (rel.kind !== 'source') continue;
      const target = this.select(rel.target);
      if (target === undefined) continue;
      const extensions = originExtensions({ kind: 'remote_relationship', ...tableOrigin(table), name: rel.name });
      if (rel.type === 'object') {
        fields[rel.name] = { type: this.tableType(rel.target), extensions };
        continue;
      }
      fields[rel.name] = { type: nn(list(nn(this.tableType(rel.target)))), args: this.selectArgs(rel.target), extensions };
      if (target.aggregations)
        fields[this.f(rel.target, rel.name, 'aggregate')] = { type: nn(this.aggregateType(rel.target)), args: this.selectArgs(rel.target), extensions };
    }
    return fields;
  }

  /** `distinct_on`, `limit`, `offset`, `order_by`, `where`. */
  selectArgs(table: Table): GraphQLFieldConfigArgumentMap {
    let args = this.selectArgsMemo.get(table);
    if (args === undefined) this.selectArgsMemo.set(table, (args = this.makeSelectArgs(table)));
    return args;
  }

  private readonly selectArgsMemo = new Map<Table, GraphQLFieldConfigArgumentMap>();

  private makeSelectArgs(table: Table): GraphQLFieldConfigArgumentMap {
    return {
      [this.f(table, 'distinct_on')]: { type: list(nn(this.selectColumnEnum(table))), description: 'distinct select on columns' },
      limit: { type: GraphQLInt, description: 'limit the number of rows returned' },
      offset: { type: GraphQLInt, description: 'skip the first n rows. Use only with order_by' },
      [this.f(table, 'order_by')]: { type: list(nn(this.orderByType(table))), description: 'sort the rows by one or more columns' },
      where: { type: this.boolExp(table), description: 'filter the rows returned' },
    };
  }

  /** A column enum; its values are made when someone asks for them (every table's root fields name two or three). */
  private columnEnum(name: string, description: string, columnsOf: () => readonly Column[]): GraphQLEnumType {
    return this.named(name, () =>
      enumType({
        name,
        description,
        values: () => {
          const columns = columnsOf();
          const values: GraphQLEnumValueConfigMap = {};
          for (const c of columns) values[c.field] = { description: 'column name', value: c.name };
          if (columns.length === 0) values._PLACEHOLDER = { description: 'placeholder (do not use)' };
          return values;
        },
      }),
    );
  }

  selectColumnEnum(table: Table): GraphQLEnumType {
    return this.columnEnum(this.tn(table, 'select_column'), `select columns of table "${this.quoted(table)}"`, () => this.selectColumns(table));
  }

  aggregateType(table: Table): GraphQLObjectType {
    const name = this.tn(table, 'aggregate');
    return this.named(name, () =>
      objectType({
        name,
        description: `aggregated selection of "${this.quoted(table)}"`,
        fields: () => ({
          aggregate: { type: this.aggregateFieldsType(table) },
          nodes: { type: nn(list(nn(this.tableType(table)))) },
        }),
      }),
    );
  }

  private numericColumns(columns: readonly Column[]): Column[] {
    return columns.filter((c) => c.enumRef === undefined && c.scalar.numeric);
  }

  private comparableColumns(columns: readonly Column[]): Column[] {
    const enums = this.since('enumsComparable');
    const arrays = this.since('arrayLists');
    return columns.filter(
      (c) => c.enumRef === undefined && (c.scalar.comparable || (enums && c.scalar.postgresEnum === true) || (arrays && c.scalar.element !== undefined)),
    );
  }

  private aggregateFieldsType(table: Table): GraphQLObjectType {
    const name = this.tn(table, 'aggregate_fields');
    return this.named(name, () =>
      objectType({
        name,
        description: `aggregate fields of "${this.quoted(table)}"`,
        fields: () => {
          const columns = this.selectColumns(table);
          const fields: Fields = {};
          const numeric = this.numericColumns(columns);
          const comparable = this.comparableColumns(columns);
          fields.count = {
            type: nn(GraphQLInt),
            args: { columns: { type: list(nn(this.selectColumnEnum(table))) }, distinct: { type: GraphQLBoolean } },
          };
          for (const op of NUMERIC_AGGREGATES) {
            if (numeric.length === 0) break;
            fields[this.f(table, op)] = { type: this.aggregateOpType(table, op, numeric, op === 'sum' ? undefined : GraphQLFloat) };
          }
          if (comparable.length > 0)
            for (const op of ['max', 'min']) fields[this.f(table, op)] = { type: this.aggregateOpType(table, op, comparable, undefined) };
          return fields;
        },
      }),
    );
  }

  private aggregateOpType(table: Table, op: string, columns: readonly Column[], type: GraphQLScalarType | undefined): GraphQLObjectType {
    const name = this.tn(table, op, 'fields');
    return this.named(name, () =>
      objectType({
        name,
        description: `aggregate ${this.f(table, op)} on columns`,
        fields: () => Object.fromEntries(columns.map((c) => [c.field, { type: type ?? this.columnType(c), ...desc(c.description) }])),
      }),
    );
  }

  // ---- filters and ordering

  boolExp(table: Table): GraphQLInputObjectType {
    const name = this.tn(table, 'bool_exp');
    return this.named(name, () => {
      const self: GraphQLInputObjectType = inputType({
        name,
        description: `Boolean expression to filter rows from the table "${this.quoted(table)}". All fields are combined with a logical 'AND'.`,
        fields: () => {
          const fields: InputFields = { _and: { type: list(nn(self)) }, _not: { type: self }, _or: { type: list(nn(self)) } };
          for (const column of this.selectColumns(table)) fields[column.field] = { type: this.comparisonExp(column, table.source) };
          for (const cf of this.computedFields(table)) {
            const shape = this.computedShape(table, cf);
            if (shape === undefined || shape.args.length > 0) continue;
            if (shape.returns !== undefined) {
              if (this.select(shape.returns) !== undefined) fields[cf.name] = { type: this.boolExp(shape.returns) };
            } else fields[cf.name] = { type: this.scalarComparisonExp(pgScalarOf(shape.model.returnType), table.source) };
          }
          for (const rel of this.relationships(table)) {
            fields[rel.name] = { type: this.boolExp(rel.target) };
            if (rel.kind === 'array' && this.since('aggregatePredicates') && this.select(rel.target)?.aggregations === true)
              fields[this.relAggregate(table, rel.name)] = { type: this.aggregateBoolExp(rel.target) };
          }
          return fields;
        },
      });
      return self;
    });
  }

  private aggregateBoolExp(table: Table): GraphQLInputObjectType {
    const name = this.tn(table, 'aggregate_bool_exp');
    return this.named(name, () =>
      inputType({
        name,
        fields: () => {
          const fields: InputFields = {};
          const booleans = this.selectColumns(table).filter((c) => c.enumRef === undefined && c.scalar.name === 'Boolean');
          const predicate = (fn: string, args: GraphQLInputType, predicateType: GraphQLInputType): GraphQLInputObjectType => {
            const typeName = this.predicateTypeName(table, fn);
            return this.named(typeName, () =>
              inputType({
                name: typeName,
                fields: () => ({
                  arguments: { type: args },
                  distinct: { type: GraphQLBoolean },
                  filter: { type: this.boolExp(table) },
                  predicate: { type: nn(predicateType) },
                }),
              }),
            );
          };
          const columnsEnum = (fn: string, columns: readonly Column[]): GraphQLEnumType =>
            this.columnEnum(
              this.predicateColumnsName(table, fn),
              `select "${this.predicateTypeName(table, fn)}${this.namer(table.source).graphqlCase ? 'ArgumentsColumns' : '_arguments_columns'}" columns of table "${this.quoted(table)}"`,
              () => columns,
            );
          const boolExp = this.scalarComparisonExp(pgScalarOf('boolean'), table.source);
          for (const fn of booleans.length > 0 ? ['bool_and', 'bool_or'] : []) fields[fn] = { type: predicate(fn, nn(columnsEnum(fn, booleans)), boolExp) };
          const floats = this.selectColumns(table).filter((c) => c.enumRef === undefined && c.scalar.name === 'float8');
          const floatExp = this.scalarComparisonExp(pgScalarOf('float8'), table.source);
          for (const fn of floats.length > 0 ? FLOAT_PREDICATES : []) {
            const columns = nn(columnsEnum(fn, floats));
            if (fn !== 'corr' && fn !== 'covar_samp') {
              fields[fn] = { type: predicate(fn, columns, floatExp) };
              continue;
            }
            const argsName = this.predicateTypeName(table, fn) + (this.namer(table.source).graphqlCase ? 'Arguments' : '_arguments');
            const args = this.named(argsName, () => inputType({ name: argsName, fields: { X: { type: columns }, Y: { type: columns } } }));
            fields[fn] = { type: predicate(fn, nn(args), floatExp) };
          }
          const intExp = this.scalarComparisonExp(pgScalarOf('integer'), table.source);
          fields.count = { type: predicate('count', list(nn(this.selectColumnEnum(table))), intExp) };
          return fields;
        },
      }),
    );
  }

  orderByType(table: Table): GraphQLInputObjectType {
    const name = this.tn(table, 'order_by');
    return this.named(name, () =>
      inputType({
        name,
        description: `Ordering options when selecting data from "${this.quoted(table)}".`,
        fields: () => {
          const orderBy = this.orderByEnum(table.source);
          const fields: InputFields = {};
          for (const column of this.selectColumns(table)) fields[column.field] = { type: orderBy };
          for (const cf of this.computedFields(table)) {
            const shape = this.computedShape(table, cf);
            if (shape !== undefined && shape.args.length === 0 && shape.returns === undefined) fields[cf.name] = { type: orderBy };
          }
          for (const rel of this.relationships(table)) {
            if (rel.kind === 'object') fields[rel.name] = { type: this.orderByType(rel.target) };
            else fields[this.relAggregate(table, rel.name)] = { type: this.aggregateOrderBy(rel.target) };
          }
          return fields;
        },
      }),
    );
  }

  private aggregateOrderBy(table: Table): GraphQLInputObjectType {
    const name = this.tn(table, 'aggregate_order_by');
    return this.named(name, () =>
      inputType({
        name,
        description: `order by aggregate values of table "${this.quoted(table)}"`,
        fields: () => {
          const orderBy = this.orderByEnum(table.source);
          const columns = this.selectColumns(table);
          const numeric = this.numericColumns(columns);
          const comparable = this.comparableColumns(columns);
          const fields: InputFields = { count: { type: orderBy } };
          const opType = (op: string, cols: readonly Column[]): GraphQLInputObjectType => {
            const typeName = this.tn(table, op, 'order_by');
            return this.named(typeName, () =>
              inputType({
                name: typeName,
                description: `order by ${this.f(table, op)}() on columns of table "${this.quoted(table)}"`,
                fields: () => Object.fromEntries(cols.map((c) => [c.field, { type: orderBy, ...desc(c.description) }])),
              }),
            );
          };
          if (numeric.length > 0) for (const op of NUMERIC_AGGREGATES) fields[this.f(table, op)] = { type: opType(op, numeric) };
          if (comparable.length > 0) for (const op of ['max', 'min']) fields[this.f(table, op)] = { type: opType(op, comparable) };
          return fields;
        },
      }),
    );
  }

  // ---- inserts

  private upsertDescription(): string {
    return this.since('newDescriptions') ? 'upsert condition' : 'on conflict condition';
  }

  private hasConstraints(table: Table): boolean {
    return (table.relation.constraints ?? []).length > 0;
  }

  /**
   * `on_conflict` exists for a table with constraints, also for a role that may not update it (its
   * `update_column` enum is then `_PLACEHOLDER`: novaforgood/canopy's user schema, v2.16.0).
   */
  private onConflictType(table: Table): GraphQLInputObjectType | undefined {
    if (!this.hasConstraints(table)) return undefined;
    const name = this.tn(table, 'on_conflict');
    return this.named(name, () =>
      inputType({
        name,
        description: `${this.since('newDescriptions') ? 'on_conflict' : 'on conflict'} condition type for table "${this.quoted(table)}"`,
        fields: () => ({
          constraint: { type: nn(this.constraintEnum(table)) },
          [this.engineField(table, 'update_columns')]: { type: nn(list(nn(this.updateColumnEnum(table)))), defaultValue: [] },
          where: { type: this.boolExp(table) },
        }),
      }),
    );
  }

  private constraintEnum(table: Table): GraphQLEnumType {
    const name = this.tn(table, 'constraint');
    return this.named(name, () =>
      enumType({
        name,
        description: `unique or primary key constraints on table "${this.quoted(table)}"`,
        values: () =>
          Object.fromEntries(
            (table.relation.constraints ?? []).map((c) => [
              c.name,
              {
                description: this.since('newDescriptions')
                  ? `unique or primary key constraint on columns ${c.columns.map((col) => `"${col}"`).join(', ')}`
                  : 'unique or primary key constraint',
              },
            ]),
          ),
      }),
    );
  }

  private updateColumnEnum(table: Table): GraphQLEnumType {
    return this.columnEnum(this.tn(table, 'update_column'), `update columns of table "${this.quoted(table)}"`, () => this.updateColumns(table));
  }

  insertInput(table: Table): GraphQLInputObjectType {
    const name = this.tn(table, 'insert_input');
    return this.named(name, () =>
      inputType({
        name,
        description: `input type for inserting data into table "${this.quoted(table)}"`,
        fields: () => {
          const fields: InputFields = {};
          for (const column of this.insertColumns(table)) fields[column.field] = { type: this.columnType(column), ...desc(column.description) };
          for (const rel of table.relationships) {
            if (this.perms(rel.target).insert === undefined) continue;
            fields[rel.name] = { type: rel.kind === 'object' ? this.objRelInsertInput(rel.target) : this.arrRelInsertInput(rel.target) };
          }
          return fields;
        },
      }),
    );
  }

  private relInsertInput(table: Table, kind: 'obj' | 'arr'): GraphQLInputObjectType {
    const name = this.tn(table, `${kind}_rel_insert_input`);
    return this.named(name, () =>
      inputType({
        name,
        description: `input type for inserting ${kind === 'obj' ? 'object' : 'array'} relation for remote table "${this.quoted(table)}"`,
        fields: () => {
          const input = nn(this.insertInput(table));
          const fields: InputFields = { data: { type: kind === 'obj' ? input : nn(list(input)) } };
          const onConflict = this.onConflictType(table);
          if (onConflict !== undefined) fields[this.f(table, 'on_conflict')] = { type: onConflict, description: this.upsertDescription() };
          return fields;
        },
      }),
    );
  }

  private objRelInsertInput(table: Table): GraphQLInputObjectType {
    return this.relInsertInput(table, 'obj');
  }

  private arrRelInsertInput(table: Table): GraphQLInputObjectType {
    return this.relInsertInput(table, 'arr');
  }

  mutationResponse(table: Table): GraphQLObjectType {
    const name = this.tn(table, 'mutation_response');
    return this.named(name, () =>
      objectType({
        name,
        description: `response of any mutation on the table "${this.quoted(table)}"`,
        fields: () => {
          const fields: Fields = {
            [this.engineField(table, 'affected_rows')]: { type: nn(GraphQLInt), description: 'number of rows affected by the mutation' },
          };
          if (this.select(table) !== undefined)
            fields.returning = { type: nn(list(nn(this.tableType(table)))), description: 'data from the rows affected by the mutation' };
          return fields;
        },
      }),
    );
  }

  // ---- updates

  /** The update operators' arguments (`_set`, `_inc`, jsonb ones) for the role's updatable columns. */
  private updateOperators(table: Table): GraphQLFieldConfigArgumentMap {
    const columns = this.updateColumns(table);
    const args: GraphQLFieldConfigArgumentMap = {};
    const input = (suffix: string, description: string, cols: readonly Column[], type: (c: Column) => GraphQLInputType): GraphQLInputObjectType => {
      const name = this.tn(table, suffix);
      return this.named(name, () =>
        inputType({
          name,
          description,
          fields: () => Object.fromEntries(cols.map((c) => [c.field, { type: type(c), ...desc(c.description) }])),
        }),
      );
    };
    const jsonb = columns.filter((c) => c.enumRef === undefined && c.scalar.jsonb);
    const numeric = this.numericColumns(columns);
    const add = (op: string, type: GraphQLInputObjectType): void => {
      args[this.f(table, op)] = { type, description: UPDATE_ARG_DESCRIPTIONS[op] ?? '' } satisfies GraphQLArgumentConfig;
    };
    if (jsonb.length > 0) {
      add(
        '_append',
        input('append_input', `append existing jsonb value of filtered columns with new jsonb value`, jsonb, (c) => this.columnType(c)),
      );
      add(
        '_delete_at_path',
        input('delete_at_path_input', `delete the field or element with specified path (for JSON arrays, negative integers count from the end)`, jsonb, () =>
          list(nn(GraphQLString)),
        ),
      );
      add(
        '_delete_elem',
        input(
          'delete_elem_input',
          `delete the array element with specified index (negative integers count from the end). throws an error if top level container is not an array`,
          jsonb,
          () => GraphQLInt,
        ),
      );
      add(
        '_delete_key',
        input('delete_key_input', `delete key/value pair or string element. key/value pairs are matched based on their key value`, jsonb, () => GraphQLString),
      );
    }
    if (numeric.length > 0)
      add(
        '_inc',
        input('inc_input', `input type for incrementing numeric columns in table "${this.quoted(table)}"`, numeric, (c) => this.columnType(c)),
      );
    if (jsonb.length > 0)
      add(
        '_prepend',
        input('prepend_input', `prepend existing jsonb value of filtered columns with new jsonb value`, jsonb, (c) => this.columnType(c)),
      );
    if (columns.length > 0)
      add(
        '_set',
        input('set_input', `input type for updating data in table "${this.quoted(table)}"`, columns, (c) => this.columnType(c)),
      );
    return args;
  }

  private updatesType(table: Table): GraphQLInputObjectType {
    const name = this.tn(table, 'updates');
    return this.named(name, () =>
      inputType({
        name,
        fields: () => {
          const fields: InputFields = {};
          for (const [key, arg] of Object.entries(this.updateOperators(table))) fields[key] = { type: arg.type, ...desc(arg.description ?? undefined) };
          fields.where = {
            type: nn(this.boolExp(table)),
            ...desc(this.since('updatesWhereDescription') ? 'filter the rows which have to be updated' : undefined),
          };
          return fields;
        },
      }),
    );
  }

  // ---- primary keys and streams

  /** The primary key's columns when the role may select them all. */
  private primaryKey(table: Table): Column[] | undefined {
    const pk = table.relation.primaryKey;
    if (pk.length === 0) return undefined;
    const selectable = new Set(this.selectColumns(table).map((c) => c.name));
    if (!pk.every((c) => selectable.has(c))) return undefined;
    return pk.map((name) => table.columns.find((c) => c.name === name)).filter((c): c is Column => c !== undefined);
  }

  private pkArgs(columns: readonly Column[]): GraphQLFieldConfigArgumentMap {
    return Object.fromEntries(columns.map((c) => [c.field, { type: nn(this.columnType(c)), ...desc(c.description) }]));
  }

  private pkColumnsInput(table: Table, columns: readonly Column[]): GraphQLInputObjectType {
    const name = this.tn(table, 'pk_columns_input');
    return this.named(name, () =>
      inputType({
        name,
        description: `primary key columns input for table: ${this.quoted(table)}`,
        fields: Object.fromEntries(columns.map((c) => [c.field, { type: nn(this.columnType(c)), ...desc(c.description) }])),
      }),
    );
  }

  private streamCursorInput(table: Table): GraphQLInputObjectType {
    const name = this.tn(table, 'stream_cursor_input');
    const valueName = this.tn(table, 'stream_cursor_value_input');
    return this.named(name, () =>
      inputType({
        name,
        description: `Streaming cursor of the table "${table.customName ?? this.quoted(table)}"`,
        fields: () => ({
          [this.f(table, 'initial_value')]: {
            type: nn(
              this.named(valueName, () =>
                inputType({
                  name: valueName,
                  description: 'Initial value of the column from where the streaming should start',
                  fields: () => Object.fromEntries(this.selectColumns(table).map((c) => [c.field, { type: this.columnType(c), ...desc(c.description) }])),
                }),
              ),
            ),
            description: 'Stream column input with initial value',
          },
          ordering: { type: this.cursorOrdering(table.source), description: 'cursor ordering' },
        }),
      }),
    );
  }

  // ---- functions and computed fields

  /** The input arguments of a function the `args` input holds (no session argument, no table row argument). */
  private inputArgs(model: FunctionModel, leaveOut: readonly (string | undefined)[]): { name: string; type: string; hasDefault: boolean }[] {
    return model.args
      .filter((a) => a.mode === 'in' || a.mode === 'inout' || a.mode === 'variadic')
      .map((a, i) => ({ name: a.name === '' ? `arg_${i + 1}` : a.name, type: a.type, hasDefault: a.hasDefault }))
      .filter((a) => !leaveOut.includes(a.name));
  }

  /** `args: <function>_args` (non-null unless every argument has a default, from SCHEMA_SINCE.optionalFunctionArgs), or nothing without arguments. */
  private argsArgument(
    source: Source,
    typeName: string,
    args: readonly { name: string; type: string; hasDefault: boolean }[],
    description: string,
  ): GraphQLFieldConfigArgumentMap {
    if (args.length === 0) return {};
    const name = this.typeName(source, typeName);
    const input = this.named(name, () =>
      inputType({
        name,
        fields: Object.fromEntries(args.map((a) => [a.name, { type: this.scalar(pgScalarOf(a.type).name) }])),
      }),
    );
    const optional = this.since('optionalFunctionArgs') && args.every((a) => a.hasDefault);
    return { args: { type: optional ? input : nn(input), description } };
  }

  private computedFields(table: Table): ComputedField[] {
    const sel = this.select(table);
    return sel === undefined ? [] : table.computedFields.filter((cf) => sel.computedFields.has(cf.name));
  }

  /** A computed field's function, its `args` inputs and the tracked table it returns (absent: a scalar). */
  private computedShape(
    table: Table,
    cf: ComputedField,
  ): { model: FunctionModel; args: { name: string; type: string; hasDefault: boolean }[]; returns?: Table } | undefined {
    const overloads = table.source.model.functions[`${cf.function.schema}.${cf.function.name}`] ?? [];
    const model = overloads[0];
    if (model === undefined || overloads.length !== 1) return undefined;
    const inputs = model.args.filter((a) => a.mode === 'in' || a.mode === 'inout' || a.mode === 'variadic');
    const tableArg = cf.tableArgument ?? inputs[0]?.name;
    const args = this.inputArgs(model, [tableArg, cf.sessionArgument]);
    if (cf.tableArgument === undefined && inputs[0] !== undefined && inputs[0].name === '') args.shift();
    if (model.returnsRelation === undefined) return { model, args };
    const [schema, ...rest] = model.returnsRelation.split('.');
    const returns = this.tableOf(table.source, schema ?? '', rest.join('.'));
    return returns === undefined ? undefined : { model, args, returns };
  }

  tableOf(source: Source, schema: string, name: string): Table | undefined {
    return this.options.tables.get(`${source.name}\u0000${schema}.${name}`);
  }

  private computedFieldConfig(table: Table, cf: ComputedField): GraphQLFieldConfig<unknown, unknown> | undefined {
    const shape = this.computedShape(table, cf);
    if (shape === undefined) return undefined;
    // `functionArgs` (`FTAComputedField`): `<computed field>_<table>_args`, not in the naming convention
    // (only with the engine's feature flag naming-convention-sep-2023), its source's type customization applied.
    const args = this.argsArgument(
      table.source,
      HASURA_CASE.type(cf.name, ...this.nameParts(table, 'type'), 'args'),
      shape.args,
      `input parameters for computed field "${cf.name}" defined on table "${this.quoted(table)}"`,
    );
    const description =
      cf.description ??
      `A computed field, executes function "${cf.function.schema === 'public' ? cf.function.name : `${cf.function.schema}.${cf.function.name}`}"`;
    if (shape.returns === undefined) {
      const scalar = pgScalarOf(shape.model.returnType);
      const path: GraphQLFieldConfigArgumentMap = scalar.json || scalar.jsonb ? { path: { type: GraphQLString, description: 'JSON select path' } } : {};
      return { type: this.scalar(scalar.name), args: { ...args, ...path }, description };
    }
    if (this.select(shape.returns) === undefined) return undefined;
    const target = this.tableType(shape.returns);
    if (!shape.model.returnsSet) return { type: target, args, description };
    // A set-returning computed field is a nullable list (5stackgg/api's v2.49.4 schema).
    return { type: list(nn(target)), args: { ...args, ...this.selectArgs(shape.returns) }, description };
  }

  /** A tracked function's root fields, where the role may call it. */
  addFunction(fn: TrackedFunction, roots: RootFields): void {
    const sel = this.select(fn.returns);
    if (sel === undefined) return;
    if (!this.options.role.admin && !fn.roles.has(this.options.role.role) && !this.options.inferFunctionPermissions) return;
    const q = fn.schema === 'public' ? fn.name : `${fn.schema}.${fn.name}`;
    const rq = this.quoted(fn.returns);
    // `getFunctionGQLName`: a custom root field, else the custom name as written (`<custom_name>_aggregate`), else the function's name in the convention.
    const name = (key: string, ...suffix: string[]): string =>
      this.rootFieldName(
        fn.source,
        fn.customRootFields[key]?.name ??
          (fn.customName !== undefined ? [fn.customName, ...suffix].join('_') : this.namer(fn.source).field(fn.identifier, ...suffix)),
      );
    const inputs = this.inputArgs(fn.model, [fn.sessionArgument]);
    // `getFunctionArgsGQLName`: `setCase (fromMaybe funcGivenName _fcCustomName <> __args)` with the
    // source's field casing (`searchArticlesArgs`, custom name `Foo`: `fooArgs`), kept as it is by
    // `functionArgs` unless the engine's flag naming-convention-sep-2023 is on (`Function/Common.hs` at
    // 3ffc3c81662517643a05c4be12e0abddf4a4c016, Postgres `Schema/Select.hs` at 23f2d3aeaf68d07267341611ab7f25c060af71fe).
    const argsType = this.namer(fn.source).field(fn.identifier, 'args');
    const args = this.argsArgument(fn.source, argsType, inputs, `input parameters for function "${name('function')}"`);
    const rowsType = fn.model.returnsSet ? nn(list(nn(this.tableType(fn.returns)))) : this.tableType(fn.returns);
    const field: GraphQLFieldConfig<unknown, unknown> = {
      type: rowsType,
      args: { ...args, ...(fn.model.returnsSet ? this.selectArgs(fn.returns) : {}) },
      // `buildFunctionMutationFieldsPG` writes its own text, never the function's comment; `buildFunctionQueryFieldsPG` the comment first (Select.hs, every v2 release).
      description:
        fn.exposedAs === 'mutation'
          ? `execute VOLATILE function "${q}" which returns "${rq}"`
          : (fn.customRootFields.function?.comment ?? fn.description ?? `execute function "${q}" which returns "${rq}"`),
    };
    if (fn.exposedAs === 'mutation') {
      roots.mutation[name('function')] = field;
      return;
    }
    const aggregate: GraphQLFieldConfig<unknown, unknown> | undefined =
      sel.aggregations && fn.model.returnsSet
        ? {
            type: nn(this.aggregateType(fn.returns)),
            args: {
              ...this.argsArgument(fn.source, argsType, inputs, `input parameters for function "${name('function_aggregate', 'aggregate')}"`),
              ...this.selectArgs(fn.returns),
            },
            description: fn.customRootFields.function_aggregate?.comment ?? `execute function "${q}" and query aggregates on result of table type "${rq}"`,
          }
        : undefined;
    for (const root of ['query', 'subscription'] as const) {
      roots[root][name('function')] = field;
      if (aggregate !== undefined) roots[root][name('function_aggregate', 'aggregate')] = aggregate;
    }
  }

  // ---- root fields

  private rootName(table: Table, key: string, ...parts: NamePart[]): string {
    const custom = table.customRootFields[key]?.name;
    return this.rootFieldName(table.source, custom ?? this.namer(table.source).field(...parts));
  }

  private rootDescription(table: Table, key: string, fallback: string): string {
    return table.customRootFields[key]?.comment ?? fallback;
  }

  /** The root fields of one table, by root. */
  addTable(table: Table, roots: RootFields): void {
    const perms = this.perms(table);
    const q = this.quoted(table);
    const id = this.nameParts(table, 'field');
    const sel = perms.select;
    if (sel !== undefined) {
      const pk = this.primaryKey(table);
      const select: [string, GraphQLFieldConfig<unknown, unknown>] = [
        this.rootName(table, 'select', ...id),
        {
          type: nn(list(nn(this.tableType(table)))),
          args: this.selectArgs(table),
          description: this.rootDescription(table, 'select', `fetch data from the table: "${q}"`),
        },
      ];
      const byPk: [string, GraphQLFieldConfig<unknown, unknown>] | undefined = pk && [
        this.rootName(table, 'select_by_pk', ...id, 'by_pk'),
        {
          type: this.tableType(table),
          args: this.pkArgs(pk),
          description: this.rootDescription(table, 'select_by_pk', `fetch data from the table: "${q}" using primary key columns`),
        },
      ];
      const aggregate: [string, GraphQLFieldConfig<unknown, unknown>] | undefined = sel.aggregations
        ? [
            this.rootName(table, 'select_aggregate', ...id, 'aggregate'),
            {
              type: nn(this.aggregateType(table)),
              args: this.selectArgs(table),
              description: this.rootDescription(table, 'select_aggregate', `fetch aggregated fields from the table: "${q}"`),
            },
          ]
        : undefined;
      const stream: [string, GraphQLFieldConfig<unknown, unknown>] | undefined = this.since('stream')
        ? [
            this.rootName(table, 'select_stream', ...id, 'stream'),
            {
              type: nn(list(nn(this.tableType(table)))),
              args: {
                [this.f(table, 'batch_size')]: { type: nn(GraphQLInt), description: 'maximum number of rows returned in a single batch' },
                cursor: { type: nn(list(this.streamCursorInput(table))), description: 'cursor to stream the results returned by the query' },
                where: { type: this.boolExp(table), description: 'filter the rows returned' },
              },
              description: this.rootDescription(table, 'select_stream', `fetch data from the table in a streaming manner: "${q}"`),
            },
          ]
        : undefined;
      const allowed = (set: ReadonlySet<string> | undefined, key: string): boolean => set === undefined || set.has(key);
      const put = (
        root: RootKind,
        set: ReadonlySet<string> | undefined,
        key: string,
        field: [string, GraphQLFieldConfig<unknown, unknown>] | undefined,
      ): void => {
        if (field !== undefined && allowed(set, key))
          roots[root][field[0]] = { ...field[1], extensions: originExtensions({ kind: 'root', ...tableOrigin(table) }) };
      };
      put('query', sel.queryRootFields, 'select', select);
      put('query', sel.queryRootFields, 'select_by_pk', byPk);
      put('query', sel.queryRootFields, 'select_aggregate', aggregate);
      put('subscription', sel.subscriptionRootFields, 'select', select);
      put('subscription', sel.subscriptionRootFields, 'select_by_pk', byPk);
      put('subscription', sel.subscriptionRootFields, 'select_aggregate', aggregate);
      put('subscription', sel.subscriptionRootFields, 'select_stream', stream);
    }
    this.addMutations(table, roots.mutation);
  }

  private addMutations(table: Table, fields: Fields): void {
    const perms = this.perms(table);
    const q = this.quoted(table);
    const id = this.nameParts(table, 'field');
    const view = table.relation.kind !== 'table' && table.relation.kind !== 'partitioned_table';
    const updatable = table.relation.updatable ?? 0;
    const canInsert = !view || (updatable & 8) !== 0;
    const canUpdate = !view || (updatable & 4) !== 0;
    const canDelete = !view || (updatable & 16) !== 0;
    const pk = view ? undefined : this.primaryKey(table);
    const sel = perms.select;
    // Named now (the mutation root's fields are known), made when someone reads the mutation root's fields.
    const put = (name: string, make: () => GraphQLFieldConfig<unknown, unknown>): void => lazyField(fields, name, make);
    if (perms.insert !== undefined && !perms.insert.backendOnly && canInsert && table.relation.kind !== 'materialized_view') {
      const conflictArg = (): GraphQLFieldConfigArgumentMap => {
        const onConflict = this.onConflictType(table);
        return onConflict ? { [this.f(table, 'on_conflict')]: { type: onConflict, description: this.upsertDescription() } } : {};
      };
      put(this.rootName(table, 'insert', 'insert', ...id), () => ({
        type: this.mutationResponse(table),
        args: { objects: { type: nn(list(nn(this.insertInput(table)))), description: 'the rows to be inserted' }, ...conflictArg() },
        description: this.rootDescription(table, 'insert', `insert data into the table: "${q}"`),
      }));
      if (sel !== undefined)
        put(this.rootName(table, 'insert_one', 'insert', ...id, 'one'), () => ({
          type: this.tableType(table),
          args: { object: { type: nn(this.insertInput(table)), description: 'the row to be inserted' }, ...conflictArg() },
          description: this.rootDescription(table, 'insert_one', `insert a single row into the table: "${q}"`),
        }));
    }
    // No updatable column: no operator (updateOperators gives `_set` for every one), no update field.
    if (
      perms.update !== undefined &&
      !perms.update.backendOnly &&
      canUpdate &&
      table.relation.kind !== 'materialized_view' &&
      this.updateColumns(table).length > 0
    ) {
      put(this.rootName(table, 'update', 'update', ...id), () => ({
        type: this.mutationResponse(table),
        args: { ...this.updateOperators(table), where: { type: nn(this.boolExp(table)), description: 'filter the rows which have to be updated' } },
        description: this.rootDescription(table, 'update', `update data of the table: "${q}"`),
      }));
      if (pk !== undefined)
        put(this.rootName(table, 'update_by_pk', 'update', ...id, 'by_pk'), () => ({
          type: this.tableType(table),
          args: { ...this.updateOperators(table), [this.engineField(table, 'pk_columns')]: { type: nn(this.pkColumnsInput(table, pk)) } },
          description: this.rootDescription(table, 'update_by_pk', `update single row of the table: "${q}"`),
        }));
      if (this.since('updateMany'))
        put(this.rootName(table, 'update_many', 'update', ...id, 'many'), () => ({
          type: list(this.mutationResponse(table)),
          args: { updates: { type: nn(list(nn(this.updatesType(table)))), description: 'updates to execute, in order' } },
          description: this.rootDescription(table, 'update_many', `update multiples rows of table: "${q}"`),
        }));
    }
    if (perms.delete !== undefined && !perms.delete.backendOnly && canDelete && table.relation.kind !== 'materialized_view') {
      put(this.rootName(table, 'delete', 'delete', ...id), () => ({
        type: this.mutationResponse(table),
        args: { where: { type: nn(this.boolExp(table)), description: 'filter the rows which have to be deleted' } },
        description: this.rootDescription(table, 'delete', `delete data from the table: "${q}"`),
      }));
      if (pk !== undefined)
        put(this.rootName(table, 'delete_by_pk', 'delete', ...id, 'by_pk'), () => ({
          type: this.tableType(table),
          args: this.pkArgs(pk),
          description: this.rootDescription(table, 'delete_by_pk', `delete single row from the table: "${q}"`),
        }));
    }
  }
}

/** Where a table's fields come from, as `extensions` record it (go to definition, references, rename in collections). */
function tableOrigin(table: Table): { readonly source: string; readonly table: { readonly schema: string; readonly name: string } } {
  return { source: table.source.name, table: { schema: table.schema, name: table.name } };
}
