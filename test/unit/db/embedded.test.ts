import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { SourceBuild } from '../../../server/src/core/db/model';
import { toCorePath } from '../../../common/paths';
import { writeTempProject } from '../helpers/tempProject';
import type { BuildInfo } from '../../../server/src/node/db/index';
import { buildDatabaseModels } from '../../../server/src/node/db/index';

/** A project on disk whose migrations exercise every path of the embedded build. */
const FILES: Record<string, string> = {
  'config.yaml': 'version: 3\nmigrations_directory: db/migrations\n',
  'metadata/version.yaml': 'version: 3\n',
  // Version 9 sorts before 1700000000000 as a number (not as text): the FK below needs `early`.
  'db/migrations/default/9_first/up.sql': 'CREATE TABLE early (id int PRIMARY KEY);\n',
  'db/migrations/default/1700000000000_init/up.sql': [
    'CREATE EXTENSION IF NOT EXISTS citext;',
    'CREATE EXTENSION IF NOT EXISTS "uuid-ossp";',
    'CREATE TABLE author (id uuid DEFAULT uuid_generate_v4() PRIMARY KEY, email citext NOT NULL UNIQUE, early_id int REFERENCES early (id));',
    'ALTER TABLE author OWNER TO app_owner;',
    'GRANT SELECT ON author TO readonly_role;',
    '',
  ].join('\n'),
  'db/migrations/default/1700000000001_mixed/up.sql': [
    'CREATE TABLE article (id serial PRIMARY KEY, author_id uuid REFERENCES author (id), title text);',
    'INSERT INTO missing_table VALUES (1);',
    'ALTER TABLE article ADD COLUMN body text;',
    '\\connect other',
    'CREATE DATABASE other;',
    '',
  ].join('\n'),
  // PostGIS's types stand in (its functions do not); pgvector is there.
  'db/migrations/default/1700000000002_geo/up.sql':
    'CREATE EXTENSION IF NOT EXISTS postgis;\nCREATE TABLE place (id int, geom geometry(Point, 4326));\nCREATE INDEX place_geom ON place USING gist (geom);\nCREATE TABLE plain_place (id int);\n',
  'db/migrations/default/1700000000003_geo2/up.sql':
    "CREATE EXTENSION IF NOT EXISTS postgis;\nCREATE EXTENSION IF NOT EXISTS vector;\nCREATE TABLE emb (id int, e vector(3));\nINSERT INTO emb VALUES (1, '[1,2,3]');\nSELECT e <-> '[0,0,0]' FROM emb;\n",
  'db/migrations/default/1700000000004_ts/up.sql':
    "CREATE TABLE metrics (time timestamptz NOT NULL, v int);\nSELECT create_hypertable('metrics', 'time', migrate_data => true);\nCREATE VIEW per_day AS SELECT time_bucket('1 day', time) AS day, count(*) AS n FROM metrics GROUP BY 1;\n",
  'db/migrations/default/1700000000005_path/up.sql': "SELECT pg_catalog.set_config('search_path', '', false);\nCREATE TABLE public.qualified (id int);\n",
  'db/migrations/default/1700000000006_after/up.sql': 'CREATE TABLE after_reset (id int);\n',
  // Schemas the platform makes (nhost's auth and storage): stand-ins for what foreign keys point at.
  'db/migrations/default/1700000000008_nhost/up.sql':
    'CREATE TABLE profile (id int, user_id uuid REFERENCES auth.users (id));\nCREATE TABLE counter (id int, file_id int REFERENCES "storage"."files"("id"));\n',
  'db/migrations/default/1700000000007_yaml/up.yaml':
    '- type: run_sql\n  args:\n    sql: |\n      CREATE TABLE from_yaml (id int);\n      SELECT broken_fn();\n',
  // v_a needs v_b, which comes after it by name: the retry pass applies it.
  'db/migrations/_post_apply/views/a_dep.sql': 'CREATE VIEW v_a AS SELECT * FROM v_b;\n',
  'db/migrations/_post_apply/views/b_base.sql': 'CREATE VIEW v_b AS SELECT id FROM author;\n',
};

function writeProject(files: Record<string, string>): string {
  return writeTempProject(files, 'gem-db-');
}

/** [code, file relative to the migrations, the text under the span, message]. */
function describeFindings(dir: string, build: SourceBuild | undefined): [string, string, string, string][] {
  return (build?.findings ?? []).map((f) => {
    const native = path.join(dir, path.relative(toCorePath(dir), f.file));
    return [f.code, path.relative(path.join(dir, 'db/migrations'), native), fs.readFileSync(native, 'utf8').slice(f.span.start, f.span.end), f.message];
  });
}

