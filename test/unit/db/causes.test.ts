import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { causeFindings, Causes, madeNames, migrationsStatus, missingNames } from '../../../server/src/core/db/causes';
import type { Cause, FailedStatement } from '../../../server/src/core/db/causes';

let offset = 0;
/** A failed statement of `file` (offsets made up, increasing). */
function failed(file: string, sql: string, error: string): FailedStatement {
  const start = offset;
  offset += sql.length + 1;
  return { file, statement: { start, end: start + sql.length, sql, kind: 'sql' }, error };
}

/** Each cause as `kind file: error` with its consequences' errors. */
function shape(causes: readonly Cause[]): string[] {
  return causes.map(
    (c) =>
      `${c.kind}${c.what !== undefined ? `(${c.what})` : ''} ${c.failure.file}: ${c.failure.error}${c.before !== undefined ? ` [before ${c.before}; alike ${c.alike?.length}]` : ''}` +
      c.consequences.map((x) => `\n  <- ${x.file}: ${x.error}`).join(''),
  );
}

describe('missing and made names', () => {
  test('the name a "does not exist" error is about, unqualified and lower-cased (with a schema other than public)', () => {
    assert.deepEqual(missingNames('relation "public.items" does not exist'), ['items']);
    assert.deepEqual(missingNames('relation "origin_1.account" does not exist'), ['account', 'origin_1']);
    assert.deepEqual(missingNames('type "vector" does not exist'), ['vector']);
    assert.deepEqual(missingNames('type item_vectors does not exist'), ['item_vectors']);
    assert.deepEqual(missingNames('function broken_fn(integer, text) does not exist'), ['broken_fn']);
    assert.deepEqual(missingNames('column "Embedding" of relation "public.items" does not exist'), ['embedding', 'items']);
    assert.deepEqual(missingNames('column i.business_id does not exist'), ['business_id', 'i']);
    assert.deepEqual(missingNames('could not find a function named "public.search_places"'), ['search_places']);
    assert.deepEqual(missingNames('table "item_match_suggestions" does not exist'), ['item_match_suggestions']);
    assert.deepEqual(missingNames('server "origin_1" does not exist'), ['origin_1']);
    assert.deepEqual(missingNames('foreign-data wrapper "postgres_fdw" does not exist'), ['postgres_fdw']);
    assert.deepEqual(missingNames('syntax error at or near "```"'), []);
    assert.deepEqual(missingNames('relation "items" already exists'), []);
  });

  test('what a statement would have made: a table and its columns, views, functions, types, schemas, servers, an import into a schema', () => {
    assert.deepEqual(madeNames('CREATE TABLE public."Items" (id serial PRIMARY KEY, name text, CONSTRAINT c UNIQUE (name))'), [
      'Items'.toLowerCase(),
      'id',
      'name',
    ]);
    assert.deepEqual(madeNames('ALTER TABLE items ADD COLUMN embedding vector(3)'), ['embedding']);
    assert.deepEqual(madeNames('CREATE OR REPLACE FUNCTION public.search(q text) RETURNS int LANGUAGE sql AS $$ select 1 $$'), ['search']);
    assert.deepEqual(madeNames('CREATE MATERIALIZED VIEW cached AS SELECT 1'), ['cached']);
    assert.deepEqual(madeNames('CREATE SERVER origin_1 FOREIGN DATA WRAPPER postgres_fdw'), ['origin_1']);
    assert.deepEqual(madeNames('IMPORT FOREIGN SCHEMA public FROM SERVER origin_1 INTO origin_1'), ['origin_1']);
    assert.deepEqual(madeNames('CREATE UNIQUE INDEX IF NOT EXISTS uniq_x ON t (a)'), ['uniq_x']);
    assert.deepEqual(madeNames('INSERT INTO t VALUES (1)'), []);
  });
});

