import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { FetchLike } from '../../../common/api';
import {
  addInheritedRole,
  createArrayRelationship,
  createObjectRelationship,
  dropInheritedRole,
  dropRelationship,
  exportMetadata,
  exportMetadataV2,
  fkOnColumns,
  fkOnRemoteTable,
  pgAddSource,
  pgDropSource,
  renameSource,
  replaceMetadata,
  setRelationshipComment,
} from '../../../common/api';
import type { SpawnedServer } from '../../server/spawn';
import { clientFor, expectError, expectOk, startServer } from './helpers';

const article = { schema: 'public', name: 'article' };
const author = { schema: 'public', name: 'author' };

void describe('engine errors from the real server, mapped to typed errors', () => {
  let server: SpawnedServer;
  const client = (): ReturnType<typeof clientFor> => clientFor(server);
  before(async () => (server = await startServer()));
  after(() => server.stop());
  beforeEach(() => server.reset());

  void test('relationship name equal to a column: already-exists', async () => {
    const error = expectError(await client().run(createObjectRelationship({ table: article, name: 'title', using: fkOnColumns('author_id') })));
    assert.equal(error.kind, 'already-exists');
    assert.equal(error.status, 400);
    assert.equal(error.message, 'pg_create_object_relationship failed: field with name "title" already exists in table "article" (already-exists at $.args).');
  });

  void test('relationship name equal to a relationship: already-exists', async () => {
    const error = expectError(await client().run(createArrayRelationship({ table: author, name: 'articles', using: fkOnRemoteTable(article, ['author_id']) })));
    assert.equal(error.serverMessage, 'field with name "articles" already exists in table "author"');
  });

  void test('no foreign key on the given columns: constraint-error', async () => {
    const error = expectError(await client().run(createObjectRelationship({ table: article, name: 'x', using: fkOnColumns('title') })));
    assert.deepEqual([error.kind, error.code, error.serverMessage], ['engine', 'constraint-error', 'no foreign constraint exists on the given column(s)']);
  });

  void test('untracked table and unknown table: not-exists', async () => {
    const untracked = expectError(await client().run(createObjectRelationship({ table: 'tag', name: 'article', using: fkOnColumns('article_id') })));
    assert.deepEqual([untracked.kind, untracked.serverMessage], ['not-exists', 'table "tag" does not exist in source: default']);
    const unknown = expectError(await client().run(dropRelationship({ table: { schema: 'other', name: 'nope' }, relationship: 'x' })));
    assert.equal(unknown.serverMessage, 'table "other.nope" does not exist in source: default');
  });

  void test('drop without cascade: dependency error parsed into a list; state unchanged', async () => {
    const error = expectError(await client().run(dropRelationship({ table: article, relationship: 'author' })));
    assert.equal(error.kind, 'dependency');
    assert.deepEqual(error.dependents, ['permission public.article.user.select in source "default"']);
    assert.equal(
      error.message,
      'pg_drop_relationship failed: other objects depend on it: permission public.article.user.select in source "default". Retry with cascade to drop them as well.',
    );
    assert.equal((await server.state()).resource_version, 1);
  });

  void test('relationship that does not exist', async () => {
    const error = expectError(await client().run(setRelationshipComment({ table: article, relationship: 'nope', comment: 'x' })));
    assert.deepEqual([error.kind, error.serverMessage], ['not-exists', 'relationship "nope" does not exist']);
  });

  void test('sources: already-exists, not-exists, rename onto an existing name', async () => {
    const config = { connection_info: { database_url: 'postgres://x' } };
    assert.equal(
      expectError(await client().run(pgAddSource({ name: 'default', configuration: config }))).serverMessage,
      'source with name "default" already exists',
    );
    const missing = expectError(await client().run(pgDropSource({ name: 'pg9' })));
    assert.deepEqual([missing.kind, missing.serverMessage, missing.path], ['not-exists', 'source with name "pg9" does not exist', '$.args']);
    expectOk(await client().run(pgAddSource({ name: 'pg2', configuration: config })));
    assert.equal(expectError(await client().run(renameSource({ name: 'pg2', new_name: 'default' }))).kind, 'already-exists');
  });

  void test('a bad source configuration is a parse error with its path', async () => {
    const error = expectError(
      await client().run({
        type: 'pg_add_source',
        args: { name: 'p', configuration: { connection_info: { database_url: 'x', isolation_level: 'read-uncommitted' } } },
      }),
    );
    assert.equal(error.kind, 'parse-failed');
    assert.equal(error.path, '$.args.configuration.connection_info.isolation_level');
  });

  void test('inherited roles: own name, missing parent, unknown role', async () => {
    const own = expectError(await client().run(addInheritedRole({ role: 'lead', role_set: ['user', 'lead'] })));
    assert.deepEqual([own.code, own.serverMessage], ['invalid-params', 'an inherited role name cannot be in the role combination']);
    const parent = expectError(await client().run(addInheritedRole({ role: 'lead', role_set: ['user', 'ghost'] })));
    assert.deepEqual(
      [parent.kind, parent.serverMessage],
      ['not-exists', 'the following parent role(s) are not found: ghost which are required to construct the inherited role: "lead"'],
    );
    const unknown = expectError(await client().run(dropInheritedRole({ role: 'ghost' })));
    assert.deepEqual([unknown.kind, unknown.serverMessage], ['not-exists', '"ghost" inherited role doesn\'t exist']);
  });

  void test('spec-dialect body sent to an engine-dialect server: role_name missing', async () => {
    await server.setOptions({ dialect: 'engine' });
    const error = expectError(await client().run(dropInheritedRole({ role: 'manager' })));
    assert.deepEqual([error.kind, error.serverMessage, error.path], ['parse-failed', 'key "role_name" not found', '$.args']);
  });

  void test('unknown type', async () => {
    const error = expectError(await client().run({ type: 'x', args: {} }));
    assert.equal(error.kind, 'parse-failed');
    assert.equal(
      error.message,
      'The server could not parse the x request: unknown metadata command "x"; "x" was not recognized as a valid backend name (parse-failed at $).',
    );
    const pg = expectError(await client().run({ type: 'pg_frobnicate', args: {} }));
    assert.equal(pg.serverMessage, 'unknown metadata command "frobnicate" for backend postgres');
  });

  void test('malformed JSON reaching the server: invalid-json', async () => {
    const corrupting: FetchLike = (url, init) => fetch(url, { ...init, body: '{"type": ' });
    const error = expectError(await clientFor(server, { fetch: corrupting }).run(exportMetadata()));
    assert.deepEqual([error.kind, error.code, error.status, error.path], ['parse-failed', 'invalid-json', 400, '$']);
  });

  void test('stale resource_version: 409 conflict, state kept', async () => {
    const exported = expectOk(await client().run(exportMetadataV2()));
    expectOk(await client().run(dropRelationship({ table: author, relationship: 'articles' })));
    const error = expectError(await client().run(replaceMetadata({ metadata: exported.metadata, resourceVersion: exported.resource_version })));
    assert.equal(error.kind, 'conflict');
    assert.equal(error.status, 409);
    assert.equal(
      error.message,
      "replace_metadata was refused: the server's metadata changed since you last exported (metadata resource version referenced (1) did not match current version (conflict at $)). Export again / diff, then retry.",
    );
    assert.equal((await server.state()).resource_version, 2);
  });

  void test('replace_metadata with inconsistencies and no allow: 400 with the objects in internal', async () => {
    const exported = expectOk(await client().run(exportMetadata()));
    const broken = structuredClone(exported);
    (broken.sources as { tables: unknown[] }[])[0]!.tables.push({ table: { schema: 'public', name: 'ghost' } });
    const error = expectError(await client().run(replaceMetadata({ metadata: broken })));
    assert.deepEqual([error.kind, error.serverMessage], ['engine', 'cannot continue due to inconsistent metadata']);
    assert.deepEqual(error.internal, [
      {
        type: 'table',
        name: 'table ghost in source default',
        definition: { schema: 'public', name: 'ghost' },
        reason: 'no such table/view exists in source: "ghost"',
      },
    ]);
  });

  void test('500 from the server', async () => {
    await server.fault({ mode: '500' });
    const error = expectError(await client().run(exportMetadata()));
    assert.deepEqual([error.kind, error.status, error.code], ['server-error', 500, 'unexpected']);
    assert.equal(
      error.message,
      'The server failed with an internal error while running export_metadata: database query error (unexpected at $). See the server log.',
    );
  });
});

