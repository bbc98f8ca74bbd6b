import assert from 'node:assert/strict';
import * as net from 'node:net';
import { after, before, describe, test } from 'node:test';
import type { SourceConnection } from '../../../server/src/core/db/connection';
import { relationKey } from '../../../server/src/core/db/model';
import { LiveDatabaseError, buildLiveSource, introspectLive, readOnlySession } from '../../../server/src/node/db/live';
import { postgresSkipReason, startCluster } from '../helpers/postgres';
import type { TestCluster } from '../helpers/postgres';

/** A password with every character that needs percent-encoding in a URL. */
export const APP_PASSWORD = 'p@ss:w/rd?#&=%é x';

const MIGRATION = `
CREATE TYPE public.mood AS ENUM ('sad', 'ok', 'happy');
CREATE TABLE public.author (
  id serial PRIMARY KEY,
  name text NOT NULL,
  email text UNIQUE,
  mood public.mood DEFAULT 'ok'
);
COMMENT ON TABLE public.author IS 'People who write';
COMMENT ON COLUMN public.author.name IS 'Full name';
CREATE TABLE public.article (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  author_id integer NOT NULL REFERENCES public.author(id),
  title text NOT NULL,
  title_length integer GENERATED ALWAYS AS (length(title)) STORED
);
CREATE VIEW public.article_titles AS SELECT id, title FROM public.article;
CREATE FUNCTION public.author_articles(author_row public.author) RETURNS SETOF public.article
  LANGUAGE sql STABLE AS $$ SELECT * FROM public.article WHERE author_id = author_row.id $$;
`;

function failure(promise: Promise<unknown>): Promise<LiveDatabaseError> {
  return promise.then(
    () => assert.fail('expected a LiveDatabaseError'),
    (error: unknown) => {
      assert.ok(error instanceof LiveDatabaseError, String(error));
      return error;
    },
  );
}

function silentServer(): Promise<{ port: number; close: () => void }> {
  const sockets: net.Socket[] = [];
  const server = net.createServer((socket) => sockets.push(socket));
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        port: (server.address() as net.AddressInfo).port,
        close: () => {
          for (const s of sockets) s.destroy();
          server.close();
        },
      }),
    ),
  );
}

