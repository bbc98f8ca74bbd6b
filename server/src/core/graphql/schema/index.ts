import type { GraphQLObjectType, GraphQLSchema } from 'graphql';
import { DirectiveLocation, GraphQLBoolean, GraphQLDirective, GraphQLInt, GraphQLNonNull, lexicographicSortSchema, specifiedDirectives } from 'graphql';
import type { DatabaseModels } from '../../db/model';
import type { EngineVersion } from '../../engineVersion';
import { atLeast, LATEST_V2 } from '../../engineVersion';
import type { Project } from '../../project/project';
import { directoryToMetadata } from '../../sync/directory';
import type { JsonObject } from '../../sync/json';
import { addActions } from './actions';
import { SCHEMA_SINCE, TableSchemaBuilder } from './build';
import type { RootFields } from './build';
import { readCatalog } from './metadata';
import type { Catalog, Table } from './metadata';
import { LazySchema } from './lazy';
import { NativeQuerySchema } from './native';
import { addRemoteSchemas } from './remote';
import type { RemoteSchemaRelationship } from './remote';
import type { NamingConvention } from './naming';
import { Namer } from './naming';
import { ADMIN, inheritedRoles, roleNames, roleView } from './roles';
import { objectType } from './sorted';

export type { NamingConvention } from './naming';
export { NAMING_CONVENTIONS, isNamingConvention } from './naming';
export { ADMIN } from './roles';

/**
 * The GraphQL schema the engine (v2, Postgres sources) serves to a role, generated offline from the
 * metadata and the database models (built from the migrations). Pure: no I/O.
 *
 *     const { schema, notes } = generateSchema(result, models, { role: 'user' });
 *
 * `notes` say what was left out because it cannot be known offline (remote schemas without an SDL,
 * sources without a model, tables the model lacks).
 */
export interface SchemaOptions {
  /** Default `admin`. */
  readonly role?: string;
  /** The server-wide default (`HASURA_GRAPHQL_DEFAULT_NAMING_CONVENTION`); a source's own `customization.naming_convention` wins. Default `hasura-default`. */
  readonly namingConvention?: NamingConvention;
  /** Default: the latest v2 release. */
  readonly engineVersion?: EngineVersion;
  /** The SDL of each remote schema, by its name in remote_schemas.yaml (what it serves cannot be known offline). */
  readonly remoteSchemas?: Readonly<Record<string, string>>;
  /** The engine's `HASURA_GRAPHQL_ENABLE_REMOTE_SCHEMA_PERMISSIONS` (default false: every role sees a remote schema whole). */
  readonly remoteSchemaPermissions?: boolean;
  /** The engine's `HASURA_GRAPHQL_INFER_FUNCTION_PERMISSIONS` (default true). */
  readonly inferFunctionPermissions?: boolean;
}

export type GeneratedSchema =
  | { readonly ok: true; readonly schema: GraphQLSchema; readonly notes: readonly string[]; readonly roles: readonly string[] }
  | { readonly ok: false; readonly error: string; readonly roles: readonly string[] };

/** The schema for a checked root (its project's files become the metadata JSON first). */
export function generateSchema(root: { readonly project: Project }, models: DatabaseModels, options: SchemaOptions = {}): GeneratedSchema {
  return schemaGenerator(root, models, options)(options.role ?? ADMIN);
}

/** The schema for metadata JSON (as the engine's export_metadata gives it). */
export function generateSchemaFromMetadata(metadata: JsonObject, models: DatabaseModels, options: SchemaOptions = {}): GeneratedSchema {
  return generatorOf(metadata, models, options)(options.role ?? ADMIN);
}

/**
 * The schemas of a checked root, one role at a time: what every role's schema is made from (the
 * metadata JSON, the catalog of its tables and functions, the roles) is read once, for the roles a
 * check asks for (`options.role` is not read).
 */
export function schemaGenerator(
  root: { readonly project: Project },
  models: DatabaseModels,
  options: Omit<SchemaOptions, 'role'> = {},
): (role: string) => GeneratedSchema {
  return generatorOf(directoryToMetadata(root, { sourceMap: false }).metadata, models, options);
}

