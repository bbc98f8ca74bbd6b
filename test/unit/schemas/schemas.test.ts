import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { compiled, createAjv, errorKeys, idBase, kindIndex, readJson, schemaFiles } from './schema-set';
import type { JsonObject } from './schema-set';
import { undocumented } from './schema-walk';
import { schemaCases } from './schema-cases';

const expectedKinds = [
  'version',
  'databases',
  'tables',
  'table',
  'functions',
  'function',
  'actions',
  'allow_list',
  'query_collections',
  'cron_triggers',
  'remote_schemas',
  'inherited_roles',
  'rest_endpoints',
  'api_limits',
  'network',
  'graphql_schema_introspection',
  'metrics_config',
  'opentelemetry',
  'backend_configs',
];

void describe('schemas/ files', () => {
  void test('index.json maps every file kind to <kind>.json', () => {
    const index = kindIndex();
    assert.deepEqual(Object.keys(index).sort(), [...expectedKinds].sort());
    for (const kind of expectedKinds) assert.equal(index[kind], `${kind}.json`);
  });

  void test('the schema files are the indexed ones plus common.json', () => {
    assert.deepEqual(schemaFiles(), [...Object.values(kindIndex()), 'common.json'].sort());
  });

  void test('each schema is draft-07 with its $id and a title', () => {
    for (const file of schemaFiles()) {
      const schema = readJson(file) as JsonObject;
      assert.equal(schema.$schema, 'http://json-schema.org/draft-07/schema#', file);
      assert.equal(schema.$id, idBase + file, file);
      assert.equal(typeof schema.title, 'string', file);
    }
  });

  void test('every schema compiles with ajv in strict mode', () => {
    const ajv = createAjv();
    for (const file of schemaFiles()) assert.equal(typeof compiled(ajv, file), 'function', file);
  });

  void test('every property and definition has a description', () => {
    const problems = schemaFiles().flatMap((file) => undocumented(readJson(file)).map((p) => `${file}${p.pointer}: ${p.problem}`));
    assert.deepEqual(problems, []);
  });

  void test('the description check finds a property without one', () => {
    const schema = { properties: { a: { type: 'string' }, b: { description: 'b', type: 'object', oneOf: [{ properties: { c: true } }] } } };
    assert.deepEqual(undocumented(schema), [{ pointer: '#/properties/a', problem: 'no description' }]);
    assert.deepEqual(undocumented({ properties: { x: true } }), [{ pointer: '#/properties/x', problem: 'boolean schema outside a branch' }]);
    assert.deepEqual(undocumented({ if: { properties: { k: { const: 1 } } }, then: { properties: { v: { type: 'string' } } } }), [
      { pointer: '#/then/properties/v', problem: 'no description' },
    ]);
  });
});

void describe('schema instances per kind', () => {
  const ajv = createAjv();
  const index = kindIndex();
  for (const c of schemaCases) {
    void test(`${c.kind}: ${c.name}`, () => {
      const validate = compiled(ajv, index[c.kind] ?? `${c.kind}.json`);
      validate(c.data);
      assert.deepEqual(errorKeys(validate.errors), c.errors);
    });
  }

  void test('every kind has a valid and an invalid instance', () => {
    for (const kind of expectedKinds) {
      const cases = schemaCases.filter((c) => c.kind === kind);
      assert.ok(
        cases.some((c) => c.errors.length === 0),
        `${kind} has no valid instance`,
      );
      assert.ok(
        cases.some((c) => c.errors.length > 0),
        `${kind} has no invalid instance`,
      );
    }
  });

  void test('an unknown table key names the key', () => {
    const validate = compiled(ajv, 'table.json');
    validate({ table: 'author', permissions: [] });
    assert.deepEqual(
      validate.errors?.map((e) => e.params),
      [{ additionalProperty: 'permissions' }],
    );
  });

  void test('a URL template with an environment variable stays a valid handler', () => {
    const validate = compiled(ajv, 'actions.json');
    assert.equal(validate({ actions: [{ name: 'a', definition: { handler: '{{ACTION_BASE_URL}}/a/{{PATH}}' } }] }), true);
  });
});