describe('live database: a real PostgreSQL', { skip: postgresSkipReason() }, () => {
  let pg: TestCluster;
  let url: string;
  before(async () => {
    pg = await startCluster();
    await pg.sql(`CREATE ROLE app LOGIN PASSWORD '${APP_PASSWORD.replace(/'/g, "''")}'`);
    await pg.sql('CREATE DATABASE shop OWNER app');
    await pg.sql(MIGRATION, 'shop');
    url = pg.url('shop', 'app', APP_PASSWORD);
  });
  after(() => pg?.stop());

  test('introspection of a schema made by a migration', async () => {
    const model = await introspectLive('default', url);
    assert.deepEqual(model.origin, { kind: 'live', host: `127.0.0.1:${pg.port}`, database: 'shop' });
    assert.deepEqual(model.schemas, ['public']);
    assert.deepEqual(Object.keys(model.relations), ['public.article', 'public.article_titles', 'public.author']);
    assert.deepEqual(model.relations[relationKey('public', 'author')], {
      schema: 'public',
      name: 'author',
      kind: 'table',
      comment: 'People who write',
      columns: [
        { name: 'id', type: 'integer', nullable: false, default: "nextval('public.author_id_seq'::regclass)" },
        { name: 'name', type: 'text', nullable: false, comment: 'Full name' },
        { name: 'email', type: 'text', nullable: true },
        { name: 'mood', type: 'public.mood', nullable: true, default: "'ok'::public.mood" },
      ],
      primaryKey: ['id'],
      uniques: [['email']],
      foreignKeys: [],
      constraints: [
        { name: 'author_email_key', kind: 'unique', columns: ['email'] },
        { name: 'author_pkey', kind: 'primary', columns: ['id'] },
      ],
    });
    const article = model.relations['public.article']!;
    assert.deepEqual(article.foreignKeys, [
      { name: 'article_author_id_fkey', columns: ['author_id'], refSchema: 'public', refTable: 'author', refColumns: ['id'] },
    ]);
    assert.deepEqual(
      article.columns.map((c) => [c.name, c.generated ?? false]),
      [
        ['id', true],
        ['author_id', false],
        ['title', false],
        ['title_length', true],
      ],
    );
    assert.equal(model.relations['public.article_titles']!.kind, 'view');
    assert.deepEqual(model.enums['public.mood'], { schema: 'public', name: 'mood', values: ['sad', 'ok', 'happy'] });
    const fn = model.functions['public.author_articles']![0]!;
    assert.deepEqual(
      [fn.returnsSet, fn.returnsRelation, fn.volatility, fn.args],
      [true, 'public.article', 'stable', [{ name: 'author_row', type: 'public.author', mode: 'in', hasDefault: false }]],
    );
  });

  test('the session is READ ONLY with the statement timeout set: a write fails and leaves nothing', async () => {
    const settings = await readOnlySession(url, { statementTimeoutMs: 4321 }, async (q) => [
      (await q('SHOW transaction_read_only'))[0],
      (await q('SHOW statement_timeout'))[0],
    ]);
    assert.deepEqual(settings, [{ transaction_read_only: 'on' }, { statement_timeout: '4321ms' }]);
    const error = await failure(readOnlySession(url, {}, (q) => q('CREATE TABLE public.written (id int)')));
    assert.equal(error.message, `Reading the database at 127.0.0.1:${pg.port}/shop failed: cannot execute CREATE TABLE in a read-only transaction (25006)`);
    const after = await pg.sql("SELECT to_regclass('public.written') IS NULL AS absent", 'shop');
    assert.deepEqual(after.rows, [{ absent: true }]);
  });

  test('wrong password', async () => {
    const error = await failure(introspectLive('default', pg.url('shop', 'app', 'not-it')));
    assert.equal(error.kind, 'password');
    assert.equal(error.message, `The database at 127.0.0.1:${pg.port}/shop refused the password of user \`app\`.`);
  });

  test('no password in the URL', async () => {
    const error = await failure(introspectLive('default', `postgres://app@127.0.0.1:${pg.port}/shop`));
    assert.equal(error.message, `The database at 127.0.0.1:${pg.port}/shop asks for a password and the URL gives none for user \`app\`.`);
  });

  test('unknown database', async () => {
    const error = await failure(introspectLive('default', pg.url('nope', 'app', APP_PASSWORD)));
    assert.equal(error.kind, 'database');
    assert.equal(error.message, `The server at 127.0.0.1:${pg.port} has no database \`nope\`.`);
  });

  test('unreachable port', async () => {
    const silent = await silentServer();
    silent.close();
    const error = await failure(introspectLive('default', `postgres://app:wrong-pw@127.0.0.1:${silent.port}/shop`));
    assert.equal(error.kind, 'unreachable');
    assert.equal(
      error.message,
      `Could not reach the database at 127.0.0.1:${silent.port}/shop: connection refused: is the server running there and accepting TCP connections?`,
    );
  });

  test('a server that never answers: the connect timeout', async () => {
    const silent = await silentServer();
    try {
      const error = await failure(introspectLive('default', `postgres://app:wrong-pw@127.0.0.1:${silent.port}/shop`, { connectTimeoutMs: 300 }));
      assert.equal(error.kind, 'timeout');
      assert.equal(error.message, `Could not reach the database at 127.0.0.1:${silent.port}/shop: no answer within 0.3 s.`);
    } finally {
      silent.close();
    }
  });

  test('slower than the statement timeout: a lock held on a catalog table by another connection', async () => {
    const locker = await pg.connect('shop');
    try {
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE pg_catalog.pg_enum IN ACCESS EXCLUSIVE MODE');
      const error = await failure(introspectLive('default', url, { statementTimeoutMs: 300 }));
      assert.equal(error.kind, 'statement-timeout');
      assert.equal(
        error.message,
        `Reading the catalog of 127.0.0.1:${pg.port}/shop took longer than the statement timeout (0.3 s) and was cancelled: a busy server or a lock held on a catalog table?`,
      );
    } finally {
      await locker.query('ROLLBACK');
      await locker.end();
    }
  });

  test('aborting the signal ends the read at once, as cancelled', async () => {
    const locker = await pg.connect('shop');
    try {
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE pg_catalog.pg_enum IN ACCESS EXCLUSIVE MODE');
      const controller = new AbortController();
      const reading = introspectLive('default', url, { signal: controller.signal });
      setTimeout(() => controller.abort(), 200);
      const error = await failure(reading);
      assert.deepEqual([error.kind, error.message], ['cancelled', 'Reading the database was cancelled.']);
      const before = await failure(introspectLive('default', url, { signal: AbortSignal.abort() }));
      assert.equal(before.kind, 'cancelled');
    } finally {
      await locker.query('ROLLBACK');
      await locker.end();
    }
  });

  test('TLS asked of a server without it', async () => {
    const error = await failure(introspectLive('default', `${url}?sslmode=no-verify`));
    assert.equal(error.kind, 'tls');
    assert.equal(error.message, `TLS problem with the database at 127.0.0.1:${pg.port}/shop: The server does not support SSL connections`);
  });

  test('buildLiveSource: the model and its status, or a warning at database_url whose text has no password', async () => {
    const connection: SourceConnection = {
      source: 'default',
      kind: 'postgres',
      config: { kind: 'env', variable: 'PG_DATABASE_URL' },
      file: '/p/metadata/databases/databases.yaml',
      span: { start: 10, end: 20 },
    };
    const ok = await buildLiveSource(connection, url, 'PG_DATABASE_URL (.env)');
    assert.equal(ok.status, `live: 127.0.0.1:${pg.port}/shop`);
    assert.deepEqual(ok.findings, []);
    assert.ok(ok.model?.relations['public.author']);
    const wrong = `postgres://app:${encodeURIComponent('s3cr@t?x')}@127.0.0.1:${pg.port}/shop?password=${encodeURIComponent('s3cr@t?x')}`;
    const bad = await buildLiveSource(connection, wrong, 'PG_DATABASE_URL (.env)');
    assert.equal(bad.model, undefined);
    assert.equal(bad.status, `live: wrong password (127.0.0.1:${pg.port}/shop)`);
    assert.deepEqual(bad.findings, [
      {
        code: 'database-connection-failed',
        severity: 'warning',
        file: '/p/metadata/databases/databases.yaml',
        span: { start: 10, end: 20 },
        data: { kind: 'password' },
        message: `Source \`default\`: The database at 127.0.0.1:${pg.port}/shop refused the password of user \`app\`. The URL comes from PG_DATABASE_URL (.env). The metadata is checked without a database model.`,
      },
    ]);
    assert.equal(JSON.stringify(bad).includes('s3cr'), false);
  });
});