function generatorOf(metadata: JsonObject, models: DatabaseModels, options: Omit<SchemaOptions, 'role'>): (role: string) => GeneratedSchema {
  const convention = options.namingConvention ?? 'hasura-default';
  const fieldName = (source: { naming?: NamingConvention }, column: string): string => new Namer(source.naming ?? convention).field(column);
  const engineVersion = options.engineVersion ?? LATEST_V2;
  const catalog = readCatalog(metadata, models, fieldName, { databaseComments: !atLeast(engineVersion, SCHEMA_SINCE.noDatabaseComments) });
  const roles = roleNames(catalog, metadata);
  const inherited = inheritedRoles(metadata);
  const tables = new Map(catalog.tables.map((t) => [`${t.source.name}\u0000${t.key}`, t]));
  return (role) => {
    if (!roles.includes(role)) return { ok: false, error: `unknown role ${role}: the metadata's roles are ${roles.join(', ')}`, roles };
    return roleSchema(metadata, catalog, roles, inherited, tables, role, convention, options);
  };
}

function roleSchema(
  metadata: JsonObject,
  catalog: Catalog,
  roles: readonly string[],
  inherited: ReturnType<typeof inheritedRoles>,
  tables: ReadonlyMap<string, Table>,
  role: string,
  convention: NamingConvention,
  options: Omit<SchemaOptions, 'role'>,
): GeneratedSchema {
  const view = roleView(role, inherited);
  const engineVersion = options.engineVersion ?? LATEST_V2;
  const builder = new TableSchemaBuilder({
    role: view,
    namingConvention: convention,
    engineVersion,
    tables,
    inferFunctionPermissions: options.inferFunctionPermissions ?? true,
  });
  const roots: RootFields = { query: {}, mutation: {}, subscription: {} };
  for (const table of catalog.tables) builder.addTable(table, roots);
  for (const fn of catalog.functions) builder.addFunction(fn, roots);
  new NativeQuerySchema(builder, catalog.nativeQueries, role, inherited).addRootFields(catalog.nativeQueries, roots);
  addActions(metadata, builder, catalog.sources, view, inherited, roots);
  const notes = [...catalog.notes];
  const rootType = (name: string, description: string | undefined, fields: RootFields[keyof RootFields]): GraphQLObjectType | undefined =>
    Object.keys(fields).length === 0 ? undefined : objectType({ name, ...(description !== undefined ? { description } : {}), fields });
  // Only mutation_root has a description in the engine's schema.
  const query = rootType('query_root', undefined, roots.query) ?? objectType({ name: 'query_root', fields: {} });
  const mutation = rootType('mutation_root', 'mutation root', roots.mutation);
  const subscription = rootType('subscription_root', undefined, roots.subscription);
  // Its types are collected as far as someone looks (lazy.ts): validating an operation makes the types it touches.
  const generated = new LazySchema({
    query,
    ...(mutation ? { mutation } : {}),
    ...(subscription ? { subscription } : {}),
    directives: [...specifiedDirectives, CACHED],
  });
  const remote = addRemoteSchemas(
    generated,
    metadata,
    view,
    options.remoteSchemas ?? {},
    options.remoteSchemaPermissions === true,
    engineVersion,
    remoteSchemaRelationships(catalog.tables, builder, generated),
  );
  notes.push(...remote.notes);
  return { ok: true, schema: remote.schema === generated ? generated : lexicographicSortSchema(remote.schema), notes, roles };
}

/** The tables' remote relationships to remote schemas whose table type the role sees (the engine's `tableSelectFields` keeps every remote relationship, whatever the join columns' permissions). */
function remoteSchemaRelationships(tables: readonly Table[], builder: TableSchemaBuilder, schema: GraphQLSchema): RemoteSchemaRelationship[] {
  const out: RemoteSchemaRelationship[] = [];
  for (const table of tables) {
    if (table.remoteRelationships.length === 0 || builder.select(table) === undefined) continue;
    const typeName = builder.tableType(table).name;
    if (schema.getType(typeName) === undefined) continue;
    for (const rel of table.remoteRelationships)
      if (rel.kind === 'remote_schema')
        out.push({
          remoteSchema: rel.remoteSchema,
          typeName,
          table: table.key,
          origin: { kind: 'remote_relationship', source: table.source.name, table: { schema: table.schema, name: table.name }, name: rel.name },
          lhsIdentifier: table.schema === 'public' ? table.name : `${table.schema}.${table.name}`,
          name: rel.name,
          remoteField: rel.remoteField,
        });
  }
  return out;
}

/** The engine's `@cached` query directive (in every v2 schema, Community Edition included). */
const CACHED = new GraphQLDirective({
  name: 'cached',
  description: 'whether this query should be cached (Hasura Cloud only)',
  locations: [DirectiveLocation.QUERY],
  args: {
    ttl: { type: new GraphQLNonNull(GraphQLInt), defaultValue: 60, description: 'measured in seconds' },
    refresh: { type: new GraphQLNonNull(GraphQLBoolean), defaultValue: false, description: 'refresh the cache entry' },
  },
});
