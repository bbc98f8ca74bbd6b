import { introspectionFromSchema, printSchema } from 'graphql';
import { checkFolder, generateSchema, isNamingConvention, NAMING_CONVENTIONS, ParseCache, parseEngineVersion, resolve, SchemaValidator } from '../core';
import type { DatabaseMode, DatabaseModel, EngineVersion, NamingConvention } from '../core';
import { explicitUrls } from './args';
import type { DatabaseArg } from './args';
import type { CliEnv } from './env';
import { fail } from './env';
import { nodeTreeFs } from './writeTree';

/**
 * `graphql-metadata schema [DIR]`: the GraphQL schema the engine would serve to a role, generated
 * from the metadata and the database models (core/graphql/schema), printed as SDL or as the result
 * of the standard introspection query (what graphql-codegen, graphql-config and Apollo read).
 */
export interface SchemaArgs {
  readonly command: 'schema';
  readonly dir: string;
  readonly role: string;
  readonly format: 'sdl' | 'introspection';
  readonly outputFile: string | undefined;
  /** --naming-convention, else the engine's HASURA_GRAPHQL_DEFAULT_NAMING_CONVENTION in the environment. */
  readonly namingConvention: NamingConvention | undefined;
  readonly engineVersion: EngineVersion | undefined;
  readonly database: DatabaseArg;
  /** --remote-schema NAME=FILE: the SDL file of each remote schema, by name. */
  readonly remoteSchemas: Readonly<Record<string, string>>;
}

export const SCHEMA_HELP = `Options of schema:
      --role ROLE                   the role whose schema it is (default: admin)
      --format sdl|introspection    SDL as graphql-js prints it (default), or the JSON result of the
                                    standard introspection query ({"data": {"__schema": ...}})
      --naming-convention C         hasura-default or graphql-default: the engine's default, as
                                    HASURA_GRAPHQL_DEFAULT_NAMING_CONVENTION sets it (also read from the
                                    environment); a source's own naming_convention wins
      --engine-version VERSION      the engine whose schema it is, e.g. v2.19 (default: the latest v2)
      --database MODE|URL           as for check (default: auto)
      --remote-schema NAME=FILE     the SDL of the remote schema NAME (repeatable); without it a remote
                                    schema's fields are left out, with a note
  -o, --output-file FILE            write the schema to FILE instead of stdout
`;

/** The engine's own environment variables that change the schema, read from the environment as the engine reads them. */
const ENV_NAMING = 'HASURA_GRAPHQL_DEFAULT_NAMING_CONVENTION';
const ENV_INFER_FUNCTION_PERMISSIONS = 'HASURA_GRAPHQL_INFER_FUNCTION_PERMISSIONS';
const ENV_REMOTE_SCHEMA_PERMISSIONS = 'HASURA_GRAPHQL_ENABLE_REMOTE_SCHEMA_PERMISSIONS';

type Flag = { readonly flag: string; readonly value: () => string; readonly raw: string };

/**
 * The schema command's flags, one at a time (args.ts splits them): the error message for a bad one,
 * undefined when it was taken.
 */
export class SchemaArgsBuilder {
  private dir: string | undefined;
  private role = 'admin';
  private format: SchemaArgs['format'] = 'sdl';
  private outputFile: string | undefined;
  private namingConvention: NamingConvention | undefined;
  private engineVersion: EngineVersion | undefined;
  private readonly remoteSchemas: Record<string, string> = {};

  constructor(private readonly database: { mode: DatabaseMode; urls: Record<string, string>; bareUrl: string | undefined }) {}

  take({ flag, value, raw }: Flag, databaseFlag: (value: string) => string | undefined): string | undefined {
    if (flag === '--role') this.role = value();
    else if (flag === '--format' || flag === '-f') {
      const format = value();
      if (format !== 'sdl' && format !== 'introspection') return `--format of schema must be sdl or introspection, not \`${format}\`.`;
      this.format = format;
    } else if (flag === '--naming-convention') {
      const convention = value();
      if (!isNamingConvention(convention)) return `--naming-convention must be ${NAMING_CONVENTIONS.join(' or ')}, not \`${convention}\`.`;
      this.namingConvention = convention;
    } else if (flag === '--engine-version') {
      const version = parseEngineVersion(value());
      if (!version) return '--engine-version takes a version such as v2.39 or 2.36.6, or latest.';
      this.engineVersion = version;
    } else if (flag === '--database') return databaseFlag(value());
    else if (flag === '--remote-schema') {
      const text = value();
      const m = /^([^=]+)=(.+)$/s.exec(text);
      if (!m) return `--remote-schema takes NAME=FILE (the remote schema's name in remote_schemas.yaml and its SDL file), not \`${text}\`.`;
      this.remoteSchemas[m[1]!] = m[2]!;
    } else if (flag === '--output-file' || flag === '-o') this.outputFile = value();
    else if (flag.startsWith('-')) return `Unknown option ${flag} for schema.`;
    else if (this.dir !== undefined) return `schema takes one metadata folder, not ${raw} as well.`;
    else this.dir = raw;
    return undefined;
  }

  build(): SchemaArgs {
    return {
      command: 'schema',
      dir: this.dir ?? '.',
      role: this.role,
      format: this.format,
      outputFile: this.outputFile,
      namingConvention: this.namingConvention,
      engineVersion: this.engineVersion,
      database: this.database,
      remoteSchemas: this.remoteSchemas,
    };
  }
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
  const fromEnv = env.env?.[ENV_NAMING];
  const namingConvention = args.namingConvention ?? (isNamingConvention(fromEnv) ? fromEnv : undefined);
  const generated = generateSchema(root, models, {
    role: args.role,
    remoteSchemas,
    inferFunctionPermissions: !isFalse(env.env?.[ENV_INFER_FUNCTION_PERMISSIONS]),
    remoteSchemaPermissions: isTrue(env.env?.[ENV_REMOTE_SCHEMA_PERMISSIONS]),
    ...(namingConvention !== undefined ? { namingConvention } : {}),
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
