import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { IncomingHttpHeaders, Server } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FetchLike } from '../../../common/api';
import { exportMetadata } from '../../../common/api';
import type { SpawnedServer } from '../../server/spawn';
import { clientFor, expectError, expectOk, startServer } from './helpers';

const SECRET = 'top-Secret-42';
const secret = (): Promise<string> => Promise.resolve(SECRET);

/** A second server on another port: the redirect target. It records what reaches it. */
async function listen(handler: (headers: IncomingHttpHeaders) => void): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    handler(req.headers);
    res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"message":"success"}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

function close(server: Server): Promise<void> {
  return new Promise((resolve) => server.close(() => resolve()));
}

/** A port nothing listens on: bind, read the port, close. */
async function freePort(): Promise<number> {
  const { server, url } = await listen(() => undefined);
  await close(server);
  return Number(new URL(url).port);
}

function assertNoSecret(value: unknown): void {
  assert.ok(!JSON.stringify(value).includes(SECRET), `secret leaked in ${JSON.stringify(value)}`);
}

void describe('transport failures against the real server', () => {
  let server: SpawnedServer;
  const client = (extra = {}): ReturnType<typeof clientFor> => clientFor(server, { adminSecret: secret, ...extra });
  before(async () => (server = await startServer({ adminSecret: SECRET })));
  after(() => server.stop());
  beforeEach(() => server.reset());

  void test('a redirect to another origin is not followed: the target gets nothing, the secret stays home', async () => {
    const seen: IncomingHttpHeaders[] = [];
    const target = await listen((h) => seen.push(h));
    try {
      await server.fault({ mode: 'redirect', location: `${target.url}/v1/metadata?token=abc` });
      const error = expectError(await client().run(exportMetadata()));
      assert.equal(error.kind, 'redirect');
      assert.equal(error.status, 307);
      assert.equal(error.location, `${target.url}/v1/metadata`);
      assert.equal(
        error.message,
        `The server answered 307 to ${target.url}/v1/metadata. Redirects are not followed, so the admin secret is never sent to another address: set the server URL to the final address.`,
      );
      assert.equal(seen.length, 0);
      assert.ok(!seen.some((h) => JSON.stringify(h).includes(SECRET)));
      assertNoSecret(error);
      const [first] = await server.requests();
      assert.equal(first?.headers['x-hasura-admin-secret'], SECRET);
    } finally {
      await close(target.server);
    }
  });

  void test('a relative redirect is reported with its absolute target', async () => {
    await server.fault({ mode: 'redirect', location: '/elsewhere', status: 302 });
    const error = expectError(await client().run(exportMetadata()));
    assert.deepEqual([error.kind, error.status, error.location], ['redirect', 302, `${server.url}/elsewhere`]);
  });

  void test('timeout: aborted after timeoutMs, and the message says how long', async () => {
    await server.fault({ mode: 'slow', delayMs: 3000 });
    const started = Date.now();
    const error = expectError(await client({ timeoutMs: 150 }).run(exportMetadata()));
    assert.ok(Date.now() - started < 2000);
    assert.equal(error.kind, 'timeout');
    assert.equal(error.timeoutMs, 150);
    assert.equal(
      error.message,
      `No answer from ${server.url}/v1/metadata after 150 ms: the request timed out. Check that the server is up, or raise the timeout.`,
    );
  });

  void test('per-call timeout overrides the client timeout', async () => {
    await server.fault({ mode: 'slow', delayMs: 3000 });
    const error = expectError(await client({ timeoutMs: 10_000 }).run(exportMetadata(), { timeoutMs: 100 }));
    assert.deepEqual([error.kind, error.timeoutMs], ['timeout', 100]);
  });

  void test('a slow answer within the timeout succeeds', async () => {
    await server.fault({ mode: 'slow', delayMs: 100 });
    assert.equal(expectOk(await client({ timeoutMs: 3000 }).run(exportMetadata())).version, 3);
  });

  void test('cancellation while waiting', async () => {
    await server.fault({ mode: 'slow', delayMs: 3000 });
    const controller = new AbortController();
    const pending = client().run(exportMetadata(), { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    const error = expectError(await pending);
    assert.equal(error.kind, 'cancelled');
    assert.equal(error.message, `The request export_metadata to ${server.url}/v1/metadata was cancelled.`);
  });

  void test('an already cancelled client signal sends nothing', async () => {
    const controller = new AbortController();
    controller.abort();
    const error = expectError(await client({ signal: controller.signal }).run(exportMetadata()));
    assert.equal(error.kind, 'cancelled');
    assert.deepEqual(await server.requests(), []);
  });

  void test('an HTML page instead of JSON', async () => {
    await server.fault({ mode: 'html' });
    const error = expectError(await client().run(exportMetadata()));
    assert.deepEqual([error.kind, error.status], ['not-json', 502]);
    assert.equal(error.bodySnippet, '<html><head><title>502 Bad Gateway</title></head><body><h1>502 Bad Gateway</h1><hr><center>nginx</center></body></html>');
    assert.match(error.message, /^The server answered 502 \(text\/html\) with a body that is not valid JSON: "<html><head><title>502 Bad Gateway/);
  });

  void test('a truncated JSON answer', async () => {
    await server.fault({ mode: 'truncated' });
    const error = expectError(await client().run(exportMetadata()));
    assert.deepEqual([error.kind, error.status], ['not-json', 200]);
    assert.match(
      error.message,
      /^The server answered 200 \(application\/json; charset=utf-8\) with JSON that breaks off: "\{"version":3,"sources":\[.*…"\. The answer was cut short on the way \(by the connection or a proxy\); try again\.$/,
    );
  });

  void test('the connection dropped without an answer', async () => {
    await server.fault({ mode: 'drop' });
    const error = expectError(await client().run(exportMetadata()));
    assert.equal(error.kind, 'network');
    assert.ok(error.code === 'UND_ERR_SOCKET' || error.code === 'ECONNRESET', String(error.code));
    assert.match(error.message, new RegExp(`^Could not reach ${server.url}/v1/metadata \\(${error.code}: `));
  });

  void test('secrets never appear in errors from the real server', async () => {
    const modes = [{ mode: '500' }, { mode: 'html' }, { mode: 'truncated' }, { mode: 'drop' }, { mode: 'redirect', location: 'http://127.0.0.1:9/x' }];
    for (const fault of modes) {
      await server.fault(fault);
      assertNoSecret(expectError(await client().run(exportMetadata())));
    }
    assertNoSecret(expectError(await clientFor(server, { adminSecret: () => Promise.resolve(`${SECRET}-wrong`) }).run(exportMetadata())));
  });
});

void describe('transport failures without a server', () => {
  void test('connection refused', async () => {
    const port = await freePort();
    const error = expectError(await clientFor(`http://127.0.0.1:${port}`, { adminSecret: secret }).run(exportMetadata()));
    assert.equal(error.kind, 'network');
    assert.equal(error.code, 'ECONNREFUSED');
    assert.equal(
      error.message,
      `Could not reach http://127.0.0.1:${port}/v1/metadata (ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:${port}): nothing listens there; is the server running and the port right?`,
    );
  });

  void test('a bad base URL sends nothing', async () => {
    let calls = 0;
    const counting: FetchLike = (url, init) => {
      calls++;
      return fetch(url, init);
    };
    const error = expectError(await clientFor('ftp://example.com', { fetch: counting, adminSecret: secret }).run(exportMetadata()));
    assert.deepEqual(error, { kind: 'invalid-url', message: 'The server URL must use http or https, not "ftp".', url: '', operation: 'export_metadata' });
    assert.equal(calls, 0);
  });

  void test('a secret provider that fails', async () => {
    const error = expectError(await clientFor('http://127.0.0.1:9', { adminSecret: () => Promise.reject(new Error('keychain locked')) }).getConfig());
    assert.deepEqual([error.kind, error.message], ['secret-unavailable', 'Could not read the admin secret: keychain locked.']);
  });

  void test('a secret echoed back by a proxy page or a network error is masked', async () => {
    const echoing: FetchLike = (_url, init) =>
      Promise.resolve({
        status: 502,
        statusText: 'Bad Gateway',
        headers: { get: (n: string) => (n === 'content-type' ? 'text/html' : null) },
        text: () => Promise.resolve(`<pre>x-hasura-admin-secret: ${init.headers['x-hasura-admin-secret']}</pre>`),
      });
    const echoed = expectError(await clientFor('http://127.0.0.1:9', { fetch: echoing, adminSecret: secret }).run(exportMetadata()));
    assert.equal(echoed.bodySnippet, '<pre>x-hasura-admin-secret: ***</pre>');
    assertNoSecret(echoed);
    const throwing: FetchLike = () =>
      Promise.reject(new TypeError('fetch failed', { cause: Object.assign(new Error(`bad header ${SECRET}`), { code: 'EX' }) }));
    const thrown = expectError(await clientFor('http://127.0.0.1:9', { fetch: throwing, adminSecret: secret }).run(exportMetadata()));
    assert.equal(thrown.message, 'Could not reach http://127.0.0.1:9/v1/metadata (EX: bad header ***): check the server URL and that the server is running.');
  });

  void test('a browser-style opaque redirect (status 0) is a redirect error', async () => {
    const opaque: FetchLike = () =>
      Promise.resolve({ status: 0, statusText: '', type: 'opaqueredirect', headers: { get: () => null }, text: () => Promise.resolve('') });
    const error = expectError(await clientFor('https://h', { fetch: opaque }).run(exportMetadata()));
    assert.equal(error.kind, 'redirect');
    assert.equal(error.location, undefined);
    assert.match(error.message, /^The server answered with a redirect to an address the client cannot see\./);
  });
});
