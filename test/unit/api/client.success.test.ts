import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { MetadataDocument } from '../../../common/api';
import {
  addInheritedRole,
  bulk,
  createObjectRelationship,
  dropInconsistentMetadata,
  dropRelationship,
  exportMetadata,
  exportMetadataV2,
  fkOnColumns,
  getInconsistentMetadata,
  pgAddSource,
  reloadMetadata,
  renameRelationship,
  renameSource,
  replaceMetadata,
  setRelationshipComment,
} from '../../../common/api';
import type { SpawnedServer } from '../../server/spawn';
import { clientFor, expectOk, startServer } from './helpers';

const article = { schema: 'public', name: 'article' };

interface Table {
  table: { name: string };
  object_relationships?: { name: string; comment?: string }[];
  select_permissions?: { role: string; permission: { filter: unknown } }[];
}

function tables(metadata: MetadataDocument, source = 'default'): Table[] {
  const sources = metadata.sources as { name: string; tables: Table[] }[];
  return sources.find((s) => s.name === source)?.tables ?? [];
}

function table(metadata: MetadataDocument, name: string): Table {
  const t = tables(metadata).find((x) => x.table.name === name);
  assert.ok(t, `table ${name}`);
  return t;
}

void describe('success paths against the real server', () => {
  let server: SpawnedServer;
  const client = (): ReturnType<typeof clientFor> => clientFor(server);
  before(async () => (server = await startServer()));
  after(() => server.stop());
  beforeEach(() => server.reset());

  void test('export_metadata v1 is the metadata; v2 wraps it with resource_version', async () => {
    const v1 = expectOk(await client().run(exportMetadata()));
    assert.equal(v1.version, 3);
    assert.deepEqual(v1.inherited_roles, [{ role_name: 'manager', role_set: ['user', 'editor'] }]);
    const v2 = expectOk(await client().run(exportMetadataV2()));
    assert.equal(v2.resource_version, 1);
    assert.deepEqual(v2.metadata, v1);
  });

  void test('a mutation answers {"message":"success"}, bumps resource_version and shows in the export', async () => {
    const created = await client().run(createObjectRelationship({ table: article, name: 'writer', using: fkOnColumns('author_id'), comment: 'c1' }));
    assert.deepEqual(created, { ok: true, status: 200, data: { message: 'success' } });
    const v2 = expectOk(await client().run(exportMetadataV2()));
    assert.equal(v2.resource_version, 2);
    assert.deepEqual(table(v2.metadata, 'article').object_relationships, [
      { name: 'author', using: { foreign_key_constraint_on: 'author_id' } },
      { name: 'writer', using: { foreign_key_constraint_on: 'author_id' }, comment: 'c1' },
    ]);
  });

  void test('drop with cascade removes the dependent permission', async () => {
    expectOk(await client().run(dropRelationship({ table: article, relationship: 'author', cascade: true })));
    const metadata = expectOk(await client().run(exportMetadata()));
    assert.deepEqual(table(metadata, 'article').object_relationships, []);
    assert.deepEqual(table(metadata, 'article').select_permissions, []);
  });

  void test('rename updates the relationship key inside the permission filter', async () => {
    expectOk(await client().run(renameRelationship({ table: article, name: 'author', new_name: 'writer' })));
    const metadata = expectOk(await client().run(exportMetadata()));
    assert.deepEqual(
      table(metadata, 'article').object_relationships?.map((r) => r.name),
      ['writer'],
    );
    assert.deepEqual(table(metadata, 'article').select_permissions?.[0]?.permission.filter, { writer: { id: { _eq: 'X-Hasura-User-Id' } } });
  });

  void test('set comment, then a null comment removes it', async () => {
    expectOk(await client().run(setRelationshipComment({ table: article, relationship: 'author', comment: 'the writer' })));
    assert.equal(table(expectOk(await client().run(exportMetadata())), 'article').object_relationships?.[0]?.comment, 'the writer');
    expectOk(await client().run(setRelationshipComment({ table: article, relationship: 'author', comment: null })));
    assert.deepEqual(table(expectOk(await client().run(exportMetadata())), 'article').object_relationships?.[0], {
      name: 'author',
      using: { foreign_key_constraint_on: 'author_id' },
    });
  });

  void test('rename_source keeps tables and configuration; replace_configuration true replaces', async () => {
    expectOk(await client().run(renameSource({ name: 'default', new_name: 'main' })));
    const renamed = expectOk(await client().run(exportMetadata()));
    assert.equal(tables(renamed, 'main').length, 3);
    const configuration = { connection_info: { database_url: 'postgres://x/y' } };
    expectOk(await client().run(pgAddSource({ name: 'main', configuration, replace_configuration: true })));
    const sources = expectOk(await client().run(exportMetadata())).sources as { name: string; configuration: unknown }[];
    assert.deepEqual(
      sources.map((s) => [s.name, s.configuration]),
      [['main', configuration]],
    );
  });

  void test('replace_metadata with the exported resource_version succeeds; inconsistencies can be allowed, listed and dropped', async () => {
    const exported = expectOk(await client().run(exportMetadataV2()));
    const broken = structuredClone(exported.metadata);
    tables(broken).push({ table: { name: 'ghost' } });
    const replaced = expectOk(await client().run(replaceMetadata({ metadata: broken, allowInconsistent: true, resourceVersion: exported.resource_version })));
    const ghost = {
      type: 'table',
      name: 'table ghost in source default',
      definition: { name: 'ghost' },
      reason: 'no such table/view exists in source: "ghost"',
    };
    assert.deepEqual(replaced, { is_consistent: false, inconsistent_objects: [ghost] });
    assert.deepEqual(expectOk(await client().run(getInconsistentMetadata())), { is_consistent: false, inconsistent_objects: [ghost] });
    assert.deepEqual(expectOk(await client().run(reloadMetadata())), { is_consistent: false, inconsistent_objects: [ghost], message: 'success' });
    assert.deepEqual(expectOk(await client().run(dropInconsistentMetadata())), { message: 'success' });
    assert.deepEqual(expectOk(await client().run(getInconsistentMetadata())), { is_consistent: true, inconsistent_objects: [] });
    assert.equal(expectOk(await client().run(exportMetadataV2())).resource_version, 3);
  });

  void test('bulk runs in order and answers a list', async () => {
    const result = expectOk(
      await client().run(bulk([addInheritedRole({ role: 'lead', role_set: ['user'] }), renameRelationship({ table: article, name: 'author', new_name: 'w' })])),
    );
    assert.deepEqual(result, [{ message: 'success' }, { message: 'success' }]);
  });
});

