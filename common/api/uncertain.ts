import type { ApiError } from './errors';

/**
 * Whether the server may have carried out a request that failed, which matters for a change:
 * `no` when it refused or was never reached, `maybe` when the request may have reached it before
 * the answer was lost (a timeout, a connection that broke, a cancel, a gateway that gave up),
 * `probably` when it answered success (2xx) but the answer could not be read.
 */
export type RunChance = 'no' | 'maybe' | 'probably';

/** Network failures that happen before the request is sent: nothing reached the server. */
const NOT_SENT = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
  'CERT_HAS_EXPIRED',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

/** A proxy's "bad gateway" / "gateway timeout": the engine behind it may have got the request. */
const GATEWAY_STATUSES = new Set([502, 504]);

export function mayHaveRun(error: ApiError): RunChance {
  const answered = error.status !== undefined && error.status >= 200 && error.status < 300;
  switch (error.kind) {
    case 'timeout':
    case 'cancelled':
      return 'maybe';
    case 'network':
      return error.code !== undefined && NOT_SENT.has(error.code) ? 'no' : 'maybe';
    case 'not-json':
    case 'unexpected-response':
      if (answered) return 'probably';
      return error.status !== undefined && GATEWAY_STATUSES.has(error.status) ? 'maybe' : 'no';
    default:
      return 'no';
  }
}
