/**
 * The database child process (bundled as dist/dbWorker.js; forked by embedded.ts with an IPC
 * channel). It gets one job, applies the migrations to a fresh PGlite with the extensions they
 * create, introspects, sends the result back and exits, so the memory PGlite took is given back.
 * Only this process ever loads PGlite.
 */
import { PGlite } from '@electric-sql/pglite';
import type { Extension } from '@electric-sql/pglite';
import type { ApplyJob } from './runner';
import { extensionsCreated, MigrationRunner } from './runner';
import type { WorkerReply, WorkerRequest } from './protocol';

/** The contrib extensions PGlite ships, by the name `CREATE EXTENSION` uses; each loaded only when the migrations create it. */
const CONTRIB: Readonly<Record<string, () => Promise<Extension>>> = {
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
};

async function build(job: ApplyJob): Promise<WorkerReply> {
  const started = performance.now();
  const extensions: Record<string, Extension> = {};
  for (const name of new Set(['pgcrypto', ...extensionsCreated(job.files)])) {
    const load = CONTRIB[name];
    if (load !== undefined) extensions[name.replace(/-/g, '_')] = await load();
  }
  const db = await PGlite.create({ extensions });
  const created = performance.now();
  try {
    const result = await new MigrationRunner(db).run(job);
    return { type: 'done', result, stats: { createMs: Math.round(created - started), applyMs: Math.round(performance.now() - created), peakRssKb: process.resourceUsage().maxRSS } };
  } finally {
    await db.close().catch(() => undefined);
  }
}

function send(reply: WorkerReply): void {
  process.send?.(reply, undefined, undefined, () => process.exit(0));
}

process.once('message', (request: WorkerRequest) => {
  if (request?.type !== 'apply') {
    send({ type: 'error', message: 'the database process got a request it does not know' });
    return;
  }
  build(request.job).then(send, (error: unknown) => send({ type: 'error', message: error instanceof Error ? error.message : String(error) }));
});
process.on('disconnect', () => process.exit(0));
