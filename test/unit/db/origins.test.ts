import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { emptyOrigins, mentionedNames, recordOrigins, withOrigins } from '../../../server/src/core/db/origins';
import type { Origins } from '../../../server/src/core/db/origins';
import type { DatabaseModel, SqlOrigin } from '../../../server/src/core/db/model';
import { splitSql } from '../../../server/src/core/db/sql/split';

const FILE = '/p/migrations/default/1_init/up.sql';

function record(text: string): Origins {
  const origins = emptyOrigins();
  for (const s of splitSql(text)) recordOrigins(origins, { file: FILE, start: s.start, end: s.end, sql: s.text });
  return origins;
}

function show(text: string, origin: SqlOrigin | undefined): string | undefined {
  return origin === undefined ? undefined : text.slice(origin.start, origin.end);
}

describe('origins', () => {
  test('CREATE TABLE: the statement for the table, each column definition for its column; constraints are no columns', () => {
    const text =
      '-- init\nCREATE TABLE IF NOT EXISTS "App".author (\n  id serial PRIMARY KEY,\n  "Name" text NOT NULL DEFAULT lower(\'X, y\'),\n  CONSTRAINT u UNIQUE (id)\n);';
    const origins = record(text);
    assert.deepEqual([...origins.relations.keys()], ['App.author']);
    assert.equal(show(text, origins.relations.get('App.author')), text.slice(8, -1));
    assert.deepEqual(
      [...(origins.columns.get('App.author') ?? [])].map(([name, o]) => [name, show(text, o)]),
      [
        ['id', 'id serial PRIMARY KEY'],
        ['Name', '"Name" text NOT NULL DEFAULT lower(\'X, y\')'],
      ],
    );
    assert.equal(origins.relations.get('App.author')?.file, FILE);
  });

  test('views, materialized views, functions and types, unqualified names in public; CREATE OR REPLACE moves the origin', () => {
    const text =
      "create view v as select 1;\ncreate materialized view s.mv as select 2;\ncreate function f(a int) returns int as $$ select a; $$ language sql;\ncreate type mood as enum ('a');\ncreate or replace function public.f(a int) returns int as $$ select 2 $$ language sql;";
    const origins = record(text);
    assert.deepEqual([...origins.relations.keys()], ['public.v', 's.mv']);
    assert.equal(show(text, origins.functions.get('public.f')), 'create or replace function public.f(a int) returns int as $$ select 2 $$ language sql');
    assert.equal(show(text, origins.types.get('public.mood')), "create type mood as enum ('a')");
  });

  test('ALTER TABLE ADD COLUMN (several actions), RENAME COLUMN and RENAME TO', () => {
    const text =
      'create table t (a int);\nalter table only public.t add column if not exists b text, add c int default 1, drop column x;\nalter table t rename column a to "A";\nalter table t rename to u;';
    const origins = record(text);
    assert.deepEqual([...origins.relations.keys()], ['public.u']);
    assert.equal(show(text, origins.relations.get('public.u')), 'alter table t rename to u');
    assert.deepEqual(
      [...(origins.columns.get('public.u') ?? [])].map(([name, o]) => [name, show(text, o)]),
      [
        ['b', 'b text'],
        ['c', 'c int default 1'],
        ['A', 'alter table t rename column a to "A"'],
      ],
    );
    assert.deepEqual(origins.columns.get('public.u')?.get('A')?.renamedFrom, ['a']);
    assert.equal(origins.columns.get('public.u')?.get('b')?.renamedFrom, undefined);
  });

  test('a column renamed twice remembers both of its earlier names, oldest first', () => {
    const origins = record('create table t (a int);\nalter table t rename column a to b;\nalter table t rename b to c;');
    assert.deepEqual(origins.columns.get('public.t')?.get('c')?.renamedFrom, ['a', 'b']);
  });

  test('withOrigins fills the model where a name was recorded and leaves the rest', () => {
    const text = 'create table t (a int, b int);';
    const model: DatabaseModel = {
      source: 'default',
      origin: { kind: 'migrations', applied: 1, total: 1, failedStatements: 0 },
      schemas: ['public'],
      uncertain: [],
      relations: {
        'public.t': {
          schema: 'public',
          name: 't',
          kind: 'table',
          columns: [
            { name: 'a', type: 'integer', nullable: true },
            { name: 'z', type: 'integer', nullable: true },
          ],
          primaryKey: [],
          uniques: [],
          foreignKeys: [],
        },
      },
      functions: { 'public.f': [{ schema: 'public', name: 'f', args: [], returnType: 'integer', returnsSet: false, volatility: 'volatile' }] },
      enums: {},
    };
    const out = withOrigins(model, record(text));
    assert.deepEqual(out.relations['public.t']?.origin, { file: FILE, start: 0, end: 29 });
    assert.deepEqual(
      out.relations['public.t']?.columns.map((c) => c.origin),
      [{ file: FILE, start: 16, end: 21 }, undefined],
    );
    assert.equal(out.functions['public.f']?.[0]?.origin, undefined);
  });

  test('the names a failed statement mentions: identifiers lower-cased, qualified parts, not keywords, strings or bodies', () => {
    assert.deepEqual(mentionedNames('ALTER TABLE auth.Users ADD COLUMN "Nick" text DEFAULT \'no_name\''), ['auth', 'users', 'nick', 'text']);
    assert.deepEqual(mentionedNames('create function app.f() returns int as $$ select secret $$ language plpgsql'), ['app', 'f', 'int', 'plpgsql']);
  });
});
