/**
 * Sync with the server end to end: Export From Server, Apply To Server, Diff With Server, Reload
 * Metadata and Show Inconsistencies in a real VS Code against the test server, started here with a
 * copy of the workspace's metadata folder as its state (and a catalog of the tables its database has).
 * Checked on the files on disk, on the requests the server received (GET /_test/requests) and on
 * the diagnostics VS Code holds.
 */
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { ExtensionApi } from '../../../client/src/api';
import { checkRoot } from '../../../server/src/core/check';
import { ParseCache } from '../../../server/src/core/project/cache';
import { directoryToMetadata } from '../../../server/src/core/sync/directory';
import { createNodeHost } from '../../../server/src/node/fsHost';
import { toCorePath } from '../../../common/paths';
import { REPO_ROOT } from '../../server/spawn';
import { diskText, exists, META, metaUri, rangeText, setTextAndSave, summary, waitForSummary, writeDisk } from '../files';
import { activateExtension, fixtureUri, pressKeys, screenshot, waitForStatus } from '../helpers';
import { metadataTexts, restoreMetadataTexts, nextOutcome, runCommand as run, serverSettings } from '../serverHelpers';
import type { TestServer } from '../testServer';
import { startTestServer } from '../testServer';
import { hideBreadcrumbs, settleWindow } from '../window';

const TAG = 'databases/default/tables/public_tag.yaml';
const GHOST = 'databases/default/tables/public_ghost.yaml';
const TABLES = 'databases/default/tables/tables.yaml';
const TAG_TEXT = 'table:\n  name: tag\n  schema: public\nobject_relationships:\n  - name: article\n    using:\n      foreign_key_constraint_on: article_id\n';
const TABLES_TEXT = '- "!include public_author.yaml"\n- "!include public_article.yaml"\n- "!include public_comment.yaml"\n- "!include public_tag.yaml"\n';

interface Recorded {
  method: string;
  path: string;
  body: string;
}

