import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Diagnostic, TextDocuments } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { StatusParams } from '../../../common/protocol';
import { directoryToMetadata } from '../../../server/src/core/sync/directory';
import type { JsonObject } from '../../../server/src/core/sync/json';
import { createSyncHandlers, planExport } from '../../../server/src/lsp/sync';
import { OverlayHost } from '../../../server/src/lsp/overlayHost';
import { pathToUri } from '../../../server/src/lsp/uri';
import { MetadataWorkspace } from '../../../server/src/lsp/workspace';
import { memoryHost } from '../helpers/memoryHost';
import { BASE, schemaValidator } from '../helpers/project';
import { load } from './helpers';

const ROOT = '/p/metadata';
const ARTICLE = `${ROOT}/databases/default/tables/public_article.yaml`;
const AUTHOR = `${ROOT}/databases/default/tables/public_author.yaml`;
const abs = (files: Record<string, string>): Record<string, string> => Object.fromEntries(Object.entries(files).map(([rel, text]) => [`${ROOT}/${rel}`, text]));
const noDocuments = { all: () => [] } as unknown as TextDocuments<TextDocument>;

function baseMetadata(): JsonObject {
  return structuredClone(directoryToMetadata(load(BASE)).metadata);
}

function setup(extra: Record<string, string> = {}): {
  workspace: MetadataWorkspace;
  host: OverlayHost;
  published: Map<string, Diagnostic[]>;
  statuses: StatusParams[];
  handlers: ReturnType<typeof createSyncHandlers>;
} {
  const disk = memoryHost({ ...abs(BASE), ...abs(extra) });
  const host = new OverlayHost(disk);
  const published = new Map<string, Diagnostic[]>();
  const statuses: StatusParams[] = [];
  const workspace = new MetadataWorkspace(host, schemaValidator(), { diagnostics: (uri, ds) => published.set(uri, ds), status: (s) => statuses.push(s) });
  workspace.setFolders(['/p']);
  return { workspace, host, published, statuses, handlers: createSyncHandlers(workspace, noDocuments, host) };
}

const summary = (ds: readonly Diagnostic[] | undefined): string[] =>
  (ds ?? []).map(
    (d) =>
      `${String(d.code)} ${d.range.start.line}:${d.range.start.character}-${d.range.end.line}:${d.range.end.character} ${typeof d.message === 'string' ? d.message : d.message.value}`,
  );

