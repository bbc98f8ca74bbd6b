import { introspectionFromSchema, printSchema } from 'graphql';
import { checkFolder, generateSchema, isNamingConvention, ParseCache, resolve, SchemaValidator } from '../core';
import type { DatabaseModel, GeneratedSchemaOptions, NamingConvention } from '../core';
import { explicitUrls } from './args';
import type { SchemaArgs } from './args';
import type { CliEnv } from './env';
import { fail } from './env';
import { nodeTreeFs } from './writeTree';

/**
 * `graphql-metadata schema [DIR]`: the GraphQL schema the engine would serve to a role, generated
 * from the metadata and the database models (core/graphql/schema), printed as SDL or as the result
 * of the standard introspection query (what graphql-codegen, graphql-config and Apollo read).
 * Its options are declared in args.ts.
 */

/** The engine's own environment variables that change the schema, read from the environment as the engine reads them. */
const ENV_NAMING = 'HASURA_GRAPHQL_DEFAULT_NAMING_CONVENTION';

const ENV_INFER_FUNCTION_PERMISSIONS = 'HASURA_GRAPHQL_INFER_FUNCTION_PERMISSIONS';
const ENV_REMOTE_SCHEMA_PERMISSIONS = 'HASURA_GRAPHQL_ENABLE_REMOTE_SCHEMA_PERMISSIONS';

/**
 * What the engine's environment decides for the schema (schema, schema-diff, check): the server-wide
 * naming convention (`--naming-convention`, else the engine's variable), whether function
 * permissions are inferred and whether remote schema permissions are on (the engine's variables).
 */
export function engineEnvironmentOf(flag: NamingConvention | undefined, env: CliEnv): GeneratedSchemaOptions {
  const fromEnv = env.env?.[ENV_NAMING];
  const namingConvention = flag ?? (isNamingConvention(fromEnv) ? fromEnv : undefined);
  return {
    ...(namingConvention !== undefined ? { namingConvention } : {}),
    inferFunctionPermissions: !isFalse(env.env?.[ENV_INFER_FUNCTION_PERMISSIONS]),
    remoteSchemaPermissions: isTrue(env.env?.[ENV_REMOTE_SCHEMA_PERMISSIONS]),
  };
}

function isTrue(value: string | undefined): boolean {
  return value !== undefined && ['true', '1', 't', 'yes', 'y'].includes(value.trim().toLowerCase());
}

function isFalse(value: string | undefined): boolean {
  return value !== undefined && ['false', '0', 'f', 'no', 'n'].includes(value.trim().toLowerCase());
}

function remoteNames(root: { readonly index: { readonly remoteSchemas: readonly { readonly name: { readonly name: string } }[] } }): string[] {
  return root.index.remoteSchemas.map((r) => r.name.name);
}

export async function runSchema(args: SchemaArgs, env: CliEnv): Promise<number> {
  const cwd = env.cwd.replace(/\/+$/, '') || '/';
  const abs = resolve(cwd, args.dir);
  if (env.host.readDir(abs) === undefined) return fail(env, `${args.dir} is not a readable folder.`, 2);
  const folder = checkFolder(abs, { host: env.host, cache: new ParseCache(), validator: new SchemaValidator(env.schemas()) });
  const roots = folder.roots;
  if (roots.length !== 1)
    return fail(
      env,
      roots.length === 0
        ? `no metadata project (a folder with version.yaml saying \`version: 3\`) found below ${args.dir}.`
        : `${args.dir} holds ${roots.length} metadata projects; give the folder of one.`,
      2,
    );
  const root = roots[0]!;
  let models = new Map<string, DatabaseModel>();
  if (env.databases && args.database.mode !== 'off') {
    const explicit = explicitUrls(args, root.index.sources);
    if (typeof explicit === 'string') return fail(env, explicit, 2);
    const builds = await env.databases(root.root, root.index.sources, { mode: args.database.mode, explicit, env: env.env ?? {} });
    for (const build of builds) {
      if (build.model) models.set(build.source, build.model);
      else env.stderr(`${build.source}: ${build.status}\n`);
    }
    models = new Map(models);
  }
  const remoteSchemas: Record<string, string> = {};
  for (const [name, file] of Object.entries(args.remoteSchemas)) {
    const read = env.host.readFile(resolve(cwd, file));
    if (read.kind !== 'text') return fail(env, `--remote-schema ${name}=${file}: not a readable text file.`, 2);
    remoteSchemas[name] = read.text;
  }
  const unknownRemote = Object.keys(remoteSchemas).find((name) => !remoteNames(root).includes(name));
  if (unknownRemote !== undefined)
    return fail(
      env,
      `--remote-schema ${unknownRemote}=FILE: no remote schema is named \`${unknownRemote}\` (remote schemas: ${remoteNames(root).join(', ') || 'none'}).`,
      2,
    );
  const generated = generateSchema(root, models, {
    role: args.role,
    remoteSchemas,
    ...engineEnvironmentOf(args.namingConvention, env),
    ...(args.engineVersion !== undefined ? { engineVersion: args.engineVersion } : {}),
  });
  if (!generated.ok) return fail(env, generated.error, 2);
  for (const note of generated.notes) env.stderr(`note: ${note}\n`);
  const text =
    args.format === 'sdl'
      ? `${printSchema(generated.schema)}\n`
      : `${JSON.stringify({ data: introspectionFromSchema(generated.schema, { descriptions: true, schemaDescription: false }) }, null, 2)}\n`;
  if (args.outputFile === undefined) {
    env.stdout(text);
    return 0;
  }
  const file = resolve(cwd, args.outputFile);
  try {
    const tree = env.tree ?? nodeTreeFs();
    tree.mkdir(file.slice(0, file.lastIndexOf('/')) || '/');
    tree.writeFile(file, text);
    return 0;
  } catch (error) {
    return fail(env, `could not write ${args.outputFile}: ${error instanceof Error ? error.message : String(error)}`, 2);
  }
}
