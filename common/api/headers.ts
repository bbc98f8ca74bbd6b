import type { Dialect } from './types';

/** Header names and values; each is an option, with defaults per dialect. */
export interface HeaderOptions {
  /** Role header name. spec: `X-Service-Role`; engine: `x-hasura-role`. */
  roleHeader?: string;
  /** Value of the role header; default `admin`. */
  role?: string;
  /** Admin secret header name; default `x-hasura-admin-secret` (the seed does not show one). */
  adminSecretHeader?: string;
  /** Extra headers sent with every request (never used for the secret). */
  extra?: Record<string, string>;
}

export interface ResolvedHeaderNames {
  roleHeader: string;
  role: string;
  adminSecretHeader: string;
}

const ROLE_HEADER: Record<Dialect, string> = { spec: 'X-Service-Role', engine: 'x-hasura-role' };
const DEFAULT_ADMIN_SECRET_HEADER = 'x-hasura-admin-secret';

export function resolveHeaderNames(dialect: Dialect, options: HeaderOptions = {}): ResolvedHeaderNames {
  return {
    roleHeader: options.roleHeader ?? ROLE_HEADER[dialect],
    role: options.role ?? 'admin',
    adminSecretHeader: options.adminSecretHeader ?? DEFAULT_ADMIN_SECRET_HEADER,
  };
}

/**
 * The headers of one request. `adminSecret` is included only when given and not empty;
 * the caller decides whether the target may receive it (same origin as the base URL).
 */
export function buildHeaders(dialect: Dialect, options: HeaderOptions, withBody: boolean, adminSecret: string | undefined): Record<string, string> {
  const names = resolveHeaderNames(dialect, options);
  const headers: Record<string, string> = { ...options.extra };
  if (withBody) headers['Content-Type'] = 'application/json';
  headers[names.roleHeader] = names.role;
  if (adminSecret !== undefined && adminSecret !== '') headers[names.adminSecretHeader] = adminSecret;
  return headers;
}
