import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ParseCache } from '../../../server/src/core/project/cache';
import { RootSession } from '../../../server/src/core/session';
import { memoryHost } from '../helpers/memoryHost';
import { assertMarked, BASE, path, ROOT } from '../helpers/project';

const source = (kind: string): Record<string, string> => ({
  'databases/databases.yaml': BASE['databases/databases.yaml']!.replace('kind: postgres', `kind: ${kind}`),
});

describe('source-kind-unknown', () => {
  test('a misspelt built-in kind is an error on the kind, with the closest kind', () => {
    const result = assertMarked('source-kind-unknown', source('⟦postres⟧'));
    const f = result.findings.find((x) => x.code === 'source-kind-unknown')!;
    assert.equal(f.severity, 'error');
    assert.equal(
      f.message,
      '`postres` is not a database kind the engine knows nor a data connector declared in backend_configs.yaml. Did you mean `postgres`?',
    );
    assert.deepEqual(f.data, { kind: 'postres', suggestion: 'postgres' });
  });
  test('a case slip is a typo too (the engine reads kinds case-sensitively)', () => {
    assertMarked('source-kind-unknown', source('⟦Postgres⟧'));
  });
  test('a near miss of a declared data connector points at its declaration', () => {
    const result = assertMarked('source-kind-unknown', {
      ...source('⟦mysql7⟧'),
      'backend_configs.yaml': 'dataconnector:\n  mysql8:\n    uri: http://agent:8081/api/v1/mysql\n',
    });
    const f = result.findings.find((x) => x.code === 'source-kind-unknown')!;
    assert.deepEqual(f.related, [{ file: path('backend_configs.yaml'), span: { start: 17, end: 23 }, message: 'Data connector `mysql8`' }]);
  });
  test('built-in kinds, the pg alias, declared data connectors and names close to none are fine', () => {
    for (const kind of ['postgres', 'pg', 'citus', 'cockroach', 'mssql', 'bigquery', 'Mongo']) assertMarked('source-kind-unknown', source(kind));
    assertMarked('source-kind-unknown', {
      ...source('snowflake'),
      'backend_configs.yaml': 'dataconnector:\n  snowflake:\n    uri: http://agent:8081/api/v1/snowflake\n',
    });
    assertMarked('source-kind-unknown', { 'databases/databases.yaml': '- name: default\n  tables: []\n' });
  });
});

describe('source-kind-unknown as backend_configs.yaml changes (one session)', () => {
  test('renaming the declared data connector makes the source kind a near miss, and back', () => {
    const files: Record<string, string> = {
      [path('version.yaml')]: 'version: 3\n',
      [path('databases/databases.yaml')]: '- name: lake\n  kind: mysql8\n  configuration: {value: {}}\n  tables: []\n',
      [path('backend_configs.yaml')]: 'dataconnector:\n  mysql8:\n    uri: http://agent/mysql\n',
    };
    const session = new RootSession(ROOT, { host: memoryHost(files), cache: new ParseCache() });
    const codes = (r: { findings: { code: string }[] }): string[] => r.findings.map((f) => f.code).filter((c) => c === 'source-kind-unknown');
    assert.deepEqual(codes(session.check()), []);
    files[path('backend_configs.yaml')] = 'dataconnector:\n  mysql9:\n    uri: http://agent/mysql\n';
    assert.deepEqual(codes(session.check([path('backend_configs.yaml')])), ['source-kind-unknown']);
    files[path('backend_configs.yaml')] = 'dataconnector:\n  mysql8:\n    uri: http://agent/mysql\n';
    assert.deepEqual(codes(session.check([path('backend_configs.yaml')])), []);
  });
});

describe('table-name-invalid', () => {
  const bigquery = (table: string): Record<string, string> => ({
    'databases/databases.yaml':
      '- name: default\n  kind: bigquery\n  configuration: {service_account: {from_env: SA}, project_id: p, datasets: [sales]}\n  tables: "!include default/tables/tables.yaml"\n',
    'databases/default/tables/tables.yaml': '- "!include sales_orders.yaml"\n',
    'databases/default/tables/sales_orders.yaml': `table:${table}\n`,
    'databases/default/tables/public_author.yaml': 'table:\n  name: author\n  schema: public\n',
    'databases/default/tables/public_article.yaml': 'table:\n  name: article\n  schema: public\n',
  });
  test('a BigQuery table named by a plain string, or without its dataset', () => {
    const result = assertMarked('table-name-invalid', bigquery(' ⟦orders⟧'));
    assert.equal(
      result.findings.find((f) => f.code === 'table-name-invalid')!.message,
      'BigQuery tables are named `{dataset, name}` (e.g. `{dataset: sales, name: orders}`); the engine rejects a plain name in a BigQuery source.',
    );
    assertMarked('table-name-invalid', bigquery('\n  ⟦schema: sales\n  name: orders⟧'));
  });
  test('{dataset, name} in BigQuery, and plain names in other sources, are fine', () => {
    assertMarked('table-name-invalid', bigquery('\n  dataset: sales\n  name: orders'));
    assertMarked('table-name-invalid', { 'databases/default/tables/public_author.yaml': 'table: author\n' });
  });
});
