/**
 * The test server's faults (test/server) as the fault matrices use them: 401 and 409 with the
 * engine's bodies, faults bound to one path, and a slow answer whose client gave up not being run.
 */
import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTestServer } from '../../server/app';
import { parseFault } from '../../server/faults';
import { DEFAULT_OPTIONS } from '../../server/options';
import { fixturePath } from '../../server/spawn';
import { loadStateFile } from '../../server/state';
import type { TestApp } from '../../server/testApp';
import { createApp, resetApp } from '../../server/testApp';

const SECRET = 'fault-test-secret';
const RENAME = { type: 'rename_source', args: { name: 'default', new_name: 'main' } };

interface Answer {
  status: number;
  body: string;
}

void describe('test server faults', () => {
  let app: TestApp;
  let server: Server;
  let url = '';

  const post = async (body: unknown, headers: Record<string, string> = { 'x-hasura-admin-secret': SECRET }, signal?: AbortSignal): Promise<Answer> => {
    const response = await fetch(`${url}/v1/metadata`, {
      method: 'POST',
      body: JSON.stringify(body),
      headers: { 'Content-Type': 'application/json', ...headers },
      ...(signal ? { signal } : {}),
    });
    return { status: response.status, body: await response.text() };
  };
  const control = async (path: string, body: unknown): Promise<Answer> => {
    const response = await fetch(`${url}${path}`, { method: 'POST', body: JSON.stringify(body) });
    return { status: response.status, body: await response.text() };
  };
  const sourceNames = (): string[] => (app.state.metadata.sources as { name: string }[]).map((s) => s.name);

  before(async () => {
    app = createApp(loadStateFile(fixturePath('basic.json')), { ...DEFAULT_OPTIONS, adminSecret: SECRET });
    server = createTestServer(app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(
    () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  );
  beforeEach(() => resetApp(app));

  void test('401: the engine body for a wrong secret, or for none; the request is not run; the next one is', async () => {
    assert.deepEqual(await control('/_test/faults', { mode: '401', count: 2 }), { status: 200, body: '{"queued":2}' });
    assert.deepEqual(await post(RENAME), {
      status: 401,
      body: '{"path":"$","error":"invalid x-hasura-admin-secret/x-hasura-access-key","code":"access-denied"}',
    });
    assert.deepEqual(await post(RENAME, {}), {
      status: 401,
      body: '{"path":"$","error":"x-hasura-admin-secret/x-hasura-access-key required, but not found","code":"access-denied"}',
    });
    assert.deepEqual(sourceNames(), ['default']);
    assert.deepEqual(await post(RENAME), { status: 200, body: '{"message":"success"}' });
    assert.deepEqual(sourceNames(), ['main']);
  });

  void test('409: the engine conflict body naming the referenced resource_version; nothing changes', async () => {
    await control('/_test/faults', { mode: '409', count: 2 });
    assert.deepEqual(await post({ ...RENAME, resource_version: 7 }), {
      status: 409,
      body: '{"path":"$","error":"metadata resource version referenced (7) did not match current version","code":"conflict"}',
    });
    assert.deepEqual(await post(RENAME), {
      status: 409,
      body: '{"path":"$","error":"metadata resource version referenced (0) did not match current version","code":"conflict"}',
    });
    assert.equal(app.state.resourceVersion, 1);
    assert.deepEqual(sourceNames(), ['default']);
  });

  void test('a fault with a path waits for a request on that path; others pass', async () => {
    await control('/_test/faults', { mode: '500', path: '/v1/metadata' });
    const config = await fetch(`${url}/v1alpha1/config`, { headers: { 'x-hasura-admin-secret': SECRET } });
    assert.equal(config.status, 200);
    assert.deepEqual(await post({ type: 'export_metadata', args: {} }), {
      status: 500,
      body: '{"path":"$","error":"database query error","code":"unexpected"}',
    });
    assert.equal((await post({ type: 'export_metadata', args: {} })).status, 200);
  });

  void test('slow: run after the delay while the client waits; not run at all when it gave up', async () => {
    await control('/_test/faults', { mode: 'slow', delayMs: 300 });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    await assert.rejects(post(RENAME, undefined, controller.signal), { name: 'AbortError' });
    await new Promise((resolve) => setTimeout(resolve, 400));
    assert.deepEqual(sourceNames(), ['default']);
    assert.equal(app.state.resourceVersion, 1);

    await control('/_test/faults', { mode: 'slow', delayMs: 100 });
    const started = Date.now();
    assert.deepEqual(await post(RENAME), { status: 200, body: '{"message":"success"}' });
    assert.ok(Date.now() - started >= 90);
    assert.deepEqual(sourceNames(), ['main']);
  });

  void test('parseFault: default statuses per mode; a path must be absolute', () => {
    const statuses = ['401', '409', 'redirect', 'html', '500'].map((mode) => {
      const parsed = parseFault({ mode, location: 'http://x/' });
      return parsed.ok ? parsed.fault.status : parsed.message;
    });
    assert.deepEqual(statuses, [401, 409, 307, 502, 500]);
    assert.deepEqual(parseFault({ mode: '401', path: 'v1/metadata' }), { ok: false, message: 'path must start with /' });
    assert.deepEqual(parseFault({ mode: 'nope' }), { ok: false, message: 'mode must be one of slow, drop, html, truncated, 500, 401, 409, redirect' });
  });
});