void describe('config API against the real server', () => {
  let server: SpawnedServer;
  before(async () => (server = await startServer({ adminSecret: 'cfg', jwt: 'object' })));
  after(() => server.stop());
  beforeEach(() => server.reset());
  const client = (): ReturnType<typeof clientFor> => clientFor(server, { adminSecret: () => Promise.resolve('cfg') });

  void test('jwt as one object (seed shape)', async () => {
    const record = expectOk(await client().getConfig());
    assert.equal(record.version, 'v2.48.0-test');
    assert.equal(record.is_admin_secret_set, true);
    assert.equal(record.is_jwt_set, true);
    assert.equal(record.jwtShape, 'object');
    assert.deepEqual(record.jwt, [{ claims_namespace: 'https://hasura.io/jwt/claims', claims_format: 'json' }]);
    assert.deepEqual(record.live_queries, { batch_size: 100, refetch_delay: 1 });
    assert.deepEqual(Object.keys(record.extra), ['streaming_queries', 'console_assets_dir', 'experimental_features']);
  });

  for (const [mode, shape, count] of [
    ['array', 'array', 1],
    ['empty', 'array', 0],
    ['null', 'null', 0],
    ['absent', 'absent', 0],
  ] as const) {
    void test(`jwt ${mode}`, async () => {
      await server.setOptions({ jwt: mode });
      const record = expectOk(await client().getConfig());
      assert.equal(record.jwtShape, shape);
      assert.equal(record.jwt.length, count);
      assert.equal(record.is_jwt_set, count > 0);
    });
  }
});
