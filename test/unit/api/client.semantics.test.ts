import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { MetadataDocument } from '../../../common/api';
import {
  addInheritedRole,
  dropInheritedRole,
  dropRelationship,
  exportMetadata,
  exportMetadataV2,
  renameRelationship,
  replaceMetadata,
} from '../../../common/api';
import type { SpawnedServer } from '../../server/spawn';
import { clientFor, expectError, expectOk, startServer } from './helpers';

const article = { schema: 'public', name: 'article' };

/** A permission on author that reaches article.author through a relationship, `_or` and `_exists`. */
const nestedFilter = (rel: string): unknown => ({
  _or: [
    { articles: { [rel]: { id: { _is_null: false } } } },
    { _exists: { _table: { schema: 'public', name: 'article' }, _where: { [rel]: { name: { _eq: 'x' } } } } },
    { author: { _eq: 'a column of author is not a relationship' } },
  ],
});

function withNestedPermission(metadata: MetadataDocument): MetadataDocument {
  const copy = structuredClone(metadata);
  const author = (copy.sources as { tables: { table: { name: string }; select_permissions?: unknown[] }[] }[])[0]!.tables.find(
    (t) => t.table.name === 'author',
  );
  assert.ok(author);
  author.select_permissions = [{ role: 'editor', permission: { columns: ['id'], filter: nestedFilter('author') } }];
  return copy;
}

function authorFilter(metadata: MetadataDocument): unknown {
  const tables = (metadata.sources as { tables: { table: { name: string }; select_permissions: { permission: { filter: unknown } }[] }[] }[])[0]!.tables;
  return tables.find((t) => t.table.name === 'author')?.select_permissions[0]?.permission.filter;
}

void describe('server semantics through the client', () => {
  let server: SpawnedServer;
  const client = (): ReturnType<typeof clientFor> => clientFor(server);
  before(async () => (server = await startServer()));
  after(() => server.stop());
  beforeEach(async () => {
    await server.reset();
    expectOk(await client().run(replaceMetadata({ metadata: withNestedPermission(expectOk(await client().run(exportMetadata()))) })));
  });

  void test('rename follows relationships across tables, _or and _exists, and leaves same-named keys of other tables alone', async () => {
    expectOk(await client().run(renameRelationship({ table: article, name: 'author', new_name: 'writer' })));
    const filter = authorFilter(expectOk(await client().run(exportMetadata())));
    assert.deepEqual(filter, nestedFilter('writer'));
  });

  void test('dependents across tables are all listed, sorted', async () => {
    const error = expectError(await client().run(dropRelationship({ table: article, relationship: 'author' })));
    assert.deepEqual(error.dependents, [
      'permission public.article.user.select in source "default"',
      'permission public.author.editor.select in source "default"',
    ]);
  });

  void test('add_inherited_role on an existing name replaces it (the engine inserts over it)', async () => {
    expectOk(await client().run(addInheritedRole({ role: 'manager', role_set: ['user'] })));
    assert.deepEqual(expectOk(await client().run(exportMetadata())).inherited_roles, [{ role_name: 'manager', role_set: ['user'] }]);
  });

  void test('inherited roles: nesting is allowed, cycles are refused', async () => {
    expectOk(await client().run(addInheritedRole({ role: 'lead', role_set: ['manager'] })));
    const error = expectError(await client().run(addInheritedRole({ role: 'manager', role_set: ['user', 'lead'] })));
    assert.deepEqual([error.code, error.serverMessage], ['cyclic-dependency', 'found cycle(s) in roles: ["manager","lead","manager"]']);
  });

  void test('dropping an inherited role another one inherits from makes metadata inconsistent: refused', async () => {
    expectOk(await client().run(addInheritedRole({ role: 'lead', role_set: ['manager'] })));
    const version = expectOk(await client().run(exportMetadataV2())).resource_version;
    const error = expectError(await client().run(dropInheritedRole({ role: 'manager' })));
    assert.deepEqual([error.code, error.serverMessage], ['unexpected', 'cannot continue due to new inconsistent metadata']);
    assert.deepEqual(error.internal, [
      {
        type: 'inherited_role',
        name: 'lead',
        reason: 'the following parent role(s) are not found: manager which are required to construct the inherited role: "lead"',
      },
    ]);
    assert.equal(expectOk(await client().run(exportMetadataV2())).resource_version, version);
  });
});
