/**
 * Local changes are all or nothing, and one undo: Export From Server and a server command's local
 * edit in the real VS Code, against the test server, with one target made unwritable so that VS
 * Code fails half way through the edit (a folder where the export writes a file; a file where a new
 * source's folder must go). Whatever it had done is put back: every file of the workspace folder is
 * byte-identical afterwards (hashed), no document is left unsaved. A successful change is taken back
 * by one `undo`.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { ExtensionApi } from '../../../client/src/api';
import { REPO_ROOT } from '../../server/spawn';
import { diskText, META, metaUri, thenChecked, writeDisk } from '../files';
import { activateExtension, fixtureUri, waitForStatus, workspaceRoot } from '../helpers';
import { metadataTexts, restoreMetadataTexts, runCommand as run, serverSettings } from '../serverHelpers';
import type { TestServer } from '../testServer';
import { startTestServer } from '../testServer';
import { settleWindow } from '../window';

const TABLES = 'databases/default/tables/tables.yaml';
const ARTICLE = 'databases/default/tables/public_article.yaml';
const COMMENT = 'databases/default/tables/public_comment.yaml';
const OLD = 'databases/default/tables/public_old.yaml';
const BLOCKED = 'rest_endpoints.yaml';
const DATABASES = 'databases/databases.yaml';
/** The files the export updates (their text) and creates. */
const UPDATED = ['actions.graphql', DATABASES, ARTICLE, COMMENT, TABLES];
const CREATED = [
  'api_limits.yaml',
  'backend_configs.yaml',
  'databases/ledger/tables/tables.yaml',
  'databases/default/tables/public_tag.yaml',
  'graphql_schema_introspection.yaml',
  'metrics_config.yaml',
  'network.yaml',
  'opentelemetry.yaml',
  BLOCKED,
];
const CONFIGURATION = { connection_info: { database_url: { from_env: 'ANALYTICS_DATABASE_URL' } } };

/** Every file (and folder, unless `filesOnly`) under the workspace folder: relative path -> sha256 of its bytes, or `folder`. */
function tree(filesOnly = false): Record<string, string> {
  const root = workspaceRoot().fsPath;
  const entries = readdirSync(root, { recursive: true, withFileTypes: true });
  const out: Record<string, string> = {};
  for (const entry of entries) {
    const full = path.join(entry.parentPath, entry.name);
    if (entry.isDirectory() && filesOnly) continue;
    out[path.relative(root, full)] = entry.isDirectory() ? 'folder' : createHash('sha256').update(readFileSync(full)).digest('hex');
  }
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => (a < b ? -1 : 1)));
}

function dirtyDocuments(): string[] {
  return vscode.workspace.textDocuments.filter((d) => d.isDirty).map((d) => vscode.workspace.asRelativePath(d.uri, false));
}

