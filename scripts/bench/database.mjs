// The database model of a corpus project from its SQL migrations (issue 14): cold (the embedded
// Postgres in its child process, first with initdb, then from the saved fresh data dir) and from the
// cache, with the child's CPU time and peak RSS. The entry point is bundled from source with esbuild;
// the child is dist/dbWorker.js.

import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { parse } from 'yaml';
import { table } from './report.mjs';
import { median, round } from './stats.mjs';

async function loadDb(repo) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'graphql-metadata-bench-db-'));
  const outfile = path.join(dir, 'db.js');
  const contents = "export { buildDatabaseModels } from '../../server/src/node/db/index';\n";
  await esbuild.build({
    stdin: { contents, resolveDir: path.join(repo, 'scripts/bench'), loader: 'ts', sourcefile: 'bench-db.ts' },
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    outfile,
    logLevel: 'warning',
    external: ['@electric-sql/pglite', '@electric-sql/pglite/*'],
  });
  return { ...createRequire(outfile)(outfile), dir };
}

function sourcesOf(root) {
  const list = parse(readFileSync(path.join(root, 'databases/databases.yaml'), 'utf8'));
  return (Array.isArray(list) ? list : []).map((s) => ({ name: String(s.name), kind: String(s.kind) }));
}

/**
 * Builds `root`'s models with a fresh cache folder: cold with initdb, cold from the saved data dir
 * (unless `savedDataDirRun` is false), then `cacheRuns` times from the cache.
 */
export async function measureDatabase(repo, project, { cacheRuns = 5, savedDataDirRun = true, log = () => {} } = {}) {
  const { buildDatabaseModels, dir } = await loadDb(repo);
  const workerPath = path.join(repo, 'dist/dbWorker.js');
  const sources = sourcesOf(project.root);
  const cacheDir = path.join(dir, 'cache');
  const build = async (options) => {
    const infos = [];
    const started = performance.now();
    const builds = await buildDatabaseModels(project.root, sources, {
      cacheDir,
      workerPath,
      ...options,
      onBuilt: (b, info) => infos.push({ source: b.source, status: b.status, ...info }),
    });
    return { ms: performance.now() - started, builds, infos };
  };
  try {
    log(`${project.name}: database model, cold with initdb`);
    const first = await build({});
    const failed = first.builds.filter((b) => b.status.startsWith('migrations failed'));
    if (failed.length > 0) throw new Error(failed.map((b) => `${b.source}: ${b.status}`).join('; '));
    let cold = first;
    if (savedDataDirRun) {
      // Only the models go: the saved fresh data dir stays, as it does between real runs.
      for (const file of readdirSync(path.join(cacheDir, 'graphql-engine-metadata')))
        if (file.startsWith('db-')) rmSync(path.join(cacheDir, 'graphql-engine-metadata', file));
      log(`${project.name}: database model, cold from the saved data dir`);
      cold = await build({});
    }
    const cached = [];
    for (let i = 0; i < cacheRuns; i++) cached.push((await build({})).ms);
    const stats = cold.infos.map((i) => i.stats).filter(Boolean);
    return {
      statuses: cold.infos.map((i) => `${i.source}: ${i.status}`),
      firstColdMs: round(first.ms),
      coldMs: savedDataDirRun ? round(cold.ms) : undefined,
      childCpuMs: stats.reduce((n, s) => n + s.cpuMs, 0),
      childCreateMs: stats.reduce((n, s) => n + s.createMs, 0),
      childApplyMs: stats.reduce((n, s) => n + s.applyMs, 0),
      childPeakRssKb: Math.max(0, ...stats.map((s) => s.peakRssKb), ...first.infos.map((i) => i.stats?.peakRssKb ?? 0)),
      fromCacheMs: round(median(cached)),
      bestFromCacheMs: round(Math.min(...cached)),
      cacheRuns,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function databaseTable(db) {
  const mb = (kb) => Math.round(kb / 1024);
  return table(
    ['project', 'sources', 'cold, with initdb', 'cold', 'child create / apply', 'child CPU', 'child peak RSS', 'from cache (median / best)'],
    [
      [
        db.name,
        db.statuses.join('; '),
        `${db.firstColdMs} ms`,
        db.coldMs === undefined ? '-' : `${db.coldMs} ms`,
        `${db.childCreateMs} / ${db.childApplyMs} ms`,
        `${db.childCpuMs} ms`,
        `${mb(db.childPeakRssKb)} MB`,
        `${db.fromCacheMs} / ${db.bestFromCacheMs} ms`,
      ],
    ],
  );
}

export function databaseTargets(db) {
  const row = (target, value, limit, pass) => ({
    target,
    value: value === undefined ? undefined : `${value} ms`,
    limit,
    pass: value === undefined ? 'n/a' : pass(value) ? 'yes' : 'NO',
  });
  return [
    row(`${db?.name ?? 'database'} model from migrations, cold`, db?.coldMs, '<= 5000 ms', (v) => v <= 5000),
    row(`${db?.name ?? 'database'} model from cache`, db?.fromCacheMs, '<= 100 ms', (v) => v <= 100),
  ];
}
