import { createRequestAbort } from './abort';
import type { ConfigRecord } from './config';
import { parseConfigRecord } from './config';
import type { Advice, ApiError, ApiResult, RequestContext } from './errors';
import { baseError, errorFromStatus, notJsonError, snippet, withAdvice } from './errors';
import type { FetchLike, FetchResponseLike } from './fetch';
import type { HeaderOptions } from './headers';
import { buildHeaders, resolveHeaderNames } from './headers';
import { redactDeep } from './redact';
import { cancelledError, networkError, redirectError, timeoutError } from './transportErrors';
import type { Dialect, MetadataRequest } from './types';
import { endpointUrl, parseBaseUrl, sameOrigin } from './url';

export const DEFAULT_TIMEOUT_MS = 30_000;
const METADATA_PATH = 'v1/metadata';
const CONFIG_PATH = 'v1alpha1/config';

export interface MetadataClientOptions {
  /** e.g. `http://localhost:8080` (a path prefix such as `/hasura` is kept). */
  baseUrl: string;
  fetch: FetchLike;
  dialect?: Dialect;
  headers?: HeaderOptions;
  /** Read per request (e.g. from SecretStorage). Sent only to the base URL's origin. */
  adminSecret?: () => Promise<string | undefined>;
  /** Per request; 0 disables the timeout. Default 30 s. */
  timeoutMs?: number;
  /** Cancels every request of this client. */
  signal?: AbortSignal;
  /** The front end's next step for an error, appended to its message (errors.ts: Advice). */
  advice?: Advice;
}

export interface CallOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
}

export interface MetadataClient {
  readonly dialect: Dialect;
  /** `POST {base}/v1/metadata` with the request as body. Never throws. */
  run<R>(request: MetadataRequest<R>, options?: CallOptions): Promise<ApiResult<R>>;
  /** `GET {base}/v1alpha1/config`, parsed tolerantly. Never throws. */
  getConfig(options?: CallOptions): Promise<ApiResult<ConfigRecord>>;
}

interface Call {
  method: 'GET' | 'POST';
  path: string;
  operation: string;
  body?: string;
}

export function createMetadataClient(options: MetadataClientOptions): MetadataClient {
  const dialect = options.dialect ?? 'spec';
  const send = async (call: Call, callOptions: CallOptions = {}): Promise<ApiResult<unknown>> => {
    const result = await sendCall(options, dialect, call, callOptions);
    return result.ok ? result : fail(withAdvice(result.error, options.advice));
  };
  return {
    dialect,
    run: async <R>(request: MetadataRequest<R>, callOptions?: CallOptions) =>
      (await send({ method: 'POST', path: METADATA_PATH, operation: request.type, body: JSON.stringify(request) }, callOptions)) as ApiResult<R>,
    getConfig: async (callOptions?: CallOptions) =>
      toConfig(await send({ method: 'GET', path: CONFIG_PATH, operation: 'config' }, callOptions), configUrl(options.baseUrl)),
  };
}

async function sendCall(options: MetadataClientOptions, dialect: Dialect, call: Call, callOptions: CallOptions): Promise<ApiResult<unknown>> {
  const roleHeader = resolveHeaderNames(dialect, options.headers).roleHeader;
  const api = call.path === CONFIG_PATH ? 'config' : 'metadata';
  const base = parseBaseUrl(options.baseUrl);
  if (!base.ok) {
    const ctx: RequestContext = { url: options.baseUrl, operation: call.operation, api, roleHeader };
    return fail({ ...baseError(ctx, 'invalid-url', base.message), url: '' });
  }
  const url = endpointUrl(base.url, call.path);
  const ctx: RequestContext = { url: url.href, operation: call.operation, api, roleHeader };
  const secret = await readSecret(options, ctx);
  if (!secret.ok) return fail(secret.error);
  // The secret only ever goes to the origin of the configured base URL.
  const allowed = sameOrigin(url, base.url) ? secret.value : undefined;
  const headers = buildHeaders(dialect, options.headers ?? {}, call.body !== undefined, allowed);
  const result = await exchange(options, ctx, call, headers, callOptions);
  return result.ok ? result : fail(redactDeep(result.error, secret.value) as ApiError);
}

function fail(error: ApiError): ApiResult<never> {
  return { ok: false, error };
}

type SecretRead = { ok: true; value: string | undefined } | { ok: false; error: ApiError };

async function readSecret(options: MetadataClientOptions, ctx: RequestContext): Promise<SecretRead> {
  if (options.adminSecret === undefined) return { ok: true, value: undefined };
  try {
    return { ok: true, value: await options.adminSecret() };
  } catch (e) {
    const why = e instanceof Error ? e.message : String(e);
    return { ok: false, error: baseError(ctx, 'secret-unavailable', `Could not read the admin secret: ${why}.`) };
  }
}

async function exchange(
  options: MetadataClientOptions,
  ctx: RequestContext,
  call: Call,
  headers: Record<string, string>,
  callOptions: CallOptions,
): Promise<ApiResult<unknown>> {
  const timeoutMs = callOptions.timeoutMs ?? options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const abort = createRequestAbort(timeoutMs, [options.signal, callOptions.signal]);
  try {
    if (abort.reason() === 'cancelled') return fail(cancelledError(ctx));
    const init = { method: call.method, headers, redirect: 'manual' as const, signal: abort.signal };
    const response = await options.fetch(ctx.url, call.body === undefined ? init : { ...init, body: call.body });
    if (isRedirect(response)) return fail(redirectError(ctx, response.status, response.headers.get('location')));
    const body = await response.text();
    return interpret(ctx, response, body);
  } catch (e) {
    const reason = abort.reason();
    if (reason === 'timeout') return fail(timeoutError(ctx, timeoutMs));
    if (reason === 'cancelled') return fail(cancelledError(ctx));
    return fail(networkError(ctx, e));
  } finally {
    abort.dispose();
  }
}

function isRedirect(response: FetchResponseLike): boolean {
  return response.type === 'opaqueredirect' || response.status === 0 || (response.status >= 300 && response.status < 400);
}

function interpret(ctx: RequestContext, response: FetchResponseLike, body: string): ApiResult<unknown> {
  const parsed = parseJson(body);
  const ok = response.status >= 200 && response.status < 300;
  const contentType = response.headers.get('content-type') ?? undefined;
  if (ok && parsed.ok) return { ok: true, status: response.status, data: parsed.value };
  if (ok) return fail(notJsonError(ctx, response.status, body, contentType));
  return fail(errorFromStatus(ctx, response.status, body, parsed.ok ? parsed.value : undefined, contentType));
}

function parseJson(body: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(body) as unknown };
  } catch {
    // Silent: {ok: false} is the answer: the caller reports a body that is not JSON (notJsonError).
    return { ok: false };
  }
}

function configUrl(baseUrl: string): string {
  const base = parseBaseUrl(baseUrl);
  return base.ok ? endpointUrl(base.url, CONFIG_PATH).href : baseUrl;
}

function toConfig(result: ApiResult<unknown>, url: string): ApiResult<ConfigRecord> {
  if (!result.ok) return result;
  const parsed = parseConfigRecord(result.data);
  if (parsed.ok) return { ok: true, status: result.status, data: parsed.record };
  const ctx: RequestContext = { url, operation: 'config', api: 'config', roleHeader: '' };
  const text = snippet(JSON.stringify(result.data) ?? '');
  return fail({ ...baseError(ctx, 'unexpected-response', `${parsed.message} It was: ${text}`), status: result.status, bodySnippet: text });
}
