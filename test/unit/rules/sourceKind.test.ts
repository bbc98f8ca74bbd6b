import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { assertMarked, BASE, path } from '../helpers/project';

const source = (kind: string): Record<string, string> => ({ 'databases/databases.yaml': BASE['databases/databases.yaml']!.replace('kind: postgres', `kind: ${kind}`) });

describe('source-kind-unknown', () => {
  test('a misspelt built-in kind is an error on the kind, with the closest kind', () => {
    const result = assertMarked('source-kind-unknown', source('⟦postres⟧'));
    const f = result.findings.find((x) => x.code === 'source-kind-unknown')!;
    assert.equal(f.severity, 'error');
    assert.equal(f.message, '`postres` is not a database kind the engine knows nor a data connector declared in backend_configs.yaml. Did you mean `postgres`?');
    assert.deepEqual(f.data, { kind: 'postres', suggestion: 'postgres' });
  });
  test('a case slip is a typo too (the engine reads kinds case-sensitively)', () => {
    assertMarked('source-kind-unknown', source('⟦Postgres⟧'));
  });
  test('a near miss of a declared data connector points at its declaration', () => {
    const result = assertMarked('source-kind-unknown', { ...source('⟦mysql7⟧'), 'backend_configs.yaml': 'dataconnector:\n  mysql8:\n    uri: http://agent:8081/api/v1/mysql\n' });
    const f = result.findings.find((x) => x.code === 'source-kind-unknown')!;
    assert.deepEqual(f.related, [{ file: path('backend_configs.yaml'), span: { start: 17, end: 23 }, message: 'Data connector `mysql8`' }]);
  });
  test('built-in kinds, the pg alias, declared data connectors and names close to none are fine', () => {
    for (const kind of ['postgres', 'pg', 'citus', 'cockroach', 'mssql', 'bigquery', 'Mongo']) assertMarked('source-kind-unknown', source(kind));
    assertMarked('source-kind-unknown', { ...source('snowflake'), 'backend_configs.yaml': 'dataconnector:\n  snowflake:\n    uri: http://agent:8081/api/v1/snowflake\n' });
    assertMarked('source-kind-unknown', { 'databases/databases.yaml': '- name: default\n  tables: []\n' });
  });
});
