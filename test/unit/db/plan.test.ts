import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { checkRoot } from '../../../server/src/core/check';
import type { SourceFact } from '../../../server/src/core/project/index/types';
import { ParseCache } from '../../../server/src/core/project/cache';
import { buildSourceModels, projectEnv, projectFolder, restrictedSettings } from '../../../server/src/node/db/plan';
import { createNodeHost } from '../../../server/src/node/fsHost';
import { toCorePath } from '../../../common/paths';
import { postgresSkipReason, startCluster } from '../helpers/postgres';
import { FROM_ENV, MSSQL, sourceEntry } from '../helpers/sources';
import type { TestCluster } from '../helpers/postgres';

const host = createNodeHost();

function project(databases: string, files: Record<string, string> = {}): { root: string; sources: readonly SourceFact[] } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gm-plan-'));
  const write = (rel: string, text: string): void => {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), text);
  };
  write('metadata/version.yaml', 'version: 3\n');
  write('metadata/databases/databases.yaml', databases);
  for (const [rel, text] of Object.entries(files)) write(rel, text);
  const root = toCorePath(path.join(dir, 'metadata'));
  return { root, sources: checkRoot(root, { host, cache: new ParseCache() }).index.sources };
}

describe('the project environment', () => {
  test("the project folder is the metadata folder's parent; the environment wins over .env; empty is unset", () => {
    assert.equal(projectFolder('/a/b/metadata'), '/a/b');
    assert.equal(projectFolder('/metadata/'), '/');
    const { root } = project('[]\n', { '.env': 'A=from-file\nB=from-file\nEMPTY=\nC=${A}-x\n' });
    const env = projectEnv(root, host, { A: 'from-env', EMPTY_ENV: '' });
    assert.deepEqual(env('A'), { value: 'from-env', where: 'environment' });
    assert.deepEqual(env('B'), { value: 'from-file', where: '.env' });
    // As godotenv expands: the file's own A first (the environment only for names the file does not set).
    assert.deepEqual(env('C'), { value: 'from-file-x', where: '.env' });
    assert.equal(env('EMPTY'), undefined);
    assert.equal(env('EMPTY_ENV'), undefined);
    assert.equal(env('NOPE'), undefined);
  });
});

describe('Restricted Mode', () => {
  test('no URL from anywhere: auto is migrations, live is off, the explicit URLs and the environment are dropped', () => {
    const explicit = { urls: { default: 'postgres://u:p@h/d' }, from: 'the setting graphqlMetadata.database.url' };
    const env = { PG_DATABASE_URL: 'postgres://u:p@h/d' };
    assert.deepEqual(restrictedSettings({ mode: 'auto', explicit, env }), { mode: 'migrations' });
    assert.deepEqual(restrictedSettings({ mode: 'live', explicit, env }), { mode: 'off' });
    assert.deepEqual(restrictedSettings({ mode: 'migrations', explicit }), { mode: 'migrations' });
    assert.deepEqual(restrictedSettings({ mode: 'off' }), { mode: 'off' });
  });

  test("migrations and off read no URL: the project's .env is not even opened", async () => {
    const { root, sources } = project(sourceEntry('default', 'postgres', FROM_ENV), { '.env': 'PG_DATABASE_URL=postgres://u:p@127.0.0.1:1/d\n' });
    const opened: string[] = [];
    const watching = { ...host, readFile: (p: string) => (opened.push(p), host.readFile(p)) };
    const builds = await buildSourceModels(root, sources, { mode: 'migrations' }, watching, { cache: false });
    assert.deepEqual(
      builds.map((b) => b.status),
      ['no migrations'],
    );
    assert.deepEqual(
      opened.filter((p) => p.endsWith('/.env')),
      [],
    );
    await buildSourceModels(root, sources, { mode: 'auto' }, watching, { cache: false, liveOptions: { connectTimeoutMs: 2000 } });
    assert.deepEqual(
      opened.filter((p) => p.endsWith('/.env')),
      [`${projectFolder(root)}/.env`],
    );
  });
});

