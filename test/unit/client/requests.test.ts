import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { backendPrefix, requestFor } from '../../../client/src/commands/requests';
import { statusOfError } from '../../../client/src/commands/outcome';
import type { MetadataOperation } from '../../../common/protocol';

const article = { schema: 'public', name: 'article' };

function body(op: MetadataOperation, dialect: 'spec' | 'engine' = 'spec', kind?: string): unknown {
  return JSON.parse(JSON.stringify(requestFor(op, dialect, kind))) as unknown;
}

describe('the request of each operation', () => {
  test('sources: the kind picks the backend; replace_configuration defaults to false; drop by the source kind', () => {
    const configuration = { connection_info: { database_url: { from_env: 'X' } } };
    assert.deepEqual(body({ type: 'add_source', args: { kind: 'postgres', name: 'a', configuration } }), {
      type: 'pg_add_source',
      args: { name: 'a', configuration, replace_configuration: false },
    });
    const mssql = { connection_info: { connection_string: { from_env: 'X' } } };
    assert.deepEqual(body({ type: 'add_source', args: { kind: 'mssql', name: 'a', configuration: mssql, replace_configuration: true } }), {
      type: 'mssql_add_source',
      args: { name: 'a', configuration: mssql, replace_configuration: true },
    });
    const bq = { service_account: { from_env: 'SA' }, project_id: 'p', datasets: ['a', 'b'] };
    assert.deepEqual(body({ type: 'add_source', args: { kind: 'bigquery', name: 'b', configuration: bq } }), {
      type: 'bigquery_add_source',
      args: { name: 'b', configuration: { ...bq, datasets: 'a,b' }, replace_configuration: false },
    });
    assert.deepEqual(body({ type: 'add_source', args: { kind: 'bigquery', name: 'b', configuration: bq } }, 'engine'), {
      type: 'bigquery_add_source',
      args: { name: 'b', configuration: bq, replace_configuration: false },
    });
    assert.deepEqual(body({ type: 'drop_source', args: { name: 'a' } }), { type: 'pg_drop_source', args: { name: 'a', cascade: false } });
    assert.deepEqual(body({ type: 'drop_source', args: { name: 'a', cascade: true } }, 'spec', 'mssql'), {
      type: 'mssql_drop_source',
      args: { name: 'a', cascade: true },
    });
    assert.deepEqual(body({ type: 'rename_source', args: { name: 'a', new_name: 'b' } }), { type: 'rename_source', args: { name: 'a', new_name: 'b' } });
    assert.deepEqual(
      [backendPrefix(undefined), backendPrefix('postgres'), backendPrefix('bigquery'), backendPrefix('citus')],
      ['pg', 'pg', 'bigquery', 'citus'],
    );
  });

  test('relationships: source defaults to default; an empty comment removes it (null)', () => {
    const using = { foreign_key_constraint_on: 'author_id' };
    assert.deepEqual(body({ type: 'create_object_relationship', args: { table: article, name: 'author', using } }), {
      type: 'pg_create_object_relationship',
      args: { source: 'default', table: article, name: 'author', using },
    });
    const remote = { foreign_key_constraint_on: { table: article, columns: ['author_id'] } };
    assert.deepEqual(body({ type: 'create_array_relationship', args: { table: 'author', name: 'articles', using: remote, comment: 'c', source: 's' } }), {
      type: 'pg_create_array_relationship',
      args: { source: 's', table: 'author', name: 'articles', using: remote, comment: 'c' },
    });
    assert.deepEqual(body({ type: 'rename_relationship', args: { table: article, name: 'author', new_name: 'writer' } }), {
      type: 'pg_rename_relationship',
      args: { source: 'default', table: article, name: 'author', new_name: 'writer' },
    });
    assert.deepEqual(body({ type: 'drop_relationship', args: { table: article, relationship: 'author' } }), {
      type: 'pg_drop_relationship',
      args: { source: 'default', table: article, relationship: 'author', cascade: false },
    });
    assert.deepEqual(body({ type: 'set_relationship_comment', args: { table: article, relationship: 'author', comment: '' } }), {
      type: 'pg_set_relationship_comment',
      args: { source: 'default', table: article, relationship: 'author', comment: null },
    });
    assert.deepEqual(body({ type: 'set_relationship_comment', args: { table: article, relationship: 'author', comment: 'x' } }), {
      type: 'pg_set_relationship_comment',
      args: { source: 'default', table: article, relationship: 'author', comment: 'x' },
    });
  });

  test('inherited roles: `role` in the spec dialect, `role_name` in the engine dialect', () => {
    assert.deepEqual(body({ type: 'add_inherited_role', args: { role: 'm', role_set: ['a', 'b'] } }), {
      type: 'add_inherited_role',
      args: { role: 'm', role_set: ['a', 'b'] },
    });
    assert.deepEqual(body({ type: 'add_inherited_role', args: { role: 'm', role_set: ['a'] } }, 'engine'), {
      type: 'add_inherited_role',
      args: { role_name: 'm', role_set: ['a'] },
    });
    assert.deepEqual(body({ type: 'drop_inherited_role', args: { role: 'm' } }, 'engine'), { type: 'drop_inherited_role', args: { role_name: 'm' } });
  });

  test('a failed request is refused (the server answered), cancelled, or failed on the way', () => {
    for (const kind of [
      'access-denied',
      'not-admin',
      'not-found',
      'conflict',
      'dependency',
      'already-exists',
      'not-exists',
      'parse-failed',
      'server-error',
      'engine',
    ] as const)
      assert.equal(statusOfError(kind), 'refused', kind);
    for (const kind of ['invalid-url', 'secret-unavailable', 'network', 'timeout', 'redirect', 'not-json', 'unexpected-response'] as const)
      assert.equal(statusOfError(kind), 'failed', kind);
    assert.equal(statusOfError('cancelled'), 'cancelled');
  });
});
