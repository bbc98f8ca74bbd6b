import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { assertMarked, BASE, check, path } from '../helpers/project';

describe('table-duplicate', () => {
  test('a table included twice is reported at the second include path', () => {
    const result = assertMarked('table-duplicate', {
      'databases/default/tables/tables.yaml': '- "!include public_author.yaml"\n- "!include public_article.yaml"\n- "!include ⟦public_author.yaml⟧"\n',
    });
    const f = result.findings.find((x) => x.code === 'table-duplicate')!;
    assert.equal(f.severity, 'error');
    assert.equal(f.related?.[0]?.file, path('databases/default/tables/tables.yaml'));
    assert.deepEqual(f.related?.[0]?.span, { start: 12, end: 30 });
  });
  test('the same table name in two schemas is fine', () => {
    assertMarked('table-duplicate', {
      'databases/default/tables/tables.yaml': '- "!include public_author.yaml"\n- "!include public_article.yaml"\n- "!include other_author.yaml"\n',
      'databases/default/tables/other_author.yaml': 'table:\n  name: author\n  schema: other\n',
    });
  });
});

describe('table-file-name-mismatch', () => {
  test('a table file named for another table is a warning on its table value', () => {
    const result = assertMarked('table-file-name-mismatch', {
      'databases/default/tables/public_article.yaml': 'table:\n  ⟦name: articles\n  schema: public⟧\n',
    });
    const f = result.findings.find((x) => x.code === 'table-file-name-mismatch')!;
    assert.equal(f.severity, 'warning');
    assert.deepEqual(f.data, { expected: 'public_articles.yaml', actual: 'public_article.yaml', schema: 'public', name: 'articles' });
  });
  test("a schema with `.` keeps it in the file name (the engine CLI escapes nothing); a data connector's parts are joined by `_`", () => {
    const result = assertMarked('table-file-name-mismatch', {
      'databases/default/tables/tables.yaml': '- "!include my_schema_t.yaml"\n- "!include my.schema_u.yaml"\n- "!include a_b_c.yaml"\n',
      'databases/default/tables/my_schema_t.yaml': 'table:\n  ⟦name: t\n  schema: my.schema⟧\n',
      'databases/default/tables/my.schema_u.yaml': 'table:\n  name: u\n  schema: my.schema\n',
      'databases/default/tables/a_b_c.yaml': 'table: [a, b, c]\n',
    });
    assert.deepEqual(result.findings.find((x) => x.code === 'table-file-name-mismatch')!.data, {
      expected: 'my.schema_t.yaml',
      actual: 'my_schema_t.yaml',
      schema: 'my.schema',
      name: 't',
    });
  });
  test('matching names (and BigQuery datasets) are fine', () => {
    assertMarked('table-file-name-mismatch', {
      'databases/default/tables/tables.yaml': '- "!include public_author.yaml"\n- "!include public_article.yaml"\n- "!include sales_orders.yaml"\n',
      'databases/default/tables/sales_orders.yaml': 'table:\n  dataset: sales\n  name: orders\n',
    });
  });
});

describe('table-file-unreferenced', () => {
  test('a table file no tables.yaml includes is a hint at the file start', () => {
    const result = assertMarked('table-file-unreferenced', {
      'databases/default/tables/public_orphan.yaml': '⟦⟧table:\n  name: orphan\n  schema: public\n',
    });
    const f = result.findings.find((x) => x.code === 'table-file-unreferenced')!;
    assert.equal(f.severity, 'hint');
    assert.deepEqual(f.data, { list: path('databases/default/tables/tables.yaml'), entry: 'public_orphan.yaml' });
  });
  test('included files are not reported', () => {
    assertMarked('table-file-unreferenced', {});
    assert.ok(BASE['databases/default/tables/tables.yaml']);
  });
});

describe('source-duplicate', () => {
  test('two sources with one name', () => {
    assertMarked('source-duplicate', {
      'databases/databases.yaml': '- name: default\n  kind: postgres\n  tables: []\n- name: ⟦default⟧\n  kind: postgres\n  tables: []\n',
    });
  });
  test('distinct names are fine', () => {
    assertMarked('source-duplicate', { 'databases/databases.yaml': '- name: a\n  tables: []\n- name: b\n  tables: []\n' });
  });
});

describe('inline and tagged includes', () => {
  test('the YAML tag form is followed like the quoted string form', () => {
    const { result } = check({
      'databases/databases.yaml': '- name: default\n  kind: postgres\n  tables: !include default/tables/tables.yaml\n',
    });
    assert.equal(result.index.tables.length, 2);
    assert.deepEqual(
      result.findings.filter((f) => f.severity === 'error'),
      [],
    );
  });
});

describe('findings in files no include reaches', () => {
  test('schema and YAML errors inside an unreferenced table file are warnings (the engine CLI never reads it)', () => {
    const { result } = check(
      {
        'databases/default/tables/public_orphan.yaml': 'table:\n  name: orphan\n  schema: public\nfoo: 1\nselect_permissions:\n  - role: x\n',
        'databases/default/tables/public_broken.yaml': 'table:\n  name: broken\n  schema: public\nselect_permissions:\n  - role: : y\n',
      },
      { schemas: true },
    );
    const orphans = [path('databases/default/tables/public_orphan.yaml'), path('databases/default/tables/public_broken.yaml')];
    assert.deepEqual(
      result.findings.filter((f) => orphans.includes(f.file)).map((f) => `${f.file.slice(f.file.lastIndexOf('/') + 1)} ${f.severity} ${f.code}`),
      [
        'public_broken.yaml warning yaml-syntax',
        'public_orphan.yaml hint table-file-unreferenced',
        'public_orphan.yaml warning schema-unknown-key',
        'public_orphan.yaml warning schema-missing-key',
      ],
    );
  });
  test('the same content included by tables.yaml stays an error', () => {
    const { result } = check(
      {
        'databases/default/tables/tables.yaml': '- "!include public_author.yaml"\n- "!include public_article.yaml"\n- "!include public_orphan.yaml"\n',
        'databases/default/tables/public_orphan.yaml': 'table:\n  name: orphan\n  schema: public\nfoo: 1\n',
      },
      { schemas: true },
    );
    assert.deepEqual(
      result.findings.filter((f) => f.severity === 'error').map((f) => f.code),
      ['schema-unknown-key'],
    );
  });
});
