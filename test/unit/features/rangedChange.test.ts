import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { SchemaIndex } from '../../../server/src/core/features/schemaIndex';
import { FeatureContext } from '../../../server/src/lsp/features/context';
import { rangedChange, toWorkspaceEdit } from '../../../server/src/lsp/features/rangedChange';
import { pathToUri } from '../../../server/src/lsp/uri';
import type { MetadataWorkspace } from '../../../server/src/lsp/workspace';
import { loadSchemaSet } from '../../../server/src/node/schemas';
import { caretProject } from '../helpers/features';
import { memoryHost } from '../helpers/memoryHost';
import { path } from '../helpers/project';

describe('core change -> ranges (once) -> LSP WorkspaceEdit', () => {
  test('edits of existing files (ranges from their text), then creates with their text, renames and deletes', () => {
    const project = caretProject({});
    const ctx = new FeatureContext({} as MetadataWorkspace, memoryHost(Object.fromEntries(project.files)), new SchemaIndex(loadSchemaSet()));
    const tables = path('databases/default/tables/tables.yaml');
    const files = [
      { kind: 'create', file: path('version2.yaml'), text: 'version: 3\n' },
      { kind: 'create', file: path('empty.yaml'), text: '' },
      { kind: 'rename', from: path('databases/default/tables/public_article.yaml'), to: path('databases/default/tables/public_post.yaml') },
      { kind: 'delete', file: path('old.yaml') },
    ] as const;
    const ranged = rangedChange(
      ctx,
      project.result,
      { edits: [{ file: tables, span: { start: 44, end: 62 }, newText: 'public_post.yaml' }], files },
      new Map([[tables, 4]]),
    );
    assert.deepEqual(ranged, {
      edits: [
        { file: tables, version: 4, edits: [{ range: { start: { line: 1, character: 12 }, end: { line: 1, character: 30 } }, newText: 'public_post.yaml' }] },
      ],
      files,
    });
    const edit = toWorkspaceEdit(ranged);
    const uri = (rel: string): string => pathToUri(path(rel));
    assert.deepEqual(edit, {
      documentChanges: [
        {
          textDocument: { uri: uri('databases/default/tables/tables.yaml'), version: 4 },
          edits: [{ range: { start: { line: 1, character: 12 }, end: { line: 1, character: 30 } }, newText: 'public_post.yaml' }],
        },
        { kind: 'create', uri: uri('version2.yaml'), options: { overwrite: false, ignoreIfExists: false } },
        {
          textDocument: { uri: uri('version2.yaml'), version: null },
          edits: [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, newText: 'version: 3\n' }],
        },
        { kind: 'create', uri: uri('empty.yaml'), options: { overwrite: false, ignoreIfExists: false } },
        {
          kind: 'rename',
          oldUri: uri('databases/default/tables/public_article.yaml'),
          newUri: uri('databases/default/tables/public_post.yaml'),
          options: { overwrite: false, ignoreIfExists: false },
        },
        { kind: 'delete', uri: uri('old.yaml'), options: { ignoreIfNotExists: true } },
      ],
    });
  });
});
