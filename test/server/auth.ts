import type { IncomingHttpHeaders } from 'node:http';
import { QErr } from './qerr';
import type { ServerOptions } from './options';

/** The engine's admin-secret check (401) and role resolution; the role header depends on the dialect. */

const SECRET_HEADERS = ['x-hasura-admin-secret', 'x-hasura-access-key'];

export function roleHeaderName(options: ServerOptions): string {
  return options.dialect === 'engine' ? 'x-hasura-role' : 'x-service-role';
}

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** The caller's role; throws 401 access-denied when a secret is configured and not matched. */
export function authenticate(headers: IncomingHttpHeaders, options: ServerOptions): string {
  if (options.adminSecret !== undefined) {
    const sent = SECRET_HEADERS.map((h) => header(headers, h)).find((v) => v !== undefined);
    if (sent === undefined) throw new QErr(401, 'access-denied', 'x-hasura-admin-secret/x-hasura-access-key required, but not found');
    if (sent !== options.adminSecret) throw new QErr(401, 'access-denied', 'invalid x-hasura-admin-secret/x-hasura-access-key');
  }
  return header(headers, roleHeaderName(options)) ?? 'admin';
}
