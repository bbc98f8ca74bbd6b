import type { IncomingHttpHeaders } from 'node:http';
import { authenticate } from './auth';
import { configRecord } from './configRecord';
import { runMetadataRequest } from './dispatch';
import type { ServerOptions } from './options';
import { QErr } from './qerr';
import type { Reply } from './reply';
import { jsonReply, qerrReply } from './reply';
import type { ServerState } from './state';

/** The engine-like API: POST /v1/metadata and GET /v1alpha1/config, each only when enabled. */

export interface ApiHost {
  state: ServerState;
  options: ServerOptions;
}

export interface ApiRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

type Route = 'metadata' | 'config';

function routeOf(request: ApiRequest, options: ServerOptions): Route | undefined {
  const path = request.path.split('?')[0];
  if (request.method === 'POST' && path === '/v1/metadata' && options.enabledApis.includes('metadata')) return 'metadata';
  if (request.method === 'GET' && path === '/v1alpha1/config' && options.enabledApis.includes('config')) return 'config';
  return undefined;
}

export function apiReply(host: ApiHost, request: ApiRequest): Reply {
  const route = routeOf(request, host.options);
  if (route === undefined) return qerrReply(new QErr(404, 'not-found', 'resource does not exist'));
  try {
    const role = authenticate(request.headers, host.options);
    return route === 'metadata' ? metadataReply(host, role, request.body) : configReply(host, role);
  } catch (e) {
    if (e instanceof QErr) return qerrReply(e);
    return qerrReply(new QErr(500, 'unexpected', `internal error: ${e instanceof Error ? e.message : String(e)}`));
  }
}

function parseJsonBody(body: string): unknown {
  try {
    return JSON.parse(body) as unknown;
  } catch (e) {
    throw new QErr(400, 'invalid-json', `Error in $: ${e instanceof Error ? e.message : String(e)}`);
  }
}

function metadataReply(host: ApiHost, role: string, body: string): Reply {
  const authorize = (): void => {
    if (role !== 'admin') throw new QErr(400, 'access-denied', 'restricted access : admin only', '$.args');
  };
  const outcome = runMetadataRequest(host.state, parseJsonBody(body), host.options.dialect, authorize);
  host.state = outcome.state;
  return jsonReply(200, outcome.response);
}

function configReply(host: ApiHost, role: string): Reply {
  if (role !== 'admin') throw new QErr(400, 'access-denied', 'You have to be an admin to access this endpoint');
  return jsonReply(200, configRecord(host.options));
}