describe('live database: a PostgreSQL that accepts TLS connections only', { skip: postgresSkipReason() }, () => {
  let pg: TestCluster;
  before(async () => {
    pg = await startCluster({ tlsOnly: true });
  });
  after(() => pg?.stop());

  test('without TLS: the server refuses, and the message says to ask for TLS', async () => {
    const error = await failure(introspectLive('default', pg.url('postgres')));
    assert.equal(error.kind, 'tls');
    assert.match(
      error.message,
      new RegExp(
        `^The database at 127\\.0\\.0\\.1:${pg.port}/postgres accepts only TLS connections: add \`sslmode=require\` to the URL\\. \\(no pg_hba\\.conf entry for host "127\\.0\\.0\\.1", user "gm_admin", database "postgres", no encryption\\)$`,
      ),
    );
  });

  test('a self-signed certificate with sslmode=require: a TLS problem, with the hint about verify-full', async () => {
    const error = await failure(introspectLive('default', `${pg.url('postgres')}?sslmode=require`));
    assert.equal(error.kind, 'tls');
    assert.equal(
      error.message,
      `TLS problem with the database at 127.0.0.1:${pg.port}/postgres: self-signed certificate (this client verifies the certificate for sslmode=require as for verify-full; add \`uselibpqcompat=true\` to the URL for libpq's meaning)`,
    );
  });

  test('sslmode=no-verify reads the catalog', async () => {
    const model = await introspectLive('default', `${pg.url('postgres')}?sslmode=no-verify`);
    assert.deepEqual(model.schemas, ['public']);
  });
});

describe('live database: URLs that go nowhere (no server needed)', () => {
  test('a host name that does not resolve', async () => {
    const error = await failure(introspectLive('default', 'postgres://u:s3cret-pw@nonexistent-host.invalid/db', { connectTimeoutMs: 5000 }));
    assert.equal(error.kind, 'unreachable');
    assert.match(error.message, /^Could not reach the database at nonexistent-host\.invalid\/db: the host name (is not known|could not be looked up) \(DNS\)$/);
  });

  test('a URL pg cannot parse: said so, with no password in the message', async () => {
    for (const url of ['postgres://u:s3cret-pw@[::1/db', 'postgres://u:s3cret-pw@127.0.0.1:99999/db']) {
      const error = await failure(introspectLive('default', url));
      assert.equal(error.message, 'The database URL is not valid: Invalid URL (expected a postgres:// URL with user, password, host, port and database).');
    }
  });
});
