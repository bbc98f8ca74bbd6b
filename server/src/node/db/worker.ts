/**
 * The database child process (bundled as dist/dbWorker.js; forked by embedded.ts with an IPC
 * channel). It gets one job, applies the migrations to a fresh PGlite with the extensions they
 * create, introspects, sends the result back and exits, so the memory PGlite took is given back.
 * Only this process ever loads PGlite.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as zlib from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import type { Extension } from '@electric-sql/pglite';
import type { ApplyJob } from './runner';
import { migrationsBuild, writeCachedBuild } from './cache';
import { extensionsCreated, MigrationRunner } from './runner';
import { jobOf, PacedReply, replyMessages } from './protocol';
import type { WorkerReply, WorkerRequest } from './protocol';
import { markUsed } from '../cacheFolder';

/** The contrib extensions PGlite ships, by the name `CREATE EXTENSION` uses; each loaded only when the migrations create it. */
const CONTRIB: Readonly<Record<string, () => Promise<Extension | undefined>>> = {
  amcheck: async () => (await import('@electric-sql/pglite/contrib/amcheck')).amcheck,
  bloom: async () => (await import('@electric-sql/pglite/contrib/bloom')).bloom,
  btree_gin: async () => (await import('@electric-sql/pglite/contrib/btree_gin')).btree_gin,
  btree_gist: async () => (await import('@electric-sql/pglite/contrib/btree_gist')).btree_gist,
  citext: async () => (await import('@electric-sql/pglite/contrib/citext')).citext,
  cube: async () => (await import('@electric-sql/pglite/contrib/cube')).cube,
  dict_int: async () => (await import('@electric-sql/pglite/contrib/dict_int')).dict_int,
  dict_xsyn: async () => (await import('@electric-sql/pglite/contrib/dict_xsyn')).dict_xsyn,
  earthdistance: async () => (await import('@electric-sql/pglite/contrib/earthdistance')).earthdistance,
  fuzzystrmatch: async () => (await import('@electric-sql/pglite/contrib/fuzzystrmatch')).fuzzystrmatch,
  hstore: async () => (await import('@electric-sql/pglite/contrib/hstore')).hstore,
  intarray: async () => (await import('@electric-sql/pglite/contrib/intarray')).intarray,
  isn: async () => (await import('@electric-sql/pglite/contrib/isn')).isn,
  lo: async () => (await import('@electric-sql/pglite/contrib/lo')).lo,
  ltree: async () => (await import('@electric-sql/pglite/contrib/ltree')).ltree,
  moddatetime: async () => (await import('@electric-sql/pglite/contrib/moddatetime')).moddatetime,
  pg_stat_statements: async () => (await import('@electric-sql/pglite/contrib/pg_stat_statements')).pg_stat_statements,
  pg_trgm: async () => (await import('@electric-sql/pglite/contrib/pg_trgm')).pg_trgm,
  pgcrypto: async () => (await import('@electric-sql/pglite/contrib/pgcrypto')).pgcrypto,
  seg: async () => (await import('@electric-sql/pglite/contrib/seg')).seg,
  tablefunc: async () => (await import('@electric-sql/pglite/contrib/tablefunc')).tablefunc,
  tcn: async () => (await import('@electric-sql/pglite/contrib/tcn')).tcn,
  tsm_system_rows: async () => (await import('@electric-sql/pglite/contrib/tsm_system_rows')).tsm_system_rows,
  tsm_system_time: async () => (await import('@electric-sql/pglite/contrib/tsm_system_time')).tsm_system_time,
  unaccent: async () => (await import('@electric-sql/pglite/contrib/unaccent')).unaccent,
  'uuid-ossp': async () => (await import('@electric-sql/pglite/contrib/uuid_ossp')).uuid_ossp,
  vector: () => Promise.resolve(pgvector()),
};

/**
 * Postgres's memory sized for one session applying DDL (PGlite's defaults are a server's: 128 MB of
 * shared buffers, 100 connections). Measured on 5stackgg: start-up CPU -0.7 s, peak RSS 470 -> 335 MB.
 * The lock table keeps its default size (64 x 100 slots = 1280 x 5): one migration file that creates
 * thousands of objects holds a lock on each until it commits.
 */
const START_PARAMS = ['-c', 'shared_buffers=16MB', '-c', 'max_connections=5', '-c', 'max_locks_per_transaction=1280', '-c', 'wal_buffers=1MB'];

/**
 * pgvector built for PGlite (`@electric-sql/pglite-pgvector`): its bundle, copied beside the bundled
 * worker by scripts/build.mjs (dist/pglite-vector.tar.gz), else the devDependency's own (tests run
 * this file from out/). Its package pins an older PGlite as a peer, so it is not a dependency; the
 * bundle is what PGlite loads. Undefined when there is none: `vector` is then an unavailable extension.
 */
function pgvector(): Extension | undefined {
  const candidates = [path.join(__dirname, 'pglite-vector.tar.gz')];
  try {
    candidates.push(path.join(path.dirname(require.resolve('@electric-sql/pglite-pgvector')), 'vector.tar.gz'));
  } catch {
    // Not installed (a packaged worker has its copy).
  }
  const bundle = candidates.find((file) => fs.existsSync(file));
  if (bundle === undefined) return undefined;
  return { name: 'vector', setup: (_pg, emscriptenOpts: unknown) => Promise.resolve({ emscriptenOpts, bundlePath: pathToFileURL(bundle) }) };
}

