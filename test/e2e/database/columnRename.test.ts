/**
 * The database behind the metadata, in the real VS Code (scripts/e2e.mjs run `database`: a copy of
 * test/fixtures/projects/database is the workspace). Its migrations are applied in the embedded
 * Postgres; a migration renamed `update_at` to `updated_at`, and the permission still lists the old
 * name: the diagnostic appears at the name, the lightbulb offers the new one (README screenshot), and
 * the quick fix leaves the file clean.
 */
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ExtensionApi } from '../../../client/src/api';
import { activateExtension, diagnosticSource, fixtureUri, screenshot, waitForStatus } from '../helpers';
import { diskText, waitForSummary } from '../files';
import { hideBreadcrumbs, settleWindow } from '../window';

const ARTICLE = 'metadata/databases/default/tables/public_article.yaml';
const REPORTING = 'migrations/default/1700000000200_reporting/up.sql';

suite('database: a renamed column', () => {
  let api: ExtensionApi;

  suiteSetup(async () => {
    api = await activateExtension();
  });

  suiteTeardown(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  test('the model comes from the migrations; the stale column and the failed statement are reported where they are', async () => {
    const status = await waitForStatus(api, (s) => s.state === 'ready' && s.roots[0]?.databases !== undefined, 300_000);
    assert.deepEqual(status.roots[0]?.databases, [{ source: 'default', status: 'from migrations: 2/3 applied; 1 statement failed', model: true }]);
    assert.match(api.statusView.text, /\$\(database\) from migrations: 2\/3 applied; 1 statement failed$/);
    // VS Code applies a file's diagnostics apart from the status (vscode-languageclient converts them in turns).
    await waitForSummary(fixtureUri(ARTICLE), ['db-column-missing error 14:10-14:19']);
    await waitForSummary(fixtureUri(REPORTING), ['migration-statement-failed warning 4:0-4:49']);
  });

  test('hover on a column shows what the database says of it', async () => {
    const uri = fixtureUri(ARTICLE);
    const document = await vscode.workspace.openTextDocument(uri);
    const at = document.positionAt(document.getText().indexOf('- title') + 4);
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', uri, at);
    const text = hovers.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : c.value))).join('\n');
    assert.match(text, /\*\*column\*\* `public\.article\.title`: `text` not null/);
    assert.match(text, /The headline, as shown in lists\./);
  });

  test('the lightbulb offers the renamed column, and accepting it fixes the file', async () => {
    const uri = fixtureUri(ARTICLE);
    const original = await diskText(uri);
    await settleWindow();
    await vscode.commands.executeCommand('workbench.action.closePanel');
    const restoreBreadcrumbs = await hideBreadcrumbs();
    try {
      const editor = await vscode.window.showTextDocument(uri, { preview: false });
      const diagnostic = vscode.languages.getDiagnostics(uri).find((d) => d.source === diagnosticSource)!;
      editor.selection = new vscode.Selection(diagnostic.range.start.translate(0, 2), diagnostic.range.start.translate(0, 2));
      const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>(
        'vscode.executeCodeActionProvider',
        uri,
        diagnostic.range,
        vscode.CodeActionKind.QuickFix.value,
      );
      assert.deepEqual(
        actions.map((a) => [a.title, a.isPreferred === true]),
        [['Change to `updated_at`', true]],
      );
      await vscode.commands.executeCommand('editor.action.quickFix');
      await screenshot('database-column-quick-fix', ['Change to `updated_at`']);
      await vscode.commands.executeCommand('acceptSelectedCodeAction');
      await waitForSummary(uri, []);
      assert.equal(editor.document.getText(), original.replace('        - update_at\n', '        - updated_at\n'));
      assert.ok(await editor.document.save());
      assert.equal(await diskText(uri), original.replace('        - update_at\n', '        - updated_at\n'));
    } finally {
      await restoreBreadcrumbs();
    }
  });
});
