/**
 * Navigation and the other read-only features in the real VS Code, through the commands that run
 * every registered provider as the editor does: definition (include -> file, allow-list entry ->
 * collection, relationship target -> table file, actions.yaml <-> actions.graphql), references,
 * document links, outline, hover, completion. Exact targets and ranges on the fixture workspace.
 */
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { activateExtension, waitForStatus } from '../helpers';
import { diskText, metaUri, rangeText, setText, setTextAndSave, where } from '../files';

const TABLES = 'databases/default/tables/tables.yaml';
const ARTICLE = 'databases/default/tables/public_article.yaml';
const AUTHOR = 'databases/default/tables/public_author.yaml';
const COMMENT = 'databases/default/tables/public_comment.yaml';
/** `where()` paths are relative to the workspace folder. */
const file = (rel: string): string => `hasura/metadata/${rel}`;
const at = (rel: string, range: string): string => `${file(rel)} ${range}`;

async function open(rel: string): Promise<vscode.TextDocument> {
  return vscode.workspace.openTextDocument(metaUri(rel));
}

async function definitions(rel: string, line: number, character: number): Promise<string[]> {
  const document = await open(rel);
  const found = await vscode.commands.executeCommand<(vscode.Location | vscode.LocationLink)[]>(
    'vscode.executeDefinitionProvider',
    document.uri,
    new vscode.Position(line, character),
  );
  return found.map(where);
}

async function references(rel: string, line: number, character: number): Promise<string[]> {
  const document = await open(rel);
  const found = await vscode.commands.executeCommand<vscode.Location[]>('vscode.executeReferenceProvider', document.uri, new vscode.Position(line, character));
  return found.map(where);
}

async function hovers(rel: string, line: number, character: number): Promise<string[]> {
  const document = await open(rel);
  const found = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', document.uri, new vscode.Position(line, character));
  return found.map((h) => `${h.range ? rangeText(h.range) : '-'} ${h.contents.map((c) => (typeof c === 'string' ? c : c.value)).join('|')}`);
}

/** Labels (and what each inserts) of the completion at `position`, without VS Code's word-based items. */
async function completions(uri: vscode.Uri, position: vscode.Position): Promise<string[]> {
  const list = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', uri, position);
  return list.items
    .filter((item) => item.kind !== vscode.CompletionItemKind.Text)
    .map((item) => {
      const label = typeof item.label === 'string' ? item.label : item.label.label;
      const text = typeof item.insertText === 'string' ? item.insertText : (item.insertText?.value ?? label);
      return text === label ? label : `${label} -> ${JSON.stringify(text)}`;
    });
}

/**
 * Types `append` at the end of the file in its editor (unsaved), asks for completion at the end of
 * line `line` of the new text, and restores the file.
 */
async function completeAfterTyping(rel: string, append: string, lineFromEnd: number): Promise<string[]> {
  const uri = metaUri(rel);
  const original = await diskText(uri);
  const editor = await vscode.window.showTextDocument(uri, { preview: false });
  try {
    await setText(editor.document, original + append);
    const line = editor.document.lineCount - 1 - lineFromEnd;
    return await completions(uri, editor.document.lineAt(line).range.end);
  } finally {
    await setTextAndSave(uri, original);
  }
}

