import type { IncomingHttpHeaders } from 'node:http';
import type { Fault } from './faults';
import { QErr } from './qerr';
import type { Reply } from './reply';
import { jsonReply, qerrReply } from './reply';

/** The answers of the faults that replace the real answer: an HTML page, a 500, a 401, a 409, a redirect. */

export const HTML_PAGE = '<html><head><title>502 Bad Gateway</title></head><body><h1>502 Bad Gateway</h1><hr><center>nginx</center></body></html>';

const SECRET_HEADERS = ['x-hasura-admin-secret', 'x-hasura-access-key'];

export function faultReply(fault: Fault, headers: IncomingHttpHeaders, body: string): Reply | undefined {
  switch (fault.mode) {
    case 'html':
      return { status: fault.status, headers: { 'Content-Type': 'text/html' }, body: HTML_PAGE };
    case '500':
      return jsonReply(fault.status, { path: '$', error: 'database query error', code: 'unexpected' });
    case '401':
      return qerrReply(accessDenied(fault.status, headers));
    case '409':
      return qerrReply(
        new QErr(fault.status, 'conflict', `metadata resource version referenced (${referencedVersion(body)}) did not match current version`, '$'),
      );
    case 'redirect':
      return { status: fault.status, headers: { Location: fault.location }, body: '' };
    default:
      return undefined;
  }
}

/** The engine's answer to a missing or wrong admin secret (Hasura/Server/Auth.hs). */
function accessDenied(status: number, headers: IncomingHttpHeaders): QErr {
  const sent = SECRET_HEADERS.some((h) => headers[h] !== undefined);
  const message = sent ? 'invalid x-hasura-admin-secret/x-hasura-access-key' : 'x-hasura-admin-secret/x-hasura-access-key required, but not found';
  return new QErr(status, 'access-denied', message, '$');
}

/** The `resource_version` the request referenced (0 when it named none). */
function referencedVersion(body: string): number {
  try {
    const value = (JSON.parse(body) as { resource_version?: unknown }).resource_version;
    return typeof value === 'number' ? value : 0;
  } catch {
    return 0;
  }
}
