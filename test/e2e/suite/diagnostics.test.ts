/**
 * Diagnostics in the real VS Code: mistakes planted on disk (through `vscode.workspace.fs`, so the
 * server learns of them through the file watcher) in files that are not open, with exact codes and
 * ranges; the per-code severity setting; re-checking as you type; files created, renamed and
 * deleted on disk. The setup plants the mistakes, each test starts from them (or from the fix of
 * an earlier test), and the teardown restores the fixture.
 */
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ExtensionApi } from '../../../client/src/api';
import { activateExtension, screenshot, waitForDiagnostics, waitForStatus } from '../helpers';
import { diskText, exists, isOpen, metaUri, replaceOnce, setTextAndSave, summary, waitForSummary, writeDisk } from '../files';
import { hideBreadcrumbs, settleWindow } from '../window';

interface Plant {
  /** The file's text with the mistake, from the original text. */
  readonly plant: (text: string) => string;
  /** Our diagnostics of the planted file (`summary` strings). */
  readonly expected: readonly string[];
}

const TABLES = 'databases/default/tables/tables.yaml';
const INCLUDE_NOT_FOUND = 'include-not-found error 3:12-3:27';

/** Six files, six mistakes (five errors and a warning), each in a file no suite has opened. */
const PLANTS: Readonly<Record<string, Plant>> = {
  'allow_list.yaml': { plant: (t) => replaceOnce(t, 'allowed-queries', 'allowed-querys'), expected: ['allow-list-unknown-collection error 0:14-0:28'] },
  'inherited_roles.yaml': { plant: (t) => `${t}    - moderator\n`, expected: ['inherited-role-unknown-role error 4:6-4:15'] },
  'cron_triggers.yaml': { plant: (t) => replaceOnce(t, '0 6 * * *', '0 25 * * *'), expected: ['cron-schedule-invalid error 2:14-2:16'] },
  [TABLES]: { plant: (t) => `${t}- "!include public_tag.yaml"\n`, expected: [INCLUDE_NOT_FOUND] },
  'remote_schemas.yaml': {
    plant: (t) => replaceOnce(t, '    url_from_env:', '    url: https://countries.example/graphql\n    url_from_env:'),
    expected: ['remote-schema-url error 3:4-3:16'],
  },
  'actions.yaml': { plant: (t) => replaceOnce(t, 'kind: ""', 'kind: asynchronous'), expected: ['action-async-query warning 11:12-11:24'] },
};

const originals = new Map<string, string>();

