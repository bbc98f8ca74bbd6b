import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { isEnumType, isInputObjectType } from 'graphql';
import type { GraphQLSchema } from 'graphql';
import type { DatabaseModel } from '../../../server/src/core/db/model';
import { parseEngineVersion } from '../../../server/src/core/engineVersion';
import { generateSchemaFromMetadata } from '../../../server/src/core/graphql/schema/index';
import type { SchemaOptions } from '../../../server/src/core/graphql/schema/index';
import type { JsonObject } from '../../../server/src/core/sync/json';
import { fieldsWithArgs as fieldsOf } from '../helpers/schemaFields';

/** Native queries and logical models as the engine serves them (NativeQuery/Schema.hs, LogicalModel/Schema.hs). */

const MODEL: DatabaseModel = {
  source: 'default',
  origin: { kind: 'migrations', applied: 1, total: 1, failedStatements: 0 },
  schemas: ['public'],
  relations: {
    'public.author': {
      schema: 'public',
      name: 'author',
      kind: 'table',
      columns: [
        { name: 'id', type: 'integer', nullable: false },
        { name: 'name', type: 'text', nullable: false },
      ],
      primaryKey: ['id'],
      uniques: [],
      foreignKeys: [],
      constraints: [{ name: 'author_pkey', kind: 'primary', columns: ['id'] }],
    },
  },
  functions: {},
  enums: {},
  uncertain: [],
};

const SCORE: JsonObject = {
  name: 'score',
  description: 'A score of an author',
  fields: [
    { name: 'author_id', type: { scalar: 'integer', nullable: false } },
    { name: 'points', type: { scalar: 'numeric', nullable: true }, description: 'the points' },
    { name: 'details', type: { scalar: 'jsonb', nullable: true } },
    { name: 'secret', type: { scalar: 'text', nullable: true } },
  ],
  select_permissions: [
    { role: 'user', permission: { columns: ['author_id', 'points'], filter: {} } },
    { role: 'auditor', permission: { columns: ['secret'], filter: {} } },
  ],
};

const METADATA: JsonObject = {
  version: 3,
  sources: [
    {
      name: 'default',
      kind: 'postgres',
      tables: [{ table: { schema: 'public', name: 'author' }, select_permissions: [{ role: 'user', permission: { columns: ['id'], filter: {} } }] }],
      logical_models: [
        SCORE,
        // the older form: `type` a string, `nullable` beside it
        { name: 'total', fields: [{ name: 'n', type: 'bigint', nullable: false }] },
      ],
      native_queries: [
        {
          root_field_name: 'top_scores',
          description: 'the best scores',
          arguments: { min: { type: 'numeric', nullable: false }, label: { type: 'varchar', nullable: true, description: 'a label' } },
          code: 'SELECT author_id, points FROM scores WHERE points >= {{min}}',
          returns: 'score',
        },
        {
          root_field_name: 'scores_with_author',
          arguments: {},
          code: 'SELECT * FROM scores',
          returns: 'score',
          object_relationships: [
            { name: 'author', using: { column_mapping: { author_id: 'id' }, insertion_order: null, remote_table: { schema: 'public', name: 'author' } } },
          ],
          array_relationships: [{ name: 'totals', using: { column_mapping: { author_id: 'n' }, remote_native_query: 'totals' } }],
        },
        { root_field_name: 'totals', arguments: { since: { type: 'date' } }, code: 'SELECT 1 AS n', returns: 'total' },
        { root_field_name: 'orphan', arguments: {}, code: 'SELECT 1', returns: 'nothing' },
      ],
    },
  ],
  inherited_roles: [{ role_name: 'editor', role_set: ['user', 'auditor'] }],
};

function generate(options: SchemaOptions = {}, metadata: JsonObject = METADATA): { schema: GraphQLSchema; notes: readonly string[] } {
  const result = generateSchemaFromMetadata(metadata, new Map([['default', MODEL]]), { engineVersion: parseEngineVersion('v2.48')!, ...options });
  assert.ok(result.ok, result.ok ? '' : result.error);
  return { schema: result.schema, notes: result.notes };
}