suite('sync with the server', () => {
  let api: ExtensionApi;
  let server: TestServer;
  let stateDir: string;
  let before: Record<string, string>;
  let host: string;
  const root = (): string => fixtureUri(META).fsPath;

  /** What someone else does on the server: a metadata request sent directly. */
  const post = async (body: unknown): Promise<{ status: number; json: unknown }> => {
    const response = await fetch(`${server.url}/v1/metadata`, { method: 'POST', body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } });
    return { status: response.status, json: await response.json() };
  };
  const requests = async (): Promise<Recorded[]> => (await (await fetch(`${server.url}/_test/requests`)).json()) as Recorded[];
  /** The JSON the workspace's metadata folder describes, as built by the core (what apply must send). */
  const localMetadata = (): Record<string, unknown> =>
    directoryToMetadata(checkRoot(toCorePath(root()), { host: createNodeHost(), cache: new ParseCache() })).metadata;
  const ready = (predicate: (errors: number, files: number) => boolean): Promise<unknown> =>
    waitForStatus(api, (s) => s.state === 'ready' && s.roots.length === 1 && predicate(s.roots[0]!.errors, s.roots[0]!.files));

  suiteSetup(async () => {
    api = await activateExtension();
    await waitForStatus(api, (s) => s.state === 'ready' && s.roots.length === 1);
    before = metadataTexts(META);
    stateDir = mkdtempSync(path.join(tmpdir(), 'graphql-metadata-sync-'));
    cpSync(root(), path.join(stateDir, 'metadata'), { recursive: true });
    const { catalog } = JSON.parse(readFileSync(path.join(REPO_ROOT, 'test', 'e2e', 'server-state.json'), 'utf8')) as { catalog: { default: unknown[] } };
    const tag = {
      table: { schema: 'public', name: 'tag' },
      columns: ['id', 'label', 'article_id'],
      foreign_keys: [{ columns: ['article_id'], ref_table: { schema: 'public', name: 'article' }, ref_columns: ['id'] }],
    };
    writeFileSync(path.join(stateDir, 'catalog.json'), JSON.stringify({ catalog: { default: [...catalog.default, tag] } }));
    server = await startTestServer({ state: stateDir });
    host = new URL(server.url).host;
    await serverSettings().update('url', server.url, vscode.ConfigurationTarget.Workspace);
  });

  suiteTeardown(async () => {
    await settleWindow();
    await serverSettings().update('url', undefined, vscode.ConfigurationTarget.Workspace);
    await restoreMetadataTexts(before);
    await vscode.workspace.fs.delete(metaUri('NOTES.md'), { useTrash: false }).then(undefined, () => undefined);
    await server?.stop();
    if (stateDir !== undefined) rmSync(stateDir, { recursive: true, force: true });
  });

  test('Export From Server writes the directory the server describes: a new table file, tables.yaml, a removed table deleted, other files left alone', async () => {
    const state = await server.state();
    const sources = state.metadata.sources as { tables: unknown[] }[];
    sources[0]!.tables.push({
      table: { name: 'tag', schema: 'public' },
      object_relationships: [{ name: 'article', using: { foreign_key_constraint_on: 'article_id' } }],
    });
    assert.equal((await post({ type: 'replace_metadata', version: 2, args: { metadata: state.metadata } })).status, 200);
    await writeDisk(metaUri('NOTES.md'), 'not metadata\n');
    await writeDisk(metaUri('databases/default/tables/public_old.yaml'), 'table:\n  name: old\n  schema: public\n');

    const outcome = await run('graphqlMetadata.exportFromServer', { confirm: true });
    assert.equal(outcome.status, 'done', outcome.message);
    assert.equal(outcome.message, `Exported ${host} (resource_version 2) to hasura/metadata: 8 created, 4 updated, 1 deleted.`);
    const changed = (outcome.files ?? []).map((f) => path.relative(root(), f)).sort();
    assert.deepEqual(changed, [
      'actions.graphql',
      'api_limits.yaml',
      'backend_configs.yaml',
      'databases/default/tables/public_article.yaml',
      'databases/default/tables/public_comment.yaml',
      'databases/default/tables/public_old.yaml',
      TAG,
      TABLES,
      'graphql_schema_introspection.yaml',
      'metrics_config.yaml',
      'network.yaml',
      'opentelemetry.yaml',
      'rest_endpoints.yaml',
    ]);
    assert.equal(await diskText(metaUri(TAG)), TAG_TEXT);
    assert.equal(await diskText(metaUri(TABLES)), TABLES_TEXT);
    assert.equal(await diskText(metaUri('api_limits.yaml')), '{}\n');
    assert.equal(await exists(metaUri('databases/default/tables/public_old.yaml')), false);
    assert.equal(await diskText(metaUri('NOTES.md')), 'not metadata\n');
    assert.equal(await diskText(fixtureUri('hasura/config.yaml')), readFileSync(path.join(REPO_ROOT, 'test/fixtures/e2e-project/hasura/config.yaml'), 'utf8'));
    // The directory now describes exactly what the server has.
    assert.deepEqual(localMetadata(), (await server.state()).metadata);
    await ready((errors, files) => errors === 0 && files === 21);
  });

  test('Apply To Server sends exactly the JSON the directory describes, with the resource_version of the export', async () => {
    await setTextAndSave(metaUri(TAG), `${TAG_TEXT}    comment: Tagged article\n`);
    await ready((errors) => errors === 0);
    const seen = (await requests()).length;
    const outcome = await run('graphqlMetadata.applyToServer', { confirm: true });
    assert.equal(outcome.status, 'done', outcome.message);
    assert.equal(outcome.message, `Applied hasura/metadata to ${host} (now resource_version 3).`);
    const sent = (await requests()).slice(seen);
    assert.deepEqual(
      sent.map((r) => `${r.method} ${r.path}`),
      ['POST /v1/metadata'],
    );
    const metadata = localMetadata();
    assert.equal(
      sent[0]!.body,
      JSON.stringify({ type: 'replace_metadata', version: 2, resource_version: 2, args: { allow_inconsistent_metadata: false, metadata } }),
    );
    const state = await server.state();
    assert.deepEqual(state.metadata, metadata);
    assert.equal(state.resource_version, 3);
  });

  test('a 409 on a stale resource_version is explained, offers a diff, and changes nothing; Diff With Server shows the change', async () => {
    const changedElsewhere = await post({
      type: 'pg_set_relationship_comment',
      args: { source: 'default', table: { schema: 'public', name: 'tag' }, relationship: 'article', comment: 'Set on the server' },
    });
    assert.equal(changedElsewhere.status, 200);
    await setTextAndSave(metaUri(TAG), `${TAG_TEXT}    comment: Set locally\n`);
    await ready((errors) => errors === 0);
    await vscode.commands.executeCommand('notifications.clearAll');
    const outcome = await run('graphqlMetadata.applyToServer', { confirm: true });
    assert.equal(outcome.status, 'refused');
    assert.equal(outcome.errorKind, 'conflict');
    assert.equal(
      outcome.message,
      `Apply refused: the metadata on ${host} changed since resource_version 3, your last export (409 conflict); nothing was applied. See what changed with Diff With Server, then export again (or merge the changes by hand) and apply.`,
    );
    const state = await server.state();
    assert.equal(state.resource_version, 4);
    assert.match(JSON.stringify(state.metadata), /"comment":"Set on the server"/);

    // The refusal offers the diff (in the notification center: toasts arriving in a burst are not shown as toasts).
    await vscode.commands.executeCommand('notifications.showList');
    await pressKeys('sync-conflict-offer', [{ waitFor: 'your last export (409 conflict); nothing was applied' }, { waitFor: 'Show Diff' }]);
    const diffed = nextOutcome(api, 'graphqlMetadata.diffWithServer');
    await vscode.commands.executeCommand('notification.acceptPrimaryAction');
    const diff = await diffed;
    await vscode.commands.executeCommand('notifications.hideList');
    assert.equal(diff.status, 'done', diff.message);
    assert.equal(diff.message, `1 file differs (1 changed, 0 only on the server, 0 only in hasura/metadata); ${host} (resource_version 4).`);
    assert.deepEqual(diff.files, [path.join(root(), TAG)]);
    assert.equal(vscode.window.tabGroups.activeTabGroup.activeTab?.label, `hasura/metadata ↔ ${host} (resource_version 4) (1 file)`);
    const serverSide = vscode.workspace.textDocuments.find(
      (d) => d.uri.scheme === 'graphql-metadata-server' && d.uri.path === `/${TAG}` && !d.uri.query.startsWith('absent'),
    );
    assert.equal(serverSide?.getText(), `${TAG_TEXT}    comment: Set on the server\n`);
  });

  test('Export From Server previews its files; a file opens as a diff; Write writes it (from the keyboard)', async () => {
    await settleWindow();
    const finished = nextOutcome(api, 'graphqlMetadata.exportFromServer');
    void vscode.commands.executeCommand('graphqlMetadata.exportFromServer');
    await pressKeys('sync-export-preview-open', [
      { waitFor: 'Write 1 file' },
      { waitFor: TAG, press: 'ArrowDown' },
      { press: 'ArrowDown' },
      { press: 'Enter' },
      { waitFor: `public_tag.yaml (local ↔ ${host})` },
    ]);
    assert.equal(await diskText(metaUri(TAG)), `${TAG_TEXT}    comment: Set locally\n`, 'nothing is written before Write');
    await vscode.commands.executeCommand('notifications.clearAll');
    await screenshot('sync-export-preview', ['Write 1 file', `public_tag.yaml (local ↔ ${host})`, 'Set on the server']);
    await pressKeys('sync-export-preview-write', [{ press: 'ArrowUp' }, { press: 'ArrowUp' }, { press: 'Enter' }]);
    const outcome = await finished;
    assert.equal(outcome.status, 'done', outcome.message);
    assert.equal(outcome.message, `Exported ${host} (resource_version 4) to hasura/metadata: 0 created, 1 updated, 0 deleted.`);
    assert.equal(await diskText(metaUri(TAG)), `${TAG_TEXT}    comment: Set on the server\n`);
    await settleWindow();
  });

  test('Apply To Server refuses while the project has errors, and sends nothing', async () => {
    await setTextAndSave(metaUri(TAG), `${TAG_TEXT}    comment: Set on the server\nbogus: 1\n`);
    await ready((errors) => errors === 1);
    const seen = (await requests()).length;
    const outcome = await run('graphqlMetadata.applyToServer', { confirm: true });
    assert.equal(outcome.status, 'not-run');
    assert.match(
      outcome.message,
      /^Apply refused: hasura\/metadata has 1 error; fix it and apply again\. hasura\/metadata\/databases\/default\/tables\/public_tag\.yaml:9 .*\(schema-unknown-key\)$/,
    );
    assert.equal((await requests()).length, seen);
    await setTextAndSave(metaUri(TAG), `${TAG_TEXT}    comment: Set on the server\n`);
    await ready((errors) => errors === 0);
  });

  test('inconsistencies land on the lines that define them: a rejected apply, Show Inconsistencies, Reload Metadata; a good apply clears them', async () => {
    const tagText = `${TAG_TEXT}    comment: Set on the server\n  - name: writer\n    using:\n      foreign_key_constraint_on: writer_id\n`;
    await setTextAndSave(metaUri(TAG), tagText);
    await writeDisk(metaUri(GHOST), 'table:\n  name: ghost\n  schema: public\n');
    await setTextAndSave(metaUri(TABLES), `${TABLES_TEXT}- "!include public_ghost.yaml"\n`);
    await ready((errors, files) => errors === 0 && files === 22);
    const expected = {
      tag: ['server-inconsistent-object error 8:10-8:16'],
      ghost: ['server-inconsistent-object error 0:0-0:5'],
    };

    const rejected = await run('graphqlMetadata.applyToServer', { confirm: true });
    assert.equal(rejected.status, 'refused', rejected.message);
    assert.deepEqual(rejected.files?.map((f) => path.relative(root(), f)).sort(), [GHOST, TAG]);
    const [ghost] = await waitForSummary(metaUri(GHOST), expected.ghost);
    assert.equal(ghost!.message, 'no such table/view exists in source: "ghost" (table ghost in source default)');
    const [writer] = await waitForSummary(metaUri(TAG), expected.tag);
    assert.match(writer!.message, /^no foreign constraint exists on the given column\(s\) \(object relationship writer of table tag in source default\)$/);
    assert.equal((await server.state()).resource_version, 4, 'nothing was applied');

    // The server is consistent: Reload Metadata says so and the marks go away.
    const reloaded = await run('graphqlMetadata.reloadMetadata');
    assert.equal(reloaded.message, `Reloaded the metadata on ${host}. The metadata on ${host} is consistent.`);
    await waitForSummary(metaUri(GHOST), []);
    await waitForSummary(metaUri(TAG), []);

    // Someone makes the server inconsistent: Show Inconsistencies marks both objects again.
    assert.equal((await post({ type: 'replace_metadata', version: 2, args: { allow_inconsistent_metadata: true, metadata: localMetadata() } })).status, 200);
    const shown = await run('graphqlMetadata.showInconsistencies');
    assert.equal(shown.status, 'done', shown.message);
    assert.equal(
      shown.message,
      `2 inconsistent objects on ${host}. 2 marked in the local files (Problems panel): ${[
        'hasura/metadata/databases/default/tables/public_tag.yaml:9 no foreign constraint exists on the given column(s) (object relationship writer of table tag in source default) (server-inconsistent-object)',
        'hasura/metadata/databases/default/tables/public_ghost.yaml:1 no such table/view exists in source: "ghost" (table ghost in source default) (server-inconsistent-object)',
      ].join('; ')}.`,
    );
    const [tagMark] = await waitForSummary(metaUri(TAG), expected.tag);
    await waitForSummary(metaUri(GHOST), expected.ghost);
    assert.equal(rangeText(tagMark!.range), '8:10-8:16');
    // The shot: the mark in the editor, opened with Go to Next Problem (no side bar or panel, whose state earlier suites leave behind).
    await settleWindow();
    await vscode.commands.executeCommand('workbench.action.closeSidebar');
    await vscode.commands.executeCommand('workbench.action.closePanel');
    const showBreadcrumbs = await hideBreadcrumbs();
    const editor = await vscode.window.showTextDocument(metaUri(TAG), { preview: false });
    editor.selection = new vscode.Selection(8, 0, 8, 0);
    await vscode.commands.executeCommand('editor.action.marker.next');
    // The widget scrolls the file as far as the layout of the moment asks (side bar, panel and
    // breadcrumbs just closed): a few pixels more or less by timing. The whole file fits: from the top.
    editor.revealRange(new vscode.Range(0, 0, 0, 0), vscode.TextEditorRevealType.AtTop);
    await vscode.commands.executeCommand('notifications.clearAll');
    await screenshot('sync-inconsistency', ['(object relationship writer of table tag in source default)', '1 of 1 problem']);
    await vscode.commands.executeCommand('closeMarkersNavigation');
    await showBreadcrumbs();
    await vscode.commands.executeCommand('workbench.view.explorer');
    assert.equal((await run('graphqlMetadata.reloadMetadata')).files?.length, 2);
    assert.deepEqual(summary(vscode.languages.getDiagnostics(metaUri(TAG))), expected.tag);

    // Fixed locally: the marks follow the files (the relationship's falls back to its table) until a good apply clears them.
    await setTextAndSave(metaUri(TAG), `${TAG_TEXT}    comment: Set on the server\n`);
    await setTextAndSave(metaUri(TABLES), TABLES_TEXT);
    await vscode.workspace.fs.delete(metaUri(GHOST));
    await ready((errors, files) => errors === 1 && files === 21);
    await waitForSummary(metaUri(TAG), ['server-inconsistent-object error 0:0-0:5']);
    const applied = await run('graphqlMetadata.applyToServer', { confirm: true, resource_version: (await server.state()).resource_version });
    assert.equal(applied.status, 'done', applied.message);
    assert.equal(applied.message, `Applied hasura/metadata to ${host} (now resource_version 6).`);
    await waitForSummary(metaUri(TAG), []);
    await ready((errors) => errors === 0);
    assert.deepEqual((await server.state()).metadata, localMetadata());
  });
});
