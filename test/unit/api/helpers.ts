import assert from 'node:assert/strict';
import type { ApiError, ApiResult, MetadataClient, MetadataClientOptions } from '../../../common/api';
import { createMetadataClient } from '../../../common/api';
import type { SpawnedServer, SpawnOptions } from '../../server/spawn';
import { fixturePath, spawnTestServer } from '../../server/spawn';

/** Shared set-up for the tests that talk to the real test server process. */

export function startServer(options: Partial<SpawnOptions> = {}): Promise<SpawnedServer> {
  return spawnTestServer({ state: fixturePath('basic.json'), ...options });
}

export function clientFor(server: SpawnedServer | string, options: Partial<MetadataClientOptions> = {}): MetadataClient {
  const baseUrl = typeof server === 'string' ? server : server.url;
  return createMetadataClient({ baseUrl, fetch, timeoutMs: 5000, ...options });
}

export function expectOk<T>(result: ApiResult<T>): T {
  if (!result.ok) assert.fail(`expected success, got ${result.error.kind}: ${result.error.message}`);
  return result.data;
}

export function expectError<T>(result: ApiResult<T>): ApiError {
  if (result.ok) assert.fail(`expected an error, got ${JSON.stringify(result.data)}`);
  return result.error;
}

/** The `x-*` headers and content type of a recorded request (names are lower case on the server). */
export function apiHeaders(headers: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(headers)) if (k.startsWith('x-') || k === 'content-type') out[k] = v;
  return out;
}