/** Made in the saved fresh database before it is saved (the runner creates it first anyway), so each build skips it. */
const BASE_SQL = 'CREATE EXTENSION IF NOT EXISTS pgcrypto; CHECKPOINT';

async function build(job: ApplyJob): Promise<WorkerReply> {
  const started = performance.now();
  const extensions: Record<string, Extension> = {};
  for (const name of new Set(['pgcrypto', ...(job.platform?.extensions ?? []), ...extensionsCreated(job.files)])) {
    const extension = await CONTRIB[name]?.();
    if (extension !== undefined) extensions[name.replace(/-/g, '_')] = extension;
  }
  const startParams = [...PGlite.defaultStartParams, ...START_PARAMS];
  // A dump carries the extension set it was made with (postgresql.conf preloads some of them): one per set.
  const base = job.dataDirCache !== undefined ? baseDataDir(job.dataDirCache, Object.keys(extensions)) : undefined;
  let saved = base !== undefined ? readTar(base) : undefined;
  let db: PGlite;
  try {
    db = await PGlite.create({ extensions, startParams, ...(saved !== undefined ? { loadDataDir: saved } : {}) });
  } catch (error) {
    if (saved === undefined || base === undefined) throw error;
    // A saved database this PGlite cannot start from: forget it and make a fresh one.
    fs.rmSync(base, { force: true });
    saved = undefined;
    db = await PGlite.create({ extensions, startParams });
  }
  if (saved === undefined) {
    await db.exec(BASE_SQL);
    if (base !== undefined) await saveDataDir(db, base);
  }
  const created = performance.now();
  try {
    const result = await new MigrationRunner(db).run(job);
    if (job.buildCache) writeCachedBuild(job.buildCache.folder, job.buildCache.root, job.buildCache.key, migrationsBuild(job.source, result));
    const cpu = process.cpuUsage();
    return {
      type: 'done',
      result,
      stats: {
        createMs: Math.round(created - started),
        applyMs: Math.round(performance.now() - created),
        cpuMs: Math.round((cpu.user + cpu.system) / 1000),
        peakRssKb: process.resourceUsage().maxRSS,
        fromSavedDataDir: saved !== undefined,
      },
    };
  } finally {
    // Silent: the build's outcome is already in hand; a close that fails changes nothing of it.
    await db.close().catch(() => undefined);
  }
}

/** The fresh database of this PGlite version, as PGlite dumps it (initdb's result and BASE_SQL, before any migration; v2 since BASE_SQL). */
function baseDataDir(folder: string, extensions: readonly string[]): string {
  const pkg = path.join(path.dirname(require.resolve('@electric-sql/pglite')), '..', 'package.json');
  const { version } = JSON.parse(fs.readFileSync(pkg, 'utf8')) as { version?: unknown };
  return path.join(folder, `pglite-${typeof version === 'string' ? version : 'unknown'}-v2-${[...extensions].sort().join('+')}-base.tar.gz`);
}

/**
 * The saved database as PGlite's `loadDataDir` reads it (it only calls `arrayBuffer()` and reads
 * `type`), unpacked by zlib: PGlite's own gunzip (web streams) and Blob reading cost ~0.5 s more.
 * A damaged file fails when PGlite starts, and is replaced then.
 */
function readTar(file: string): Blob | undefined {
  let packed: Buffer;
  try {
    packed = fs.readFileSync(file);
  } catch {
    // Silent: no saved database (or an unreadable one): a fresh one is made.
    return undefined;
  }
  markUsed(file);
  const arrayBuffer = (): Promise<ArrayBuffer> => {
    try {
      const tar = zlib.gunzipSync(packed);
      return Promise.resolve(tar.buffer.slice(tar.byteOffset, tar.byteOffset + tar.byteLength));
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
  };
  return { type: 'application/x-tar', arrayBuffer } as unknown as Blob;
}

/** Saves a fresh database for the next runs (temp file, then rename); failing to is only slower next time. */
async function saveDataDir(db: PGlite, file: string): Promise<void> {
  const temp = `${file}.${process.pid}.tmp`;
  try {
    const dump = await db.dumpDataDir('gzip');
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    fs.writeFileSync(temp, Buffer.from(await dump.arrayBuffer()), { mode: 0o600 });
    fs.renameSync(temp, file);
  } catch {
    // Silent: a database that cannot be saved is only a slower next run (the doc comment).
    fs.rmSync(temp, { force: true });
  }
}

/** Sends the reply a part at a time, each when the parent asks for it (see PacedReply), and exits after the last. */
function send(reply: WorkerReply): void {
  const paced = new PacedReply(replyMessages(reply), (message, last) => {
    if (last) process.send?.(message, undefined, undefined, () => process.exit(0));
    else process.send?.(message);
  });
  process.on('message', (request: WorkerRequest) => {
    if (request?.type === 'next') paced.next();
  });
  paced.next();
}

process.once('message', (request: WorkerRequest) => {
  if (request?.type !== 'apply') {
    send({ type: 'error', message: 'the database process got a request it does not know' });
    return;
  }
  build(jobOf(request.job)).then(send, (error: unknown) => send({ type: 'error', message: error instanceof Error ? error.message : String(error) }));
});
process.on('disconnect', () => process.exit(0));
