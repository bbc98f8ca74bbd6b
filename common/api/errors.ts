import { parseDependentObjects } from './dependents';
import { displayUrl } from './url';

/**
 * Every failure of the client is one of these kinds; UIs dispatch on `kind`, never on text.
 */
export type ApiErrorKind =
  | 'invalid-url'
  | 'secret-unavailable'
  | 'network'
  | 'timeout'
  | 'cancelled'
  | 'redirect'
  | 'not-json'
  | 'unexpected-response'
  | 'access-denied'
  | 'not-admin'
  | 'not-found'
  | 'conflict'
  | 'dependency'
  | 'already-exists'
  | 'not-exists'
  | 'parse-failed'
  | 'server-error'
  | 'engine';

export interface ApiError {
  kind: ApiErrorKind;
  /** A sentence a person can act on. Never contains the admin secret. */
  message: string;
  /** The request URL as shown to people (no query string). */
  url: string;
  /** `type` of the metadata request, or `config` for the config API. */
  operation: string;
  status?: number;
  /** Engine error fields: `code`, `error` (as `serverMessage`), `path`, `internal`. */
  code?: string;
  serverMessage?: string;
  path?: string;
  internal?: unknown;
  /** For `dependency`: the dependent objects, to show and to offer cascade. */
  dependents?: string[];
  /** For `redirect`: where the server tried to send the request. */
  location?: string;
  /** For `access-denied`: the admin secret was not sent, was sent and rejected, or access was refused otherwise. */
  secret?: 'missing' | 'rejected' | 'refused';
  /** For `timeout`: how long the client waited. */
  timeoutMs?: number;
  /** For `not-json` / `unexpected-response`: the first 200 characters of the body. */
  bodySnippet?: string;
}

/**
 * What a failure means, decided once here for both front ends (the CLI's exit code, the extension's
 * outcome): `unreachable`, the engine was not reached or did not answer as the engine does;
 * `denied`, it answered but would not run requests for this caller or route (secret, role, API
 * disabled); `engine-failed`, it failed inside (5xx); `refused`, it refused this request (the
 * metadata, a conflict, a dependency); `cancelled`, the user stopped it.
 */
export type ErrorClass = 'unreachable' | 'denied' | 'engine-failed' | 'refused' | 'cancelled';

const CLASS_BY_KIND: Record<ApiErrorKind, ErrorClass> = {
  'invalid-url': 'unreachable',
  'secret-unavailable': 'unreachable',
  network: 'unreachable',
  timeout: 'unreachable',
  redirect: 'unreachable',
  'not-json': 'unreachable',
  'unexpected-response': 'unreachable',
  cancelled: 'cancelled',
  'access-denied': 'denied',
  'not-admin': 'denied',
  'not-found': 'denied',
  'server-error': 'engine-failed',
  conflict: 'refused',
  dependency: 'refused',
  'already-exists': 'refused',
  'not-exists': 'refused',
  'parse-failed': 'refused',
  engine: 'refused',
};

export function errorClass(error: Pick<ApiError, 'kind'>): ErrorClass {
  return CLASS_BY_KIND[error.kind];
}

/**
 * What a front end adds to an error's message: the next step in its own terms (a VS Code command,
 * an environment variable). The API module's messages name neither.
 */
export type Advice = (error: ApiError) => string | undefined;

export function withAdvice(error: ApiError, advice: Advice | undefined): ApiError {
  const more = advice?.(error);
  return more === undefined ? error : { ...error, message: `${error.message} ${more}` };
}

export type ApiResult<T> = { ok: true; status: number; data: T } | { ok: false; error: ApiError };

/** What the classifier needs to know about the request. */
export interface RequestContext {
  url: string;
  operation: string;
  api: 'metadata' | 'config';
  roleHeader: string;
}

export interface EngineErrorBody {
  code: string;
  error: string;
  path?: string;
  internal?: unknown;
}

const SNIPPET_LENGTH = 200;

export function snippet(body: string): string {
  const flat = body.replace(/\s+/g, ' ').trim();
  return flat.length > SNIPPET_LENGTH ? `${flat.slice(0, SNIPPET_LENGTH)}…` : flat;
}

