import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { copyFixture, ServerUnderTest } from './harness';

describe('language server diagnostics (dist/server.js over stdio)', () => {
  let server: ServerUnderTest;
  const allowList = 'metadata/allow_list.yaml';
  before(async () => {
    const dir = copyFixture('basic');
    fs.writeFileSync(path.join(dir, 'docker-compose.yaml'), 'services: {a: {image: x}}\nversion: "3"\n');
    server = new ServerUnderTest(dir);
    await server.start();
  });
  after(async () => server.stop());

  test('publishes the unknown collection at its exact range, with code, source and docs link', async () => {
    await server.until(() => (server.diagnostics(allowList)?.length ?? 0) > 0, 'allow_list diagnostics');
    assert.deepEqual(
      server
        .diagnostics(allowList)!
        .map((d) => ({ code: d.code, source: d.source, severity: d.severity, range: d.range, href: d.codeDescription?.href.replace(/.*#/, '#') })),
      [
        {
          code: 'allow-list-unknown-collection',
          source: 'graphql-metadata',
          severity: 1,
          range: { start: { line: 0, character: 14 }, end: { line: 0, character: 28 } },
          href: '#allow-list-unknown-collection',
        },
      ],
    );
  });

  test('publishes nothing for clean files of the root (no message per file at start-up) and for unrelated YAML', async () => {
    await server.until(() => server.statuses.some((s) => (s as { state: string }).state === 'ready'), 'ready status');
    assert.ok(server.diagnostics(allowList)?.length, 'the files with findings are published by the ready status');
    assert.equal(server.diagnostics('metadata/query_collections.yaml'), undefined);
    assert.equal(server.diagnostics('docker-compose.yaml'), undefined);
  });

  test('re-checks an open document as it is edited', async () => {
    const uri = server.uri(allowList);
    await server.connection.sendNotification('textDocument/didOpen', {
      textDocument: { uri, languageId: 'yaml', version: 1, text: '- collection: allowed-querys\n' },
    });
    await server.connection.sendNotification('textDocument/didChange', {
      textDocument: { uri, version: 2 },
      contentChanges: [{ text: '- collection: allowed-queries\n' }],
    });
    await server.until(() => server.diagnostics(allowList)?.length === 0, 'the finding to go');
  });

  test('picks up a change on disk announced by a watched-file event (the disk cache is invalidated)', async () => {
    const uri = server.uri(allowList);
    await server.connection.sendNotification('textDocument/didClose', { textDocument: { uri } });
    fs.writeFileSync(path.join(server.workspace, allowList), '- collection: allowed-queries\n- collection: ghost\n');
    await server.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri, type: 2 }] });
    await server.until(() => server.diagnostics(allowList)?.[0]?.range.start.line === 1, 'the new finding on line 2');
    assert.deepEqual(
      server.diagnostics(allowList)!.map((d) => d.code),
      ['allow-list-unknown-collection'],
    );
  });

  test('sends a status with the root and its counts', async () => {
    await server.until(() => server.statuses.some((s) => (s as { state: string }).state === 'ready'), 'ready status');
    const last = server.statuses.filter((s) => (s as { state: string }).state === 'ready').at(-1) as {
      roots: { root: string; errors: number; files: number }[];
    };
    assert.equal(last.roots.length, 1);
    assert.ok(last.roots[0]!.root.endsWith('/metadata'));
    assert.equal(last.roots[0]!.files, 8);
  });
});

describe('a file deleted on disk while an editor still has it open', () => {
  test('is gone from the project (its findings cleared) until the file is there again', async () => {
    const dir = copyFixture('basic');
    const tag = 'metadata/databases/default/tables/public_tag.yaml';
    const text = 'table:\n  name: tag\n  schema: public\n';
    fs.writeFileSync(path.join(dir, tag), text);
    const server = new ServerUnderTest(dir);
    try {
      await server.start();
      await server.until(() => server.diagnostics(tag)?.length === 1, 'the unreferenced hint');
      assert.deepEqual(
        server.diagnostics(tag)!.map((d) => [d.code, d.severity]),
        [['table-file-unreferenced', 4]],
      );
      const uri = server.uri(tag);
      await server.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'yaml', version: 1, text } });
      // VS Code keeps the document open (its tab marked deleted) and tells of the deletion only by the watcher.
      fs.rmSync(path.join(dir, tag));
      await server.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri, type: 3 }] });
      await server.until(() => server.diagnostics(tag)?.length === 0, 'the hint cleared');
      // Saved again (the file is created), it is back, still open.
      fs.writeFileSync(path.join(dir, tag), text);
      await server.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri, type: 1 }] });
      await server.until(() => server.diagnostics(tag)?.length === 1, 'the hint back');
    } finally {
      await server.stop();
    }
  });
});
