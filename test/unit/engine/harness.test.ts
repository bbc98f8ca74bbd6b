import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { CORRECTIONS } from './corrections';
import { mutate, random, typo } from './mutants';
import { engineSchema, findDocument, toDraft07 } from './openapi';

describe("the differential's pieces", () => {
  test('the generator is seeded: the same seed, the same numbers', () => {
    const a = random(18);
    const b = random(18);
    const first = [a(), a(), a()];
    assert.deepEqual([b(), b(), b()], first);
    assert.notDeepEqual([random(19)()], [first[0]]);
    assert.ok(first.every((x) => x >= 0 && x < 1));
  });
  test('typos are near misses', () => {
    assert.equal(typo('permissions'), 'permission');
    assert.equal(typo('check'), 'checks');
    assert.equal(typo('url'), 'uurl');
  });
  test('each kind of mutation, on a small file', () => {
    const text = 'name: a\nrole: user\npermission:\n  filter: {}\n  kind: synchronous\n';
    const targets = { enums: new Set(['synchronous']), required: new Set(['role']) };
    const rnd = (): number => 0;
    assert.equal(mutate('f.yaml', text, 'delete-required-key', targets, rnd)?.text, 'name: a\npermission:\n  filter: {}\n  kind: synchronous\n');
    assert.equal(mutate('f.yaml', text, 'change-type', targets, rnd)?.text, 'name: 12345\nrole: user\npermission:\n  filter: {}\n  kind: synchronous\n');
    assert.deepEqual(mutate('f.yaml', text, 'enum-near-miss', targets, rnd)?.change, '"synchronou" <- "synchronous"');
    assert.equal(mutate('f.yaml', text, 'key-typo-root', targets, rnd)?.text, 'names: a\nrole: user\npermission:\n  filter: {}\n  kind: synchronous\n');
    const nested = mutate('f.yaml', text, 'key-typo-nested', targets, rnd)!;
    assert.deepEqual([nested.at, nested.change], ['permission.filter', 'filters <- filter']);
    assert.equal(mutate('f.yaml', 'a: "!include x.yaml"\n', 'change-type', targets, rnd), undefined);
  });
  test('OpenAPI 3.0 to draft-07: component refs and nullable', () => {
    assert.deepEqual(toDraft07({ properties: { a: { $ref: '#/components/schemas/X', nullable: true } } }), {
      properties: { a: { anyOf: [{ type: 'null' }, { $ref: '#/definitions/X' }] } },
    });
  });
});

const found = findDocument();
describe("each correction of the engine's document changes a verdict", { skip: 'missing' in found ? found.missing : false }, () => {
  const text = 'text' in found ? found.text : '';
  const published = engineSchema(text, false).validate;
  const corrected = engineSchema(text).validate;
  const source = (extra: object): object => ({
    name: 'default',
    kind: 'postgres',
    configuration: { connection_info: { database_url: 'postgres://x' } },
    tables: [],
    ...extra,
  });
  // [case, the corrected verdict, the published verdict]
  const cases: [string, object, boolean, boolean][] = [
    ['introspection as an object', { graphql_schema_introspection: { disabled_for_roles: ['anonymous'] } }, true, false],
    ['remote schema entry', { remote_schemas: [{ name: 'r', definition: { url: 'http://r', customization: { type_names: { prefix: 'R_' } } } }] }, true, false],
    ['a table key the engine rejects', { sources: [source({ tables: [{ table: { schema: 'public', name: 'a' }, permission: [] }] })] }, false, true],
    [
      'a filter that is not a mapping',
      { sources: [source({ tables: [{ table: 'a', select_permissions: [{ role: 'r', permission: { columns: '*', filter: 'x' } }] }] })] },
      false,
      true,
    ],
    ['an optional key set to null', { sources: [source({ tables: [{ table: 'a', is_enum: null }] })] }, true, false],
    [
      'columns as one string',
      {
        sources: [
          source({ tables: [{ table: 'a', array_relationships: [{ name: 'b', using: { foreign_key_constraint_on: { table: 'b', columns: 'a_id' } } }] }] }),
        ],
      },
      true,
      false,
    ],
    // The published document accepts it only as a data connector source (its configuration may be any mapping).
    [
      'an MS SQL source without pool settings',
      { sources: [{ name: 'm', kind: 'mssql', configuration: { connection_info: { connection_string: 'x' } }, tables: [] }] },
      true,
      true,
    ],
    [
      'an MS SQL source without a connection string',
      { sources: [{ name: 'm', kind: 'mssql', configuration: { connection_info: { pool_settings: {} } }, tables: [] }] },
      false,
      true,
    ],
    [
      'a data connector table named by one string',
      { sources: [{ name: 'd', kind: 'sqlite', configuration: { value: {} }, tables: [{ table: 'albums' }] }] },
      true,
      false,
    ],
  ];
  for (const [name, extra, valid, publishedValid] of cases) {
    test(name, () => {
      const metadata = { version: 3, sources: [source({})], ...extra };
      assert.equal(corrected(metadata), valid, JSON.stringify(corrected.errors?.slice(0, 2)));
      assert.equal(published(metadata), publishedValid);
    });
  }
  test('every correction names the engine source that shows it', () => {
    for (const c of CORRECTIONS) assert.match(c.engine, /\.hs|aeson|Hasura\/Backends\//);
  });
});
