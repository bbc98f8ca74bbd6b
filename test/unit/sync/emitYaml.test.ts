import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { emitYaml } from '../../../server/src/core/sync/emitYaml';
import { scalarStyle } from '../../../server/src/core/sync/scalarStyle';

describe('emitYaml: the CLI (go-yaml v3, indent 2) style', () => {
  test('block mappings, sequences indented under their key, nested sequences and mappings in items', () => {
    const text = emitYaml({
      table: { name: 'events', schema: 'public' },
      object_relationships: [{ name: 'banner', using: { foreign_key_constraint_on: 'banner_media_id' } }],
      columns: [['a', 'b'], []],
      filter: {},
      check: null,
      backend_only: false,
      limit: 10,
      ratio: 0.5,
    });
    assert.equal(
      text,
      'table:\n  name: events\n  schema: public\n' +
        'object_relationships:\n  - name: banner\n    using:\n      foreign_key_constraint_on: banner_media_id\n' +
        'columns:\n  - - a\n    - b\n  - []\n' +
        'filter: {}\ncheck: null\nbackend_only: false\nlimit: 10\nratio: 0.5\n',
    );
  });

  test('top-level lists and empty documents', () => {
    assert.equal(emitYaml(['!include public_t1.yaml', '!include public_t2.yaml']), '- "!include public_t1.yaml"\n- "!include public_t2.yaml"\n');
    assert.equal(emitYaml([]), '[]\n');
    assert.equal(emitYaml({}), '{}\n');
  });

  test('quoting: plain when it reads back as the same string, else single, else double quotes', () => {
    const cases: [string, string][] = [
      ['X-Hasura-User-Id', 'X-Hasura-User-Id'],
      ['{{HASURA_GRAPHQL_ACTIONS_HOOK}}', "'{{HASURA_GRAPHQL_ACTIONS_HOOK}}'"],
      ['*', "'*'"],
      ['*/5 * * * *', "'*/5 * * * *'"],
      ['a: b', "'a: b'"],
      ['ends with colon:', "'ends with colon:'"],
      ['a #comment', "'a #comment'"],
      ['a#b', 'a#b'],
      [' leading', "' leading'"],
      ["it's", "it's"],
      ["'quoted'", "'''quoted'''"],
      ['', '""'],
      ['true', '"true"'],
      ['null', '"null"'],
      ['~', '"~"'],
      ['123', '"123"'],
      ['1000.0', '"1000.0"'],
      ['1e3', '"1e3"'],
      ['0x1F', '"0x1F"'],
      ['yes', '"yes"'],
      ['off', '"off"'],
      ['2020-01-01', '"2020-01-01"'],
      ['12:30', '"12:30"'],
      ['tab\there', '"tab\\there"'],
      ['bell\u0007', '"bell\\a"'],
      ['émoji 😀', '"émoji \\U0001F600"'],
      ['naïve', 'naïve'],
      ['trailing space \nnext', '"trailing space \\nnext"'],
    ];
    for (const [value, want] of cases) assert.equal(emitYaml({ k: value }), `k: ${want}\n`, value);
  });

  test('multi-line strings are literal blocks with go-yaml chomping and indentation hints', () => {
    assert.equal(emitYaml({ sql: 'select 1\nfrom t' }), 'sql: |-\n  select 1\n  from t\n');
    assert.equal(emitYaml({ sql: 'select 1\n' }), 'sql: |\n  select 1\n');
    assert.equal(emitYaml({ sql: 'a\n\n' }), 'sql: |+\n  a\n\n');
    assert.equal(emitYaml({ sql: '  indented\nx' }), 'sql: |2-\n    indented\n  x\n');
    assert.equal(emitYaml({ q: [{ query: 'query {\n\n  x\n}' }] }), 'q:\n  - query: |-\n      query {\n\n        x\n      }\n');
  });

  test('keys are quoted like values; a multi-line key is double-quoted', () => {
    assert.equal(emitYaml({ 'x-hasura-role': 1, 'a: b': 2, true: 3, 'two\nlines': 4 }), 'x-hasura-role: 1\n\'a: b\': 2\n"true": 3\n"two\\nlines": 4\n');
  });

  test("scalarStyle spells out go-yaml's fallbacks", () => {
    assert.equal(scalarStyle('plain words', false), 'plain');
    assert.equal(scalarStyle('- item', false), 'single');
    assert.equal(scalarStyle('-item', false), 'plain');
    assert.equal(scalarStyle('x\ny ', false), 'double');
    assert.equal(scalarStyle('x\n y', false), 'literal');
  });
});
