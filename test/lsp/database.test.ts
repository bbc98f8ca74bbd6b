import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, test } from 'node:test';
import { buildSchema } from 'graphql';
import type { GraphQLObjectType } from 'graphql';
import { copyFixture, ServerUnderTest } from './harness';

const ARTICLE = 'metadata/databases/default/tables/public_article.yaml';
const REPORTING = 'migrations/default/1700000000200_reporting/up.sql';
const INIT = 'migrations/default/1700000000000_init/up.sql';

/** The database fixture through the built server: its migrations applied in the embedded Postgres (a real PGlite in a child process). */
describe('language server with the database the migrations build', () => {
  let server: ServerUnderTest;
  let dir: string;
  before(async () => {
    dir = copyFixture('database');
    server = new ServerUnderTest(dir);
    await server.start();
  });
  after(async () => server.stop());

  test('the renamed column in the permission and the failed statement in its migration, at their exact ranges', async () => {
    const built = (): boolean =>
      server.statuses.some(
        (s) => (s as { state: string }).state === 'ready' && ((s as { roots: { databases?: unknown[] }[] }).roots[0]?.databases?.length ?? 0) > 0,
      );
    await server.until(built, 'a status with the database model', 180_000);
    assert.deepEqual(
      server.diagnostics(ARTICLE)!.map((d) => ({ code: d.code, range: d.range, message: d.message })),
      [
        {
          code: 'db-column-missing',
          range: { start: { line: 14, character: 10 }, end: { line: 14, character: 19 } },
          message:
            '`public.article` has no column `update_at` in the database the migrations build (named by the select permission of role `user`). Did you mean `updated_at`?',
        },
      ],
    );
    assert.deepEqual(
      server.diagnostics(REPORTING)!.map((d) => ({ code: d.code, severity: d.severity, range: d.range })),
      [{ code: 'migration-statement-failed', severity: 2, range: { start: { line: 4, character: 0 }, end: { line: 4, character: 49 } } }],
    );
    const ready = server.statuses.at(-1) as { state: string; roots: { databases?: unknown }[] };
    assert.equal(ready.state, 'ready');
    assert.deepEqual(ready.roots[0]!.databases, [{ source: 'default', status: 'from migrations: 2/3 applied; 1 statement failed', model: true }]);
  });

  test('hover on a column tells its type and comment; go to definition opens its definition in the migration', async () => {
    const uri = server.uri(ARTICLE);
    const hover = await server.connection.sendRequest<{ contents: { value: string } }>('textDocument/hover', {
      textDocument: { uri },
      position: { line: 12, character: 12 },
    });
    assert.equal(hover.contents.value.split('\n---\n')[0]!.trim(), '**column** `public.article.title`: `text` not null\n\nThe headline, as shown in lists.');
    const definition = await server.connection.sendRequest<{ uri: string; range: { start: { line: number } } }[]>('textDocument/definition', {
      textDocument: { uri },
      position: { line: 12, character: 12 },
    });
    assert.deepEqual(
      definition.map((d) => [d.uri, d.range.start.line]),
      [[server.uri(INIT), 7]],
    );
  });

  test('graphqlMetadata/untrackedTables lists the view no table file tracks; graphqlMetadata/trackTables gives its change', async () => {
    const root = path.join(dir, 'metadata');
    const tablesFile = path.join(root, 'databases/default/tables/tables.yaml');
    const untracked = await server.connection.sendRequest('graphqlMetadata/untrackedTables', {});
    assert.deepEqual(untracked, {
      ok: true,
      sources: [{ root, source: 'default', tablesFile, tables: [{ schema: 'public', name: 'article_stats', kind: 'view' }] }],
      withoutTablesFile: [],
    });
    const created = path.join(root, 'databases/default/tables/public_article_stats.yaml');
    const change = await server.connection.sendRequest('graphqlMetadata/trackTables', {
      root,
      source: 'default',
      tables: [{ schema: 'public', name: 'article_stats' }],
    });
    assert.deepEqual(change, {
      ok: true,
      change: {
        edits: [
          {
            file: tablesFile,
            version: null,
            edits: [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, newText: '- "!include public_article_stats.yaml"\n' }],
          },
        ],
        files: [{ kind: 'create', file: created, text: 'table:\n  name: article_stats\n  schema: public\n' }],
      },
      files: [tablesFile, created],
      notes: [],
    });
    assert.deepEqual(
      await server.connection.sendRequest('graphqlMetadata/trackTables', { root, source: 'default', tables: [{ schema: 'public', name: 'author' }] }),
      {
        ok: false,
        error: '`public.author` is not an untracked table or view of source default.',
      },
    );
    assert.deepEqual(await server.connection.sendRequest('graphqlMetadata/untrackedTables', { root: dir }), {
      ok: false,
      error: `${dir} is not a metadata root of this workspace.`,
    });
  });

  test('graphqlMetadata/graphqlSchema: the schema a role sees, from the metadata and the model, following an open document', async () => {
    const root = path.join(dir, 'metadata');
    type Schema = { ok: true; root: string; role: string; sdl: string; roles: string[] } | { ok: false; error: string; roles?: string[] };
    const schemaOf = (role?: string): Promise<Schema> => server.connection.sendRequest('graphqlMetadata/graphqlSchema', { root, ...(role ? { role } : {}) });
    const fields = (sdl: string, type: string): string[] => Object.keys((buildSchema(sdl).getType(type) as GraphQLObjectType).getFields());

    const user = await schemaOf('user');
    assert.ok(user.ok, JSON.stringify(user));
    assert.deepEqual([user.role, user.root, user.roles], ['user', root, ['admin', 'editor', 'user']]);
    // The permission's `update_at` is no column of the model (a migration renamed it): the role sees the three others.
    assert.deepEqual(fields(user.sdl, 'query_root'), ['article', 'article_by_pk', 'author', 'author_by_pk']);
    assert.deepEqual(fields(user.sdl, 'article'), ['author', 'author_id', 'id', 'title']);
    assert.equal(buildSchema(user.sdl).getMutationType(), undefined, 'no insert, update or delete permission: no mutation root');
    const admin = await schemaOf();
    assert.ok(admin.ok);
    assert.deepEqual(fields(admin.sdl, 'article'), ['author', 'author_id', 'id', 'title', 'updated_at']);
    assert.deepEqual(await schemaOf('nobody'), {
      ok: false,
      error: "unknown role nobody: the metadata's roles are admin, editor, user",
      roles: ['admin', 'editor', 'user'],
    });

    // The roles to complete collection queries in (Choose Role for Collection Queries…): no SDL made.
    assert.deepEqual(await server.connection.sendRequest('graphqlMetadata/graphqlRoles', { root }), { ok: true, root, roles: ['admin', 'editor', 'user'] });
    assert.deepEqual(await server.connection.sendRequest('graphqlMetadata/graphqlRoles', { root: dir }), {
      ok: false,
      error: `${dir} is not a metadata root of this workspace.`,
    });

    // An open document's text is what the schema is made from: the author's `name` column taken out of the permission.
    const before = await schemaOf('user');
    assert.ok(before.ok);
    assert.deepEqual(fields(before.sdl, 'author'), ['articles', 'id', 'name']);
    const authorFile = 'metadata/databases/default/tables/public_author.yaml';
    const uri = server.uri(authorFile);
    const text = fs.readFileSync(path.join(dir, authorFile), 'utf8');
    // The client asks again after each ready (the request starts no check of its own). The ready
    // awaited is the one that ends the re-check of this edit (it says how long it took, `editMs`):
    // a ready without it (the schemas made again once edits paused, after an earlier test) may come
    // at any time and reflects the text before.
    const seen = server.statuses.length;
    await server.connection.sendNotification('textDocument/didOpen', {
      textDocument: { uri, languageId: 'yaml', version: 1, text: text.replace('        - name\n', '') },
    });
    const afterEdit = (st: unknown): boolean => (st as { state: string }).state === 'ready' && (st as { editMs?: number }).editMs !== undefined;
    await server.until(() => server.statuses.slice(seen).some(afterEdit), 'the ready that ends the re-check of the edit');
    const edited = await schemaOf('user');
    assert.ok(edited.ok);
    assert.deepEqual(fields(edited.sdl, 'author'), ['articles', 'id']);
    await server.connection.sendNotification('textDocument/didClose', { textDocument: { uri } });
  });

  test("graphqlMetadata.remoteSchemas: a remote schema's root fields from its SDL file, read again when the file changes", async () => {
    const root = path.join(dir, 'metadata');
    const adminRoot = async (): Promise<string[]> => {
      const answer = await server.connection.sendRequest<{ ok: boolean; sdl?: string }>('graphqlMetadata/graphqlSchema', { root });
      return answer.ok ? Object.keys((buildSchema(answer.sdl!).getType('query_root') as GraphQLObjectType).getFields()) : [];
    };
    // Asks again after each ready (at most `readies` of them) until the answer holds: each ready ends a check.
    const afterReadies = async (what: string, holds: (fields: string[]) => boolean, readies = 6): Promise<string[]> => {
      let fields: string[] = [];
      for (let i = 0; i < readies; i++) {
        const seen = server.statuses.length;
        await server.until(() => server.statuses.slice(seen).some((st) => (st as { state: string }).state === 'ready'), `a ready (${what})`, 60_000);
        if (holds((fields = await adminRoot()))) return fields;
      }
      assert.fail(`${what}: query_root has ${fields.join(', ')}`);
    };
    fs.writeFileSync(
      path.join(root, 'remote_schemas.yaml'),
      '- name: countries\n  definition:\n    url: https://countries.example/graphql\n    timeout_seconds: 60\n',
    );
    const sdlFile = path.join(dir, 'countries.graphql');
    fs.writeFileSync(sdlFile, 'type Query { country(code: ID!): Country }\ntype Country { code: ID! name: String! }\n');
    await server.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: server.uri('metadata/remote_schemas.yaml'), type: 1 }] });
    // Without its SDL the remote schema's root fields are left out.
    assert.ok(!(await afterReadies('the remote schema tracked', () => true)).includes('country'));

    server.settings.remoteSchemas = { countries: 'countries.graphql' };
    await server.connection.sendNotification('workspace/didChangeConfiguration', { settings: {} });
    assert.ok((await afterReadies('the SDL read', (f) => f.includes('country'))).includes('article'));

    fs.writeFileSync(sdlFile, 'type Query { country(code: ID!): Country countries: [Country!]! }\ntype Country { code: ID! name: String! }\n');
    await server.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: pathToFileURL(sdlFile).href, type: 2 }] });
    await afterReadies('the changed SDL read again', (f) => f.includes('countries'));

    delete server.settings.remoteSchemas;
    fs.rmSync(path.join(root, 'remote_schemas.yaml'));
    fs.rmSync(sdlFile);
    await server.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: server.uri('metadata/remote_schemas.yaml'), type: 3 }] });
    await server.connection.sendNotification('workspace/didChangeConfiguration', { settings: {} });
    await afterReadies('the remote schema gone', (f) => !f.includes('country'));
  });

  test('a migration changed on disk builds the model again: the finding goes', async () => {
    fs.rmSync(path.join(dir, 'migrations/default/1700000000100_fix_typo'), { recursive: true });
    const seen = server.statuses.length;
    await server.connection.sendNotification('workspace/didChangeWatchedFiles', {
      changes: [{ uri: server.uri('migrations/default/1700000000100_fix_typo/up.sql'), type: 3 }],
    });
    // The finding goes with the model built again (a build that failed would take it away too).
    type Status = { state: string; roots: { databases?: { status: string; model: boolean }[] }[] };
    const rebuilt = (): Status | undefined =>
      (server.statuses.slice(seen) as Status[]).find(
        (s) => s.state === 'ready' && s.roots[0]?.databases?.[0]?.status === 'from migrations: 1/2 applied; 1 statement failed',
      );
    await server.until(() => rebuilt() !== undefined, 'the model built from the two migrations left', 180_000);
    assert.equal(rebuilt()!.roots[0]!.databases![0]!.model, true);
    await server.until(() => server.diagnostics(ARTICLE)?.length === 0, 'the article finding to go');
  });
});