describe('graphqlMetadata/planExport', () => {
  test('creates, updates and deletes with both texts; a removed source empties its folders; unknown keys are warned about', () => {
    const metadata = baseMetadata();
    const source = (metadata.sources as JsonObject[])[0]!;
    const tables = source.tables as JsonObject[];
    (tables[1]!.object_relationships as JsonObject[])[0]!.comment = 'Written by';
    tables.push({ table: { name: 'tag', schema: 'public' } });
    metadata.tables = [];
    const host = memoryHost({
      ...abs(BASE),
      ...abs({ 'databases/default/tables/public_gone.yaml': 'table:\n  name: gone\n  schema: public\n', 'databases/default/tables/notes.md': 'mine\n' }),
      ...abs({ 'databases/old/tables/tables.yaml': '- "!include public_x.yaml"\n', 'databases/old/tables/public_x.yaml': 'table: x\n', 'README.md': 'mine\n' }),
    });
    const plan = planExport(host, { root: ROOT, metadata });
    assert.ok(plan.ok);
    const changed = plan.files.filter((f) => f.rel.startsWith('databases/'));
    assert.deepEqual(
      changed.map((f) => [f.rel, f.kind]),
      [
        ['databases/default/tables/public_article.yaml', 'update'],
        ['databases/default/tables/public_gone.yaml', 'delete'],
        ['databases/default/tables/public_tag.yaml', 'create'],
        ['databases/default/tables/tables.yaml', 'update'],
        ['databases/old/tables/public_x.yaml', 'delete'],
        ['databases/old/tables/tables.yaml', 'delete'],
      ],
    );
    const [article, gone, tag, list] = changed;
    assert.equal(article!.file, ARTICLE);
    assert.equal(article!.before, BASE['databases/default/tables/public_article.yaml']);
    assert.equal(
      article!.after,
      'table:\n  name: article\n  schema: public\nobject_relationships:\n  - name: author\n    using:\n      foreign_key_constraint_on: author_id\n    comment: Written by\n',
    );
    assert.deepEqual(gone, {
      file: `${ROOT}/databases/default/tables/public_gone.yaml`,
      rel: 'databases/default/tables/public_gone.yaml',
      kind: 'delete',
      before: 'table:\n  name: gone\n  schema: public\n',
    });
    assert.deepEqual(tag, {
      file: `${ROOT}/databases/default/tables/public_tag.yaml`,
      rel: 'databases/default/tables/public_tag.yaml',
      kind: 'create',
      after: 'table:\n  name: tag\n  schema: public\n',
    });
    assert.equal(list!.after, '- "!include public_author.yaml"\n- "!include public_article.yaml"\n- "!include public_tag.yaml"\n');
    // The top-level files BASE lacks are created with the CLI's defaults; version.yaml and databases.yaml are unchanged.
    assert.deepEqual(
      plan.files.filter((f) => !f.rel.startsWith('databases/')).map((f) => `${f.kind} ${f.rel}`),
      [
        'create actions.graphql',
        'create actions.yaml',
        'create allow_list.yaml',
        'create api_limits.yaml',
        'create backend_configs.yaml',
        'create cron_triggers.yaml',
        'create graphql_schema_introspection.yaml',
        'create inherited_roles.yaml',
        'create metrics_config.yaml',
        'create network.yaml',
        'create opentelemetry.yaml',
        'create query_collections.yaml',
        'create remote_schemas.yaml',
        'create rest_endpoints.yaml',
      ],
    );
    assert.equal(plan.unchanged, 3);
    assert.deepEqual(plan.emptiedFolders, [`${ROOT}/databases/old/tables`, `${ROOT}/databases/old`]);
    assert.deepEqual(plan.warnings, ["The server's metadata has a key `tables` that no file holds; it is not written."]);
  });

  test('a folder is not removed when something is written into it or it holds a file the export does not own', () => {
    const host = memoryHost({ ...abs(BASE), ...abs({ 'databases/old/tables/public_x.yaml': 'table: x\n', 'databases/old/seed.sql': 'select 1;\n' }) });
    const plan = planExport(host, { root: ROOT, metadata: baseMetadata() });
    assert.ok(plan.ok);
    assert.deepEqual(
      plan.files.filter((f) => f.kind === 'delete').map((f) => f.rel),
      ['databases/old/tables/public_x.yaml'],
    );
    assert.deepEqual(plan.emptiedFolders, [`${ROOT}/databases/old/tables`]);
  });

  test('a name that cannot be a file name is refused, nothing planned', () => {
    const metadata = baseMetadata();
    (metadata.sources as JsonObject[])[0]!.name = '..';
    assert.deepEqual(planExport(memoryHost(abs(BASE)), { root: ROOT, metadata }), {
      ok: false,
      error: 'Cannot export: The source name ".." cannot be used as a file or folder name.',
    });
  });
});

describe('graphqlMetadata/localMetadata', () => {
  test('the JSON apply sends, and the errors (schemas included) with their 0-based places', () => {
    const author = `${BASE['databases/default/tables/public_author.yaml']!}bogus: 1\n`;
    const out = setup({ 'databases/default/tables/public_author.yaml': author }).handlers.localMetadata({ root: ROOT });
    assert.ok(out.ok);
    assert.equal(out.files, 5);
    assert.deepEqual(
      out.errors.map((e) => [e.file, e.line, e.character, e.code]),
      [[AUTHOR, 19, 0, 'schema-unknown-key']],
    );
    assert.deepEqual(out.metadata, directoryToMetadata(load({ ...BASE, 'databases/default/tables/public_author.yaml': author })).metadata);
    const clean = setup().handlers.localMetadata({ root: ROOT });
    assert.ok(clean.ok);
    assert.deepEqual(clean, { ok: true, metadata: baseMetadata(), errors: [], files: 5 });
  });

  test('a folder that is not a root is refused', () => {
    assert.deepEqual(setup().handlers.localMetadata({ root: '/p' }), { ok: false, error: '/p is not a metadata root of this workspace.' });
  });
});

