import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { parseArgs } from '../../../server/src/cli/args';
import type { CheckArgs } from '../../../server/src/cli/args';
import { postgresSkipReason, startCluster } from '../helpers/postgres';
import type { TestCluster } from '../helpers/postgres';

const REPO = path.resolve(__dirname, '../../../..');
const CLI = path.join(REPO, 'dist/cli.js');

function run(args: string[], cwd: string, env: Record<string, string> = {}): { code: number | null; stdout: string; stderr: string } {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== 'PG_DATABASE_URL'));
  const r = spawnSync(process.execPath, [CLI, ...args], { cwd, encoding: 'utf8', env: { ...clean, NO_COLOR: '1', ...env } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

function fixture(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gem-clidb-'));
  fs.cpSync(path.join(REPO, 'test/fixtures/projects/basic'), path.join(dir, 'proj'), { recursive: true });
  return dir;
}

const database = (argv: string[]): CheckArgs['database'] | string => {
  const parsed = parseArgs(['check', ...argv], false);
  return parsed.command === 'check' ? parsed.database : parsed.command === 'error' ? parsed.message : parsed.command;
};

describe('check --database: the flag', () => {
  test('modes, a URL, SOURCE=URL (repeatable); default auto', () => {
    assert.deepEqual(database([]), { mode: 'auto', urls: {}, bareUrl: undefined });
    assert.deepEqual(database(['--database', 'migrations']), { mode: 'migrations', urls: {}, bareUrl: undefined });
    assert.deepEqual(database(['--database=off']), { mode: 'off', urls: {}, bareUrl: undefined });
    assert.deepEqual(database(['--database', 'live', '--database', 'postgresql://u@h/d']), { mode: 'live', urls: {}, bareUrl: 'postgresql://u@h/d' });
    assert.deepEqual(database(['--database', 'a=postgres://u@h/a?x=1', '--database', 'b=postgres://u@h/b']), {
      mode: 'auto',
      urls: { a: 'postgres://u@h/a?x=1', b: 'postgres://u@h/b' },
      bareUrl: undefined,
    });
  });

  test('anything else is refused with a clear message that never shows a password', () => {
    assert.equal(
      database(['--database', 'sometimes']),
      '--database takes auto, migrations, live, off, a postgres:// URL or SOURCE=postgres://URL, not `sometimes`.',
    );
    assert.equal(
      database(['--database', 'mysql://root:hunter2@db/app']),
      '--database takes auto, migrations, live, off, a postgres:// URL or SOURCE=postgres://URL, not `mysql://root:***@db/app`.',
    );
    assert.equal(
      database(['--database', 'x=http://h/?password=hunter2']),
      '--database takes auto, migrations, live, off, a postgres:// URL or SOURCE=postgres://URL, not `x=http://h/?password=***`.',
    );
    assert.equal(database(['--database']), '--database needs a value.');
  });

  test('the CLI: usage errors exit 2; off prints no status; an unknown source name is refused', () => {
    const dir = fixture();
    const bad = run(['check', 'proj', '--database', 'sometimes'], dir);
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /^graphql-metadata: --database takes auto, migrations, live, off/);
    const off = run(['check', 'proj', '--database', 'off'], dir);
    assert.equal(off.code, 1);
    assert.equal(off.stderr, '');
    const unknown = run(['check', 'proj', '--database', 'nope=postgres://u@127.0.0.1:1/d'], dir);
    assert.deepEqual([unknown.code, unknown.stderr], [2, 'graphql-metadata: --database nope=URL: no source is named `nope` (sources: default).\n']);
  });
});

describe('check --database migrations: the embedded build through the CLI', () => {
  test('the status on stderr, a failing statement reported in its up.sql', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gem-clidb-'));
    fs.cpSync(path.join(REPO, 'test/fixtures/projects/db-differential'), path.join(dir, 'proj'), { recursive: true });
    const bad = path.join(dir, 'proj/migrations/default/1700000000003_bad');
    fs.mkdirSync(bad);
    fs.writeFileSync(
      path.join(bad, 'up.sql'),
      'CREATE TABLE public.ok_table (id int);\nALTER TABLE public.nope ADD COLUMN x int;\nALTER TABLE public.nope ADD COLUMN y int;\n',
    );
    const r = run(['check', 'proj', '--database', 'migrations'], dir, { XDG_CACHE_HOME: path.join(dir, 'cache') });
    // One cause (the first statement on the missing table), one consequence (the second): one finding, and the status says both.
    assert.equal(r.stderr, 'default: from migrations: 3/4 applied; 1 statement failed, 1 more because of it\n');
    assert.equal(
      r.stdout,
      'proj/migrations/default/1700000000003_bad/up.sql\n' +
        '  proj/migrations/default/1700000000003_bad/up.sql:2:1  warning  This statement failed when the migrations were applied to the embedded Postgres: relation "public.nope" does not exist. 1 later statement failed because of it.  migration-statement-failed\n' +
        '\n✖ 1 problem (0 errors, 1 warning, 0 infos) in 2 files.\n',
    );
    assert.equal(r.code, 0);
    const json = run(['check', 'proj', '--format', 'json', '--rule', 'migration-statement-failed=off'], dir, { XDG_CACHE_HOME: path.join(dir, 'cache') });
    assert.equal(json.stderr, '');
    assert.deepEqual((JSON.parse(json.stdout) as { diagnostics: unknown[] }).diagnostics, []);
  });
});

