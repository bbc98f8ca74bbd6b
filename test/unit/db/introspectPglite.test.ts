import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { PGlite } from '@electric-sql/pglite';
import { INTROSPECTION_SETUP, introspect } from '../../../server/src/core/db/introspect';
import type { DatabaseModel } from '../../../server/src/core/db/model';

const SCHEMA = `
create type mood as enum ('sad', 'ok');
create table author (id uuid default gen_random_uuid() primary key, name text not null, m mood default 'ok', g int generated always as identity, email text, unique (email));
comment on table author is 'Authors';
comment on column author.name is 'The name';
create schema app;
create table app.pair (x int, y int, primary key (x, y));
create table app.article (id serial primary key, author_id uuid references author (id), a int, b int, constraint fk2 foreign key (b, a) references app.pair (y, x));
create unique index on app.article (a) include (b);
create unique index on app.article (b) where b > 0;
create unique index on app.article (lower(author_id::text));
create view v as select id, name from author;
create materialized view mv as select count(*) as n from author;
create table events (at timestamptz not null, kind text) partition by range (at);
create foreign data wrapper dummy;
create server remote foreign data wrapper dummy;
create foreign table app.remote (id int) server remote;
create function author_full(author) returns text stable as $$ select $1.name $$ language sql;
create function search(q text, lim int default 10) returns setof author language sql as $$ select * from author limit lim $$;
create procedure p() language sql as $$ select 1 $$;
create domain email as text check (value like '%@%');
create table color (value text primary key, comment text);
insert into color values ('red', 'Red'), ('blue', null);
create table size (value text primary key);
insert into size values ('s');
create table contact (id int primary key, mail email not null, color text references color (value));
create schema hdb_catalog;
create table hdb_catalog.hdb_version (v text);
`;

describe('introspection on a real embedded Postgres (PGlite)', () => {
  let db: PGlite;
  let model: DatabaseModel;
  before(async () => {
    db = await PGlite.create();
    await db.exec(SCHEMA);
    await db.exec('set search_path to app, public');
    await db.exec('begin');
    await db.exec(INTROSPECTION_SETUP);
    model = await introspect(async (sql) => (await db.query<Record<string, unknown>>(sql)).rows, 'default', {
      kind: 'migrations',
      applied: 1,
      total: 1,
      failedStatements: 0,
    });
    await db.exec('rollback');
  });
  after(async () => db.close());

  test('schemas and relations of every kind, not the engine catalog', () => {
    assert.deepEqual(model.schemas, ['app', 'public']);
    assert.deepEqual(
      Object.entries(model.relations).map(([key, r]) => `${key} ${r.kind}`),
      [
        'app.article table',
        'app.pair table',
        'app.remote foreign_table',
        'public.author table',
        'public.color table',
        'public.contact table',
        'public.events partitioned_table',
        'public.mv materialized_view',
        'public.size table',
        'public.v view',
      ],
    );
  });

  test('columns with types qualified outside pg_catalog, defaults, identity, comments', () => {
    assert.deepEqual(model.relations['public.author'], {
      schema: 'public',
      name: 'author',
      kind: 'table',
      comment: 'Authors',
      columns: [
        { name: 'id', type: 'uuid', nullable: false, default: 'gen_random_uuid()' },
        { name: 'name', type: 'text', nullable: false, comment: 'The name' },
        { name: 'm', type: 'public.mood', nullable: true, default: "'ok'::public.mood" },
        { name: 'g', type: 'integer', nullable: false, generated: true },
        { name: 'email', type: 'text', nullable: true },
      ],
      primaryKey: ['id'],
      uniques: [['email']],
      foreignKeys: [],
      constraints: [
        { name: 'author_email_key', kind: 'unique', columns: ['email'] },
        { name: 'author_pkey', kind: 'primary', columns: ['id'] },
      ],
    });
  });

  test("for the GraphQL schema: a domain's base type, an enum-shaped table's rows, constraint names of every unique index, a view's updatability", () => {
    assert.deepEqual(model.relations['public.contact']?.columns[1], { name: 'mail', type: 'public.email', nullable: false, baseType: 'text' });
    assert.deepEqual(model.relations['public.color']?.enumRows, [{ value: 'blue' }, { value: 'red', comment: 'Red' }]);
    assert.equal(model.relations['public.contact']?.enumRows, undefined);
    assert.deepEqual(
      model.relations['app.article']?.constraints?.map((c) => `${c.kind} ${c.name} ${c.columns.join(',')}`),
      ['unique article_a_b_idx a', 'unique article_b_idx b', 'unique article_lower_idx ', 'primary article_pkey id'],
    );
    assert.equal(model.relations['public.v']?.updatable, 28);
    assert.equal(model.relations['public.mv']?.updatable, undefined);
  });

  test('an enum-shaped table the connection may not read loses its rows, not the model', async () => {
    await db.exec('begin');
    await db.exec(INTROSPECTION_SETUP);
    const failing = await introspect(
      async (sql) => {
        // A statement that fails in the database aborts the transaction, as a permission error would.
        const text = sql.includes('FROM "public"."color"') ? 'SELECT * FROM public.no_such_table' : sql;
        return (await db.query<Record<string, unknown>>(text)).rows;
      },
      'default',
      { kind: 'migrations', applied: 1, total: 1, failedStatements: 0 },
    );
    await db.exec('rollback');
    assert.equal(failing.relations['public.color']?.enumRows, undefined);
    assert.deepEqual(failing.relations['public.contact'], model.relations['public.contact']);
    // The next enum-shaped table is still read: the failure was rolled back to its savepoint.
    assert.deepEqual(failing.relations['public.size']?.enumRows, [{ value: 's' }]);
    assert.deepEqual(Object.keys(failing.relations), Object.keys(model.relations));
  });

  test('keys: a unique index counts without predicate or expression, included columns left out; foreign keys keep their column order', () => {
    const article = model.relations['app.article'];
    assert.deepEqual(article?.uniques, [['a']]);
    assert.deepEqual(article?.foreignKeys, [
      { name: 'article_author_id_fkey', columns: ['author_id'], refSchema: 'public', refTable: 'author', refColumns: ['id'] },
      { name: 'fk2', columns: ['b', 'a'], refSchema: 'app', refTable: 'pair', refColumns: ['y', 'x'] },
    ]);
    assert.deepEqual(model.relations['app.pair']?.primaryKey, ['x', 'y']);
  });

  test('functions (not procedures), with defaults, row-type returns and volatility; enums', () => {
    assert.deepEqual(model.functions, {
      'public.author_full': [
        {
          schema: 'public',
          name: 'author_full',
          args: [{ name: '', type: 'public.author', mode: 'in', hasDefault: false }],
          returnType: 'text',
          returnsSet: false,
          volatility: 'stable',
        },
      ],
      'public.search': [
        {
          schema: 'public',
          name: 'search',
          args: [
            { name: 'q', type: 'text', mode: 'in', hasDefault: false },
            { name: 'lim', type: 'integer', mode: 'in', hasDefault: true },
          ],
          returnType: 'public.author',
          returnsRelation: 'public.author',
          returnsSet: true,
          volatility: 'volatile',
        },
      ],
    });
    assert.deepEqual(model.enums, { 'public.mood': { schema: 'public', name: 'mood', values: ['sad', 'ok'] } });
  });
});
