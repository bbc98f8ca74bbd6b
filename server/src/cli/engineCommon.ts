import { createMetadataClient } from '../../../common/api/client';
import type { MetadataClient } from '../../../common/api/client';
import { errorClass, type Advice, type ApiError } from '../../../common/api/errors';
import { exportMetadataV2 } from '../../../common/api/manage';
import { ExportPathError, isJsonObject, join, metadataToFiles } from '../core';
import type { JsonObject } from '../core';
import { ADMIN_SECRET_ENV } from './args';
import type { EngineArgs } from './args';
import { fail, type CliEnv } from './env';

/**
 * The metadata folder of DIR: DIR itself, or DIR/metadata when only that one holds version.yaml
 * (a project folder given instead of its metadata folder).
 */
export function metadataDir(env: CliEnv, dir: string): string {
  const abs = join(dir.startsWith('/') ? dir : `${env.cwd}/${dir}`);
  const has = (d: string): boolean => env.host.readFile(`${d}/version.yaml`).kind === 'text';
  return !has(abs) && has(`${abs}/metadata`) ? `${abs}/metadata` : abs;
}

export function hasVersionFile(env: CliEnv, dir: string): boolean {
  return env.host.readFile(`${dir}/version.yaml`).kind === 'text';
}

export function makeClient(args: EngineArgs, env: CliEnv): MetadataClient | undefined {
  if (!env.fetch) return undefined;
  const secret = env.env?.[ADMIN_SECRET_ENV];
  return createMetadataClient({
    baseUrl: args.server,
    fetch: env.fetch,
    dialect: args.dialect,
    advice: cliAdvice,
    ...(secret !== undefined && secret !== '' ? { adminSecret: () => Promise.resolve(secret) } : {}),
  });
}

export type EngineExport = { ok: true; metadata: JsonObject; resourceVersion: number } | { ok: false; error: ApiError | string };

/** `export_metadata` version 2: the metadata and its resource version. */
async function exportFromEngine(client: MetadataClient): Promise<EngineExport> {
  const result = await client.run(exportMetadataV2());
  if (!result.ok) return { ok: false, error: result.error };
  const { metadata, resource_version } = result.data;
  if (!isJsonObject(metadata)) return { ok: false, error: 'The server answered export_metadata without a metadata object.' };
  return { ok: true, metadata, resourceVersion: typeof resource_version === 'number' ? resource_version : 0 };
}

/**
 * Exit 1 when the engine refused the request itself (common/api/errors.ts: errorClass `refused`), as
 * for differences; 2 when it could not be used at all: not reached, access denied, an internal failure.
 */
export function exitCodeOf(error: ApiError | string): number {
  return typeof error !== 'string' && errorClass(error) === 'refused' ? 1 : 2;
}

export function messageOf(error: ApiError | string): string {
  return typeof error === 'string' ? error : error.message;
}

/** The CLI's next step for a failed request, in its own terms. */
const cliAdvice: Advice = (error) => {
  if (error.kind === 'access-denied') return `Set the environment variable ${ADMIN_SECRET_ENV}.`;
  if (error.kind === 'not-admin') return 'Check --dialect (spec or engine).';
  return undefined;
};

export type EngineFiles =
  { ok: true; dir: string; metadata: JsonObject; resourceVersion: number; files: Map<string, string> } | { ok: false; exitCode: number };

/** The server's metadata as files in the CLI's layout (export, diff), or the exit code after saying why not. */
export async function engineFiles(args: EngineArgs, env: CliEnv, verb: string): Promise<EngineFiles> {
  const client = makeClient(args, env);
  if (!client) return { ok: false, exitCode: fail(env, 'this build has no HTTP client (fetch).', 2) };
  const dir = metadataDir(env, args.dir);
  const server = await exportFromEngine(client);
  if (!server.ok) return { ok: false, exitCode: fail(env, messageOf(server.error), exitCodeOf(server.error)) };
  try {
    return { ok: true, dir, metadata: server.metadata, resourceVersion: server.resourceVersion, files: metadataToFiles(server.metadata) };
  } catch (error) {
    if (error instanceof ExportPathError) return { ok: false, exitCode: fail(env, `cannot ${verb}: ${error.message}`, 2) };
    throw error;
  }
}

/** A folder as the user wrote it, for messages. */
export function shown(env: CliEnv, dir: string): string {
  const cwd = env.cwd.replace(/\/+$/, '');
  return dir === cwd ? '.' : dir.startsWith(`${cwd}/`) ? dir.slice(cwd.length + 1) : dir;
}
