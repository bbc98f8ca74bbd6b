import type { ApiError, RequestContext } from './errors';
import { baseError } from './errors';
import { displayUrl } from './url';

/** Errors raised before any answer: network failures, timeouts, cancellation, redirects. */

export function timeoutError(ctx: RequestContext, timeoutMs: number): ApiError {
  const message = `No answer from ${displayUrl(ctx.url)} after ${timeoutMs} ms: the request timed out. Check that the server is up, or raise the timeout.`;
  return { ...baseError(ctx, 'timeout', message), timeoutMs };
}

export function cancelledError(ctx: RequestContext): ApiError {
  return baseError(ctx, 'cancelled', `The request ${ctx.operation} to ${displayUrl(ctx.url)} was cancelled.`);
}

export function redirectError(ctx: RequestContext, status: number, location: string | null): ApiError {
  const target = location === null || location === '' ? 'an address the client cannot see' : displayUrl(resolve(location, ctx.url));
  const message =
    `The server answered ${status === 0 ? 'with a redirect' : status} to ${target}. Redirects are not followed, ` +
    'so the admin secret is never sent to another address: set the server URL to the final address.';
  const error: ApiError = { ...baseError(ctx, 'redirect', message), status };
  if (location !== null && location !== '') error.location = displayUrl(resolve(location, ctx.url));
  return error;
}

function resolve(location: string, base: string): string {
  try {
    return new URL(location, base).href;
  } catch {
    // Silent: not a URL relative to the request's: shown as the server sent it.
    return location;
  }
}

const HINTS: Record<string, string> = {
  ECONNREFUSED: 'nothing listens there; is the server running and the port right?',
  ENOTFOUND: 'the host name does not resolve; check the server URL',
  EAI_AGAIN: 'the host name could not be resolved right now; check the network',
  ECONNRESET: 'the connection was reset before an answer came',
  UND_ERR_SOCKET: 'the connection closed before an answer came',
  ETIMEDOUT: 'the connection timed out',
  EHOSTUNREACH: 'the host cannot be reached',
  CERT_HAS_EXPIRED: 'the TLS certificate has expired',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'the TLS certificate is self-signed',
};

export function networkError(ctx: RequestContext, cause: unknown): ApiError {
  const { code, detail } = describeCause(cause);
  const hint = code !== undefined && HINTS[code] !== undefined ? HINTS[code] : 'check the server URL and that the server is running';
  const label = code === undefined ? detail : `${code}: ${detail}`;
  const end = hint.endsWith('?') ? '' : '.';
  const error = baseError(ctx, 'network', `Could not reach ${displayUrl(ctx.url)} (${label}): ${hint}${end}`);
  return code === undefined ? error : { ...error, code };
}

interface CauseInfo {
  code?: string;
  detail: string;
}

/** fetch wraps the socket error: `TypeError('fetch failed', {cause})`, sometimes an AggregateError. */
function describeCause(error: unknown): CauseInfo {
  const inner = innermost(error);
  const code = stringField(inner, 'code') ?? stringField(error, 'code');
  const detail = stringField(inner, 'message') ?? stringField(error, 'message') ?? String(error);
  return code === undefined ? { detail } : { code, detail };
}

function innermost(error: unknown): unknown {
  let current = error;
  for (let depth = 0; depth < 5; depth++) {
    const cause = field(current, 'cause');
    const errors = field(current, 'errors');
    if (Array.isArray(errors) && errors.length > 0) current = errors[0];
    else if (cause !== undefined) current = cause;
    else break;
  }
  return current;
}

function field(value: unknown, key: string): unknown {
  return value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
}

function stringField(value: unknown, key: string): string | undefined {
  const v = field(value, key);
  return typeof v === 'string' && v !== '' ? v : undefined;
}