describe('building a model from migrations in the embedded Postgres (real PGlite in a child process)', () => {
  let dir: string;
  let cacheDir: string;
  let build: SourceBuild | undefined;
  let info: BuildInfo | undefined;
  before(async () => {
    dir = writeProject(FILES);
    cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gem-db-cache-'));
    [build] = await buildDatabaseModels(path.join(dir, 'metadata'), [{ name: 'default', kind: 'postgres' }], { cacheDir, onBuilt: (_, i) => (info = i) });
  });
  after(() => {
    fs.rmSync(dir, { recursive: true, force: true });
    fs.rmSync(cacheDir, { recursive: true, force: true });
  });

  test('status: files applied without a failed statement, of all files (migrations and _post_apply); the failed statements as causes and consequences', () => {
    assert.equal(build?.status, 'from migrations: 8/12 applied; 3 statements failed, 2 more because of them');
    assert.deepEqual(build?.model?.origin, { kind: 'migrations', applied: 8, total: 12, failedStatements: 5 });
    assert.equal(info?.cached, false);
    assert.ok((info?.stats?.peakRssKb ?? 0) > 0);
  });

  test('every table that applied is there: version order, roles created on demand, extensions loaded on demand, the rest of a failed file, search_path reset, post-apply retry', () => {
    assert.deepEqual(Object.keys(build?.model?.relations ?? {}), [
      'auth.users',
      'public.after_reset',
      'public.article',
      'public.author',
      'public.counter',
      'public.early',
      'public.emb',
      'public.from_yaml',
      'public.metrics',
      'public.per_day',
      'public.place',
      'public.plain_place',
      'public.profile',
      'public.qualified',
      'public.v_a',
      'public.v_b',
      'storage.files',
    ]);
    assert.deepEqual(build?.model?.schemas, ['auth', 'public', 'storage']);
    assert.deepEqual(
      build?.model?.relations['public.author']?.columns.map((c) => `${c.name} ${c.type}${c.default !== undefined ? ` = ${c.default}` : ''}`),
      ['id uuid = public.uuid_generate_v4()', 'email public.citext', 'early_id integer'],
    );
    assert.deepEqual(
      build?.model?.relations['public.article']?.columns.map((c) => c.name),
      ['id', 'author_id', 'title', 'body'],
    );
    // Extension functions and timescaledb's stand-ins are not part of the model.
    assert.deepEqual(build?.model?.functions, {});
  });

  test('schemas no migration creates are external: stand-ins with the key a foreign key points at, typed to match', () => {
    assert.deepEqual(build?.model?.externalSchemas, ['auth', 'storage']);
    assert.deepEqual(build?.model?.relations['auth.users']?.columns, [{ name: 'id', type: 'uuid', nullable: false }]);
    assert.deepEqual(build?.model?.relations['storage.files']?.columns, [{ name: 'id', type: 'integer', nullable: false }]);
    assert.deepEqual(build?.model?.relations['public.counter']?.foreignKeys, [
      { name: 'counter_file_id_fkey', columns: ['file_id'], refSchema: 'storage', refTable: 'files', refColumns: ['id'] },
    ]);
  });

  test("each failed statement that is a cause is a finding on its exact text, with Postgres's error; missing extensions are one finding, with the statements that failed for want of them", () => {
    assert.deepEqual(describeFindings(dir, build), [
      [
        'migration-statement-failed',
        'default/1700000000001_mixed/up.sql',
        'INSERT INTO missing_table VALUES (1)',
        'This statement failed when the migrations were applied to the embedded Postgres: relation "missing_table" does not exist.',
      ],
      [
        'migration-statement-failed',
        'default/1700000000007_yaml/up.yaml',
        'SELECT broken_fn()',
        'This statement failed when the migrations were applied to the embedded Postgres: function broken_fn() does not exist.',
      ],
      [
        'migration-extension-unavailable',
        'default/1700000000004_ts/up.sql',
        "SELECT create_hypertable('metrics', 'time', migrate_data => true)",
        "The migrations of source default use the extensions timescaledb and postgis, which the embedded Postgres does not have: timescaledb's functions (create_hypertable and the like) were run as no-ops; PostGIS's types (geometry, geography, box2d, box3d) stand in, without their modifiers, functions or operators; the statements that need postgis fail, and what they name is never reported as missing. 2 later statements failed because of them. For a complete model, connect a live database (setting graphqlMetadata.database.url, or check --database <url>).",
      ],
    ]);
    const extension = build?.findings.find((f) => f.code === 'migration-extension-unavailable');
    assert.equal(extension?.severity, 'info');
    assert.deepEqual(
      extension?.related?.map((r) => `${path.basename(path.dirname(r.file))}: ${r.message}`),
      [
        '1700000000002_geo: needs postgis',
        '1700000000002_geo: needs postgis: data type geometry has no default operator class for access method "gist"',
        '1700000000003_geo2: needs postgis: extension "postgis" is not available',
      ],
    );
    assert.deepEqual(
      build?.findings.filter((f) => f.code === 'migration-statement-failed').map((f) => f.severity),
      ['warning', 'warning'],
    );
  });

  test('what failed statements name is uncertain; origins point into the migration files', () => {
    const uncertain = build?.model?.uncertain ?? [];
    for (const name of ['missing_table', 'place_geom', 'broken_fn', 'postgis']) assert.ok(uncertain.includes(name), name);
    assert.equal(uncertain.includes('vector'), false, 'pgvector is there: nothing of it failed');
    assert.deepEqual(
      build?.model?.relations['public.emb']?.columns.map((c) => `${c.name} ${c.type}`),
      ['id integer', 'e public.vector(3)'],
    );
    // PostGIS's stand-in type, without its modifier; its functions are not part of the model.
    assert.deepEqual(
      build?.model?.relations['public.place']?.columns.map((c) => `${c.name} ${c.type}`),
      ['id integer', 'geom public.geometry'],
    );
    const body = build?.model?.relations['public.article']?.columns.find((c) => c.name === 'body')?.origin;
    const file = path.join(dir, 'db/migrations/default/1700000000001_mixed/up.sql');
    assert.equal(body?.file, toCorePath(file));
    assert.equal(fs.readFileSync(file, 'utf8').slice(body?.start, body?.end), 'body text');
  });

  test('the process that asks for the build never loads PGlite (only the child does)', () => {
    assert.deepEqual(
      Object.keys(require.cache).filter((file) => file.includes('@electric-sql')),
      [],
    );
  });

  test('a second build with the same migrations comes from the cache, equal, without starting the database process', async () => {
    let second: BuildInfo | undefined;
    const [again] = await buildDatabaseModels(path.join(dir, 'metadata'), [{ name: 'default', kind: 'postgres' }], {
      cacheDir,
      workerPath: path.join(dir, 'no-such-worker.js'),
      onBuilt: (_, i) => (second = i),
    });
    assert.deepEqual(again, build);
    assert.equal(second?.cached, true);
  });

  test('a changed migration misses the cache (here the database process cannot start, which is its status)', async () => {
    fs.appendFileSync(path.join(dir, 'db/migrations/default/1700000000006_after/up.sql'), 'CREATE TABLE one_more (id int);\n');
    const [changed] = await buildDatabaseModels(path.join(dir, 'metadata'), [{ name: 'default', kind: 'postgres' }], {
      cacheDir,
      workerPath: path.join(dir, 'no-such-worker.js'),
    });
    assert.match(changed?.status ?? '', /^migrations failed: the embedded Postgres stopped \(exit code 1\): /);
    assert.equal(changed?.model, undefined);
  });
});

