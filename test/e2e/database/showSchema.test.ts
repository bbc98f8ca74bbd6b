/**
 * Show GraphQL Schema for Role… in the real VS Code, on the database workspace (scripts/e2e.mjs run
 * `database`): the schema of role `user` opens as a read-only document generated from the metadata
 * and the model the migrations build, and follows an edit of a table file's permission.
 */
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { buildSchema } from 'graphql';
import type { GraphQLObjectType } from 'graphql';
import type { ExtensionApi } from '../../../client/src/api';
import type { CommandOutcome } from '../../../client/src/commands/outcome';
import { activateExtension, fixtureUri, waitForStatus } from '../helpers';

const AUTHOR = 'metadata/databases/default/tables/public_author.yaml';

function fields(sdl: string, type: string): string[] {
  return Object.keys((buildSchema(sdl).getType(type) as GraphQLObjectType).getFields());
}

suite('database: Show GraphQL Schema for Role…', () => {
  let api: ExtensionApi;

  suiteSetup(async () => {
    api = await activateExtension();
    await waitForStatus(api, (s) => s.state === 'ready' && s.roots[0]?.databases?.[0]?.model === true, 300_000);
  });

  suiteTeardown(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  test("opens role user's schema, made from the permissions and the model, and follows an edit of a permission", async () => {
    const outcome = await vscode.commands.executeCommand<CommandOutcome>('graphqlMetadata.showGraphqlSchema', { role: 'user' });
    assert.deepEqual([outcome.status, outcome.message], ['done', 'Showing the GraphQL schema of role user.']);
    const shown = vscode.window.activeTextEditor!.document;
    assert.equal(shown.uri.scheme, 'graphql-metadata-schema');
    assert.equal(shown.uri.path, '/user.graphql');
    assert.deepEqual(fields(shown.getText(), 'query_root'), ['article', 'article_by_pk', 'author', 'author_by_pk']);
    assert.deepEqual(fields(shown.getText(), 'author'), ['articles', 'id', 'name']);

    // The permission loses `name` in the editor (unsaved): the open schema document follows.
    const author = await vscode.workspace.openTextDocument(fixtureUri(AUTHOR));
    const followed = new Promise<void>((resolve) => {
      const listener = vscode.workspace.onDidChangeTextDocument((e) => {
        if (e.document.uri.toString() === shown.uri.toString() && !e.document.getText().includes('  name: String!')) {
          listener.dispose();
          resolve();
        }
      });
    });
    const edit = new vscode.WorkspaceEdit();
    const at = author.getText().indexOf('        - name\n');
    edit.delete(author.uri, new vscode.Range(author.positionAt(at), author.positionAt(at + '        - name\n'.length)));
    assert.ok(await vscode.workspace.applyEdit(edit));
    await followed;
    assert.deepEqual(fields(shown.getText(), 'author'), ['articles', 'id']);
    // Put back as it was (the text on disk is unchanged): the suites after this one see a clean project.
    const undo = new vscode.WorkspaceEdit();
    undo.insert(author.uri, author.positionAt(at), '        - name\n');
    assert.ok(await vscode.workspace.applyEdit(undo));
    assert.ok(await author.save());
    assert.equal(author.isDirty, false);
  });

  test('a role the metadata does not name is refused with the roles it has', async () => {
    const outcome = await vscode.commands.executeCommand<CommandOutcome>('graphqlMetadata.showGraphqlSchema', { role: 'nobody' });
    assert.deepEqual([outcome.status, outcome.message], ['failed', 'The metadata has no role nobody (its roles: admin, editor, user).']);
  });
});
