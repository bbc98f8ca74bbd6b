import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { bigqueryAddSource, bigqueryDropSource, mssqlAddSource, mssqlDropSource, pgAddSource, pgDropSource, renameSource } from '../../../common/api';

const wire = (value: unknown): string => JSON.stringify(value);

void describe('pg_add_source', () => {
  void test('database_url as a string; replace_configuration false is sent explicitly', () => {
    const body = pgAddSource({ name: 'pg1', configuration: { connection_info: { database_url: 'postgres://u@db:5432/app' } } });
    assert.equal(
      wire(body),
      '{"type":"pg_add_source","args":{"name":"pg1","configuration":{"connection_info":{"database_url":"postgres://u@db:5432/app"}},"replace_configuration":false}}',
    );
  });

  void test('database_url from_env, every pool setting, prepared statements, isolation level', () => {
    const body = pgAddSource({
      name: 'pg1',
      replace_configuration: true,
      configuration: {
        connection_info: {
          database_url: { from_env: 'PG_URL' },
          pool_settings: { max_connections: 50, idle_timeout: 180, retries: 1, pool_timeout: 360, connection_lifetime: 600 },
          use_prepared_statements: true,
          isolation_level: 'repeatable-read',
        },
      },
    });
    assert.equal(
      wire(body.args),
      '{"name":"pg1","configuration":{"connection_info":{"database_url":{"from_env":"PG_URL"},"pool_settings":{"max_connections":50,"idle_timeout":180,"retries":1,"pool_timeout":360,"connection_lifetime":600},"use_prepared_statements":true,"isolation_level":"repeatable-read"}},"replace_configuration":true}',
    );
  });

  void test('each isolation level is accepted by the type and sent unchanged', () => {
    for (const level of ['read-committed', 'repeatable-read', 'serializable'] as const) {
      const body = pgAddSource({ name: 'p', configuration: { connection_info: { database_url: 'x', isolation_level: level } } });
      assert.deepEqual(body.args, {
        name: 'p',
        configuration: { connection_info: { database_url: 'x', isolation_level: level } },
        replace_configuration: false,
      });
    }
  });
});

void describe('mssql_add_source / bigquery_add_source', () => {
  void test('mssql: connection_string string and pool settings', () => {
    const body = mssqlAddSource({
      name: 'ms',
      configuration: {
        connection_info: { connection_string: 'Driver={ODBC Driver 18 for SQL Server};Server=db', pool_settings: { max_connections: 10, idle_timeout: 5 } },
      },
    });
    assert.equal(
      wire(body),
      '{"type":"mssql_add_source","args":{"name":"ms","configuration":{"connection_info":{"connection_string":"Driver={ODBC Driver 18 for SQL Server};Server=db","pool_settings":{"max_connections":10,"idle_timeout":5}}},"replace_configuration":false}}',
    );
  });

  void test('mssql: connection_string from_env', () => {
    const body = mssqlAddSource({ name: 'ms', configuration: { connection_info: { connection_string: { from_env: 'MSSQL_URL' } } } });
    assert.deepEqual(body.args, {
      name: 'ms',
      configuration: { connection_info: { connection_string: { from_env: 'MSSQL_URL' } } },
      replace_configuration: false,
    });
  });

  void test('bigquery: datasets as a comma string is sent as is', () => {
    const body = bigqueryAddSource({ name: 'bq', configuration: { service_account: '{"type":"service_account"}', project_id: 'proj', datasets: 'a,b' } });
    assert.equal(
      wire(body),
      '{"type":"bigquery_add_source","args":{"name":"bq","configuration":{"service_account":"{\\"type\\":\\"service_account\\"}","project_id":"proj","datasets":"a,b"},"replace_configuration":false}}',
    );
  });

  void test('bigquery: a datasets list is joined in the spec dialect and kept in the engine dialect', () => {
    const configuration = { service_account: { from_env: 'BQ_SA' }, project_id: 'proj', datasets: ['a', 'b'] };
    assert.deepEqual(bigqueryAddSource({ name: 'bq', configuration }).args, {
      name: 'bq',
      configuration: { service_account: { from_env: 'BQ_SA' }, project_id: 'proj', datasets: 'a,b' },
      replace_configuration: false,
    });
    assert.deepEqual(bigqueryAddSource({ name: 'bq', configuration }, { dialect: 'engine' }).args, {
      name: 'bq',
      configuration: { service_account: { from_env: 'BQ_SA' }, project_id: 'proj', datasets: ['a', 'b'] },
      replace_configuration: false,
    });
  });
});

void describe('drop and rename', () => {
  void test('*_drop_source send cascade false by default', () => {
    assert.equal(wire(pgDropSource({ name: 'pg1' })), '{"type":"pg_drop_source","args":{"name":"pg1","cascade":false}}');
    assert.equal(wire(mssqlDropSource({ name: 'ms' })), '{"type":"mssql_drop_source","args":{"name":"ms","cascade":false}}');
    assert.equal(wire(bigqueryDropSource({ name: 'bq', cascade: true })), '{"type":"bigquery_drop_source","args":{"name":"bq","cascade":true}}');
  });

  void test('rename_source has no backend prefix', () => {
    assert.equal(wire(renameSource({ name: 'pg1', new_name: 'main' })), '{"type":"rename_source","args":{"name":"pg1","new_name":"main"}}');
  });
});
