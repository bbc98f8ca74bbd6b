import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { addSourceArgs, relationshipUsing } from '../../../client/src/commands/operationArgs';
import { ArgumentError } from '../../../client/src/commands/outcome';

const article = { schema: 'public', name: 'article' };

describe('relationshipUsing: the form of `using` checked for the kind', () => {
  test('each form an object relationship takes, kept as given (extra keys inside a form too)', () => {
    for (const using of [
      { foreign_key_constraint_on: 'author_id' },
      { foreign_key_constraint_on: ['a', 'b'] },
      { foreign_key_constraint_on: { table: article, columns: ['author_id'] } },
      { foreign_key_constraint_on: { table: 'article', column: 'author_id' } },
      { manual_configuration: { remote_table: article, column_mapping: { author_id: 'id' }, insertion_order: 'before_parent' } },
    ]) {
      assert.deepEqual(relationshipUsing('object', using), using);
    }
  });

  test('an array relationship takes a key on the other table or a manual configuration, not local columns', () => {
    const remote = { foreign_key_constraint_on: { table: article, columns: ['author_id'] } };
    assert.deepEqual(relationshipUsing('array', remote), remote);
    assert.throws(
      () => relationshipUsing('array', { foreign_key_constraint_on: 'author_id' }),
      new ArgumentError('Argument `using` must be {foreign_key_constraint_on: {table, columns}} or {manual_configuration: {remote_table, column_mapping}}.'),
    );
  });

  test('refused: two forms, no form, a malformed form', () => {
    const message =
      'Argument `using` must be {foreign_key_constraint_on: column(s) or {table, columns}} or {manual_configuration: {remote_table, column_mapping}}.';
    for (const using of [
      { foreign_key_constraint_on: 'a', manual_configuration: { remote_table: 't', column_mapping: {} } },
      {},
      { foreign_key_constraint_on: { table: article } },
      { foreign_key_constraint_on: [] },
      { manual_configuration: { remote_table: { name: 't' }, column_mapping: {} } },
      { manual_configuration: { remote_table: 't', column_mapping: { a: 1 } } },
    ]) {
      assert.throws(() => relationshipUsing('object', using), new ArgumentError(message), JSON.stringify(using));
    }
  });
});

describe('addSourceArgs: the configuration of the shape its kind needs', () => {
  test('each kind with its configuration; replace_configuration only when given', () => {
    const pg = { connection_info: { database_url: { from_env: 'PG_DATABASE_URL' }, pool_settings: { retries: 1 } } };
    assert.deepEqual(addSourceArgs('postgres', 'a', pg), { kind: 'postgres', name: 'a', configuration: pg });
    const params = { connection_info: { database_url: { connection_parameters: { host: 'h' } } } };
    assert.deepEqual(addSourceArgs('postgres', 'a', params, true), { kind: 'postgres', name: 'a', configuration: params, replace_configuration: true });
    const mssql = { connection_info: { connection_string: 'Driver=x' } };
    assert.deepEqual(addSourceArgs('mssql', 'm', mssql, false), { kind: 'mssql', name: 'm', configuration: mssql, replace_configuration: false });
    const bq = { service_account: { from_env: 'SA' }, project_id: 'p', datasets: ['a'] };
    assert.deepEqual(addSourceArgs('bigquery', 'b', bq), { kind: 'bigquery', name: 'b', configuration: bq });
  });

  test("another kind's configuration, or one without its required keys, is refused with the shape it needs", () => {
    assert.throws(
      () => addSourceArgs('mssql', 'm', { connection_info: { database_url: 'postgres://h/db' } }),
      new ArgumentError('Argument `configuration` of a mssql source must be {connection_info: {connection_string: a string or {from_env}}}.'),
    );
    assert.throws(
      () => addSourceArgs('postgres', 'a', { connection_info: {} }),
      new ArgumentError(
        'Argument `configuration` of a postgres source must be {connection_info: {database_url: a URL, {from_env}, {connection_parameters} or {dynamic_from_file}}}.',
      ),
    );
    assert.throws(
      () => addSourceArgs('bigquery', 'b', { service_account: 'k', project_id: 'p' }),
      new ArgumentError('Argument `configuration` of a bigquery source must be {service_account: a key or {from_env}, project_id, datasets}.'),
    );
  });
});
