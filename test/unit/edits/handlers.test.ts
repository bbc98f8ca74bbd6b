import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { TextDocuments } from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { SchemaIndex } from '../../../server/src/core/features/schemaIndex';
import { createCommandHandlers } from '../../../server/src/lsp/commands';
import { FeatureContext } from '../../../server/src/lsp/features/context';
import { CachingHost } from '../../../server/src/lsp/cachingHost';
import { OverlayHost } from '../../../server/src/lsp/overlayHost';
import { pathToUri, uriToPath } from '../../../server/src/lsp/uri';
import { MetadataWorkspace } from '../../../server/src/lsp/workspace';
import { loadSchemaSet } from '../../../server/src/node/schemas';
import { memoryHost } from '../helpers/memoryHost';
import { BASE, schemaValidator } from '../helpers/project';

const ARTICLE = '/p/metadata/databases/default/tables/public_article.yaml';

/**
 * The handlers over a workspace as the language server wires it (open documents over a cached disk).
 * `open`: documents open in the editor, path -> version (and a text that differs from the disk),
 * opened after the first check; `files`: the disk, to change after the fact.
 */
function handlers(
  open: Record<string, number | { version: number; text: string }> = {},
  extra: Record<string, string> = {},
  files: Record<string, string> = {},
): ReturnType<typeof createCommandHandlers> {
  Object.assign(
    files,
    Object.fromEntries(Object.entries(BASE).map(([rel, text]) => [`/p/metadata/${rel}`, text])),
    { '/p/config.yaml': 'endpoint: http://localhost:8080\n' },
    extra,
  );
  const disk = new CachingHost(memoryHost(files));
  const host = new OverlayHost(disk);
  const workspace = new MetadataWorkspace(host, schemaValidator(), { diagnostics: () => undefined, status: () => undefined });
  workspace.useDiskRefresh((root) => disk.refresh(root));
  workspace.setFolders(['/p']);
  const docs = Object.entries(open).map(([path, doc]) =>
    TextDocument.create(pathToUri(path), 'yaml', typeof doc === 'number' ? doc : doc.version, typeof doc === 'number' ? files[path]! : doc.text),
  );
  for (const doc of docs) {
    host.set(uriToPath(doc.uri)!, doc.getText());
    workspace.schedule(uriToPath(doc.uri)!);
  }
  const documents = { all: () => docs } as unknown as TextDocuments<TextDocument>;
  return createCommandHandlers(new FeatureContext(workspace, host, new SchemaIndex(loadSchemaSet())), documents, memoryHost(files));
}

describe('graphqlMetadata/projectFacts', () => {
  test('the only root by default, with the endpoint of config.yaml and what the cursor names', () => {
    const facts = handlers().projectFacts({ file: ARTICLE, position: { line: 4, character: 6 } });
    assert.equal(facts?.root, '/p/metadata');
    assert.deepEqual(facts?.endpoint, { url: 'http://localhost:8080', file: '/p/config.yaml' });
    assert.deepEqual(facts?.cursor, { source: 'default', table: { schema: 'public', name: 'article' }, relationship: 'author' });
    assert.deepEqual(facts?.sources, [{ name: 'default', kind: 'postgres' }]);
  });

  test('an open document is read as the editor has it, not as on disk', () => {
    const text = 'table:\n  name: article\n  schema: public\nobject_relationships:\n  - name: writer\n    using:\n      foreign_key_constraint_on: author_id\n';
    const facts = handlers({ [ARTICLE]: { version: 3, text } }).projectFacts({});
    assert.deepEqual(facts?.tables.find((t) => t.name === 'article')?.relationships, [{ name: 'writer', kind: 'object' }]);
  });

  test('a file saved on disk is read before its file event arrives (a command that just wrote it asks next)', () => {
    const files: Record<string, string> = {};
    const h = handlers({}, {}, files);
    files[ARTICLE] =
      'table:\n  name: article\n  schema: public\nobject_relationships:\n  - name: penned_by\n    using:\n      foreign_key_constraint_on: author_id\n';
    assert.deepEqual(h.projectFacts({})?.tables.find((t) => t.name === 'article')?.relationships, [{ name: 'penned_by', kind: 'object' }]);
  });

  test('null for a folder that is not a root', () => {
    assert.equal(handlers().projectFacts({ root: '/p' }), null);
  });
});