describe('causes and consequences', () => {
  test('a statement that needs what an earlier failed one would have made is its consequence, down the chain; an unrelated failure is a cause of its own', () => {
    const causes = new Causes();
    causes.add(failed('a.sql', 'CREATE TABLE items (id int, owner uuid REFERENCES people (id))', 'relation "people" does not exist'));
    causes.add(failed('b.sql', 'ALTER TABLE items ADD COLUMN price int', 'relation "items" does not exist'));
    causes.add(failed('c.sql', 'CREATE INDEX ON items (price)', 'column "price" does not exist'));
    causes.add(failed('c.sql', 'CREATE VIEW v AS SELECT 1 +', 'syntax error at end of input'));
    causes.add(failed('d.sql', 'SELECT v.x FROM v', 'relation "v" does not exist'));
    assert.deepEqual(shape(causes.list), [
      'fault a.sql: relation "people" does not exist\n  <- b.sql: relation "items" does not exist\n  <- c.sql: column "price" does not exist',
      'fault c.sql: syntax error at end of input\n  <- d.sql: relation "v" does not exist',
    ]);
  });

  test("a file's statements that fail for the same missing name, or on objects that already exist (the file repeats an earlier one), are one cause; another file's are another", () => {
    const causes = new Causes();
    causes.add(failed('init.sql', 'CREATE FUNCTION f() RETURNS int AS $$ select 1 $$ LANGUAGE sql', 'function "f" already exists with same argument types'));
    causes.add(failed('init.sql', 'CREATE TABLE users (id int)', 'relation "users" already exists'));
    causes.add(failed('init.sql', 'ALTER TABLE users ADD PRIMARY KEY (id)', 'multiple primary keys for table "users" are not allowed'));
    causes.add(failed('alter.sql', 'ALTER TABLE nope ADD COLUMN a int', 'relation "nope" does not exist'));
    causes.add(failed('alter.sql', 'ALTER TABLE nope ADD COLUMN b int', 'relation "nope" does not exist'));
    causes.add(failed('again.sql', 'ALTER TABLE nope ADD COLUMN c int', 'relation "nope" does not exist'));
    assert.deepEqual(shape(causes.list), [
      'fault init.sql: function "f" already exists with same argument types\n  <- init.sql: relation "users" already exists\n  <- init.sql: multiple primary keys for table "users" are not allowed',
      'fault alter.sql: relation "nope" does not exist\n  <- alter.sql: relation "nope" does not exist',
      'fault again.sql: relation "nope" does not exist',
    ]);
  });

  test("an extension the embedded Postgres lacks: what it makes (its types, its functions' prefix, a table's implicit sequence, an error naming its type) is missing for its consequences", () => {
    const causes = new Causes();
    causes.extension('postgis', failed('ext.sql', 'CREATE EXTENSION postgis', 'extension "postgis" is not available'));
    causes.add(failed('t.sql', 'CREATE TABLE places (id serial, at geography(Point))', 'type "geography" does not exist'));
    causes.add(failed('t.sql', "SELECT setval('places_id_seq', 1)", 'relation "public.places_id_seq" does not exist'));
    causes.add(failed('f.sql', 'SELECT ST_MakePoint(1, 2)', 'function st_makepoint(integer, integer) does not exist'));
    causes.add(failed('i.sql', 'CREATE INDEX ON spots USING gist (at)', 'data type geography has no default operator class for access method "gist"'));
    causes.add(failed('g.sql', "DO $$ BEGIN IF NOT EXISTS (SELECT 1 FROM places) THEN RAISE EXCEPTION 'no places'; END IF; END $$", 'no places'));
    assert.deepEqual(shape(causes.list), [
      'extension(postgis) ext.sql: extension "postgis" is not available\n' +
        '  <- t.sql: type "geography" does not exist\n' +
        '  <- t.sql: relation "public.places_id_seq" does not exist\n' +
        '  <- f.sql: function st_makepoint(integer, integer) does not exist\n' +
        '  <- i.sql: data type geography has no default operator class for access method "gist"\n' +
        '  <- g.sql: no places',
    ]);
  });

  test('what only the embedded Postgres cannot run is one cause per kind (logical replication, another database)', () => {
    const causes = new Causes();
    causes.add(failed('cdc.sql', "SELECT pg_create_logical_replication_slot('s', 'pgoutput')", 'logical decoding requires "wal_level" >= "logical"'));
    causes.add(failed('sub.sql', "CREATE SUBSCRIPTION s CONNECTION 'host=x' PUBLICATION p", 'could not connect to the publisher'));
    causes.add(failed('db.sql', 'ALTER DATABASE "${POSTGRES_DB}" SET timezone TO UTC', 'database "${POSTGRES_DB}" does not exist'));
    assert.deepEqual(shape(causes.list), [
      'environment(logical replication) cdc.sql: logical decoding requires "wal_level" >= "logical"\n  <- sub.sql: could not connect to the publisher',
      'environment(another database) db.sql: database "${POSTGRES_DB}" does not exist',
    ]);
  });

  test('migrations that run before the one that makes what they need (versions in numeric order) are one cause, whatever their files', () => {
    const later: Record<string, string> = { items: '1751107660840_create_items/up.sql', variants: '1760000000000_variants/up.sql' };
    const causes = new Causes((name) => later[name]);
    causes.add(failed('20250111_fix/up.sql', 'ALTER TABLE public.items DROP COLUMN size', 'relation "public.items" does not exist'));
    causes.add(failed('1751382052_alter/up.sql', 'ALTER TABLE public.items ADD COLUMN brand int', 'relation "public.items" does not exist'));
    causes.add(failed('1751382052_alter/up.sql', 'CREATE INDEX ON items (brand)', 'column "brand" does not exist'));
    causes.add(failed('1752000000000_v/up.sql', 'ALTER TABLE variants ADD COLUMN x int', 'relation "variants" does not exist'));
    assert.deepEqual(shape(causes.list), [
      'fault 20250111_fix/up.sql: relation "public.items" does not exist [before 1751107660840_create_items/up.sql; alike 2]\n  <- 1751382052_alter/up.sql: column "brand" does not exist',
    ]);
  });
});

