import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, describe, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import type * as Generator from '../../scripts/bench/generate.mjs' with { 'resolution-mode': 'import' };
import { REPO, ServerUnderTest } from './harness';

const TMP = fs.mkdtempSync(path.join(os.tmpdir(), 'gem-lsp-start-'));
after(() => fs.rmSync(TMP, { recursive: true, force: true }));

const ready = (server: ServerUnderTest): boolean => server.statuses.some((s) => (s as { state: string }).state === 'ready');

/** The bench's generated project of `tables` tables (its check takes long enough to come second). */
async function generated(tables: number): Promise<string> {
  const { generateProject } = (await import(pathToFileURL(path.join(REPO, 'scripts/bench/generate.mjs')).href)) as typeof Generator;
  const dir = path.join(TMP, `n${tables}`);
  generateProject(dir, { tables, seed: 1 });
  return dir;
}

describe('start-up with a file open (dist/server.js over stdio, cold: no parse store)', () => {
  test("the open file's own findings arrive before the project's check ends, and are the final ones", async () => {
    const dir = await generated(400);
    const rel = 'metadata/databases/default/tables/public_invoices.yaml';
    // A key the engine rejects: a finding of this file alone (no other file reads it).
    const text = `${fs.readFileSync(path.join(dir, rel), 'utf8')}colour: blue\n`;
    const lastLine = text.split('\n').length - 2;
    const server = new ServerUnderTest(dir);
    try {
      await server.start();
      // As VS Code does: the document shown when the window opens is opened right after `initialized`.
      await server.connection.sendNotification('textDocument/didOpen', { textDocument: { uri: server.uri(rel), languageId: 'yaml', version: 1, text } });
      await server.until(() => server.diagnostics(rel) !== undefined || ready(server), 'the open file diagnostics or the first ready', 60_000);
      const first = server.diagnostics(rel);
      assert.equal(ready(server), false, "the open file's diagnostics came before the project's check ended");
      assert.deepEqual(
        first?.map((d) => [d.code, d.range.start.line, d.range.start.character, d.range.end.line, d.range.end.character, d.severity]),
        [['schema-unknown-key', lastLine, 0, lastLine, 6, 1]],
      );
      assert.match(first?.[0]?.message ?? '', /^Unknown key `colour`; the engine rejects it\. Allowed keys: table, is_enum, /);
      await server.until(() => ready(server), 'the first ready', 60_000);
      assert.deepEqual(server.diagnostics(rel), first, 'the project check publishes the same diagnostics for it');
    } finally {
      await server.stop();
    }
  });

  test('table files tables.yaml leaves out are never published as errors, neither checked alone nor parsed ahead', async () => {
    const dir = path.join(TMP, 'unlisted');
    const tables = path.join(dir, 'metadata', 'databases', 'default', 'tables');
    fs.mkdirSync(tables, { recursive: true });
    fs.writeFileSync(path.join(dir, 'metadata', 'version.yaml'), 'version: 3\n');
    fs.writeFileSync(
      path.join(dir, 'metadata', 'databases', 'databases.yaml'),
      '- name: default\n  kind: postgres\n  configuration:\n    connection_info:\n      database_url: postgres://x\n  tables: "!include default/tables/tables.yaml"\n',
    );
    fs.writeFileSync(path.join(tables, 'tables.yaml'), '[]\n');
    fs.writeFileSync(path.join(tables, 'public_broken.yaml'), 'table: [\n');
    const open = 'metadata/databases/default/tables/public_open.yaml';
    const text = 'table:\n  name: open\n  schema: public\ncolour: blue\n';
    fs.writeFileSync(path.join(dir, open), text);
    const server = new ServerUnderTest(dir);
    try {
      await server.start();
      await server.connection.sendNotification('textDocument/didOpen', { textDocument: { uri: server.uri(open), languageId: 'yaml', version: 1, text } });
      await server.until(() => ready(server), 'the first ready', 60_000);
      const broken = 'metadata/databases/default/tables/public_broken.yaml';
      for (const rel of [open, broken]) {
        const published = server.history.filter((p) => p.uri === server.uri(rel));
        assert.ok(published.length > 0, `${rel} has diagnostics`);
        assert.deepEqual(
          published.flatMap((p) => p.diagnostics.filter((d) => d.severity === 1).map((d) => d.code)),
          [],
          `${rel}: no error was ever published (the engine never reads the file: its errors are warnings)`,
        );
      }
      assert.ok(server.diagnostics(open)?.some((d) => d.code === 'schema-unknown-key' && d.severity === 2));
      assert.ok(server.diagnostics(broken)?.some((d) => d.code === 'yaml-syntax' && d.severity === 2));
    } finally {
      await server.stop();
    }
  });
});