void describe('access errors from the real server', () => {
  let server: SpawnedServer;
  before(async () => (server = await startServer({ adminSecret: 'right' })));
  after(() => server.stop());
  beforeEach(() => server.reset());
  const withSecret = (secret: string | undefined, extra = {}): ReturnType<typeof clientFor> =>
    clientFor(server, { adminSecret: () => Promise.resolve(secret), ...extra });

  void test('no secret sent: 401 "required, but not found"', async () => {
    const error = expectError(await withSecret(undefined).run(exportMetadata()));
    assert.equal(error.kind, 'access-denied');
    assert.equal(error.status, 401);
    assert.equal(
      error.message,
      'The server requires an admin secret and none was sent (401 access-denied: x-hasura-admin-secret/x-hasura-access-key required, but not found).',
    );
  });

  void test('wrong secret: 401 invalid', async () => {
    const error = expectError(await withSecret('wrong').run(exportMetadata()));
    assert.equal(error.serverMessage, 'invalid x-hasura-admin-secret/x-hasura-access-key');
    assert.equal(error.message, 'The server rejected the admin secret it was sent (401 access-denied: invalid x-hasura-admin-secret/x-hasura-access-key).');
  });

  void test("the front end's advice is appended to the message of every failed call, once", async () => {
    const advice = (e: { kind: string }): string | undefined => (e.kind === 'access-denied' ? 'Do this.' : undefined);
    const error = expectError(await withSecret('wrong', { advice }).run(exportMetadata()));
    assert.equal(
      error.message,
      'The server rejected the admin secret it was sent (401 access-denied: invalid x-hasura-admin-secret/x-hasura-access-key). Do this.',
    );
    const fine = await withSecret('right', { advice }).run(exportMetadata());
    assert.equal(fine.ok, true);
  });

  void test('right secret but a non-admin role: 400 restricted access', async () => {
    const error = expectError(await withSecret('right', { headers: { role: 'user' } }).run(exportMetadata()));
    assert.deepEqual([error.kind, error.status, error.serverMessage, error.path], ['not-admin', 400, 'restricted access : admin only', '$.args']);
  });

  void test('config API with a non-admin role', async () => {
    const error = expectError(await withSecret('right', { headers: { role: 'user' } }).getConfig());
    assert.deepEqual([error.kind, error.serverMessage], ['not-admin', 'You have to be an admin to access this endpoint']);
  });

  void test('config API disabled: 404 with the engine body and the --enabled-apis hint', async () => {
    await server.setOptions({ enabledApis: ['metadata'] });
    const error = expectError(await withSecret('right').getConfig());
    assert.deepEqual([error.kind, error.status, error.code, error.serverMessage, error.path], ['not-found', 404, 'not-found', 'resource does not exist', '$']);
    assert.equal(
      error.message,
      `Not found (404) at ${server.url}/v1alpha1/config: the config API is disabled on this server (it is not in --enabled-apis / the ENABLED_APIS env var), or the server URL is wrong.`,
    );
    expectOk(await withSecret('right').run(exportMetadata()));
  });

  void test('metadata API disabled: 404 before authentication', async () => {
    await server.setOptions({ enabledApis: ['config'] });
    const error = expectError(await withSecret(undefined).run(exportMetadata()));
    assert.equal(error.kind, 'not-found');
    assert.match(error.message, /the metadata API is disabled on this server/);
  });
});
