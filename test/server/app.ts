import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import { apiReply } from './api';
import { control } from './control';
import { faultReply } from './faultReply';
import type { Reply } from './reply';
import { writeReply } from './reply';
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
  const fault = app.faults.next(request.path);
  if (fault?.mode === 'drop') return void req.socket.destroy();
  if (fault?.mode === 'slow' && !(await delayWhileConnected(req, res, fault.delayMs))) return;
  const immediate = fault === undefined ? undefined : faultReply(fault, req.headers, body);
  if (immediate !== undefined) return writeReply(res, immediate);
  const reply = apiReply(app, request);
  writeReply(res, fault?.mode === 'truncated' ? truncate(reply) : reply);
}

/**
 * Waits `ms`; false when the client hung up meanwhile (e.g. its timeout): the request is then not
 * run, so a client that gave up leaves the state as it was and a test can reset it at once.
 */
function delayWhileConnected(req: IncomingMessage, res: ServerResponse, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      res.off('close', onClose);
      resolve(!res.destroyed && !req.socket.destroyed);
    }, ms);
    const onClose = (): void => {
      clearTimeout(timer);
      resolve(false);
    };
    res.once('close', onClose);
  });
}

/** The real answer, cut in half: a complete HTTP message whose JSON is truncated. */
function truncate(reply: Reply): Reply {
  return { ...reply, body: reply.body.slice(0, Math.max(1, Math.floor(reply.body.length / 2))) };
}
