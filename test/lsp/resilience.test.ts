import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { ResponseError } from 'vscode-jsonrpc/node';
import { copyFixture, ServerUnderTest } from './harness';

const REQUEST_FAILED = -32803;
const INVALID_REQUEST = -32600;
const ARTICLE = 'metadata/databases/default/tables/public_article.yaml';
const pos = (line: number, character: number): { line: number; character: number } => ({ line, character });

/** The rejection of a request, which must be a ResponseError. */
async function failure(request: Promise<unknown>): Promise<ResponseError<unknown>> {
  try {
    await request;
  } catch (error) {
    assert.ok(error instanceof ResponseError, `a ResponseError, not ${String(error)}`);
    return error;
  }
  assert.fail('the request succeeded');
}

describe('a request handler that throws (dist/server.js over stdio)', () => {
  let server: ServerUnderTest;
  let dir: string;
  const errorLogs = (): string[] => server.logs.filter((l) => l.type === 1).map((l) => l.message);

  before(async () => {
    dir = copyFixture('basic');
    server = new ServerUnderTest(dir);
    await server.start();
    await server.until(() => server.statuses.some((s) => (s as { state: string }).state === 'ready'), 'first check');
  });
  after(async () => server.stop());

  test('a feature request: an error response (RequestFailed) that names it, and its stack in the log', async () => {
    const error = await failure(server.connection.sendRequest('textDocument/hover', { textDocument: null, position: pos(0, 0) }));
    assert.equal(error.code, REQUEST_FAILED);
    assert.equal(
      error.message,
      "GraphQL Metadata could not answer textDocument/hover: TypeError: Cannot read properties of null (reading 'uri') (the stack is in the GraphQL Metadata output).",
    );
    await server.until(() => errorLogs().length === 1, 'the logged stack');
    const [logged] = errorLogs();
    assert.match(logged!, /^textDocument\/hover failed: TypeError: Cannot read properties of null \(reading 'uri'\)\n {4}at onHover \(/);
  });

  test('a custom request: the same', async () => {
    const error = await failure(server.connection.sendRequest('graphqlMetadata/planExport', null));
    assert.equal(error.code, REQUEST_FAILED);
    assert.match(error.message, /^GraphQL Metadata could not answer graphqlMetadata\/planExport: TypeError: Cannot read properties of null \(reading 'root'\)/);
    await server.until(() => errorLogs().length === 2, 'the second logged stack');
    assert.match(errorLogs()[1]!, /^graphqlMetadata\/planExport failed: TypeError/);
  });

  test('a refusal the handler means (a rename onto a column) reaches the client unchanged and is not logged as a failure', async () => {
    const error = await failure(
      server.connection.sendRequest('textDocument/rename', { textDocument: { uri: server.uri(ARTICLE) }, position: pos(4, 12), newName: 'title' }),
    );
    assert.equal(error.code, INVALID_REQUEST);
    assert.match(error.message, /^`title` is a column of `public.article`/);
    assert.equal(errorLogs().length, 2);
  });

  test('the server keeps answering: requests, then diagnostics of a new edit', async () => {
    const roots = await server.connection.sendRequest<{ roots: string[] }>('graphqlMetadata/listRoots');
    assert.deepEqual(roots.roots, [path.join(dir, 'metadata')]);
    const hover = await server.connection.sendRequest<{ range: unknown }>('textDocument/hover', {
      textDocument: { uri: server.uri(ARTICLE) },
      position: pos(4, 12),
    });
    assert.ok(hover !== null, 'a hover on the relationship');
    const allowList = 'metadata/allow_list.yaml';
    const uri = server.uri(allowList);
    const text = fs.readFileSync(path.join(dir, allowList), 'utf8');
    await server.connection.sendNotification('textDocument/didOpen', {
      textDocument: { uri, languageId: 'yaml', version: 1, text: `${text}- collection: ghost\n` },
    });
    const line = text.split('\n').length - 1;
    await server.until(() => server.diagnostics(allowList)?.some((d) => d.range.start.line === line) === true, 'the new finding');
    assert.ok(server.diagnostics(allowList)!.every((d) => d.code === 'allow-list-unknown-collection'));
  });
});

describe('work the server starts on its own that throws (dist/server.js over stdio, a disk that lies)', () => {
  const TABLES = 'metadata/databases/default/tables';
  const preload = ['--require', path.join(__dirname, 'explodingListing.js')];
  const failed = (what: string): string =>
    `GraphQL Metadata could not finish ${what}: TypeError: Cannot convert a Symbol value to a string (the stack is in the GraphQL Metadata output). The diagnostics shown may be out of date until the next check (edit or save a file); please report it.`;
  const lastStatus = (server: ServerUnderTest): { state: string; problems: { path: string; message: string }[] } =>
    server.statuses.at(-1) as { state: string; problems: { path: string; message: string }[] };

  test('start-up: a check-failed error on the workspace folder and in the status, the stack logged, and the server keeps answering', async () => {
    const dir = copyFixture('basic');
    fs.writeFileSync(path.join(dir, TABLES, 'explode.yaml'), 'table: {name: x, schema: public}\n');
    const server = new ServerUnderTest(dir, {}, undefined, preload);
    try {
      await server.start();
      const folder = pathToFileURL(dir).href;
      await server.until(() => lastStatus(server)?.state === 'ready', 'the status after the failure');
      assert.deepEqual(lastStatus(server).problems, [{ path: dir, message: failed('the start-up check') }]);
      await server.until(() => server.logs.some((l) => l.type === 1), 'the logged stack');
      assert.match(server.logs.find((l) => l.type === 1)!.message, /^the start-up check failed: TypeError: Cannot convert a Symbol value to a string\n {4}at /);
      await server.until(() => server.published(folder) !== undefined, 'the diagnostic on the folder');
      assert.deepEqual(
        server.published(folder)!.map((d) => [d.code, d.message]),
        [['check-failed', failed('the start-up check')]],
      );
      const roots = await server.connection.sendRequest<{ roots: string[] }>('graphqlMetadata/listRoots');
      assert.deepEqual(roots.roots, []);
    } finally {
      await server.stop();
    }
  });

  test("the re-check after a file event: a check-failed error on the root's version.yaml; the next check clears it", async () => {
    const dir = copyFixture('basic');
    const server = new ServerUnderTest(dir, {}, undefined, preload);
    try {
      await server.start();
      await server.until(() => lastStatus(server)?.state === 'ready', 'first check');
      const file = path.join(dir, TABLES, 'explode.yaml');
      fs.writeFileSync(file, 'table: {name: x, schema: public}\n');
      await server.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: pathToFileURL(file).href, type: 1 }] });
      await server.until(() => server.diagnostics('metadata/version.yaml')?.length === 1, 'the check failure');
      assert.deepEqual(
        server.diagnostics('metadata/version.yaml')!.map((d) => [d.code, d.message, d.range.start.line]),
        [['check-failed', failed('the re-check after an edit'), 0]],
      );
      await server.until(() => lastStatus(server).state === 'ready', 'the status after the failure');
      assert.deepEqual(lastStatus(server).problems, [{ path: path.join(dir, 'metadata'), message: failed('the re-check after an edit') }]);
      fs.rmSync(file);
      await server.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: pathToFileURL(file).href, type: 3 }] });
      await server.until(() => server.diagnostics('metadata/version.yaml')?.length === 0, 'the failure cleared');
      await server.until(() => lastStatus(server).state === 'ready', 'the status after the check');
      assert.deepEqual(lastStatus(server).problems, []);
    } finally {
      await server.stop();
    }
  });
});