describe('graphqlMetadata/editForOperation', () => {
  test('a rename as text edits with exact ranges, carrying the version of an open document', () => {
    const out = handlers({ [ARTICLE]: 7 }).editForOperation({
      root: '/p/metadata',
      operation: { type: 'rename_relationship', args: { table: 'article', name: 'author', new_name: 'writer' } },
    });
    assert.deepEqual(out, {
      ok: true,
      change: {
        edits: [{ file: ARTICLE, version: 7, edits: [{ range: { start: { line: 4, character: 10 }, end: { line: 4, character: 16 } }, newText: 'writer' }] }],
        files: [],
      },
      files: [ARTICLE],
      notes: [],
    });
  });

  test('a new source: the edit of databases.yaml (no version: not open), then the new tables.yaml with its text', () => {
    const out = handlers().editForOperation({
      root: '/p/metadata',
      operation: { type: 'add_source', args: { kind: 'postgres', name: 'x', configuration: { connection_info: { database_url: { from_env: 'X' } } } } },
    });
    assert.ok(out.ok);
    assert.deepEqual(out.change?.files, [{ kind: 'create', file: '/p/metadata/databases/x/tables/tables.yaml', text: '[]\n' }]);
    assert.deepEqual(out.change?.edits, [
      {
        file: '/p/metadata/databases/databases.yaml',
        version: null,
        edits: [
          {
            range: { start: { line: 7, character: 0 }, end: { line: 7, character: 0 } },
            newText:
              '- name: x\n  kind: postgres\n  configuration:\n    connection_info:\n      database_url:\n        from_env: X\n  tables: "!include x/tables/tables.yaml"\n',
          },
        ],
      },
    ]);
    assert.deepEqual(out.files, ['/p/metadata/databases/databases.yaml', '/p/metadata/databases/x/tables/tables.yaml']);
  });

  test('deletes and renames as file operations', () => {
    const out = handlers().editForOperation({ root: '/p/metadata', operation: { type: 'rename_source', args: { name: 'default', new_name: 'main' } } });
    assert.ok(out.ok);
    assert.deepEqual(out.change?.files.at(-1), {
      kind: 'rename',
      from: '/p/metadata/databases/default/tables/tables.yaml',
      to: '/p/metadata/databases/main/tables/tables.yaml',
    });
    const dropped = handlers().editForOperation({ root: '/p/metadata', operation: { type: 'drop_source', args: { name: 'default' } } });
    assert.ok(dropped.ok);
    assert.deepEqual(
      dropped.change?.files.map((c) => (c.kind === 'delete' ? `delete ${c.file.replace(/.*metadata\//, '')}` : c.kind)),
      [
        'delete databases/default/tables/tables.yaml',
        'delete databases/default/tables/public_author.yaml',
        'delete databases/default/tables/public_article.yaml',
      ],
    );
    // The folders the source's files leave empty, deepest first: the client removes them after the edit (one undo brings all back).
    assert.deepEqual(dropped.emptiedFolders, ['/p/metadata/databases/default/tables', '/p/metadata/databases/default']);
    assert.deepEqual(out.emptiedFolders, ['/p/metadata/databases/default/tables', '/p/metadata/databases/default']);
  });

  test('a folder that keeps a file the change does not delete is not emptied; an edit that deletes nothing empties nothing', () => {
    const notes = '/p/metadata/databases/default/tables/NOTES.md';
    const dropped = handlers({}, { [notes]: 'kept\n' }).editForOperation({
      root: '/p/metadata',
      operation: { type: 'drop_source', args: { name: 'default' } },
    });
    assert.ok(dropped.ok);
    assert.equal(dropped.emptiedFolders, undefined);
    const renamed = handlers().editForOperation({
      root: '/p/metadata',
      operation: { type: 'rename_relationship', args: { table: 'article', name: 'author', new_name: 'w' } },
    });
    assert.ok(renamed.ok);
    assert.equal(renamed.emptiedFolders, undefined);
  });

  test('errors: an unknown root, a refused edit; no change: no edit, only notes', () => {
    const h = handlers();
    assert.deepEqual(h.editForOperation({ root: '/elsewhere', operation: { type: 'drop_inherited_role', args: { role: 'x' } } }), {
      ok: false,
      error: '/elsewhere is not a metadata root of this workspace.',
    });
    assert.deepEqual(
      h.editForOperation({ root: '/p/metadata', operation: { type: 'rename_relationship', args: { table: 'article', name: 'nope', new_name: 'x' } } }),
      {
        ok: false,
        error: 'Table `public.article` has no object or array relationship `nope` in the local files.',
      },
    );
    assert.deepEqual(h.editForOperation({ root: '/p/metadata', operation: { type: 'drop_inherited_role', args: { role: 'x' } } }), {
      ok: true,
      files: [],
      notes: ['Inherited role `x` was not in the local files; nothing to change there.'],
    });
  });
});
