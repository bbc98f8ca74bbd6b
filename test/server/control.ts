import type { ApiRequest } from './api';
import type { TestApp } from './testApp';
import { resetApp } from './testApp';
import { parseFault } from './faults';
import { patchOptions } from './options';
import type { Reply } from './reply';
import { jsonReply } from './reply';

/** /_test/* routes: faults, recorded requests, options, state, reset. Never recorded, never faulted. */

function parse(body: string): unknown {
  try {
    return body === '' ? {} : (JSON.parse(body) as unknown);
  } catch {
    return undefined;
  }
}

export function control(app: TestApp, request: ApiRequest): Reply {
  const key = `${request.method} ${request.path.split('?')[0]}`;
  switch (key) {
    case 'POST /_test/faults':
      return addFault(app, parse(request.body));
    case 'GET /_test/requests':
      return jsonReply(200, app.recorder.all());
    case 'POST /_test/reset':
      resetApp(app);
      return jsonReply(200, { message: 'reset' });
    case 'POST /_test/options':
      return setOptions(app, parse(request.body));
    case 'GET /_test/state':
      return jsonReply(200, { resource_version: app.state.resourceVersion, metadata: app.state.metadata, catalog: app.state.catalog });
    default:
      return jsonReply(404, { error: `no control route ${key}` });
  }
}

function addFault(app: TestApp, body: unknown): Reply {
  const parsed = parseFault(body);
  if (!parsed.ok) return jsonReply(400, { error: parsed.message });
  return jsonReply(200, { queued: app.faults.add(parsed.fault, parsed.count) });
}

function setOptions(app: TestApp, body: unknown): Reply {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return jsonReply(400, { error: 'expected an object' });
  const next = { ...app.options };
  const error = patchOptions(next, body as Record<string, unknown>);
  if (error !== undefined) return jsonReply(400, { error });
  app.options = next;
  return jsonReply(200, next);
}
