import { GraphQLObjectType, GraphQLSchema, lexicographicSortSchema } from 'graphql';
import type { DatabaseModels } from '../../db/model';
import type { EngineVersion } from '../../engineVersion';
import { LATEST_V2 } from '../../engineVersion';
import type { Project } from '../../project/project';
import { directoryToMetadata } from '../../sync/directory';
import type { JsonObject } from '../../sync/json';
import { addActions } from './actions';
import { TableSchemaBuilder } from './build';
import type { RootFields } from './build';
import { readCatalog } from './metadata';
import type { NamingConvention } from './naming';
import { Namer } from './naming';
import { ADMIN, inheritedRoles, roleNames, roleView } from './roles';

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
  /** The engine's `HASURA_GRAPHQL_INFER_FUNCTION_PERMISSIONS` (default true). */
  readonly inferFunctionPermissions?: boolean;
}

export type GeneratedSchema =
  | { readonly ok: true; readonly schema: GraphQLSchema; readonly notes: readonly string[]; readonly roles: readonly string[] }
  | { readonly ok: false; readonly error: string; readonly roles: readonly string[] };

/** The schema for a checked root (its project's files become the metadata JSON first). */
export function generateSchema(root: { readonly project: Project }, models: DatabaseModels, options: SchemaOptions = {}): GeneratedSchema {
  return generateSchemaFromMetadata(directoryToMetadata(root).metadata, models, options);
}

/** The schema for metadata JSON (as the engine's export_metadata gives it). */
export function generateSchemaFromMetadata(metadata: JsonObject, models: DatabaseModels, options: SchemaOptions = {}): GeneratedSchema {
  const role = options.role ?? ADMIN;
  const convention = options.namingConvention ?? 'hasura-default';
  const fieldName = (source: { naming?: NamingConvention }, column: string): string => new Namer(source.naming ?? convention).field(column);
  const catalog = readCatalog(metadata, models, fieldName);
  const roles = roleNames(catalog, metadata);
  if (!roles.includes(role)) return { ok: false, error: `unknown role ${role}: the metadata's roles are ${roles.join(', ')}`, roles };
  const inherited = inheritedRoles(metadata);
  const view = roleView(role, inherited);
  const builder = new TableSchemaBuilder({
    role: view,
    namingConvention: convention,
    engineVersion: options.engineVersion ?? LATEST_V2,
    tables: new Map(catalog.tables.map((t) => [`${t.source.name}\u0000${t.key}`, t])),
    inferFunctionPermissions: options.inferFunctionPermissions ?? true,
  });
  const roots: RootFields = { query: {}, mutation: {}, subscription: {} };
  for (const table of catalog.tables) builder.addTable(table, roots);
  for (const fn of catalog.functions) builder.addFunction(fn, roots);
  addActions(metadata, builder, catalog.sources, view, inherited, roots);
  const notes = [...catalog.notes];
  for (const remote of remoteSchemaNames(metadata)) notes.push(`remote schema ${remote}: its root fields and types need its own schema, so they are left out`);
  const rootType = (name: string, fields: RootFields[keyof RootFields]): GraphQLObjectType | undefined =>
    Object.keys(fields).length === 0 ? undefined : new GraphQLObjectType({ name, fields });
  const query = rootType('query_root', roots.query) ?? new GraphQLObjectType({ name: 'query_root', fields: {} });
  const mutation = rootType('mutation_root', roots.mutation);
  const subscription = rootType('subscription_root', roots.subscription);
  const schema = lexicographicSortSchema(
    new GraphQLSchema({ query, ...(mutation ? { mutation } : {}), ...(subscription ? { subscription } : {}), assumeValid: true }),
  );
  return { ok: true, schema, notes, roles };
}

function remoteSchemaNames(metadata: JsonObject): string[] {
  const list = metadata.remote_schemas;
  if (!Array.isArray(list)) return [];
  return list.flatMap((r) => (typeof r === 'object' && r !== null && !Array.isArray(r) && typeof r.name === 'string' ? [r.name] : []));
}
