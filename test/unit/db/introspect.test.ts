import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { INTROSPECTION_QUERIES, modelFromRows } from '../../../server/src/core/db/introspect';
import type { IntrospectionRows } from '../../../server/src/core/db/introspect';

const ORIGIN = { kind: 'migrations', applied: 2, total: 2, failedStatements: 0 } as const;

function rows(partial: Partial<Record<keyof IntrospectionRows, unknown>>): IntrospectionRows {
  return { schemas: [], relations: [], columns: [], constraints: [], uniqueIndexes: [], uniqueConstraints: [], functions: [], enums: [], ...partial };
}

describe('modelFromRows', () => {
  test('relations, columns in attribute order, keys, foreign keys in constraint order, sorted whatever the row order', () => {
    const model = modelFromRows(
      rows({
        schemas: [{ name: 'public' }, { name: 'app' }],
        relations: [
          { schema: 'public', name: 'author', kind: 'r', comment: 'Authors' },
          { schema: 'app', name: 'article', kind: 'p', comment: null },
          { schema: 'public', name: 'v', kind: 'v', comment: null, updatable: 28 },
          { schema: 'public', name: 'seq', kind: 'S', comment: null },
        ],
        columns: [
          {
            schema: 'public',
            table: 'author',
            name: 'name',
            num: 2,
            type: 'text',
            notNull: true,
            default: null,
            generated: '',
            identity: '',
            comment: 'The name',
          },
          {
            schema: 'public',
            table: 'author',
            name: 'id',
            num: 1,
            type: 'uuid',
            notNull: true,
            default: 'gen_random_uuid()',
            generated: '',
            identity: '',
            comment: null,
          },
          { schema: 'public', table: 'author', name: 'n', num: 3, type: 'integer', notNull: true, default: null, generated: '', identity: 'a', comment: null },
          { schema: 'app', table: 'article', name: 'a', num: 1, type: 'integer', notNull: false, default: null, generated: 's', identity: '', comment: null },
          { schema: 'app', table: 'gone', name: 'x', num: 1, type: 'integer', notNull: false },
        ],
        constraints: [
          { schema: 'app', table: 'article', name: 'z_fk', type: 'f', columns: ['b', 'a'], refSchema: 'public', refTable: 'author', refColumns: ['y', 'x'] },
          { schema: 'app', table: 'article', name: 'a_fk', type: 'f', columns: ['a'], refSchema: 'public', refTable: 'author', refColumns: ['id'] },
          { schema: 'public', table: 'author', name: 'author_pkey', type: 'p', columns: ['id'], refSchema: null, refTable: null, refColumns: null },
          { schema: 'public', table: 'author', name: 'author_name_key', type: 'u', columns: ['name'], refSchema: null, refTable: null, refColumns: null },
        ],
        uniqueIndexes: [
          { schema: 'public', table: 'author', name: 'author_name_key', columns: ['name'] },
          { schema: 'public', table: 'author', name: 'author_n_id', columns: ['n', 'id'] },
        ],
        uniqueConstraints: [
          { schema: 'public', table: 'author', name: 'author_name_key', columns: ['name'] },
          { schema: 'public', table: 'author', name: 'author_n_id', columns: ['n', 'id'] },
          { schema: 'public', table: 'author', name: 'author_lower_name', columns: [] },
        ],
      }),
      'default',
      ORIGIN,
    );
    assert.deepEqual(model.schemas, ['app', 'public']);
    assert.deepEqual(Object.keys(model.relations), ['app.article', 'public.author', 'public.v']);
    assert.deepEqual(model.relations['public.author'], {
      schema: 'public',
      name: 'author',
      kind: 'table',
      comment: 'Authors',
      columns: [
        { name: 'id', type: 'uuid', nullable: false, default: 'gen_random_uuid()' },
        { name: 'name', type: 'text', nullable: false, comment: 'The name' },
        { name: 'n', type: 'integer', nullable: false, generated: true },
      ],
      primaryKey: ['id'],
      uniques: [['n', 'id'], ['name']],
      foreignKeys: [],
      constraints: [
        { name: 'author_lower_name', kind: 'unique', columns: [] },
        { name: 'author_n_id', kind: 'unique', columns: ['n', 'id'] },
        { name: 'author_name_key', kind: 'unique', columns: ['name'] },
        { name: 'author_pkey', kind: 'primary', columns: ['id'] },
      ],
    });
    const article = model.relations['app.article'];
    assert.equal(article?.kind, 'partitioned_table');
    assert.deepEqual(article?.columns, [{ name: 'a', type: 'integer', nullable: true, generated: true }]);
    assert.deepEqual(article?.foreignKeys, [
      { name: 'a_fk', columns: ['a'], refSchema: 'public', refTable: 'author', refColumns: ['id'] },
      { name: 'z_fk', columns: ['b', 'a'], refSchema: 'public', refTable: 'author', refColumns: ['y', 'x'] },
    ]);
    assert.equal(model.relations['public.v']?.kind, 'view');
    assert.equal(model.relations['public.v']?.updatable, 28);
    assert.deepEqual(model.uncertain, []);
    assert.deepEqual(model.origin, ORIGIN);
  });

  test('functions: overloads under one key ordered by signature, modes, defaults on the last inputs, row type returns', () => {
    const model = modelFromRows(
      rows({
        functions: [
          {
            schema: 'public',
            name: 'search',
            signature: 'search(text,integer)',
            args: [
              { name: 'q', type: 'text', mode: 'i' },
              { name: 'lim', type: 'integer', mode: 'i' },
              { name: 'total', type: 'bigint', mode: 'o' },
            ],
            defaults: 1,
            returnType: 'record',
            returnsRelation: null,
            returnsSet: true,
            volatility: 's',
          },
          {
            schema: 'public',
            name: 'search',
            signature: 'search(text)',
            args: [{ name: '', type: 'text', mode: 'i' }],
            defaults: 0,
            returnType: 'public.author',
            returnsRelation: 'public.author',
            returnsSet: true,
            volatility: 'i',
          },
          {
            schema: 'public',
            name: 'full_name',
            signature: 'full_name(author)',
            args: [
              { name: 'row', type: 'public.author', mode: 'i' },
              { name: 'rest', type: 'text[]', mode: 'v' },
            ],
            defaults: 0,
            returnType: 'text',
            returnsRelation: null,
            returnsSet: false,
            volatility: 'v',
          },
        ],
      }),
      'default',
      ORIGIN,
    );
    assert.deepEqual(Object.keys(model.functions), ['public.full_name', 'public.search']);
    assert.deepEqual(model.functions['public.search'], [
      {
        schema: 'public',
        name: 'search',
        args: [{ name: '', type: 'text', mode: 'in', hasDefault: false }],
        returnType: 'public.author',
        returnsRelation: 'public.author',
        returnsSet: true,
        volatility: 'immutable',
      },
      {
        schema: 'public',
        name: 'search',
        args: [
          { name: 'q', type: 'text', mode: 'in', hasDefault: false },
          { name: 'lim', type: 'integer', mode: 'in', hasDefault: true },
          { name: 'total', type: 'bigint', mode: 'out', hasDefault: false },
        ],
        returnType: 'record',
        returnsSet: true,
        volatility: 'stable',
      },
    ]);
    assert.deepEqual(
      model.functions['public.full_name']?.[0]?.args.map((a) => a.mode),
      ['in', 'variadic'],
    );
  });

  test('enums keep their value order', () => {
    const model = modelFromRows(
      rows({
        enums: [
          { schema: 'public', name: 'mood', values: ['sad', 'ok', 'happy'] },
          { schema: 'app', name: 'a', values: [] },
        ],
      }),
      's',
      ORIGIN,
    );
    assert.deepEqual(model.enums, {
      'app.a': { schema: 'app', name: 'a', values: [] },
      'public.mood': { schema: 'public', name: 'mood', values: ['sad', 'ok', 'happy'] },
    });
  });

  test('rows of the wrong shape are skipped, never thrown on', () => {
    const model = modelFromRows(
      {
        schemas: 'x',
        relations: [null, 3, { schema: 1 }],
        columns: {},
        constraints: [{}],
        uniqueIndexes: undefined,
        uniqueConstraints: 7,
        functions: [{ schema: 'a' }],
        enums: [[]],
      },
      's',
      ORIGIN,
    );
    assert.deepEqual([model.schemas, model.relations, model.functions, model.enums], [[], {}, {}, {}]);
  });

  test("every query returns its rows as one json column and leaves the engine's and Postgres's schemas out", () => {
    for (const sql of Object.values(INTROSPECTION_QUERIES)) {
      assert.match(sql, /^SELECT coalesce\(json_agg\(r\), '\[\]'::json\) AS rows FROM \(/);
      assert.match(sql, /n\.nspname !~ '\^pg_' AND n\.nspname <> 'information_schema' AND n\.nspname <> 'hdb_catalog'/);
    }
  });
});
