import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { findMigrations, migrationsDir, yamlStatements } from '../../../server/src/core/db/migrations';
import { memoryHost } from '../helpers/memoryHost';

const PG = { name: 'default', kind: 'postgres' };

function names(files: Record<string, string | Uint8Array>, sources = [PG], metadata = '/p/metadata'): Record<string, [string, string[]]> {
  const out: Record<string, [string, string[]]> = {};
  for (const s of findMigrations(metadata, sources, memoryHost(files)))
    out[s.source] = [s.layout, s.files.map((f) => `${f.phase === 'post-apply' ? '+' : ''}${f.name}`)];
  return out;
}

describe('finding migrations', () => {
  test('the migrations folder: config.yaml beside the metadata (migrations_directory), else <project>/migrations', () => {
    assert.equal(migrationsDir('/p/metadata', memoryHost({ '/p/config.yaml': 'version: 3\nmigrations_directory: db/mig\n' })), '/p/db/mig');
    assert.equal(migrationsDir('/p/metadata', memoryHost({ '/p/config.yaml': 'version: 3\n' })), '/p/migrations');
    assert.equal(migrationsDir('/p/metadata', memoryHost({})), '/p/migrations');
    assert.equal(
      migrationsDir('/p/hasura/meta', memoryHost({ '/p/config.yaml': 'metadata_directory: hasura/meta\nmigrations_directory: hasura/mig\n' })),
      '/p/hasura/mig',
    );
    assert.equal(migrationsDir('/p/metadata', memoryHost({ '/p/config.yaml': ': [ broken' })), '/p/migrations');
  });

  test('per source, in numeric version order (BigInt, not text order); names without a number left out as the engine CLI does; down files and other files ignored', () => {
    const files = {
      '/p/migrations/default/1700000000000_b/up.sql': 'create table b ();',
      '/p/migrations/default/1700000000000_b/down.sql': 'drop table b;',
      '/p/migrations/default/99_a/up.sql': 'create table a ();',
      '/p/migrations/default/18446744073709551616_big/up.sql': 'select 1;',
      '/p/migrations/default/no_number/up.sql': 'select 2;',
      '/p/migrations/default/squashed_1_to_2/1_x/up.sql': 'select 2;',
      '/p/migrations/default/1674078889489_trailing space /up.sql': 'select 3;',
      '/p/migrations/default/1700000000001_c.up.sql': 'select 4;',
      '/p/migrations/default/1700000000002_note/README.md': 'x',
      '/p/migrations/other/1_x/up.sql': 'select 5;',
    };
    assert.deepEqual(names(files, [PG, { name: 'other', kind: 'citus' }]), {
      default: [
        'per-source',
        [
          'default/99_a/up.sql',
          'default/1674078889489_trailing space /up.sql',
          'default/1700000000000_b/up.sql',
          'default/1700000000001_c.up.sql',
          'default/18446744073709551616_big/up.sql',
        ],
      ],
      other: ['per-source', ['other/1_x/up.sql']],
    });
  });

  test('flat layouts belong to the default source, else to the only Postgres source; non-Postgres sources are marked', () => {
    const flat = {
      '/p/migrations/2_b.up.sql': 'select 2;',
      '/p/migrations/1_a/up.sql': 'select 1;',
      '/p/migrations/1_a/up.yaml': '- type: run_sql\n  args: {sql: select 0}\n',
    };
    assert.deepEqual(names(flat), { default: ['flat', ['1_a/up.yaml', '1_a/up.sql', '2_b.up.sql']] });
    assert.deepEqual(
      names(flat, [
        { name: 'crm', kind: 'mysql8' },
        { name: 'app', kind: 'postgres' },
      ]),
      { crm: ['none', []], app: ['flat', ['1_a/up.yaml', '1_a/up.sql', '2_b.up.sql']] },
    );
    assert.deepEqual(
      names(flat, [
        { name: 'a', kind: 'postgres' },
        { name: 'b', kind: 'postgres' },
      ]),
      { a: ['none', []], b: ['none', []] },
    );
    const mssql = findMigrations('/p/metadata', [{ name: 'sql', kind: 'mssql' }], memoryHost({ '/p/migrations/sql/1_a/up.sql': 'create table t (a int)' }))[0];
    assert.deepEqual([mssql?.postgres, mssql?.layout, mssql?.files.length], [false, 'per-source', 1]);
  });

  test('plain SQL files (a dump kept instead of migrations) in path order, sub-folders included; source folders, READMEs and the migrations of other sources left out', () => {
    const files = {
      '/p/migrations/README.txt': 'copied from x',
      '/p/migrations/sql/views.sql': 'create view v as select 1;',
      '/p/migrations/drizzle/0001_b.sql': 'select 1;',
      '/p/migrations/drizzle/0000_a.sql': 'select 0;',
      '/p/migrations/01-init.sql': 'select 2;',
      '/p/migrations/mongo/x.sql': 'select 3;',
      '/p/migrations/unknown/1_a/up.sql': 'select 4;',
      '/p/migrations/2_b.down.sql': 'select 5;',
    };
    assert.deepEqual(
      names(files, [
        { name: 'mongo', kind: 'Mongo' },
        { name: 'futarchy', kind: 'postgres' },
      ]),
      {
        mongo: ['none', []],
        futarchy: ['plain-sql', ['01-init.sql', 'drizzle/0000_a.sql', 'drizzle/0001_b.sql', 'sql/views.sql']],
      },
    );
  });

  test('_post_apply/**.sql comes after the migrations, by path', () => {
    const files = {
      '/p/migrations/default/1_init/up.sql': 'create table t ();',
      '/p/migrations/_post_apply/views/v.sql': 'create view v as select 1;',
      '/p/migrations/_post_apply/enums/e.sql': 'select 1;',
    };
    assert.deepEqual(names(files), { default: ['per-source', ['default/1_init/up.sql', '+_post_apply/enums/e.sql', '+_post_apply/views/v.sql']] });
  });

  test('no migrations folder, or an empty source folder: layout none', () => {
    assert.deepEqual(names({ '/p/metadata/version.yaml': 'version: 3' }), { default: ['none', []] });
    assert.deepEqual(names({ '/p/migrations/default/.gitkeep': '' }), { default: ['none', []] });
  });

  test('statements keep their offsets in the file; an unreadable file is a finding and is left out', () => {
    const [source] = findMigrations(
      '/p/metadata',
      [PG],
      memoryHost({
        '/p/migrations/default/1_a/up.sql': '-- x\ncreate table t (a int);\n\\connect db\n',
        '/p/migrations/default/2_b/up.sql': new Uint8Array([0, 1]),
      }),
    );
    assert.deepEqual(
      source?.files.map((f) => [f.name, f.statements]),
      [
        [
          'default/1_a/up.sql',
          [
            { start: 5, end: 27, sql: 'create table t (a int)', kind: 'sql' },
            { start: 29, end: 40, sql: '\\connect db', kind: 'meta' },
          ],
        ],
      ],
    );
    assert.deepEqual(source?.findings, [
      {
        code: 'migration-file-unreadable',
        severity: 'warning',
        message: 'This migration file could not be read (it contains NUL bytes), so the database model leaves it out.',
        file: '/p/migrations/default/2_b/up.sql',
        span: { start: 0, end: 0 },
      },
    ]);
  });
});

describe('up.yaml run_sql steps', () => {
  test('statements are mapped into the yaml text: block literals, plain and quoted scalars; other steps ignored', () => {
    const text = [
      '- type: run_sql',
      '  args:',
      '    sql: |',
      '      create table a (id int);',
      '      create table b (id int);',
      '- type: track_table',
      '  args: {name: a}',
      '- type: run_sql',
      "  args: {sql: 'select ''x'';  select 2'}",
      '',
    ].join('\n');
    const statements = yamlStatements(text);
    assert.deepEqual(
      statements.map((s) => [s.sql, text.slice(s.start, s.end)]),
      [
        ['create table a (id int)', 'create table a (id int)'],
        ['create table b (id int)', 'create table b (id int)'],
        ["select 'x'", "select ''x''"],
        ['select 2', 'select 2'],
      ],
    );
  });

  test('yaml that is not a list of steps gives no statements', () => {
    assert.deepEqual(yamlStatements(': ['), []);
    assert.deepEqual(yamlStatements('just text'), []);
  });
});
