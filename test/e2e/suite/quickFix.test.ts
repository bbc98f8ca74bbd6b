/**
 * Quick fixes in the real VS Code: the code actions VS Code collects for a diagnostic
 * (`vscode.executeCodeActionProvider`), applied as VS Code applies them, with the exact file
 * contents after and the diagnostic gone; and the lightbulb menu itself, opened and accepted in
 * the editor (the README screenshot). Each test restores the files it changed.
 */
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { activateExtension, diagnosticSource, screenshot, waitForStatus } from '../helpers';
import { diskText, exists, metaUri, replaceOnce, saveEdited, setTextAndSave, summary, waitForSummary, writeDisk } from '../files';
import { hideBreadcrumbs, settleWindow } from '../window';

const TABLES = 'databases/default/tables/tables.yaml';
const TAG = 'databases/default/tables/public_tag.yaml';
const ARTICLE = 'databases/default/tables/public_article.yaml';
const TAG_INCLUDE = '- "!include public_tag.yaml"\n';

/** Our quick fixes for `range` of the file, as VS Code collects them for the lightbulb (of an open file: VS Code needs its model). */
async function quickFixes(uri: vscode.Uri, range: vscode.Range): Promise<vscode.CodeAction[]> {
  await vscode.workspace.openTextDocument(uri);
  const actions = await vscode.commands.executeCommand<(vscode.CodeAction | vscode.Command)[]>(
    'vscode.executeCodeActionProvider',
    uri,
    range,
    vscode.CodeActionKind.QuickFix.value,
  );
  // The converted actions carry no `diagnostics`; no other extension of this window offers quick fixes.
  return actions.filter((a): a is vscode.CodeAction => typeof a.command !== 'string');
}

/** Applies the quick fix titled `title` (it must be offered exactly once) and saves the files it edited. */
async function apply(actions: readonly vscode.CodeAction[], title: string): Promise<void> {
  const matching = actions.filter((a) => a.title === title);
  assert.equal(matching.length, 1, `one quick fix "${title}" among ${JSON.stringify(actions.map((a) => a.title))}`);
  const action = matching[0]!;
  assert.equal(action.kind?.value, 'quickfix');
  assert.ok(action.edit !== undefined, 'the quick fix carries its edit');
  assert.ok(await vscode.workspace.applyEdit(action.edit), `"${title}" applied`);
  await saveEdited(action.edit);
}

function rangeOf(diagnostics: readonly vscode.Diagnostic[], code: string): vscode.Range {
  const found = diagnostics.find((d) => d.source === diagnosticSource && String(typeof d.code === 'object' ? d.code.value : d.code) === code);
  assert.ok(found !== undefined, `a ${code} diagnostic`);
  return found.range;
}