suite('diagnostics', () => {
  let api: ExtensionApi;

  suiteSetup(async () => {
    api = await activateExtension();
    await waitForStatus(api, (s) => s.state === 'ready' && s.roots.length === 1 && s.roots[0]!.errors === 0 && s.roots[0]!.warnings === 0);
    for (const [rel, { plant }] of Object.entries(PLANTS)) {
      assert.equal(isOpen(metaUri(rel)), false, `${rel} is not open`);
      const original = await diskText(metaUri(rel));
      originals.set(rel, original);
      await writeDisk(metaUri(rel), plant(original));
    }
  });

  suiteTeardown(async () => {
    for (const [rel, text] of originals) {
      if (isOpen(metaUri(rel))) {
        await setTextAndSave(metaUri(rel), text);
      } else {
        await writeDisk(metaUri(rel), text);
      }
    }
    for (const rel of ['public_tag.yaml', 'public_tags.yaml']) {
      const uri = metaUri(`databases/default/tables/${rel}`);
      if (await exists(uri)) await vscode.workspace.fs.delete(uri);
    }
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await waitForStatus(api, (s) => s.state === 'ready' && s.roots[0]?.errors === 0 && s.roots[0].warnings === 0);
  });

  test('mistakes written to files that are not open get diagnostics with exact codes and ranges', async () => {
    for (const [rel, { expected }] of Object.entries(PLANTS)) {
      await waitForSummary(metaUri(rel), expected);
    }
    assert.deepEqual(
      Object.keys(PLANTS).filter((rel) => isOpen(metaUri(rel))),
      [],
      'still none of them is open',
    );
    const allowList = vscode.languages.getDiagnostics(metaUri('allow_list.yaml'))[0]!;
    assert.equal(
      allowList.message,
      'No query collection is named `allowed-querys` in query_collections.yaml; the engine silently ignores this entry. Did you mean `allowed-queries`?',
    );
    // The whole expectation as the predicate: a ready of an earlier pass (actions.yaml's own) may have 5 errors too.
    const status = await waitForStatus(api, (s) => s.state === 'ready' && s.roots[0]?.errors === 5 && s.roots[0]?.warnings === 1 && s.roots[0]?.files === 13);
    assert.deepEqual(
      status.roots.map((r) => [r.errors, r.warnings, r.files]),
      [[5, 1, 13]],
    );

    await settleWindow();
    const restoreBreadcrumbs = await hideBreadcrumbs();
    const editor = await vscode.window.showTextDocument(metaUri('allow_list.yaml'), { preview: false });
    editor.selection = new vscode.Selection(3, 0, 3, 0);
    await vscode.commands.executeCommand('workbench.actions.view.problems');
    // The focused Problems view grows (twice the workbench's step) so that all six findings show.
    await vscode.commands.executeCommand('workbench.action.increaseViewSize');
    await vscode.commands.executeCommand('workbench.action.increaseViewSize');
    await vscode.commands.executeCommand('workbench.action.focusActiveEditorGroup');
    await screenshot('problems-panel', [
      'hour 25 is out of range 0-23.',
      'Give either `url` or `url_from_env`, not both.',
      '`articleStats` in actions.graphql',
    ]);
    await restoreBreadcrumbs();
  });

  test('graphqlMetadata.rules: `off` removes a code, a severity re-levels one, and removing the setting restores both', async () => {
    const cron = metaUri('cron_triggers.yaml');
    const actions = metaUri('actions.yaml');
    await waitForSummary(cron, PLANTS['cron_triggers.yaml']!.expected);
    await waitForSummary(actions, PLANTS['actions.yaml']!.expected);
    const config = vscode.workspace.getConfiguration('graphqlMetadata');
    try {
      await config.update('rules', { 'cron-schedule-invalid': 'off', 'action-async-query': 'error' }, vscode.ConfigurationTarget.Workspace);
      await waitForSummary(cron, []);
      await waitForSummary(actions, ['action-async-query error 11:12-11:24']);
      const status = await waitForStatus(api, (s) => s.state === 'ready' && s.roots[0]?.warnings === 0);
      assert.deepEqual(
        status.roots.map((r) => [r.errors, r.warnings]),
        [[5, 0]],
      );
    } finally {
      await config.update('rules', undefined, vscode.ConfigurationTarget.Workspace);
    }
    await waitForSummary(cron, PLANTS['cron_triggers.yaml']!.expected);
    await waitForSummary(actions, PLANTS['actions.yaml']!.expected);
  });

  test('typing fixes a finding before the file is saved', async () => {
    const uri = metaUri('allow_list.yaml');
    await waitForSummary(uri, PLANTS['allow_list.yaml']!.expected);
    const editor = await vscode.window.showTextDocument(uri, { preview: false });
    const start = Date.now();
    assert.ok(await editor.edit((b) => b.replace(new vscode.Range(0, 26, 0, 28), 'ies')));
    await waitForDiagnostics(uri, (ds) => summary(ds).length === 0);
    console.log(`      [e2e] keystroke->diagnostics (fixture) ${Date.now() - start} ms`);
    assert.equal(editor.document.isDirty, true);
    assert.equal(await diskText(uri), PLANTS['allow_list.yaml']!.plant(originals.get('allow_list.yaml')!), 'the file on disk still has the mistake');
    assert.ok(await editor.document.save());
    assert.equal(await diskText(uri), originals.get('allow_list.yaml'));
    const status = await waitForStatus(api, (s) => s.state === 'ready' && s.roots[0]?.errors === 4);
    assert.deepEqual(
      status.roots.map((r) => [r.errors, r.warnings]),
      [[4, 1]],
    );
  });

  test('files created, renamed and deleted on disk are re-checked', async () => {
    const tables = metaUri(TABLES);
    const tag = metaUri('databases/default/tables/public_tag.yaml');
    const tags = metaUri('databases/default/tables/public_tags.yaml');
    await waitForSummary(tables, [INCLUDE_NOT_FOUND]);

    await writeDisk(tag, 'table:\n  name: tag\n  schema: public\n');
    await waitForSummary(tables, []);
    assert.deepEqual(summary(vscode.languages.getDiagnostics(tag)), []);

    await vscode.workspace.fs.rename(tag, tags);
    await waitForSummary(tables, [INCLUDE_NOT_FOUND]);
    await waitForSummary(tags, ['table-file-unreferenced hint 0:0-0:0']);
    assert.deepEqual(summary(vscode.languages.getDiagnostics(tag)), []);

    await vscode.workspace.fs.delete(tags);
    await waitForSummary(tags, []);
    assert.deepEqual(summary(vscode.languages.getDiagnostics(tables)), [INCLUDE_NOT_FOUND]);
  });
});