describe('findings and status', () => {
  test('one finding per cause, with its consequences as related information and their count in the message; extensions as one info', () => {
    offset = 0;
    const causes = new Causes();
    causes.extension('vector', failed('ext.sql', 'CREATE EXTENSION vector', 'extension "vector" is not available'));
    causes.add(failed('t.sql', 'CREATE TABLE emb (e vector(3))', 'type "vector" does not exist'));
    causes.add(failed('t.sql', 'INSERT INTO t VALUES (1', 'syntax error at end of input'));
    causes.add(failed('u.sql', 'SELECT * FROM emb', 'relation "emb" does not exist'));
    const findings = causeFindings('default', causes.list);
    assert.deepEqual(
      findings.map((f) => [f.code, f.severity, f.file, f.span, f.message, f.related?.map((r) => `${r.file} ${r.span.start}: ${r.message}`), f.data]),
      [
        [
          'migration-statement-failed',
          'warning',
          't.sql',
          { start: 55, end: 78 },
          'This statement failed when the migrations were applied to the embedded Postgres: syntax error at end of input.',
          undefined,
          { source: 'default', error: 'syntax error at end of input', consequences: 0 },
        ],
        [
          'migration-extension-unavailable',
          'info',
          'ext.sql',
          { start: 0, end: 23 },
          'The migrations of source default use the extension vector, which the embedded Postgres does not have: the statements that need vector fail, and what they name is never reported as missing. 2 later statements failed because of it. For a complete model, connect a live database (setting graphqlMetadata.database.url, or check --database <url>).',
          ['t.sql 24: needs vector: type "vector" does not exist', 'u.sql 79: needs vector: relation "emb" does not exist'],
          { source: 'default', extensions: ['vector'], consequences: 2 },
        ],
      ],
    );
    assert.equal(migrationsStatus(3, 5, causes.list), 'from migrations: 3/5 applied; 2 statements failed, 2 more because of them');
    assert.equal(migrationsStatus(5, 5, []), 'from migrations: 5/5 applied');
  });

  test('a cause of the embedded engine is an info saying what it lacks; an order cause says which migration it runs before', () => {
    const causes = new Causes((name) => (name === 'items' ? '2_items/up.sql' : undefined));
    causes.add(failed('cdc.sql', 'SELECT 1', 'logical decoding requires "wal_level" >= "logical"'));
    causes.add(failed('1_a/up.sql', 'ALTER TABLE items ADD COLUMN x int', 'relation "items" does not exist'));
    const [env, order] = causeFindings('default', causes.list);
    assert.deepEqual(
      [env?.code, env?.severity, env?.message],
      [
        'migration-statement-unsupported',
        'info',
        'The embedded Postgres cannot run this statement (it has no logical replication): logical decoding requires "wal_level" >= "logical". A real server may run it. For a complete model, connect a live database (setting graphqlMetadata.database.url, or check --database <url>).',
      ],
    );
    assert.equal(
      order?.message,
      'This statement failed when the migrations were applied to the embedded Postgres: relation "items" does not exist. Its migration runs before 2_items/up.sql, which makes what it needs: migrations apply in the numeric order of their versions.',
    );
    assert.equal(migrationsStatus(1, 2, causes.list), 'from migrations: 1/2 applied; 2 statements failed');
  });
});