describe('buildSourceModels: URLs resolved, then the migrations entry point with the live hook', { skip: postgresSkipReason() }, () => {
  let pg: TestCluster;
  before(async () => {
    pg = await startCluster();
    await pg.sql('CREATE DATABASE shop');
    await pg.sql('CREATE TABLE public.author (id int PRIMARY KEY)', 'shop');
    await pg.sql("CREATE ROLE app LOGIN PASSWORD 'right'");
  });
  after(() => pg?.stop());

  const DATABASES = (url: string): string =>
    sourceEntry('default', 'postgres', FROM_ENV) + sourceEntry('other', 'postgres', `database_url: ${url}`) + sourceEntry('sql', 'mssql', MSSQL);

  test('auto: from_env in .env and a plain URL go live; no URL and no migrations: none; other kinds: none', async () => {
    const { root, sources } = project(DATABASES(pg.url('nope')), { '.env': `PG_DATABASE_URL=${pg.url('shop')}\n` });
    const builds = await buildSourceModels(root, sources, { mode: 'auto', env: {} }, host, { cache: false });
    assert.deepEqual(
      builds.map((b) => [b.source, b.status, b.findings.map((f) => f.code)]),
      [
        ['default', `live: 127.0.0.1:${pg.port}/shop`, []],
        ['other', `live: no such database (127.0.0.1:${pg.port}/nope)`, ['database-connection-failed']],
        ['sql', 'no model for mssql sources', []],
      ],
    );
    assert.deepEqual(Object.keys(builds[0]!.model!.relations), ['public.author']);
    const message = builds[1]!.findings[0]!.message;
    assert.equal(
      message,
      `Source \`other\`: The server at 127.0.0.1:${pg.port} has no database \`nope\`. The URL comes from databases.yaml. The metadata is checked without a database model.`,
    );
  });

  test('auto: a live database that rejects the password falls back to the migrations, and says both; live mode does not', async () => {
    const wrong = pg.url('shop', 'app', 'not-the-password');
    const { root, sources } = project(
      sourceEntry('default', 'postgres', 'database_url:\n  from_env: PG_DATABASE_URL') + sourceEntry('other', 'postgres', `database_url: ${pg.url('nope')}`),
      {
        '.env': `PG_DATABASE_URL=${wrong}\n`,
        'migrations/default/1_init/up.sql':
          'CREATE TABLE public.book (id int PRIMARY KEY);\nCREATE TABLE public.shelf (id int PRIMARY KEY, book_id int REFERENCES public.book (id));\n',
      },
    );
    const auto = await buildSourceModels(root, sources, { mode: 'auto', env: {} }, host, { cache: false });
    const where = `127.0.0.1:${pg.port}`;
    assert.deepEqual(
      auto.map((b) => [b.source, b.status, b.findings.map((f) => f.code), Object.keys(b.model?.relations ?? {})]),
      [
        [
          'default',
          `live failed: wrong password (${where}/shop); from migrations: 1/1 applied`,
          ['database-connection-failed'],
          ['public.book', 'public.shelf'],
        ],
        // No migrations of its own: no fallback, as before.
        ['other', `live: no such database (${where}/nope)`, ['database-connection-failed'], []],
      ],
    );
    assert.equal(
      auto[0]!.findings[0]!.message,
      `Source \`default\`: The database at ${where}/shop refused the password of user \`app\`. The URL comes from PG_DATABASE_URL (.env). The model comes from the migrations instead (mode auto).`,
    );
    assert.equal(auto[0]!.model!.origin.kind, 'migrations');
    // The model is there after all: the failed connection is an info; without a fallback it stays a warning.
    assert.deepEqual(
      auto.map((b) => b.findings.map((f) => f.severity)),
      [['info'], ['warning']],
    );
    assert.equal(JSON.stringify(auto).includes('not-the-password'), false);
    const live = await buildSourceModels(root, sources, { mode: 'live', env: {} }, host, { cache: false });
    assert.deepEqual(
      live.map((b) => [b.source, b.status, b.model]),
      [
        ['default', `live: wrong password (${where}/shop)`, undefined],
        ['other', `live: no such database (${where}/nope)`, undefined],
      ],
    );
    assert.match(live[0]!.findings[0]!.message, /The metadata is checked without a database model\.$/);
  });

  test('auto: an unreachable database falls back to the migrations too', async () => {
    const { root, sources } = project(sourceEntry('default', 'postgres', 'database_url: postgres://u:secret@127.0.0.1:1/db'), {
      'migrations/default/1_init/up.sql': 'CREATE TABLE public.book (id int PRIMARY KEY);\n',
    });
    const [build] = await buildSourceModels(root, sources, { mode: 'auto', env: {} }, host, { cache: false, liveOptions: { connectTimeoutMs: 2000 } });
    assert.match(build!.status, /^live failed: .+ \(127\.0\.0\.1:1\/db\); from migrations: 1\/1 applied$/);
    assert.deepEqual(Object.keys(build!.model!.relations), ['public.book']);
  });

  test('explicit URLs win; live without a URL says why; off builds nothing', async () => {
    const { root, sources } = project(DATABASES(pg.url('nope')));
    const explicit = { urls: { other: pg.url('shop') }, from: 'the setting graphqlMetadata.database.url' };
    const live = await buildSourceModels(root, sources, { mode: 'live', explicit, env: {} }, host, { cache: false });
    assert.deepEqual(
      live.map((b) => [b.source, b.status]),
      [
        ['default', "live: no database URL (PG_DATABASE_URL is not set in the environment or the project's .env)"],
        ['other', `live: 127.0.0.1:${pg.port}/shop`],
        ['sql', 'no model for mssql sources'],
      ],
    );
    const off = await buildSourceModels(root, sources, { mode: 'off', explicit }, host);
    assert.deepEqual(
      off.map((b) => [b.source, b.status, b.model]),
      [
        ['default', 'off', undefined],
        ['other', 'off', undefined],
        ['sql', 'off', undefined],
      ],
    );
  });
});