describe('sources without a model, and a database process that fails', () => {
  let dir: string;
  before(() => {
    dir = writeProject({
      'metadata/version.yaml': 'version: 3\n',
      'migrations/default/1_a/up.sql': 'CREATE TABLE t (id int);\n',
      'migrations/sql/1_a/up.sql': 'CREATE TABLE dbo.t (id int);\n',
      'hang.js': 'setInterval(() => {}, 1000);\n',
      'crash.js': "process.stderr.write('something broke\\n'); process.exit(3);\n",
    });
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const root = (): string => path.join(dir, 'metadata');

  test('off, no migrations, not Postgres, live without a URL or a live builder', async () => {
    const sources = [
      { name: 'default', kind: 'postgres' },
      { name: 'sql', kind: 'mssql' },
      { name: 'other', kind: 'postgres' },
    ];
    assert.deepEqual(
      (await buildDatabaseModels(root(), sources, { mode: 'off' })).map((b) => b.status),
      ['off', 'off', 'off'],
    );
    assert.deepEqual(
      (await buildDatabaseModels(root(), sources.slice(1), { cache: false })).map((b) => b.status),
      ['no model for mssql sources', 'no migrations'],
    );
    assert.deepEqual(
      (await buildDatabaseModels(root(), sources.slice(0, 1), { mode: 'live' })).map((b) => b.status),
      ['live: no database URL for this source'],
    );
    assert.deepEqual(
      (await buildDatabaseModels(root(), sources.slice(0, 1), { mode: 'live', urls: { default: 'postgres://x' } })).map((b) => b.status),
      ['live: not available in this build'],
    );
    // auto: a live database that gives no model falls back to the migrations.
    assert.deepEqual(
      (await buildDatabaseModels(root(), sources.slice(0, 1), { urls: { default: 'postgres://x' }, cache: false })).map((b) => b.status),
      ['live failed: not available in this build; from migrations: 1/1 applied'],
    );
    const live = await buildDatabaseModels(root(), sources.slice(0, 1), {
      mode: 'live',
      urls: { default: 'postgres://x' },
      live: (s, url) => Promise.resolve({ source: s.name, status: `live ${url}`, findings: [] }),
    });
    assert.deepEqual(
      live.map((b) => b.status),
      ['live postgres://x'],
    );
  });

  test('a database process that runs past the timeout is stopped', async () => {
    const [build] = await buildDatabaseModels(root(), [{ name: 'default', kind: 'postgres' }], {
      cache: false,
      workerPath: path.join(dir, 'hang.js'),
      timeoutMs: 300,
    });
    assert.equal(build?.status, 'migrations failed: the embedded Postgres took longer than 0.3 s');
  });

  test('a database process that crashes gives its exit code and last error line', async () => {
    const [build] = await buildDatabaseModels(root(), [{ name: 'default', kind: 'postgres' }], { cache: false, workerPath: path.join(dir, 'crash.js') });
    assert.equal(build?.status, 'migrations failed: the embedded Postgres stopped (exit code 3): something broke');
  });

  test('a cancelled build says so', async () => {
    const controller = new AbortController();
    const pending = buildDatabaseModels(root(), [{ name: 'default', kind: 'postgres' }], {
      cache: false,
      workerPath: path.join(dir, 'hang.js'),
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(), 100);
    assert.equal((await pending)[0]?.status, 'migrations failed: cancelled');
  });
});

describe('the saved fresh database', () => {
  const project = (sql: string): string =>
    writeTempProject({ 'metadata/version.yaml': 'version: 3\n', 'migrations/default/1_init/up.sql': sql }, 'gem-db-base-');
  test('one the embedded Postgres cannot start from is replaced by a fresh one, and the build still succeeds', async () => {
    const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gem-db-cache-'));
    const sources = [{ name: 'default', kind: 'postgres' }];
    const first = await buildDatabaseModels(path.join(project('CREATE TABLE a (id int);\n'), 'metadata'), sources, { cacheDir });
    const saved = fs
      .readdirSync(cacheDir, { recursive: true })
      .map(String)
      .filter((f) => f.endsWith('-base.tar.gz'));
    assert.equal(saved.length, 1, `one saved fresh database: ${saved.join(', ')}`);
    const file = path.join(cacheDir, saved[0]!);
    fs.writeFileSync(file, 'not a database');
    const second = await buildDatabaseModels(path.join(project('CREATE TABLE b (id int);\n'), 'metadata'), sources, { cacheDir });
    assert.deepEqual([first[0]?.status, second[0]?.status], ['from migrations: 1/1 applied', 'from migrations: 1/1 applied']);
    assert.deepEqual(Object.keys(second[0]!.model!.relations), ['public.b']);
    assert.notEqual(fs.readFileSync(file, 'utf8').slice(0, 14), 'not a database', 'the unusable one was replaced');
    fs.rmSync(cacheDir, { recursive: true, force: true });
  });
});

describe("a platform's schemas (nhost auth and storage) laid before the migrations", () => {
  test('the project tracks auth.users and its migrations only reference it: every statement applies, the platform tables are there with their columns, and their schemas are not judged', async () => {
    const dir = writeTempProject(
      {
        'metadata/version.yaml': 'version: 3\n',
        'migrations/default/1_init/up.sql': [
          'CREATE SCHEMA IF NOT EXISTS auth;',
          'CREATE TABLE public.todo (id int PRIMARY KEY, user_id uuid NOT NULL REFERENCES auth.users (id), file_id uuid REFERENCES storage.files (id));',
          "INSERT INTO storage.buckets (id, max_upload_file_size) VALUES ('avatars', 1000);",
          '',
        ].join('\n'),
      },
      'gem-db-nhost-',
    );
    const [build] = await buildDatabaseModels(path.join(dir, 'metadata'), [{ name: 'default', kind: 'postgres', tables: ['public.todo', 'auth.users'] }], {
      cache: false,
    });
    fs.rmSync(dir, { recursive: true, force: true });
    assert.equal(build?.status, 'from migrations: 1/1 applied');
    assert.deepEqual(build?.findings, []);
    assert.deepEqual(build?.model?.externalSchemas, ['auth', 'storage']);
    const users = build?.model?.relations['auth.users'];
    assert.deepEqual(
      users?.columns.slice(0, 9).map((c) => `${c.name} ${c.type}${c.nullable ? '' : ' not null'}`),
      [
        'id uuid not null',
        'created_at timestamp with time zone not null',
        'updated_at timestamp with time zone not null',
        'last_seen timestamp with time zone',
        'disabled boolean not null',
        'display_name text not null',
        'avatar_url text not null',
        'locale character varying(2) not null',
        'email auth.email',
      ],
    );
    assert.deepEqual(users?.uniques, [['email'], ['phone_number']]);
    assert.deepEqual(
      Object.keys(build?.model?.relations ?? {}).filter((k) => !k.startsWith('public.')),
      [
        'auth.provider_requests',
        'auth.providers',
        'auth.refresh_token_types',
        'auth.refresh_tokens',
        'auth.roles',
        'auth.user_providers',
        'auth.user_roles',
        'auth.user_security_keys',
        'auth.users',
        'storage.buckets',
        'storage.files',
        'storage.virus',
      ],
    );
    assert.deepEqual(
      build?.model?.relations['storage.files']?.foreignKeys.map((k) => `${k.columns.join()} -> ${k.refSchema}.${k.refTable}(${k.refColumns.join()})`),
      ['bucket_id -> storage.buckets(id)', 'uploaded_by_user_id -> auth.users(id)'],
    );
    assert.deepEqual(
      build?.model?.relations['public.todo']?.foreignKeys.map((k) => `${k.columns.join()} -> ${k.refSchema}.${k.refTable}`),
      ['file_id -> storage.files', 'user_id -> auth.users'],
    );
  });
});

describe('SQL migrations larger than the 2 MiB the language server reads', () => {
  test('a 5 MB data migration is applied (read by the database child, never sent in the job); one over 64 MiB is left out with a finding; a table named `last` is not timescaledb', async () => {
    const rows = Array.from({ length: 60_000 }, (_, i) => `(${i}, 'row ${i} ${'x'.repeat(60)}')`);
    const data = `INSERT INTO item (id, name) VALUES\n${rows.join(',\n')};\nCREATE TABLE after_data (id int REFERENCES item (id));\n`;
    assert.ok(data.length > 4 * 1024 * 1024, `${data.length} bytes`);
    const dir = writeTempProject(
      {
        'metadata/version.yaml': 'version: 3\n',
        'migrations/default/1_init/up.sql': 'CREATE TABLE item (id int PRIMARY KEY, name text);\n',
        'migrations/default/2_data/up.sql': data,
        'migrations/default/4_after/up.sql': 'CREATE TABLE last (id int);\n',
      },
      'gem-db-large-',
    );
    // Over the limit: a sparse file of 65 MiB (its size is all that is read).
    const huge = path.join(dir, 'migrations/default/3_huge/up.sql');
    fs.mkdirSync(path.dirname(huge));
    fs.writeFileSync(huge, '');
    fs.truncateSync(huge, 65 * 1024 * 1024);
    const [build] = await buildDatabaseModels(path.join(dir, 'metadata'), [{ name: 'default', kind: 'postgres' }], { cache: false });
    fs.rmSync(dir, { recursive: true, force: true });
    assert.equal(build?.status, 'from migrations: 3/3 applied');
    assert.deepEqual(Object.keys(build?.model?.relations ?? {}), ['public.after_data', 'public.item', 'public.last']);
    assert.deepEqual(
      build?.findings.map((f) => [f.code, path.basename(path.dirname(f.file)), f.message]),
      [
        [
          'migration-file-unreadable',
          '3_huge',
          'This migration file could not be read (it is larger than 67108864 bytes), so the database model leaves it out.',
        ],
      ],
    );
  });
});