/** The keys whose values differ between two trees. */
function changedKeys(a: Record<string, string>, b: Record<string, string>): string[] {
  return [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((k) => a[k] !== b[k]).sort();
}

suite('safe writes: all or nothing, one undo', () => {
  let api: ExtensionApi;
  let server: TestServer;
  let stateDir: string;
  let before: Record<string, string>;
  const meta = (rel: string): string => `${META}/${rel}`;
  const post = async (body: unknown): Promise<number> =>
    (await fetch(`${server.url}/v1/metadata`, { method: 'POST', body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } })).status;
  const lastLog = (prefix: string): string | undefined => [...api.commandLog].reverse().find((line) => line.startsWith(prefix));

  suiteSetup(async () => {
    api = await activateExtension();
    await waitForStatus(api, (s) => s.state === 'ready' && s.roots.length === 1 && s.roots[0]!.errors === 0);
    before = metadataTexts(META);
    stateDir = mkdtempSync(path.join(tmpdir(), 'graphql-metadata-safe-'));
    cpSync(fixtureUri(META).fsPath, path.join(stateDir, 'metadata'), { recursive: true });
    const { catalog } = JSON.parse(readFileSync(path.join(REPO_ROOT, 'test', 'e2e', 'server-state.json'), 'utf8')) as { catalog: { default: unknown[] } };
    const tag = { table: { schema: 'public', name: 'tag' }, columns: ['id', 'label'], foreign_keys: [] };
    writeFileSync(path.join(stateDir, 'catalog.json'), JSON.stringify({ catalog: { default: [...catalog.default, tag] } }));
    server = await startTestServer({ state: stateDir });
    await serverSettings().update('url', server.url, vscode.ConfigurationTarget.Workspace);
    // The server gains a table and a relationship comment; the folder has a table the server lacks.
    const state = await server.state();
    const tables = (state.metadata.sources as { tables: { table: { schema: string; name: string }; object_relationships?: { comment?: string }[] }[] }[])[0]!
      .tables;
    tables.find((t) => t.table.name === 'article')!.object_relationships![0]!.comment = 'Set on the server';
    tables.push({ table: { schema: 'public', name: 'tag' } });
    (state.metadata.sources as unknown[]).push({ name: 'ledger', kind: 'postgres', tables: [], configuration: CONFIGURATION });
    assert.equal(await post({ type: 'replace_metadata', version: 2, args: { metadata: state.metadata } }), 200);
    await thenChecked(api, () => writeDisk(metaUri(OLD), 'table:\n  name: old\n  schema: public\n'));
  });

  suiteTeardown(async () => {
    await settleWindow();
    for (const leftover of [BLOCKED, 'databases/ledger', 'databases/warehouse', 'databases/reports']) {
      await vscode.workspace.fs.delete(metaUri(leftover), { recursive: true, useTrash: false }).then(undefined, () => undefined);
    }
    await restoreMetadataTexts(before);
    await serverSettings().update('url', undefined, vscode.ConfigurationTarget.Workspace);
    await server?.stop();
    if (stateDir !== undefined) rmSync(stateDir, { recursive: true, force: true });
    await waitForStatus(api, (s) => s.state === 'ready' && s.roots[0]!.errors === 0);
  });

  /**
   * Runs Export From Server, which must fail: its outcome, the files it had changed before the
   * failure (each put back, from the log), the documents that changed meanwhile (the updated files,
   * and any document an earlier suite left open on a file the export creates), the files it
   * deleted; and afterwards every file and folder as before, no document unsaved.
   */
  const failingExport = async (message: string): Promise<{ putBack: string[]; documents: string[]; deleted: string[] }> => {
    const article = await vscode.window.showTextDocument(metaUri(ARTICLE), { preview: false });
    const deleted: string[] = [];
    const documents = new Set<string>();
    const listeners = [
      vscode.workspace.onDidDeleteFiles((e) => deleted.push(...e.files.map((f) => vscode.workspace.asRelativePath(f, false)))),
      vscode.workspace.onDidChangeTextDocument((e) => e.contentChanges.length > 0 && documents.add(vscode.workspace.asRelativePath(e.document.uri, false))),
    ];
    const start = tree();
    try {
      const outcome = await run('graphqlMetadata.exportFromServer', { confirm: true });
      assert.equal(outcome.status, 'local-failed', outcome.message);
      assert.equal(outcome.message, message);
    } finally {
      for (const listener of listeners) listener.dispose();
    }
    assert.deepEqual(changedKeys(tree(), start), [], 'every file and folder as before');
    assert.deepEqual(dirtyDocuments(), []);
    assert.equal(article.document.getText(), await diskText(metaUri(ARTICLE)));
    const logged = lastLog('[warn] Export From Server failed half way; put back: ') ?? '';
    return {
      putBack: logged
        .replace(/^.*put back: /, '')
        .replace(/\.$/, '')
        .split(', '),
      documents: [...documents].sort(),
      deleted,
    };
  };

  test('Export From Server meets a folder where it writes a file: it fails after the updates and the deletion, and puts everything back byte for byte', async () => {
    await vscode.workspace.fs.createDirectory(metaUri(BLOCKED));
    await writeDisk(metaUri(`${BLOCKED}/keep.txt`), 'a folder in the way\n');
    try {
      const failed = await failingExport(
        `Export From Server could not write hasura/metadata: ${meta(BLOCKED)} is a folder, not a file. Every file it had changed was put back: hasura/metadata is as it was.`,
      );
      // VS Code checks the new files before creating any: what was done before the failure is the updates (in their documents) and the deletion.
      assert.deepEqual(
        UPDATED.map(meta).filter((f) => !failed.documents.includes(f)),
        [],
        'every updated document was changed',
      );
      assert.deepEqual(failed.deleted, [meta(OLD)]);
      assert.deepEqual(failed.putBack, [...UPDATED, OLD].map(meta).sort());
    } finally {
      await vscode.workspace.fs.delete(metaUri(BLOCKED), { recursive: true, useTrash: false });
    }
  });

  test('Export From Server meets a file where a new source needs its folder: it fails after writing the other new files, and puts everything back byte for byte', async () => {
    await writeDisk(metaUri('databases/ledger'), 'a file where the source folder goes\n');
    try {
      const failed = await failingExport(
        `Export From Server could not write hasura/metadata: ${meta('databases/ledger')} is a file, so ${meta('databases/ledger/tables/tables.yaml')} cannot be created in it. Every file it had changed was put back: hasura/metadata is as it was.`,
      );
      assert.deepEqual(
        UPDATED.map(meta).filter((f) => !failed.documents.includes(f)),
        [],
        'every updated document was changed',
      );
      assert.deepEqual(failed.deleted, [meta(OLD)]);
      assert.deepEqual(
        failed.putBack,
        [...UPDATED, OLD, ...CREATED.filter((f) => !f.startsWith('databases/ledger/'))].map(meta).sort(),
        'the other new files were written, then removed',
      );
    } finally {
      await vscode.workspace.fs.delete(metaUri('databases/ledger'), { useTrash: false });
    }
  });

  test('a successful Export From Server is one edit: one undo takes it all back', async () => {
    const start = tree();
    const startFiles = tree(true);
    const outcome = await run('graphqlMetadata.exportFromServer', { confirm: true });
    assert.equal(outcome.status, 'done', outcome.message);
    assert.match(outcome.message, /: 9 created, 5 updated, 1 deleted\.$/);
    assert.deepEqual(dirtyDocuments(), []);
    assert.deepEqual(changedKeys(tree(true), startFiles), [...UPDATED, ...CREATED, OLD].map(meta).sort());

    await vscode.window.showTextDocument(metaUri(TABLES), { preview: false });
    await vscode.commands.executeCommand('undo');
    assert.deepEqual(dirtyDocuments().sort(), UPDATED.map(meta).sort(), 'the updated files hold their old text again, unsaved');
    for (const document of vscode.workspace.textDocuments.filter((d) => d.isDirty)) assert.ok(await document.save());
    assert.deepEqual(changedKeys(tree(true), startFiles), [], 'every file as before the export');
    // The folders VS Code made for the new source's file stay, empty (a WorkspaceEdit cannot remove folders).
    assert.deepEqual(changedKeys(tree(), start), [meta('databases/ledger'), meta('databases/ledger/tables')]);
    await vscode.workspace.fs.delete(metaUri('databases/ledger'), { recursive: true, useTrash: false });
  });

  test('a server command whose local edit fails half way: the server has the change, the files are as they were', async () => {
    await writeDisk(metaUri('databases/warehouse'), 'a file where the source folder goes\n');
    const databases = await vscode.window.showTextDocument(metaUri(DATABASES), { preview: false });
    const start = tree();
    const outcome = await run('graphqlMetadata.addSource', { kind: 'postgres', name: 'warehouse', configuration: CONFIGURATION });
    assert.equal(outcome.status, 'local-failed', outcome.message);
    assert.equal(
      outcome.message,
      `Added source warehouse on the server, but the local files were not updated: ${meta('databases/warehouse')} is a file, so ${meta('databases/warehouse/tables/tables.yaml')} cannot be created in it. The files it had changed are as they were; Export From Server brings them in line with the server.`,
    );
    assert.equal(lastLog('[warn] The local edit failed half way'), `[warn] The local edit failed half way; put back: ${meta(DATABASES)}.`);
    assert.deepEqual(
      ((await server.state()).metadata.sources as { name: string }[]).map((source) => source.name),
      ['default', 'ledger', 'warehouse'],
    );
    assert.deepEqual(changedKeys(tree(), start), []);
    assert.deepEqual(dirtyDocuments(), []);
    assert.equal(databases.document.getText(), await diskText(metaUri(DATABASES)));
  });

  test('a successful server command (Add Source: databases.yaml and a new tables.yaml) is undone by one undo', async () => {
    const start = tree();
    const startFiles = tree(true);
    const outcome = await run('graphqlMetadata.addSource', { kind: 'postgres', name: 'reports', configuration: CONFIGURATION });
    assert.equal(outcome.status, 'done', outcome.message);
    assert.deepEqual(changedKeys(tree(), start), [
      meta(DATABASES),
      meta('databases/reports'),
      meta('databases/reports/tables'),
      meta('databases/reports/tables/tables.yaml'),
    ]);
    await vscode.window.showTextDocument(metaUri(DATABASES), { preview: false });
    await vscode.commands.executeCommand('undo');
    assert.deepEqual(dirtyDocuments(), [meta(DATABASES)]);
    assert.ok(await vscode.workspace.textDocuments.find((d) => d.isDirty)!.save());
    // Every file as before; the folders VS Code created for the new file stay, empty (a WorkspaceEdit cannot create or remove folders).
    assert.deepEqual(changedKeys(tree(true), startFiles), []);
    assert.deepEqual(changedKeys(tree(), start), [meta('databases/reports'), meta('databases/reports/tables')]);
  });
});