describe('generateSchema: native queries and logical models', () => {
  test('admin: a root field per native query in query_root and subscription_root, named as written, with args and the select arguments of its logical model', () => {
    const { schema, notes } = generate();
    const query = schema.getQueryType()!.getFields();
    assert.deepEqual(
      fieldsOf(schema, 'query_root')?.filter((f) => !f.startsWith('author')),
      [
        'scores_with_author(distinct_on: [score_enum_name!], limit: Int, offset: Int, order_by: [score_order_by!], where: score_bool_exp): [scores_with_author!]!',
        'top_scores(args: top_scores_arguments!, distinct_on: [score_enum_name!], limit: Int, offset: Int, order_by: [score_order_by!], where: score_bool_exp): [score!]!',
        'totals(args: totals_arguments!, distinct_on: [total_enum_name!], limit: Int, offset: Int, order_by: [total_order_by!], where: total_bool_exp): [total!]!',
      ],
    );
    assert.deepEqual(
      Object.keys(schema.getSubscriptionType()!.getFields()).filter((f) => !f.startsWith('author')),
      ['scores_with_author', 'top_scores', 'totals'],
    );
    assert.equal(query.top_scores!.description, 'the best scores');
    assert.equal(query.totals!.description, undefined);
    const args = Object.fromEntries(query.top_scores!.args.map((a) => [a.name, a.description]));
    assert.deepEqual(args, {
      args: 'top_scoresNative Query Arguments',
      distinct_on: 'distinct select on columns',
      limit: 'limit the number of rows returned',
      offset: 'skip the first n rows. Use only with order_by',
      order_by: 'sort the rows by one or more columns',
      where: 'filter the rows returned',
    });
    // Arguments: non-null unless nullable, described as written or with the engine's text.
    assert.deepEqual(fieldsOf(schema, 'top_scores_arguments'), ['label: String', 'min: numeric!']);
    const input = schema.getType('top_scores_arguments');
    assert.ok(isInputObjectType(input));
    assert.equal(input.description, 'top_scoresNative Query Arguments');
    assert.deepEqual(
      Object.values(input.getFields()).map((f) => f.description),
      ['a label', 'Native Query argument min'],
    );
    assert.deepEqual(fieldsOf(schema, 'totals_arguments'), ['since: date!']);
    assert.deepEqual(notes, ['source default: native query orphan is left out: it returns nothing, which is not a logical model of the source']);
  });

  test("the logical model's object type, bool_exp, order_by and distinct_on enum", () => {
    const { schema } = generate();
    assert.deepEqual(fieldsOf(schema, 'score'), ['author_id: Int!', 'details(path: String): jsonb', 'points: numeric', 'secret: String']);
    assert.equal(schema.getType('score')?.description, 'A score of an author');
    assert.equal((schema.getType('score') as { getFields(): Record<string, { description?: string | null }> }).getFields().points?.description, 'the points');
    assert.deepEqual(fieldsOf(schema, 'total'), ['n: bigint!']);
    assert.deepEqual(fieldsOf(schema, 'score_bool_exp'), [
      '_and: [score_bool_exp!]',
      '_not: score_bool_exp',
      '_or: [score_bool_exp!]',
      'author_id: Int_comparison_exp',
      'details: jsonb_comparison_exp',
      'points: numeric_comparison_exp',
      'secret: String_comparison_exp',
    ]);
    assert.equal(
      schema.getType('score_bool_exp')?.description,
      `Boolean expression to filter rows from the logical model for "score". All fields are combined with a logical 'AND'.`,
    );
    assert.deepEqual(fieldsOf(schema, 'score_order_by'), ['author_id: order_by', 'details: order_by', 'points: order_by', 'secret: order_by']);
    assert.equal(schema.getType('score_order_by')?.description, 'Ordering options when selecting data from "score".');
    assert.deepEqual(fieldsOf(schema, 'score_enum_name'), ['author_id', 'details', 'points', 'secret']);
    const distinct = schema.getType('score_enum_name');
    assert.ok(isEnumType(distinct));
    assert.equal(distinct.description, undefined);
    assert.deepEqual(
      distinct.getValues().map((v) => v.description),
      ['column name', 'column name', 'column name', 'column name'],
    );
  });

  test("relationships: a native query's own type, named as its root field: table object relationships nullable, native query array relationships a nullable list with args", () => {
    const { schema } = generate();
    assert.deepEqual(fieldsOf(schema, 'scores_with_author'), [
      'author: author',
      'author_id: Int!',
      'details(path: String): jsonb',
      'points: numeric',
      'secret: String',
      'totals(args: totals_arguments!, distinct_on: [total_enum_name!], limit: Int, offset: Int, order_by: [total_order_by!], where: total_bool_exp): [total!]',
    ]);
    const fields = (schema.getType('scores_with_author') as { getFields(): Record<string, { description?: string | null }> }).getFields();
    assert.equal(fields.author?.description, 'An object relationship');
    assert.equal(fields.totals?.description, 'An array relationship');
    assert.equal(schema.getType('scores_with_author')?.description, 'A score of an author');
  });

  test('a role: only native queries whose logical model it may select, only the columns it may select; bool_exp and order_by keep every field', () => {
    const { schema } = generate({ role: 'user' });
    assert.deepEqual(
      Object.keys(schema.getQueryType()!.getFields()).filter((f) => !f.startsWith('author')),
      ['scores_with_author', 'top_scores'],
    );
    assert.deepEqual(fieldsOf(schema, 'score'), ['author_id: Int!', 'points: numeric']);
    // The array relationship to `totals` needs a permission on `total`: left out.
    assert.deepEqual(fieldsOf(schema, 'scores_with_author'), ['author: author', 'author_id: Int!', 'points: numeric']);
    assert.deepEqual(fieldsOf(schema, 'score_order_by'), ['author_id: order_by', 'details: order_by', 'points: order_by', 'secret: order_by']);
    assert.deepEqual(fieldsOf(schema, 'score_enum_name'), ['author_id', 'details', 'points', 'secret']);
    // An inherited role unites its parents' permissions.
    assert.deepEqual(fieldsOf(generate({ role: 'editor' }).schema, 'score'), ['author_id: Int!', 'points: numeric', 'secret: String']);
  });

  test("graphql-default: the logical model's bool_exp and order_by with the engine's suffixes in its case after the model's name as written (a custom name), argument names in field case, the root field and the model type as written", () => {
    const { schema } = generate({ namingConvention: 'graphql-default' });
    const field = schema.getQueryType()!.getFields().top_scores;
    assert.ok(field);
    assert.deepEqual(
      field.args.map((a) => `${a.name}: ${String(a.type)}`),
      ['args: top_scores_arguments!', 'distinctOn: [score_enum_name!]', 'limit: Int', 'offset: Int', 'orderBy: [scoreOrderBy!]', 'where: scoreBoolExp'],
    );
    assert.equal(String(field.type), '[score!]!');
  });

  test('nested logical model fields are left out with a note; a native query whose relationship target is not tracked keeps its other fields', () => {
    const metadata: JsonObject = {
      version: 3,
      sources: [
        {
          name: 'default',
          kind: 'postgres',
          tables: [],
          logical_models: [
            {
              name: 'pair',
              fields: [
                { name: 'a', type: { scalar: 'text' } },
                { name: 'inner', type: { logical_model: 'pair', nullable: true } },
              ],
            },
          ],
          native_queries: [
            {
              root_field_name: 'pairs',
              arguments: {},
              code: 'SELECT 1',
              returns: 'pair',
              object_relationships: [{ name: 'writer', using: { column_mapping: { a: 'id' }, remote_table: { schema: 'public', name: 'writer' } } }],
            },
          ],
        },
      ],
    };
    const { schema, notes } = generate({}, metadata);
    assert.deepEqual(fieldsOf(schema, 'pair'), ['a: String!']);
    assert.deepEqual(notes, [
      'source default: native query pairs: object relationship writer is left out: its target is not a tracked table in the model',
      'source default: logical model pair: field inner (a nested logical model) is left out: the engine serves only scalar fields of Postgres logical models (a relationship of the same name takes its place)',
    ]);
  });

  test('a source without a model: its native queries all the same (no tables, so relationships to them are a note)', () => {
    const result = generateSchemaFromMetadata(METADATA, new Map(), { engineVersion: parseEngineVersion('v2.48')! });
    assert.ok(result.ok);
    assert.deepEqual(Object.keys(result.schema.getQueryType()!.getFields()), ['scores_with_author', 'top_scores', 'totals']);
    assert.deepEqual(
      fieldsOf(result.schema, 'scores_with_author')?.map((f) => f.split(/[(:]/)[0]),
      ['author_id', 'details', 'points', 'secret', 'totals'],
    );
    assert.deepEqual(result.notes, [
      'source default: no database model (no migrations, or they did not build), so its 1 tables are left out',
      'source default: native query scores_with_author: object relationship author is left out: its target is not a tracked table in the model',
      'source default: native query orphan is left out: it returns nothing, which is not a logical model of the source',
    ]);
  });
});
