/**
 * The queries of query_collections.yaml checked against the GraphQL schema the metadata and the
 * migrations make, in the real VS Code (scripts/e2e.mjs run `database`). A query selects
 * `update_at`, which a migration renamed to `updated_at`: the finding is at the name inside the
 * YAML block scalar, the lightbulb offers the new name (README screenshot) and accepting it clears
 * it; completion inside a query offers the fields of the type there.
 */
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { CommandOutcome } from '../../../client/src/commands/outcome';
import { activateExtension, fixtureUri, screenshot, waitForStatus } from '../helpers';
import { diskText, positionOf, setText, waitForSummary } from '../files';
import { hideBreadcrumbs, settleWindow } from '../window';

const COLLECTIONS = 'metadata/query_collections.yaml';
const ARTICLE = 'metadata/databases/default/tables/public_article.yaml';
const RECENT = `      - name: recent_articles
        query: |
          query recent_articles {
            article {
              title
              update_at
            }
          }
`;

suite('database: operations in query collections', () => {
  let original: string;
  let document: vscode.TextDocument;

  suiteSetup(async () => {
    const api = await activateExtension();
    await waitForStatus(api, (s) => s.state === 'ready' && s.roots[0]?.databases?.[0]?.model === true, 300_000);
    document = await vscode.workspace.openTextDocument(fixtureUri(COLLECTIONS));
    original = document.getText();
  });

  suiteTeardown(async () => {
    await setText(document, original);
    await document.save();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  test('a query selecting a column a migration renamed: the error at the name, the lightbulb offers the new name, accepting it clears it', async () => {
    await settleWindow();
    await vscode.commands.executeCommand('workbench.action.closePanel');
    const restoreBreadcrumbs = await hideBreadcrumbs();
    try {
      const editor = await vscode.window.showTextDocument(document, { preview: false });
      await setText(document, original + RECENT);
      const [diagnostic] = await waitForSummary(document.uri, ['operation-invalid error 16:14-16:23']);
      assert.equal(document.getText(diagnostic!.range), 'update_at');
      assert.equal(
        diagnostic!.message,
        'In query `recent_articles` of collection `allowed-queries`: Cannot query field "update_at" on type "article". Did you mean "updated_at"? (a migration renamed column `update_at` to `updated_at`) The engine marks the query inconsistent metadata: an apply fails.',
      );
      editor.selection = new vscode.Selection(diagnostic!.range.start.translate(0, 2), diagnostic!.range.start.translate(0, 2));
      const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>(
        'vscode.executeCodeActionProvider',
        document.uri,
        diagnostic!.range,
        vscode.CodeActionKind.QuickFix.value,
      );
      assert.deepEqual(
        actions.map((a) => [a.title, a.isPreferred === true]),
        [['Change to `updated_at`', true]],
      );
      await vscode.commands.executeCommand('editor.action.quickFix');
      await screenshot('operation-quick-fix', ['Change to `updated_at`']);
      await vscode.commands.executeCommand('acceptSelectedCodeAction');
      // Role user may run it once its permission names `updated_at` (the suite 'a renamed column' fixes that
      // when it runs first); until then the allow list lets through a query only admin can run.
      const permitted = (await diskText(fixtureUri(ARTICLE))).includes('        - updated_at\n');
      await waitForSummary(document.uri, permitted ? [] : ['allow-list-operation-unrunnable warning 13:16-13:31']);
      assert.equal(document.getText(), original + RECENT.replace('              update_at\n', '              updated_at\n'));
    } finally {
      await restoreBreadcrumbs();
    }
  });

  test('completion inside a query offers the fields of the type there, from the schema', async () => {
    const at = positionOf(document, '              name\n', 14);
    const list = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', document.uri, at);
    const labels = list.items.map((i) => (typeof i.label === 'string' ? i.label : i.label.label));
    for (const field of ['articles', 'id', 'name']) assert.ok(labels.includes(field), `${field} in ${labels.join(', ')}`);
    assert.ok(!labels.includes('title'), 'a field of another type is not offered');
  });

  test('Choose Role for Collection Queries… sets the role the queries are completed in, shown in the status bar', async () => {
    const api = await activateExtension();
    await vscode.window.showTextDocument(document, { preview: false });
    assert.deepEqual(api.operationsRoleView, { visible: true, text: '$(person) admin' });
    const at = positionOf(document, '              name\n', 14);
    const labels = async (): Promise<string[]> =>
      (await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', document.uri, at)).items.map((i) =>
        typeof i.label === 'string' ? i.label : i.label.label,
      );
    /** Completion once the server has the setting (it reads the configuration after VS Code tells it of the change). */
    const completesWith = async (present: boolean): Promise<string[]> => {
      const deadline = Date.now() + 30_000;
      for (;;) {
        const now = await labels();
        if (now.includes('articles_aggregate') === present || Date.now() > deadline) return now;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    };
    assert.ok((await completesWith(true)).includes('articles_aggregate'), 'admin may aggregate the articles');
    try {
      const outcome = await vscode.commands.executeCommand<CommandOutcome>('graphqlMetadata.chooseOperationsRole', { role: 'user' });
      assert.deepEqual(outcome, {
        command: 'graphqlMetadata.chooseOperationsRole',
        status: 'done',
        message: 'Queries in collections are completed and explained in the schema of role user.',
      });
      assert.equal(vscode.workspace.getConfiguration('graphqlMetadata', document.uri).get('operationsRole'), 'user');
      assert.deepEqual(api.operationsRoleView, { visible: true, text: '$(person) user' });
      // Role user has no aggregations on article: the relationship, no aggregate.
      const user = await completesWith(false);
      assert.ok(!user.includes('articles_aggregate'), user.join(', '));
      for (const field of ['articles', 'id', 'name']) assert.ok(user.includes(field), `${field} in ${user.join(', ')}`);
      const unknown = await vscode.commands.executeCommand<CommandOutcome>('graphqlMetadata.chooseOperationsRole', { role: 'nobody' });
      assert.deepEqual([unknown.status, unknown.message], ['failed', 'The metadata has no role nobody (its roles: admin, editor, user).']);
    } finally {
      await vscode.workspace.getConfiguration('graphqlMetadata', document.uri).update('operationsRole', undefined, vscode.ConfigurationTarget.Workspace);
    }
    assert.ok((await completesWith(true)).includes('articles_aggregate'));
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    assert.deepEqual(api.operationsRoleView, { visible: false, text: '' });
  });
});
