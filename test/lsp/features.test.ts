import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { copyFixture, ServerUnderTest } from './harness';

const ARTICLE = 'metadata/databases/default/tables/public_article.yaml';
const TABLES = 'metadata/databases/default/tables/tables.yaml';
const pos = (line: number, character: number): { line: number; character: number } => ({ line, character });
const range = (l1: number, c1: number, l2: number, c2: number): { start: { line: number; character: number }; end: { line: number; character: number } } => ({
  start: pos(l1, c1),
  end: pos(l2, c2),
});

describe('language features over stdio (dist/server.js)', () => {
  let server: ServerUnderTest;
  let dir: string;
  const request = <T>(method: string, rel: string, extra: Record<string, unknown>): Promise<T> =>
    server.connection.sendRequest(method, { textDocument: { uri: server.uri(rel) }, ...extra });

  before(async () => {
    dir = copyFixture('basic');
    fs.mkdirSync(path.join(dir, 'old/databases'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'old/databases/databases.yaml'), '[]\n');
    server = new ServerUnderTest(dir);
    await server.start();
    await server.until(() => server.statuses.some((s) => (s as { state: string }).state === 'ready'), 'first check');
  });
  after(async () => server.stop());

  test('initialize announces the features', async () => {
    const probe = new ServerUnderTest(dir);
    try {
      const init = await probe.connection.sendRequest<{ capabilities: Record<string, unknown> }>('initialize', {
        processId: process.pid,
        rootUri: null,
        capabilities: {},
        workspaceFolders: null,
      });
      assert.deepEqual(
        Object.keys(init.capabilities)
          .filter((k) => k.endsWith('Provider'))
          .sort(),
        [
          'codeActionProvider',
          'completionProvider',
          'definitionProvider',
          'documentLinkProvider',
          'documentSymbolProvider',
          'hoverProvider',
          'referencesProvider',
          'renameProvider',
        ],
      );
      assert.deepEqual(init.capabilities.renameProvider, { prepareProvider: true });
      assert.deepEqual(init.capabilities.codeActionProvider, { codeActionKinds: ['quickfix', 'refactor'] });
    } finally {
      await probe.stop();
    }
  });

  test('definition: an include goes to its file, a role_set entry to the permissions that make the role', async () => {
    assert.deepEqual(await request('textDocument/definition', TABLES, { position: pos(0, 16) }), [
      { uri: server.uri('metadata/databases/default/tables/public_author.yaml'), range: range(0, 0, 0, 0) },
    ]);
    const roles = await request<{ uri: string; range: unknown }[]>('textDocument/definition', 'metadata/inherited_roles.yaml', { position: pos(2, 7) });
    assert.deepEqual(
      roles.map((l) => [path.basename(l.uri), l.range]),
      [
        ['public_article.yaml', range(8, 10, 8, 14)],
        ['public_author.yaml', range(12, 10, 12, 14)],
      ],
    );
  });

  test('references of a role, with and without its declarations', async () => {
    const all = await request<{ uri: string }[]>('textDocument/references', ARTICLE, { position: pos(8, 11), context: { includeDeclaration: true } });
    assert.deepEqual(
      all.map((l) => path.basename(l.uri)),
      ['public_article.yaml', 'public_author.yaml', 'inherited_roles.yaml'],
    );
    const uses = await request<{ uri: string; range: unknown }[]>('textDocument/references', ARTICLE, {
      position: pos(8, 11),
      context: { includeDeclaration: false },
    });
    assert.deepEqual(uses, [{ uri: server.uri('metadata/inherited_roles.yaml'), range: range(2, 6, 2, 10) }]);
  });

  test('rename of a relationship: one WorkspaceEdit with the definition and the filter key', async () => {
    assert.deepEqual(await request('textDocument/prepareRename', ARTICLE, { position: pos(4, 12) }), { range: range(4, 10, 4, 16), placeholder: 'author' });
    assert.deepEqual(await request('textDocument/rename', ARTICLE, { position: pos(4, 12), newName: 'writer' }), {
      documentChanges: [
        {
          textDocument: { uri: server.uri(ARTICLE), version: null },
          edits: [
            { range: range(4, 10, 4, 16), newText: 'writer' },
            { range: range(15, 8, 15, 14), newText: 'writer' },
          ],
        },
      ],
    });
    await assert.rejects(request('textDocument/rename', ARTICLE, { position: pos(4, 12), newName: 'title' }), /`title` is a column of `public.article`/);
  });

  test('code action: the quick fixes of the unknown collection, as edits', async () => {
    const allowList = 'metadata/allow_list.yaml';
    await server.until(() => (server.diagnostics(allowList)?.length ?? 0) > 0, 'allow_list diagnostics');
    const diagnostics = server.diagnostics(allowList)!;
    const actions = await request<{ title: string; kind: string; isPreferred?: boolean; diagnostics: { code: string }[]; edit: unknown }[]>(
      'textDocument/codeAction',
      allowList,
      { range: range(0, 16, 0, 16), context: { diagnostics } },
    );
    assert.deepEqual(
      actions.map((a) => [a.title, a.kind, a.isPreferred ?? false, a.diagnostics.map((d) => d.code)]),
      [
        ['Change to `allowed-queries`', 'quickfix', true, ['allow-list-unknown-collection']],
        ['Create query collection `allowed-querys` in query_collections.yaml', 'quickfix', false, ['allow-list-unknown-collection']],
      ],
    );
    assert.deepEqual(actions[0]!.edit, {
      documentChanges: [{ textDocument: { uri: server.uri(allowList), version: null }, edits: [{ range: range(0, 14, 0, 28), newText: 'allowed-queries' }] }],
    });
    const lines = fs.readFileSync(path.join(dir, 'metadata/query_collections.yaml'), 'utf8').split('\n').length - 1;
    assert.deepEqual(actions[1]!.edit, {
      documentChanges: [
        {
          textDocument: { uri: server.uri('metadata/query_collections.yaml'), version: null },
          edits: [{ range: range(lines, 0, lines, 0), newText: '- name: allowed-querys\n  definition:\n    queries: []\n' }],
        },
      ],
    });
  });

  test("code action outside any root: version-missing, from the diagnostic's code and data, creates version.yaml", async () => {
    const databases = 'old/databases/databases.yaml';
    await server.until(() => (server.diagnostics(databases)?.length ?? 0) > 0, 'version-missing diagnostic');
    const diagnostics = server.diagnostics(databases)!;
    assert.deepEqual(
      diagnostics.map((d) => d.code),
      ['version-missing'],
    );
    const actions = await request<{ title: string; edit: unknown }[]>('textDocument/codeAction', databases, {
      range: range(0, 0, 0, 0),
      context: { diagnostics },
    });
    const uri = server.uri('old/version.yaml');
    assert.deepEqual(
      actions.map((a) => [a.title, a.edit]),
      [
        [
          'Create version.yaml (`version: 3`)',
          {
            documentChanges: [
              { kind: 'create', uri, options: { overwrite: false, ignoreIfExists: false } },
              { textDocument: { uri, version: null }, edits: [{ range: range(0, 0, 0, 0), newText: 'version: 3\n' }] },
            ],
          },
        ],
      ],
    );
  });

  test("completion and hover see an open document's text at once (before the debounced re-check)", async () => {
    const uri = server.uri(ARTICLE);
    const text = `${fs.readFileSync(path.join(dir, ARTICLE), 'utf8')}insert_permissions:\n  - role: \n`;
    await server.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'yaml', version: 1, text } });
    const items = await request<{ label: string; kind: number; textEdit: unknown }[]>('textDocument/completion', ARTICLE, { position: pos(19, 10) });
    assert.deepEqual(
      items.map((i) => [i.label, i.textEdit]),
      [
        ['editor', { range: range(19, 10, 19, 10), newText: 'editor' }],
        ['user', { range: range(19, 10, 19, 10), newText: 'user' }],
      ],
    );
    const hover = await request<{ contents: { kind: string; value: string }; range: unknown }>('textDocument/hover', ARTICLE, { position: pos(18, 3) });
    assert.deepEqual(hover, { contents: { kind: 'markdown', value: 'Insert permissions, one entry per role.' }, range: range(18, 0, 18, 18) });
  });

  test('hover on an include: what the table file holds', async () => {
    assert.deepEqual(await request('textDocument/hover', TABLES, { position: pos(1, 20) }), {
      contents: { kind: 'markdown', value: 'Table public.article: 1 relationship, 1 permission\n\n`databases/default/tables/public_article.yaml`' },
      range: range(1, 12, 1, 31),
    });
  });

  test('document links and outline', async () => {
    assert.deepEqual(await request('textDocument/documentLink', TABLES, {}), [
      { range: range(0, 12, 0, 30), target: server.uri('metadata/databases/default/tables/public_author.yaml'), tooltip: 'Open the included file' },
      { range: range(1, 12, 1, 31), target: server.uri(ARTICLE), tooltip: 'Open the included file' },
    ]);
    const outline = await request<{ name: string; children: { name: string; children: { name: string; children: { name: string }[] }[] }[] }[]>(
      'textDocument/documentSymbol',
      'metadata/query_collections.yaml',
      {},
    );
    assert.deepEqual(
      outline.map((s) => s.name),
      ['allowed-queries'],
    );
    assert.deepEqual(
      outline[0]!.children.map((c) => c.name),
      ['name', 'definition'],
    );
    assert.deepEqual(
      outline[0]!.children[1]!.children[0]!.children.map((c) => c.name),
      ['get_authors'],
    );
  });
});
