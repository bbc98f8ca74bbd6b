/**
 * One check pipeline in the language server: commands, sync requests and editor features read the
 * workspace's check (its one session and parse cache per root), so each file's text is parsed once
 * in the process — one syntax tree per file, not one per consumer.
 */
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import type { TextDocuments } from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { SchemaIndex } from '../../../server/src/core/features/schemaIndex';
import * as yamlFile from '../../../server/src/core/parse/yamlFile';
import { CachingHost } from '../../../server/src/lsp/cachingHost';
import { createCommandHandlers } from '../../../server/src/lsp/commands';
import { FeatureContext } from '../../../server/src/lsp/features/context';
import { onHover } from '../../../server/src/lsp/features/hover';
import { OverlayHost } from '../../../server/src/lsp/overlayHost';
import { createSyncHandlers } from '../../../server/src/lsp/sync';
import { pathToUri } from '../../../server/src/lsp/uri';
import { MetadataWorkspace } from '../../../server/src/lsp/workspace';
import { loadSchemaSet } from '../../../server/src/node/schemas';
import { memoryHost } from '../helpers/memoryHost';
import { BASE, schemaValidator } from '../helpers/project';

const ROOT = '/p/metadata';
const ARTICLE = `${ROOT}/databases/default/tables/public_article.yaml`;

/** Every parse of a YAML file in this process, by path (the parser itself is counted, whoever calls it). */
const parses = new Map<string, number>();
const original = yamlFile.parseYamlFile;
Object.defineProperty(yamlFile, 'parseYamlFile', {
  configurable: true,
  value: (path: string, text: string) => {
    parses.set(path, (parses.get(path) ?? 0) + 1);
    return original(path, text);
  },
});
after(() => Object.defineProperty(yamlFile, 'parseYamlFile', { configurable: true, value: original }));

test('after start-up, features, commands and sync requests, each file was parsed once per text it had', () => {
  const files: Record<string, string> = {
    ...Object.fromEntries(Object.entries(BASE).map(([rel, text]) => [`${ROOT}/${rel}`, text])),
    '/p/config.yaml': 'endpoint: http://localhost:8080\n',
  };
  const disk = new CachingHost(memoryHost(files));
  const host = new OverlayHost(disk);
  const workspace = new MetadataWorkspace(host, schemaValidator(), { diagnostics: () => undefined, status: () => undefined });
  workspace.useDiskRefresh((root) => disk.refresh(root));
  workspace.setFolders(['/p']);
  const yamlFiles = Object.keys(files).filter((p) => p.startsWith(ROOT) && p.endsWith('.yaml'));
  assert.deepEqual([...parses.keys()].sort(), yamlFiles.sort());
  assert.deepEqual(Object.fromEntries([...parses].filter(([, n]) => n !== 1)), {});

  // The user types in the article's file (the editor's text, not saved).
  const edited = files[ARTICLE]!.replace('name: author', 'name: writer');
  const doc = TextDocument.create(pathToUri(ARTICLE), 'yaml', 2, edited);
  host.set(ARTICLE, edited);
  workspace.schedule(ARTICLE);
  const documents = { all: () => [doc] } as unknown as TextDocuments<TextDocument>;
  const features = new FeatureContext(workspace, host, new SchemaIndex(loadSchemaSet()));
  const commands = createCommandHandlers(features, documents, memoryHost(files));
  const sync = createSyncHandlers(workspace, documents, memoryHost(files));

  assert.deepEqual(commands.projectFacts({ root: ROOT })?.tables.find((t) => t.name === 'article')?.relationships, [{ name: 'writer', kind: 'object' }]);
  const renamed = commands.editForOperation({
    root: ROOT,
    operation: { type: 'rename_relationship', args: { table: 'article', name: 'writer', new_name: 'penned_by' } },
  });
  assert.ok(renamed.ok);
  assert.deepEqual(renamed.files, [ARTICLE]);
  const local = sync.localMetadata({ root: ROOT });
  assert.ok(local.ok);
  assert.equal(local.files, Object.keys(files).filter((p) => p.startsWith(ROOT)).length);
  const report = sync.engineFindings({ root: ROOT, inconsistentObjects: [] });
  assert.ok(report.ok);
  assert.ok(onHover(features, { textDocument: { uri: pathToUri(ARTICLE) }, position: { line: 4, character: 12 } }) !== null);

  const trees = Object.fromEntries([...parses].filter(([, n]) => n !== 1));
  assert.deepEqual(trees, { [ARTICLE]: 2 }, "the edited file twice (its disk text, then the editor's), every other file once");
  // The check every consumer read holds the parse the workspace's cache made.
  assert.equal(workspace.result(ROOT)?.project.files.get(ARTICLE)?.text, edited);
});
