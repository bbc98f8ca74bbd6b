import { createHash } from 'node:crypto';
import { ADMIN, directoryToMetadata } from '../core';
import type { DatabaseModel, EngineVersion, GeneratedSchemaOptions, JsonObject, RootResult, SchemaOptions } from '../core';
import type { GraphqlRolesParams, GraphqlRolesResult, GraphqlSchemaParams, GraphqlSchemaResult } from '../../../common/protocol';
import type { SchemaSdl } from '../node/schema/sdl';

/** What the schema is generated with besides the metadata and the models (settings). */
export type SchemaSettings = Required<GeneratedSchemaOptions> & { readonly engineVersion: EngineVersion };

/** Generates a role's schema and prints it (node/schema/sdl.ts: in a worker thread, seconds at 1,000 tables). */
export type SdlGenerator = (metadata: JsonObject, models: ReadonlyMap<string, DatabaseModel>, options: SchemaOptions, key?: string) => Promise<SchemaSdl>;

/**
 * `graphqlMetadata/graphqlSchema`: the schema the engine would serve to a role, as SDL, for the
 * read-only document of Show GraphQL Schema for Role…. `check` gives the root's last check (open
 * documents as the editor has them), with the database models it used: the client asks again after
 * each `ready`, so the document follows every re-check without this request starting one (a request
 * that refreshed from the disk would race the files an edit is still writing).
 */
export function graphqlSchemaFor(
  params: GraphqlSchemaParams,
  roots: readonly string[],
  check: (root: string) => RootResult | undefined,
  settings: SchemaSettings,
  generate: SdlGenerator,
): GraphqlSchemaResult | Promise<GraphqlSchemaResult> {
  const checked = checkedRoot(params.root, roots, check);
  if ('error' in checked) return { ok: false, error: checked.error };
  const { root, result } = checked;
  const role = params.role ?? ADMIN;
  // VS Code asks again after every ready, and twice for one document at times: a check's schema per role and settings is made once.
  const { engineVersion: v } = settings;
  const key = [
    role,
    settings.namingConvention,
    `${v.major}.${v.minor}.${v.patch}`,
    settings.inferFunctionPermissions,
    settings.remoteSchemaPermissions,
    // A remote schema's SDL may change under the same name.
    ...Object.entries(settings.remoteSchemas).map(([name, sdl]) => `${name}=${createHash('sha1').update(sdl).digest('hex')}`),
  ].join('\u0000');
  let answers = made.get(result);
  if (!answers) made.set(result, (answers = new Map<string, Promise<GraphqlSchemaResult>>()));
  const known = answers.get(key);
  if (known) return known;
  const answer = schemaAnswer(root, role, result, settings, (metadata, models, options) => generate(metadata, models, options, `${root}\u0000${key}`));
  answers.set(key, answer);
  // A failure (a worker that stopped, an unknown role) is not kept: the next request tries again.
  const forget = (): void => void (answers.get(key) === answer && answers.delete(key));
  answer.then((a) => (a.ok ? undefined : forget()), forget);
  return answer;
}

/** The root a request names (or the only one) and its last check, or why there is none. */
function checkedRoot(
  given: string | undefined,
  roots: readonly string[],
  check: (root: string) => RootResult | undefined,
): { readonly root: string; readonly result: RootResult } | { readonly error: string } {
  const root = given ?? (roots.length === 1 ? roots[0] : undefined);
  if (root === undefined)
    return { error: roots.length === 0 ? 'No metadata root is open.' : `Name the root: there are ${roots.length} (${roots.join(', ')}).` };
  if (!roots.includes(root)) return { error: `${root} is not a metadata root of this workspace.` };
  const result = check(root);
  return result === undefined ? { error: `${root} has not been checked yet.` } : { root, result };
}

/**
 * `graphqlMetadata/graphqlRoles`: the roles whose GraphQL schema the collections' queries can be completed
 * and explained in (Choose Role for Collection Queries…): admin and every role the metadata names,
 * from the last check's schemas (no SDL is made, nothing reads config.yaml).
 */
export function graphqlRolesFor(params: GraphqlRolesParams, roots: readonly string[], check: (root: string) => RootResult | undefined): GraphqlRolesResult {
  const checked = checkedRoot(params.root, roots, check);
  if ('error' in checked) return { ok: false, error: checked.error };
  const provider = checked.result.schemas;
  if (provider === undefined || provider.schemaFor(ADMIN) === undefined)
    return { ok: false, error: `There is no GraphQL schema for ${checked.root}: ${provider?.missing ?? 'no schema was made for this project'}.` };
  return { ok: true, root: checked.root, roles: [ADMIN, ...provider.roles] };
}

/** The answers given per check (a check's RootResult is never changed, so an answer never goes stale). */
const made = new WeakMap<RootResult, Map<string, Promise<GraphqlSchemaResult>>>();

async function schemaAnswer(root: string, role: string, result: RootResult, settings: SchemaSettings, generate: SdlGenerator): Promise<GraphqlSchemaResult> {
  // The metadata JSON is made here (the check's files); the schema and its SDL in the worker.
  const metadata = directoryToMetadata(result, { sourceMap: false }).metadata;
  const generated = await generate(metadata, result.databases, { ...settings, role });
  if (!generated.ok) return { ok: false, error: generated.error, roles: generated.roles };
  const header = [
    `# The GraphQL schema the engine would serve to role ${role}, generated from the metadata and the database models.`,
    ...generated.notes.map((note) => `# Not included: ${note}.`),
  ];
  return { ok: true, root, role, sdl: `${header.join('\n')}\n\n${generated.sdl}\n`, roles: generated.roles };
}