describe('graphqlMetadata/engineFindings', () => {
  const missingArticle = {
    type: 'table',
    name: 'table public.article in source default',
    definition: { schema: 'public', name: 'article' },
    reason: 'no such table/view exists in source: "public.article"',
  };
  const badRelationship = {
    type: 'object_relation',
    name: 'object relationship author of table public.article in source default',
    definition: { source: 'default', table: { schema: 'public', name: 'article' }, name: 'author', using: { foreign_key_constraint_on: 'author_id' } },
    reason: 'no foreign constraint exists on the given column(s)',
  };
  const elsewhere = { type: 'remote_schema', name: 'remote_schema countries', definition: { name: 'countries' }, reason: 'cannot reach the remote schema' };

  test('each object a diagnostic on the line that defines it, kept over re-checks, following the text, until cleared', () => {
    const { workspace, host, published, statuses, handlers } = setup();
    const out = handlers.engineFindings({ root: ROOT, inconsistentObjects: [missingArticle, badRelationship, elsewhere] });
    assert.deepEqual(out, {
      ok: true,
      placed: [
        {
          file: ARTICLE,
          line: 0,
          character: 0,
          code: 'server-inconsistent-object',
          message: 'no such table/view exists in source: "public.article" (table public.article in source default)',
        },
        {
          file: ARTICLE,
          line: 4,
          character: 10,
          code: 'server-inconsistent-object',
          message: 'no foreign constraint exists on the given column(s) (object relationship author of table public.article in source default)',
        },
      ],
      unplaced: [{ type: 'remote_schema', name: 'remote_schema countries', message: 'cannot reach the remote schema (remote_schema countries)' }],
    });
    assert.deepEqual(summary(published.get(pathToUri(ARTICLE))), [
      'server-inconsistent-object 0:0-0:5 no such table/view exists in source: "public.article" (table public.article in source default)',
      'server-inconsistent-object 4:10-4:16 no foreign constraint exists on the given column(s) (object relationship author of table public.article in source default)',
    ]);
    assert.equal(published.get(pathToUri(ARTICLE))?.[0]?.source, 'graphql-metadata');
    assert.equal(statuses.at(-1)?.roots[0]?.errors, 2);

    // An edit above the relationship moves its diagnostic with it.
    host.set(ARTICLE, `# a comment\n${BASE['databases/default/tables/public_article.yaml']!}`);
    workspace.changed([ARTICLE]);
    assert.deepEqual(
      summary(published.get(pathToUri(ARTICLE))).map((s) => s.split(' ').slice(0, 2).join(' ')),
      ['server-inconsistent-object 1:0-1:5', 'server-inconsistent-object 5:10-5:16'],
    );

    assert.deepEqual(handlers.engineFindings({ root: ROOT }), { ok: true, placed: [], unplaced: [] });
    assert.deepEqual(published.get(pathToUri(ARTICLE)), []);
    assert.equal(statuses.at(-1)?.roots[0]?.errors, 0);
  });

  test("a rejection's JSON path lands on the value it names", () => {
    const { published, handlers } = setup();
    const path = '$.args.metadata.sources[0].tables[1].object_relationships[0].using';
    const out = handlers.engineFindings({ root: ROOT, error: { path, message: 'expecting a column' } });
    assert.deepEqual(out, {
      ok: true,
      placed: [{ file: ARTICLE, line: 6, character: 6, code: 'server-error', message: `expecting a column (${path})` }],
      unplaced: [],
    });
    assert.deepEqual(summary(published.get(pathToUri(ARTICLE))), [`server-error 6:6-6:42 expecting a column (${path})`]);
  });

  test("a rejection's internal list is placed like get_inconsistent_metadata's; the rule settings apply", () => {
    const { workspace, published, handlers } = setup();
    workspace.severity = { 'server-inconsistent-object': 'warning' };
    handlers.engineFindings({ root: ROOT, error: { path: '$.args', message: 'cannot continue due to inconsistent metadata', internal: [badRelationship] } });
    assert.deepEqual(
      published.get(pathToUri(ARTICLE))?.map((d) => [d.code, d.severity, d.range.start.line]),
      [['server-inconsistent-object', 2, 4]],
    );
  });

  test('a folder that is not a root is refused, nothing kept', () => {
    const { published, handlers } = setup();
    assert.deepEqual(handlers.engineFindings({ root: '/p', inconsistentObjects: [missingArticle] }), {
      ok: false,
      error: '/p is not a metadata root of this workspace.',
    });
    assert.deepEqual(published.get(pathToUri(ARTICLE)) ?? [], []);
  });
});