const PASSWORD = 'c0rrect:h@rse/b?tt#ry&st=ple%é';
const WRONG = 'wr0ng:p@ss/w?rd#&x=%y';

describe('check --database against a real PostgreSQL', { skip: postgresSkipReason() }, () => {
  let pg: TestCluster;
  before(async () => {
    pg = await startCluster();
    await pg.sql(`CREATE ROLE app LOGIN PASSWORD '${PASSWORD}'`);
    await pg.sql('CREATE DATABASE shop OWNER app');
    await pg.sql(
      'CREATE TABLE public.author (id serial PRIMARY KEY, name text); CREATE TABLE public.article (id serial PRIMARY KEY, author_id int REFERENCES public.author(id))',
      'shop',
    );
  });
  after(() => pg?.stop());

  const secrets = (password: string): string[] => [password, encodeURIComponent(password), 'c0rrect', 'wr0ng'];
  const assertNoSecret = (output: string, password: string): void => {
    for (const s of secrets(password)) assert.equal(output.includes(s), false, `${JSON.stringify(s)} appears in:\n${output}`);
  };

  test('a URL on the command line: the status line on stderr, the usual report on stdout', () => {
    const dir = fixture();
    const r = run(['check', 'proj', '--database', pg.url('shop', 'app', PASSWORD)], dir);
    assert.equal(r.stderr, `default: live: 127.0.0.1:${pg.port}/shop\n`);
    assert.equal(r.code, 1);
    // The fixture's article permission lists `title`, which this database's article lacks.
    assert.match(
      r.stdout,
      /public_article\.yaml:13:11 {2}error {4}`public\.article` has no column `title` in the live database \(named by the select permission of role `user`\)\. {2}db-column-missing\n/,
    );
    assert.match(r.stdout, /✖ 2 problems \(2 errors, 0 warnings, 0 infos\) in 8 files; 1 hint not shown\.\n$/);
    assertNoSecret(r.stdout + r.stderr, PASSWORD);
  });

  test("auto: from_env found in the project's .env (quoted, exported), and the environment wins over it", () => {
    const dir = fixture();
    fs.writeFileSync(path.join(dir, 'proj/.env'), `# local database\nexport PG_DATABASE_URL="${pg.url('shop', 'app', PASSWORD)}"\n`);
    const fromFile = run(['check', 'proj'], dir);
    assert.equal(fromFile.stderr, `default: live: 127.0.0.1:${pg.port}/shop\n`);
    const fromEnv = run(['check', 'proj'], dir, { PG_DATABASE_URL: pg.url('postgres') });
    assert.equal(fromEnv.stderr, `default: live: 127.0.0.1:${pg.port}/postgres\n`);
    const migrations = run(['check', 'proj', '--database', 'migrations'], dir);
    assert.doesNotMatch(migrations.stderr, /live/);
  });

  test('a wrong password: a warning at database_url, the status says so, and no spelling of the password anywhere', () => {
    const dir = fixture();
    const url = pg.url('shop', 'app', WRONG);
    fs.writeFileSync(path.join(dir, 'proj/.env'), `PG_DATABASE_URL='${url}'\n`);
    const r = run(['check', 'proj'], dir);
    assert.equal(r.code, 1);
    assert.equal(r.stderr, `default: live: wrong password (127.0.0.1:${pg.port}/shop)\n`);
    assert.match(
      r.stdout,
      new RegExp(
        '  proj/metadata/databases/databases\\.yaml:6:9  warning  Source `default`: The database at 127\\.0\\.0\\.1:\\d+/shop refused the password of user `app`\\. ' +
          'The URL comes from PG_DATABASE_URL \\(\\.env\\)\\. The metadata is checked without a database model\\.  database-connection-failed\n',
      ),
    );
    assertNoSecret(r.stdout + r.stderr, WRONG);
    const json = run(['check', 'proj', '--format', 'json', '--database', `default=${url}`], dir);
    assert.match(json.stdout, /The URL comes from --database\./);
    assertNoSecret(json.stdout + json.stderr, WRONG);
    const sarif = run(['check', 'proj', '--format', 'sarif', '--database', `${url}&password=${encodeURIComponent(WRONG)}`.replace('/shop&', '/shop?')], dir);
    assert.match(sarif.stdout, /database-connection-failed/);
    assertNoSecret(sarif.stdout + sarif.stderr, WRONG);
  });

  test('auto: a wrong password falls back to the migrations, the status says both, the failed connection is an info; --database live does not fall back', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gem-clidb-'));
    fs.cpSync(path.join(REPO, 'test/fixtures/projects/db-differential'), path.join(dir, 'proj'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'proj/.env'), `PG_DATABASE_URL='${pg.url('shop', 'app', WRONG)}'\n`);
    const env = { XDG_CACHE_HOME: path.join(dir, 'cache') };
    const auto = run(['check', 'proj', '--database', 'auto'], dir, env);
    assert.equal(auto.stderr, `default: live failed: wrong password (127.0.0.1:${pg.port}/shop); from migrations: 3/3 applied\n`);
    assert.match(
      auto.stdout,
      /databases\.yaml:6:9 {2}info {5}Source `default`: The database at 127\.0\.0\.1:\d+\/shop refused the password of user `app`\. The URL comes from PG_DATABASE_URL \(\.env\)\. The model comes from the migrations instead \(mode auto\)\. {2}database-connection-failed\n/,
    );
    assertNoSecret(auto.stdout + auto.stderr, WRONG);
    const live = run(['check', 'proj', '--database', 'live'], dir, env);
    assert.equal(live.stderr, `default: live: wrong password (127.0.0.1:${pg.port}/shop)\n`);
    assert.match(live.stdout, /The metadata is checked without a database model\. {2}database-connection-failed\n/);
  });

  test('an unreachable database and an unknown one: clear warnings, the metadata still checked', () => {
    const dir = fixture();
    const down = run(['check', 'proj', '--database', `postgres://app:${encodeURIComponent(WRONG)}@127.0.0.1:1/shop`], dir);
    assert.equal(down.stderr, 'default: live: unreachable (127.0.0.1:1/shop)\n');
    assert.match(down.stdout, /Could not reach the database at 127\.0\.0\.1:1\/shop: connection refused/);
    assert.match(down.stdout, /allow-list-unknown-collection/);
    assertNoSecret(down.stdout + down.stderr, WRONG);
    const missing = run(['check', 'proj', '--database', pg.url('nope', 'app', PASSWORD)], dir);
    assert.equal(missing.stderr, `default: live: no such database (127.0.0.1:${pg.port}/nope)\n`);
    assertNoSecret(missing.stdout + missing.stderr, PASSWORD);
  });
});
