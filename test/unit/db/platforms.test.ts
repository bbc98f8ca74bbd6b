import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { findMigrations } from '../../../server/src/core/db/migrations';
import { memoryHost } from '../helpers/memoryHost';

/** The platform findMigrations finds for the default source of `files` (tracking `tables`): its name and schemas, or `none`. */
function platform(files: Record<string, string>, tables?: string[], metadata = '/p/metadata'): string {
  const [source] = findMigrations(metadata, [{ name: 'default', kind: 'postgres', ...(tables ? { tables } : {}) }], memoryHost(files));
  return source?.platform ? `${source.platform.name}: ${source.platform.schemas.map((s) => s.schema).join(', ')}` : 'none';
}

const PUBLIC_ONLY = {
  '/p/migrations/default/1_init/up.sql': 'CREATE SCHEMA IF NOT EXISTS auth;\nCREATE TABLE public.todo (user_id uuid REFERENCES auth.users (id));\n',
};

describe('platform schemas (nhost auth and storage, laid before the migrations)', () => {
  test('nhost when the metadata tracks auth.users or storage.files and no migration creates them', () => {
    assert.equal(platform(PUBLIC_ONLY, ['public.todo', 'auth.users']), 'nhost: auth, storage');
    assert.equal(platform(PUBLIC_ONLY, ['storage.files']), 'nhost: auth, storage');
    assert.equal(platform(PUBLIC_ONLY, ['public.todo', 'auth.accounts']), 'none');
    assert.equal(platform(PUBLIC_ONLY), 'none');
  });

  test('nhost when the project says so: its folder is nhost/, it has nhost.toml, or config.yaml has the nhost CLI sections', () => {
    const nested = Object.fromEntries(Object.entries(PUBLIC_ONLY).map(([k, v]) => [k.replace('/p/', '/p/nhost/'), v]));
    assert.equal(platform(nested, [], '/p/nhost/metadata'), 'nhost: auth, storage');
    assert.equal(platform({ ...PUBLIC_ONLY, '/p/nhost.toml': '[hasura]\nversion = "v2.36.0"\n' }, []), 'nhost: auth, storage');
    assert.equal(
      platform({ ...PUBLIC_ONLY, '/p/config.yaml': 'version: 3\nmetadata_directory: metadata\nauth:\n  client_url: http://localhost\n' }, []),
      'nhost: auth, storage',
    );
    assert.equal(platform({ ...PUBLIC_ONLY, '/p/config.yaml': 'version: 3\nmetadata_directory: metadata\n' }, []), 'none');
  });

  test('a schema the migrations lay themselves (a table auth.users or storage.files created, quoted or not) is not laid again', () => {
    const own = { '/p/migrations/default/1_init/up.sql': 'CREATE SCHEMA auth;\nCREATE TABLE IF NOT EXISTS "auth"."users" (id uuid PRIMARY KEY);\n' };
    assert.equal(platform(own, ['auth.users', 'storage.files']), 'nhost: storage');
    assert.equal(platform(own, ['auth.users']), 'none');
    assert.equal(platform({ ...own, '/p/migrations/default/2_files/up.sql': 'create table storage.files(id uuid);' }, ['auth.users', 'storage.files']), 'none');
  });

  test('only a Postgres source with migrations gets one', () => {
    const [mssql] = findMigrations('/p/metadata', [{ name: 'default', kind: 'mssql', tables: ['auth.users'] }], memoryHost(PUBLIC_ONLY));
    assert.equal(mssql?.platform, undefined);
    const [empty] = findMigrations('/p/metadata', [{ name: 'default', kind: 'postgres', tables: ['auth.users'] }], memoryHost({}));
    assert.equal(empty?.platform, undefined);
  });
});
