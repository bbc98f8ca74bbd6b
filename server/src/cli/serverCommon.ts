import { createMetadataClient } from '../../../common/api/client';
import type { MetadataClient } from '../../../common/api/client';
import type { ApiError } from '../../../common/api/errors';
import { exportMetadataV2 } from '../../../common/api/manage';
import type { JsonObject } from '../core/sync/json';
import { isJsonObject } from '../core/sync/json';
import { join } from '../core/util/paths';
import { ADMIN_SECRET_ENV } from './args';
import type { ServerArgs } from './args';
import type { CliEnv } from './run';

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

export function makeClient(args: ServerArgs, env: CliEnv): MetadataClient | undefined {
  if (!env.fetch) return undefined;
  const secret = env.env?.[ADMIN_SECRET_ENV];
  return createMetadataClient({
    baseUrl: args.server,
    fetch: env.fetch,
    dialect: args.dialect,
    ...(secret !== undefined && secret !== '' ? { adminSecret: () => Promise.resolve(secret) } : {}),
  });
}

export type ServerExport = { ok: true; metadata: JsonObject; resourceVersion: number } | { ok: false; error: ApiError | string };

/** `export_metadata` version 2: the metadata and its resource version. */
export async function exportFromServer(client: MetadataClient): Promise<ServerExport> {
  const result = await client.run(exportMetadataV2());
  if (!result.ok) return { ok: false, error: result.error };
  const { metadata, resource_version } = result.data;
  if (!isJsonObject(metadata)) return { ok: false, error: 'The server answered export_metadata without a metadata object.' };
  return { ok: true, metadata, resourceVersion: typeof resource_version === 'number' ? resource_version : 0 };
}

/** Errors that mean "could not talk to the server" (exit 2) rather than "the server said no" (exit 1). */
const TRANSPORT_KINDS = new Set(['invalid-url', 'secret-unavailable', 'network', 'timeout', 'cancelled', 'redirect', 'not-json', 'unexpected-response', 'access-denied', 'not-admin', 'not-found', 'server-error']);

export function exitCodeOf(error: ApiError | string): number {
  return typeof error === 'string' || TRANSPORT_KINDS.has(error.kind) ? 2 : 1;
}

export function messageOf(error: ApiError | string): string {
  if (typeof error === 'string') return error;
  if (error.kind === 'access-denied') return `${error.message.replace(/ Set it with the command .*$/, '')} Set the environment variable ${ADMIN_SECRET_ENV}.`;
  return error.message;
}

/** A folder as the user wrote it, for messages. */
export function shown(env: CliEnv, dir: string): string {
  const cwd = env.cwd.replace(/\/+$/, '');
  return dir === cwd ? '.' : dir.startsWith(`${cwd}/`) ? dir.slice(cwd.length + 1) : dir;
}