suite('quick fixes', () => {
  suiteSetup(async () => {
    const api = await activateExtension();
    await waitForStatus(api, (s) => s.state === 'ready' && s.roots[0]?.errors === 0 && s.roots[0].warnings === 0);
  });

  suiteTeardown(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  test('include-not-found: create the missing table file with its `table:`', async () => {
    const tables = metaUri(TABLES);
    const tag = metaUri(TAG);
    const original = await diskText(tables);
    try {
      await writeDisk(tables, original + TAG_INCLUDE);
      const diagnostics = await waitForSummary(tables, ['include-not-found error 3:12-3:27']);
      const actions = await quickFixes(tables, rangeOf(diagnostics, 'include-not-found'));
      assert.deepEqual(
        actions.map((a) => [a.title, a.isPreferred === true]),
        [['Create databases/default/tables/public_tag.yaml', true]],
      );
      await apply(actions, 'Create databases/default/tables/public_tag.yaml');
      assert.equal(await diskText(tag), 'table:\n  name: tag\n  schema: public\n');
      assert.equal(await diskText(tables), original + TAG_INCLUDE, 'the including file is unchanged');
      await waitForSummary(tables, []);
      assert.deepEqual(summary(vscode.languages.getDiagnostics(tag)), []);
    } finally {
      await writeDisk(tables, original);
      if (await exists(tag)) await vscode.workspace.fs.delete(tag);
    }
    await waitForSummary(tables, []);
  });

  test('table-file-unreferenced: include the file in tables.yaml', async () => {
    const tables = metaUri(TABLES);
    const tag = metaUri(TAG);
    const original = await diskText(tables);
    try {
      await writeDisk(tag, 'table:\n  name: tag\n  schema: public\n');
      const diagnostics = await waitForSummary(tag, ['table-file-unreferenced hint 0:0-0:0']);
      const actions = await quickFixes(tag, rangeOf(diagnostics, 'table-file-unreferenced'));
      await apply(actions, 'Include public_tag.yaml in tables.yaml');
      assert.equal(await diskText(tables), original + TAG_INCLUDE);
      await waitForSummary(tag, []);
      assert.deepEqual(summary(vscode.languages.getDiagnostics(tables)), []);
    } finally {
      await setTextAndSave(tables, original);
      await vscode.workspace.fs.delete(tag);
    }
    await waitForSummary(tag, []);
  });

  test('allow-list-unknown-collection: change to the closest collection, or create the collection', async () => {
    const allowList = metaUri('allow_list.yaml');
    const original = await diskText(allowList);
    try {
      await writeDisk(allowList, replaceOnce(original, 'allowed-queries', 'allowed-querys'));
      const diagnostics = await waitForSummary(allowList, ['allow-list-unknown-collection error 0:14-0:28']);
      const actions = await quickFixes(allowList, rangeOf(diagnostics, 'allow-list-unknown-collection'));
      assert.deepEqual(
        actions.map((a) => [a.title, a.isPreferred === true]),
        [
          ['Change to `allowed-queries`', true],
          ['Create query collection `allowed-querys` in query_collections.yaml', false],
        ],
      );
      await apply(actions, 'Change to `allowed-queries`');
      assert.equal(await diskText(allowList), original);
      await waitForSummary(allowList, []);
    } finally {
      await setTextAndSave(allowList, original);
    }
  });

  test('relationship-deprecated-column: `column` becomes `columns` with a list', async () => {
    const article = metaUri(ARTICLE);
    const original = await diskText(article);
    try {
      const diagnostics = await waitForSummary(article, ['relationship-deprecated-column hint 11:8-11:14']);
      const actions = await quickFixes(article, rangeOf(diagnostics, 'relationship-deprecated-column'));
      assert.deepEqual(
        actions.map((a) => a.title),
        ['Use `columns` with a list'],
      );
      await apply(actions, 'Use `columns` with a list');
      assert.equal(await diskText(article), replaceOnce(original, '        column: article_id\n', '        columns:\n          - article_id\n'));
      await waitForSummary(article, []);
    } finally {
      await setTextAndSave(article, original);
    }
    await waitForSummary(article, ['relationship-deprecated-column hint 11:8-11:14']);
  });

  test('the lightbulb menu in the editor lists the fixes and applies the selected one', async () => {
    const allowList = metaUri('allow_list.yaml');
    const original = await diskText(allowList);
    await settleWindow();
    await vscode.commands.executeCommand('workbench.action.closePanel');
    const restoreBreadcrumbs = await hideBreadcrumbs();
    try {
      const editor = await setTextAndSave(allowList, replaceOnce(original, 'allowed-queries', 'allowed-querys'));
      await waitForSummary(allowList, ['allow-list-unknown-collection error 0:14-0:28']);
      editor.selection = new vscode.Selection(0, 20, 0, 20);
      await vscode.commands.executeCommand('editor.action.quickFix');
      await screenshot('quick-fix', ['Create query collection', 'Change to']);
      await vscode.commands.executeCommand('acceptSelectedCodeAction');
      await waitForSummary(allowList, []);
      assert.equal(editor.document.getText(), original, 'the selected (first, preferred) fix was applied');
      assert.ok(await editor.document.save());
    } finally {
      await restoreBreadcrumbs();
      await setTextAndSave(allowList, original);
    }
  });
});