suite('navigation, outline, hover, completion', () => {
  suiteSetup(async () => {
    const api = await activateExtension();
    await waitForStatus(api, (s) => s.state === 'ready' && s.roots[0]?.errors === 0 && s.roots[0].warnings === 0);
  });

  suiteTeardown(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  test('definition: an include goes to its file', async () => {
    assert.deepEqual(await definitions(TABLES, 0, 16), [at(AUTHOR, '0:0-0:0')]);
    assert.deepEqual(await definitions('databases/databases.yaml', 13, 30), [at(TABLES, '0:0-0:0')]);
  });

  test('definition: an allow-list entry goes to its query collection', async () => {
    assert.deepEqual(await definitions('allow_list.yaml', 0, 16), [at('query_collections.yaml', '0:8-0:23')]);
  });

  test("definition: a relationship's target table goes to the table file's `table:`", async () => {
    // array relationship `comments` of article -> `table: {name: comment}`; manual `remote_table: author`.
    assert.deepEqual(await definitions(ARTICLE, 13, 18), [at(COMMENT, '1:2-2:16')]);
    assert.deepEqual(await definitions(COMMENT, 13, 18), [at(AUTHOR, '1:2-2:16')]);
  });

  test('definition: an action in actions.yaml goes to its field in actions.graphql, and back', async () => {
    assert.deepEqual(await definitions('actions.yaml', 1, 14), [at('actions.graphql', '1:2-1:16')]);
    assert.deepEqual(await definitions('actions.graphql', 1, 5), [at('actions.yaml', '1:10-1:24')]);
  });

  test('references: a role in every file that uses it, a collection in the allow list', async () => {
    assert.deepEqual(
      (await references('actions.yaml', 7, 15)).sort(),
      [
        at('actions.yaml', '7:14-7:18'),
        at(ARTICLE, '27:10-27:14'),
        at(ARTICLE, '37:10-37:14'),
        at(AUTHOR, '12:10-12:14'),
        at(AUTHOR, '27:10-27:14'),
        at(AUTHOR, '36:10-36:14'),
        at(COMMENT, '16:10-16:14'),
        at(COMMENT, '27:10-27:14'),
        at('inherited_roles.yaml', '2:6-2:10'),
      ].sort(),
    );
    assert.deepEqual((await references('query_collections.yaml', 0, 12)).sort(), [
      at('allow_list.yaml', '0:14-0:29'),
      at('query_collections.yaml', '0:8-0:23'),
    ]);
  });

  test('document links: each include path links to its file', async () => {
    const document = await open(TABLES);
    const links = await vscode.commands.executeCommand<vscode.DocumentLink[]>('vscode.executeLinkProvider', document.uri);
    assert.deepEqual(
      links.map((l) => `${rangeText(l.range)} ${l.target ? vscode.workspace.asRelativePath(l.target, false) : '-'} ${l.tooltip ?? ''}`),
      [
        `0:12-0:30 ${file(AUTHOR)} Open the included file`,
        `1:12-1:31 ${file(ARTICLE)} Open the included file`,
        `2:12-2:31 ${file(COMMENT)} Open the included file`,
      ],
    );
  });

  test('outline: the document symbols of a table file', async () => {
    const document = await open(COMMENT);
    const symbols = await vscode.commands.executeCommand<vscode.DocumentSymbol[]>('vscode.executeDocumentSymbolProvider', document.uri);
    const outline = (s: vscode.DocumentSymbol): string =>
      `${s.name} ${vscode.SymbolKind[s.kind]} ${rangeText(s.selectionRange)}${s.detail ? ` (${s.detail})` : ''}`;
    assert.deepEqual(symbols.map(outline), [
      'table Object 0:0-0:5',
      'object_relationships Array 3:0-3:20 (2)',
      'insert_permissions Array 15:0-15:18 (1)',
      'select_permissions Array 26:0-26:18 (1)',
    ]);
    assert.deepEqual(symbols[0]!.children.map(outline), ['name Property 1:2-1:6 (comment)', 'schema Property 2:2-2:8 (public)']);
    assert.deepEqual(symbols[1]!.children.map(outline), ['article Struct 4:10-4:17', 'commenter Struct 7:10-7:19']);
    assert.deepEqual(symbols[3]!.children.map(outline), ['user Struct 27:10-27:14']);
  });

  test("hover: the schema's description of a key, and what an include holds", async () => {
    assert.deepEqual(await hovers(ARTICLE, 15, 3), ['15:0-15:18 Select permissions, one entry per role.']);
    assert.deepEqual(await hovers(ARTICLE, 26, 8), ['26:6-26:11 Maximum number of rows returned by one query. Default: no limit.']);
    assert.deepEqual(await hovers(TABLES, 1, 20), [
      '1:12-1:31 Table public.article: 2 relationships, 3 permissions\n\n`databases/default/tables/public_article.yaml`',
    ]);
  });

  test('completion: the keys the schema allows at the top of a table file, without those present', async () => {
    assert.deepEqual(await completeAfterTyping(COMMENT, '\n', 0), [
      'is_enum -> "is_enum: "',
      'configuration -> "configuration: "',
      'array_relationships -> "array_relationships: "',
      'computed_fields -> "computed_fields: "',
      'remote_relationships -> "remote_relationships: "',
      'update_permissions -> "update_permissions: "',
      'delete_permissions -> "delete_permissions: "',
      'event_triggers -> "event_triggers: "',
      'apollo_federation_config -> "apollo_federation_config: "',
      'logical_model -> "logical_model: "',
    ]);
  });

  test('completion: collection names in allow_list.yaml, role names in a permission', async () => {
    assert.deepEqual(await completeAfterTyping('allow_list.yaml', '- collection: ', 0), ['allowed-queries']);
    assert.deepEqual(await completeAfterTyping(ARTICLE, 'update_permissions:\n  - role: ', 0), ['anonymous', 'editor', 'user']);
  });
});
