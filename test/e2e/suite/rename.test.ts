/**
 * Rename in the real VS Code: `vscode.prepareRename` and `vscode.executeDocumentRenameProvider`
 * give one WorkspaceEdit over every file that names the symbol; applied, each file has exactly the
 * new text; one `undo` takes the whole rename back in every file (one undoable edit).
 */
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { activateExtension, waitForStatus } from '../helpers';
import { diskText, metaUri, rangeText, replaceOnce, saveEdited, setTextAndSave, thenChecked } from '../files';

const ARTICLE = 'databases/default/tables/public_article.yaml';
const COMMENT = 'databases/default/tables/public_comment.yaml';
/** A filter of comment that follows comment.article and then article's relationship `author`. */
const NESTED_FILTER = '      filter:\n        article:\n          author:\n            id:\n              _eq: X-Hasura-User-Id\n';

/** `file: range newText` of each text edit, for exact comparisons. */
function editsOf(edit: vscode.WorkspaceEdit): string[] {
  return edit
    .entries()
    .flatMap(([uri, edits]) => edits.map((e) => `${vscode.workspace.asRelativePath(uri, false)}: ${rangeText(e.range)} ${e.newText}`))
    .sort();
}

async function renameEdit(rel: string, position: vscode.Position, newName: string): Promise<vscode.WorkspaceEdit> {
  const document = await vscode.workspace.openTextDocument(metaUri(rel));
  return vscode.commands.executeCommand<vscode.WorkspaceEdit>('vscode.executeDocumentRenameProvider', document.uri, position, newName);
}

async function textOf(rel: string): Promise<string> {
  return (await vscode.workspace.openTextDocument(metaUri(rel))).getText();
}

suite('rename', () => {
  let commentOriginal: string;
  let commentPlanted: string;

  suiteSetup(async () => {
    const api = await activateExtension();
    await waitForStatus(api, (s) => s.state === 'ready' && s.roots[0]?.errors === 0 && s.roots[0].warnings === 0);
    commentOriginal = await diskText(metaUri(COMMENT));
    commentPlanted = replaceOnce(commentOriginal, '      filter: {}\n', NESTED_FILTER);
    // The renames below are asked on public_article.yaml: the server must have checked the new filter first.
    await thenChecked(api, () => setTextAndSave(metaUri(COMMENT), commentPlanted));
  });

  suiteTeardown(async () => {
    await setTextAndSave(metaUri(COMMENT), commentOriginal);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  test('a relationship: its name and the permission filter key in another table file, then one undo in both files', async () => {
    const articleOriginal = await diskText(metaUri(ARTICLE));
    const editor = await vscode.window.showTextDocument(metaUri(ARTICLE), { preview: false });
    const position = new vscode.Position(4, 12);
    const prepared = await vscode.commands.executeCommand<{ range: vscode.Range; placeholder: string }>('vscode.prepareRename', editor.document.uri, position);
    assert.deepEqual([rangeText(prepared.range), prepared.placeholder], ['4:10-4:16', 'author']);

    const edit = await renameEdit(ARTICLE, position, 'writer');
    assert.deepEqual(editsOf(edit), [`hasura/metadata/${ARTICLE}: 4:10-4:16 writer`, `hasura/metadata/${COMMENT}: 32:10-32:16 writer`]);
    assert.ok(await vscode.workspace.applyEdit(edit));
    assert.equal(await textOf(ARTICLE), replaceOnce(articleOriginal, '  - name: author\n', '  - name: writer\n'));
    assert.equal(await textOf(COMMENT), replaceOnce(commentPlanted, '          author:\n', '          writer:\n'));

    await vscode.window.showTextDocument(editor.document);
    await vscode.commands.executeCommand('undo');
    assert.equal(await textOf(ARTICLE), articleOriginal);
    assert.equal(await textOf(COMMENT), commentPlanted, 'the same undo reverted the other file');
    const dirty = vscode.workspace.textDocuments.filter((d) => d.isDirty).map((d) => vscode.workspace.asRelativePath(d.uri, false));
    assert.deepEqual(dirty, [], 'back at the saved text, nothing is dirty');
  });

  test('a query collection: its definition and the allow list, saved, then undone and saved again', async () => {
    const collections = 'query_collections.yaml';
    const originals = { [collections]: await diskText(metaUri(collections)), 'allow_list.yaml': await diskText(metaUri('allow_list.yaml')) };
    const edit = await renameEdit(collections, new vscode.Position(0, 12), 'public-queries');
    assert.deepEqual(editsOf(edit), ['hasura/metadata/allow_list.yaml: 0:14-0:29 public-queries', `hasura/metadata/${collections}: 0:8-0:23 public-queries`]);
    assert.ok(await vscode.workspace.applyEdit(edit));
    await saveEdited(edit);
    for (const [rel, text] of Object.entries(originals)) {
      assert.equal(await diskText(metaUri(rel)), replaceOnce(text, 'allowed-queries', 'public-queries'), rel);
    }

    await vscode.window.showTextDocument(metaUri('allow_list.yaml'), { preview: false });
    await vscode.commands.executeCommand('undo');
    await saveEdited(edit);
    for (const [rel, text] of Object.entries(originals)) {
      assert.equal(await diskText(metaUri(rel)), text, rel);
    }
  });

  test('a name the rename would clash with is refused with the reason', async () => {
    await assert.rejects(renameEdit(ARTICLE, new vscode.Position(4, 12), 'title'), /`title` is a column of `public.article`/);
  });
});
