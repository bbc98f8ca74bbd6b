import { spawnSync } from 'node:child_process';
import type { SpawnSyncReturns } from 'node:child_process';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { Client } from 'pg';

/**
 * A throwaway real PostgreSQL server for tests: Debian's `postgresql` package (installed by
 * `.ci/run`), a cluster made with initdb in a temp folder, listening on 127.0.0.1 on a free port
 * (its unix socket in the temp folder too), password authentication (scram-sha-256) everywhere.
 * `stop()` stops it and removes the folder; a process exit stops it as well.
 */

const BIN_ROOT = '/usr/lib/postgresql';

/** The superuser of the cluster and its password. */
export const ADMIN = { user: 'gm_admin', password: 'admin-pw' };

/** The bin folder of the newest installed PostgreSQL, or undefined when there is none. */
export function postgresBinDir(): string | undefined {
  let versions: string[];
  try {
    versions = fs.readdirSync(BIN_ROOT).filter((v) => fs.existsSync(path.join(BIN_ROOT, v, 'bin', 'initdb')));
  } catch {
    return undefined;
  }
  const newest = versions.sort((a, b) => Number(a) - Number(b)).pop();
  return newest === undefined ? undefined : path.join(BIN_ROOT, newest, 'bin');
}

/**
 * Why the tests that need a real server are skipped (false: they run). Under `CI=true` a missing
 * PostgreSQL is not a reason to skip: this throws, so the test file fails.
 */
export function postgresSkipReason(): string | false {
  if (postgresBinDir()) return false;
  const message = `PostgreSQL is not installed (no ${BIN_ROOT}/<version>/bin/initdb): install Debian's postgresql package (.ci/run does) to run the live-database tests.`;
  if (process.env.CI === 'true') throw new Error(`CI=true: ${message}`);
  console.warn(`\n*** SKIPPED: ${message}\n`);
  return message;
}

export interface TestCluster {
  readonly port: number;
  readonly dir: string;
  /** `postgres://user:password@127.0.0.1:port/database`, the user and password percent-encoded. */
  url(database: string, user?: string, password?: string): string;
  /** Runs SQL as the superuser in `database` (default `postgres`). */
  sql(text: string, database?: string): Promise<{ rows: Record<string, unknown>[] }>;
  /** A connected superuser client (the caller ends it). */
  connect(database?: string): Promise<Client>;
  /** Stops the server and removes its folder; safe to call twice. */
  stop(): void;
}

const running = new Set<() => void>();
process.on('exit', () => {
  for (const stop of [...running]) stop();
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address() as net.AddressInfo;
      server.close(() => resolve(address.port));
    });
  });
}

const isRoot = (): boolean => process.getuid?.() === 0;

/** Runs a PostgreSQL binary, as the `postgres` user when we are root (initdb refuses root). */
function runBinary(bin: string, args: readonly string[]): SpawnSyncReturns<string> {
  const [cmd, argv] = isRoot() ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
  return spawnSync(cmd, argv, { encoding: 'utf8', timeout: 60_000 });
}

function mustRun(bin: string, args: readonly string[]): void {
  const r = runBinary(bin, args);
  if (r.status !== 0) throw new Error(`${path.basename(bin)} failed (${r.status ?? r.signal ?? r.error?.message}):\n${r.stdout}\n${r.stderr}`);
}

/**
 * TLS only: a self-signed certificate for `localhost` (made with openssl), `ssl = on`, and a
 * pg_hba.conf that accepts TCP connections over TLS alone.
 */
function requireTls(dir: string, data: string): void {
  const [key, crt] = [path.join(data, 'server.key'), path.join(data, 'server.crt')];
  const r = spawnSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2', '-subj', '/CN=localhost', '-keyout', key, '-out', crt], {
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`openssl failed: ${r.stderr}`);
  fs.chmodSync(key, 0o600);
  fs.appendFileSync(path.join(data, 'postgresql.conf'), "\nssl = on\nssl_cert_file = 'server.crt'\nssl_key_file = 'server.key'\n");
  fs.writeFileSync(path.join(data, 'pg_hba.conf'), 'local all all scram-sha-256\nhostssl all all 127.0.0.1/32 scram-sha-256\n');
  if (isRoot()) spawnSync('chown', ['-R', 'postgres:', dir]);
}

/** Creates and starts a cluster; the caller must `stop()` it (an `after` hook), also when a test fails. */
export async function startCluster(options: { tlsOnly?: boolean } = {}): Promise<TestCluster> {
  const bin = postgresBinDir();
  if (!bin) throw new Error('PostgreSQL is not installed');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gm-pg-'));
  const data = path.join(dir, 'data');
  const pwfile = path.join(dir, 'pwfile');
  fs.writeFileSync(pwfile, `${ADMIN.password}\n`);
  if (isRoot()) spawnSync('chown', ['-R', 'postgres:', dir]);
  fs.chmodSync(dir, 0o700);
  const port = await freePort();
  let started = false;
  const stop = (): void => {
    running.delete(stop);
    if (started) runBinary(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop']);
    started = false;
    fs.rmSync(dir, { recursive: true, force: true });
  };
  running.add(stop);
  try {
    mustRun(path.join(bin, 'initdb'), [
      '-D',
      data,
      '-U',
      ADMIN.user,
      '--pwfile',
      pwfile,
      '--auth',
      'scram-sha-256',
      '-E',
      'UTF8',
      '--locale',
      'C',
      '--no-sync',
    ]);
    if (options.tlsOnly) requireTls(dir, data);
    const serverOptions = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=30`;
    started = true;
    mustRun(path.join(bin, 'pg_ctl'), ['-D', data, '-l', path.join(dir, 'server.log'), '-o', serverOptions, '-w', '-t', '60', 'start']);
  } catch (error) {
    stop();
    throw error;
  }
  const url = (database: string, user = ADMIN.user, password = ADMIN.password): string =>
    `postgres://${encodeURIComponent(user)}:${encodeURIComponent(password)}@127.0.0.1:${port}/${encodeURIComponent(database)}`;
  const connect = async (database = 'postgres'): Promise<Client> => {
    const client = new Client({ connectionString: url(database), ssl: options.tlsOnly ? { rejectUnauthorized: false } : false });
    await client.connect();
    return client;
  };
  const sql = async (text: string, database = 'postgres'): Promise<{ rows: Record<string, unknown>[] }> => {
    const client = await connect(database);
    try {
      const result: unknown = await client.query(text);
      const last = (Array.isArray(result) ? result.at(-1) : result) as { rows?: Record<string, unknown>[] } | undefined;
      return { rows: last?.rows ?? [] };
    } finally {
      await client.end();
    }
  };
  return { port, dir, url, sql, connect, stop };
}