function isEngineErrorBody(value: unknown): value is EngineErrorBody {
  if (value === null || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return typeof v.code === 'string' && typeof v.error === 'string';
}

export function baseError(ctx: RequestContext, kind: ApiErrorKind, message: string): ApiError {
  return { kind, message, url: displayUrl(ctx.url), operation: ctx.operation };
}

/** Classifies a non-2xx answer. `parsed` is the JSON body, or undefined when the body is not JSON. */
export function errorFromStatus(ctx: RequestContext, status: number, body: string, parsed: unknown, contentType?: string): ApiError {
  if (status === 404) return notFoundError(ctx, status, body, parsed);
  if (!isEngineErrorBody(parsed)) return nonEngineError(ctx, status, body, parsed !== undefined, contentType);
  const fields = engineFields(status, parsed);
  const kind = engineKind(status, parsed);
  const secret = kind === 'access-denied' ? { secret: secretProblem(parsed) } : {};
  return { ...baseError(ctx, kind, engineMessage(ctx, kind, parsed)), ...fields, ...secret, ...dependentsOf(kind, parsed) };
}

function engineFields(status: number, body: EngineErrorBody): Partial<ApiError> {
  const fields: Partial<ApiError> = { status, code: body.code, serverMessage: body.error };
  if (body.path !== undefined) fields.path = body.path;
  if (body.internal !== undefined) fields.internal = body.internal;
  return fields;
}

function dependentsOf(kind: ApiErrorKind, body: EngineErrorBody): Partial<ApiError> {
  if (kind !== 'dependency') return {};
  return { dependents: parseDependentObjects(body.error) ?? [] };
}

const KIND_BY_CODE: Record<string, ApiErrorKind> = {
  'dependency-error': 'dependency',
  'already-exists': 'already-exists',
  'not-exists': 'not-exists',
  'parse-failed': 'parse-failed',
  'invalid-json': 'parse-failed',
  conflict: 'conflict',
};

function engineKind(status: number, body: EngineErrorBody): ApiErrorKind {
  if (status === 401) return 'access-denied';
  if (body.code === 'access-denied') return 'not-admin';
  if (status === 409) return 'conflict';
  if (status >= 500) return 'server-error';
  return KIND_BY_CODE[body.code] ?? 'engine';
}

function where(body: EngineErrorBody): string {
  return body.path === undefined ? body.code : `${body.code} at ${body.path}`;
}

function engineMessage(ctx: RequestContext, kind: ApiErrorKind, body: EngineErrorBody): string {
  const detail = `${body.error} (${where(body)})`;
  switch (kind) {
    case 'access-denied':
      return accessDeniedMessage(body);
    case 'not-admin':
      return `The server did not run ${ctx.operation} as admin: ${detail}. Send the role header "${ctx.roleHeader}: admin".`;
    case 'conflict':
      return `${ctx.operation} was refused: the server's metadata changed since you last exported (${detail}). Export again / diff, then retry.`;
    case 'dependency':
      return `${ctx.operation} failed: other objects depend on it: ${dependencyList(body)}. Retry with cascade to drop them as well.`;
    case 'parse-failed':
      return `The server could not parse the ${ctx.operation} request: ${detail}.`;
    case 'server-error':
      return `The server failed with an internal error while running ${ctx.operation}: ${detail}. See the server log.`;
    default:
      return `${ctx.operation} failed: ${detail}.`;
  }
}

function dependencyList(body: EngineErrorBody): string {
  const list = parseDependentObjects(body.error);
  return list === undefined || list.length === 0 ? body.error : list.join('; ');
}

function secretProblem(body: EngineErrorBody): NonNullable<ApiError['secret']> {
  if (/required, but not found/.test(body.error)) return 'missing';
  return /^invalid /.test(body.error) ? 'rejected' : 'refused';
}

function accessDeniedMessage(body: EngineErrorBody): string {
  const detail = `(401 ${body.code}: ${body.error})`;
  const secret = secretProblem(body);
  if (secret === 'missing') return `The server requires an admin secret and none was sent ${detail}.`;
  if (secret === 'rejected') return `The server rejected the admin secret it was sent ${detail}.`;
  return `The server refused access ${detail}.`;
}

function notFoundError(ctx: RequestContext, status: number, body: string, parsed: unknown): ApiError {
  const what =
    ctx.api === 'config'
      ? 'the config API is disabled on this server (it is not in --enabled-apis / the ENABLED_APIS env var), or the server URL is wrong'
      : 'the metadata API is disabled on this server (it is not in --enabled-apis / the ENABLED_APIS env var), or the server URL is wrong';
  const error: ApiError = { ...baseError(ctx, 'not-found', `Not found (404) at ${displayUrl(ctx.url)}: ${what}.`), status };
  if (isEngineErrorBody(parsed)) return { ...error, ...engineFields(status, parsed) };
  return body === '' ? error : { ...error, bodySnippet: snippet(body) };
}

function nonEngineError(ctx: RequestContext, status: number, body: string, isJson: boolean, contentType: string | undefined): ApiError {
  if (status === 401) {
    return { ...baseError(ctx, 'access-denied', 'The server refused access (401).'), status, secret: 'refused', bodySnippet: snippet(body) };
  }
  if (isJson) {
    const message = `The server answered ${status} with JSON that is not an engine error: ${snippet(body)}`;
    return { ...baseError(ctx, status >= 500 ? 'server-error' : 'unexpected-response', message), status, bodySnippet: snippet(body) };
  }
  return notJsonError(ctx, status, body, contentType);
}

/** A body that is not JSON (an HTML page, a truncated answer, nothing at all). */
export function notJsonError(ctx: RequestContext, status: number, body: string, contentType: string | undefined): ApiError {
  const type = contentType === undefined || contentType === '' ? '' : ` (${contentType})`;
  const message = looksTruncated(body)
    ? `The server answered ${status}${type} with JSON that breaks off: "${snippet(body)}". The answer was cut short on the way (by the connection or a proxy); try again.`
    : `The server answered ${status}${type} with ${body.trim() === '' ? 'an empty body' : `a body that is not valid JSON: "${snippet(body)}"`}. Is the URL pointing at the GraphQL engine (and not at a proxy or web page)?`;
  return { ...baseError(ctx, 'not-json', message), status, bodySnippet: snippet(body) };
}

function looksTruncated(body: string): boolean {
  const t = body.trim();
  return (t.startsWith('{') && !t.endsWith('}')) || (t.startsWith('[') && !t.endsWith(']'));
}
