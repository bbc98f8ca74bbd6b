import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import { apiReply } from './api';
import { control } from './control';
import type { Fault } from './faults';
import type { Reply } from './reply';
import { jsonReply, writeReply } from './reply';
import type { TestApp } from './testApp';

/** The HTTP server: the engine-like API plus /_test/* control routes (faults, recorded requests, reset). */

export function createTestServer(app: TestApp): Server {
  return createServer((req, res) => {
    readBody(req)
      .then((body) => handle(app, req, res, body))
      .catch(() => res.destroy());
  });
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

async function handle(app: TestApp, req: IncomingMessage, res: ServerResponse, body: string): Promise<void> {
  const request = { method: req.method ?? 'GET', path: req.url ?? '/', headers: req.headers, body };
  if (request.path.startsWith('/_test/')) return writeReply(res, control(app, request));
  app.recorder.record(request);
  const fault = app.faults.next();
  if (fault?.mode === 'drop') return void req.socket.destroy();
  if (fault?.mode === 'slow') await delay(fault.delayMs);
  const immediate = fault === undefined ? undefined : faultReply(fault);
  if (immediate !== undefined) return writeReply(res, immediate);
  const reply = apiReply(app, request);
  writeReply(res, fault?.mode === 'truncated' ? truncate(reply) : reply);
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function faultReply(fault: Fault): Reply | undefined {
  switch (fault.mode) {
    case 'html':
      return { status: fault.status, headers: { 'Content-Type': 'text/html' }, body: '<html><head><title>502 Bad Gateway</title></head><body><h1>502 Bad Gateway</h1><hr><center>nginx</center></body></html>' };
    case '500':
      return jsonReply(fault.status, { path: '$', error: 'database query error', code: 'unexpected' });
    case 'redirect':
      return { status: fault.status, headers: { Location: fault.location }, body: '' };
    default:
      return undefined;
  }
}

/** The real answer, cut in half: a complete HTTP message whose JSON is truncated. */
function truncate(reply: Reply): Reply {
  return { ...reply, body: reply.body.slice(0, Math.max(1, Math.floor(reply.body.length / 2))) };
}
