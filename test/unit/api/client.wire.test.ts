import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Dialect, MetadataRequest, RequestOptions } from '../../../common/api';
import {
  addInheritedRole,
  bigqueryAddSource,
  bigqueryDropSource,
  createArrayRelationship,
  createObjectRelationship,
  dropInconsistentMetadata,
  dropInheritedRole,
  dropRelationship,
  exportMetadata,
  exportMetadataV2,
  fkOnColumns,
  fkOnRemoteTable,
  fkOnRemoteTableColumn,
  getInconsistentMetadata,
  manualConfiguration,
  mssqlAddSource,
  mssqlDropSource,
  pgAddSource,
  pgDropSource,
  reloadMetadata,
  renameRelationship,
  renameSource,
  setRelationshipComment,
} from '../../../common/api';
import type { SpawnedServer } from '../../server/spawn';
import { apiHeaders, clientFor, expectOk, startServer } from './helpers';

const article = { schema: 'public', name: 'article' };
const author = { schema: 'public', name: 'author' };

/** Every operation of the seed, in an order that succeeds on the basic fixture. */
function operations(o: RequestOptions): MetadataRequest[] {
  return [
    createObjectRelationship({ table: article, name: 'writer', using: fkOnColumns('author_id'), comment: 'same fk' }),
    createObjectRelationship({ table: article, name: 'writer2', using: fkOnColumns(['author_id']) }),
    createObjectRelationship({ table: author, name: 'an_article', using: fkOnRemoteTable(article, ['author_id']) }),
    createObjectRelationship({ table: author, name: 'an_article2', using: fkOnRemoteTableColumn(article, 'author_id') }),
    createObjectRelationship({
      table: article,
      name: 'author_row',
      using: manualConfiguration({ schema: 'public', name: 'author_view' }, { author_id: 'id' }),
    }),
    createArrayRelationship({ table: author, name: 'posts', using: fkOnRemoteTable(article, ['author_id']) }),
    createArrayRelationship({ table: author, name: 'posts2', using: fkOnRemoteTableColumn(article, 'author_id') }),
    createArrayRelationship({ table: 'author_view', name: 'posts', using: manualConfiguration('article', { id: 'author_id' }) }),
    setRelationshipComment({ table: article, relationship: 'writer', comment: 'who wrote it' }),
    setRelationshipComment({ table: article, relationship: 'writer' }),
    renameRelationship({ table: article, name: 'writer', new_name: 'penman' }),
    dropRelationship({ table: article, relationship: 'penman' }),
    pgAddSource({
      name: 'pg2',
      configuration: {
        connection_info: {
          database_url: { from_env: 'PG2' },
          pool_settings: { max_connections: 5, pool_timeout: 10, connection_lifetime: 60 },
          isolation_level: 'serializable',
          use_prepared_statements: false,
        },
      },
    }),
    mssqlAddSource({
      name: 'ms',
      configuration: { connection_info: { connection_string: { from_env: 'MS' }, pool_settings: { max_connections: 5, idle_timeout: 5 } } },
    }),
    bigqueryAddSource({ name: 'bq', configuration: { service_account: { from_env: 'SA' }, project_id: 'p', datasets: ['a', 'b'] } }, o),
    renameSource({ name: 'pg2', new_name: 'pg3' }),
    pgDropSource({ name: 'pg3' }),
    mssqlDropSource({ name: 'ms' }),
    bigqueryDropSource({ name: 'bq', cascade: true }),
    addInheritedRole({ role: 'lead', role_set: ['user'] }, o),
    dropInheritedRole({ role: 'lead' }, o),
    exportMetadata(),
    exportMetadataV2(),
    getInconsistentMetadata(),
    reloadMetadata(),
    dropInconsistentMetadata(),
  ];
}

const ROLE_HEADER: Record<Dialect, string> = { spec: 'x-service-role', engine: 'x-hasura-role' };

void describe('exact wire form of every operation against the real server', () => {
  let server: SpawnedServer;
  before(async () => (server = await startServer({ adminSecret: 'wire-secret' })));
  after(() => server.stop());
  beforeEach(() => server.reset());

  for (const dialect of ['spec', 'engine'] as const) {
    void test(`${dialect} dialect: bodies byte for byte, headers exactly`, async () => {
      await server.setOptions({ dialect });
      const client = clientFor(server, { dialect, adminSecret: () => Promise.resolve('wire-secret') });
      const requests = operations({ dialect: client.dialect });
      for (const request of requests) expectOk(await client.run(request));
      const recorded = await server.requests();
      assert.equal(recorded.length, requests.length);
      recorded.forEach((r, i) => {
        assert.equal(r.method, 'POST');
        assert.equal(r.path, '/v1/metadata');
        assert.equal(r.body, JSON.stringify(requests[i]));
        assert.deepEqual(apiHeaders(r.headers), {
          'content-type': 'application/json',
          [ROLE_HEADER[dialect]]: 'admin',
          'x-hasura-admin-secret': 'wire-secret',
        });
      });
    });
  }

  void test('the inherited-role bodies differ only in the role key', () => {
    const spec = operations({ dialect: 'spec' }).filter((r) => r.type.endsWith('inherited_role'));
    const engine = operations({ dialect: 'engine' }).filter((r) => r.type.endsWith('inherited_role'));
    assert.deepEqual(
      spec.map((r) => JSON.stringify(r)),
      ['{"type":"add_inherited_role","args":{"role":"lead","role_set":["user"]}}', '{"type":"drop_inherited_role","args":{"role":"lead"}}'],
    );
    assert.deepEqual(
      engine.map((r) => JSON.stringify(r)),
      ['{"type":"add_inherited_role","args":{"role_name":"lead","role_set":["user"]}}', '{"type":"drop_inherited_role","args":{"role_name":"lead"}}'],
    );
  });

  void test('GET config: no body, no content type, role header and secret', async () => {
    const client = clientFor(server, { dialect: 'engine', adminSecret: () => Promise.resolve('wire-secret') });
    await server.setOptions({ dialect: 'engine' });
    expectOk(await client.getConfig());
    const [r] = await server.requests();
    assert.ok(r);
    assert.equal(r.method, 'GET');
    assert.equal(r.path, '/v1alpha1/config');
    assert.equal(r.body, '');
    assert.deepEqual(apiHeaders(r.headers), { 'x-hasura-role': 'admin', 'x-hasura-admin-secret': 'wire-secret' });
  });

  void test('custom header names and a base URL with a trailing slash', async () => {
    await server.setOptions({ adminSecret: null });
    const client = clientFor(`${server.url}/`, {
      headers: { roleHeader: 'X-Service-Role', adminSecretHeader: 'x-hasura-access-key', extra: { 'x-request-id': 'abc' } },
      adminSecret: () => Promise.resolve('k2'),
    });
    expectOk(await client.run(exportMetadata()));
    const [r] = await server.requests();
    assert.ok(r);
    assert.equal(r.path, '/v1/metadata');
    assert.deepEqual(apiHeaders(r.headers), {
      'x-request-id': 'abc',
      'content-type': 'application/json',
      'x-service-role': 'admin',
      'x-hasura-access-key': 'k2',
    });
  });
});
