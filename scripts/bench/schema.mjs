#!/usr/bin/env node
// The generated GraphQL schema (issue 27 §7): on the generated N-table project with its migration
// (the same project and SQL as databaseModel.mjs), in-process: the admin schema generated cold (first
// call), as the operations check gets it (schema/lazy.ts: roots made, types collected as validation
// reaches them) and collected whole (what printing and introspection need); again after a one-line
// edit of a table file (the check of the edit plus the schema, lazy and whole: nothing is reused
// across edits); SDL printing, and the heap the whole schema holds; then the built CLI's `schema` end
// to end (a new process, the model read from the cache). Prints a table and the targets
// (never enforced).
// Usage: node --expose-gc scripts/bench/schema.mjs [--tables 1000] [--runs 5] [--seed 1]

import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { ensureBuilt } from './build.mjs';
import { bundleEntry } from './coreBundle.mjs';
import { projectWithMigrations } from './databaseModel.mjs';
import { round, summary } from './stats.mjs';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const ENTRY = `
export { checkRoot } from '../../server/src/core/check';
export { RootSession } from '../../server/src/core/session';
export { ParseCache } from '../../server/src/core/project/cache';
export { generateSchema } from '../../server/src/core/graphql/schema/index';
export { createNodeHost } from '../../server/src/node/fsHost';
export { buildDatabaseModels, sourcesOf } from '../../server/src/node/db/index';
export { printSchema } from 'graphql';
`;

function args(argv) {
  const opts = { tables: 1000, runs: 5, seed: 1 };
  for (let i = 0; i < argv.length; i++) {
    const value = () => Number(argv[++i]);
    if (argv[i] === '--tables') opts.tables = value();
    else if (argv[i] === '--runs') opts.runs = value();
    else if (argv[i] === '--seed') opts.seed = value();
    else throw new Error(`unknown argument ${argv[i]}`);
  }
  return opts;
}

async function loadBundle(dir) {
  const outfile = path.join(dir, 'schema-bench.js');
  await bundleEntry(ENTRY, outfile, { external: ['@electric-sql/pglite', 'pg'] });
  return createRequire(import.meta.url)(outfile);
}

function time(fn) {
  const t0 = performance.now();
  const value = fn();
  return { ms: performance.now() - t0, value };
}

const heapMb = () => {
  globalThis.gc?.();
  return process.memoryUsage().heapUsed / 2 ** 20;
};

const opts = args(process.argv.slice(2));
ensureBuilt(REPO, (line) => console.error(line));
const cache = path.join(os.tmpdir(), 'graphql-metadata-bench');
mkdirSync(cache, { recursive: true });
const project = projectWithMigrations(cache, opts.tables, opts.seed);
const core = await loadBundle(cache);
const host = core.createNodeHost();
const parse = new core.ParseCache();
const session = new core.RootSession(project.root, { host, cache: parse }, {});
const root = session.check();
const cacheDir = path.join(cache, 'schema-model-cache');
const builds = await core.buildDatabaseModels(project.root, core.sourcesOf(root.index), {
  cacheDir,
  mode: 'migrations',
  workerPath: path.join(REPO, 'dist/dbWorker.js'),
});
const models = new Map(builds.flatMap((b) => (b.model ? [[b.source, b.model]] : [])));
if (models.size === 0) throw new Error(`no model: ${builds.map((b) => b.status).join('; ')}`);

const before = heapMb();
const cold = time(() => core.generateSchema(root, models));
if (!cold.value.ok) throw new Error(cold.value.error);
const heldLazy = heapMb() - before;
const whole = time(() => cold.value.schema.getTypeMap());
const held = heapMb() - before;
const types = Object.keys(whole.value).length;
const sdl = time(() => core.printSchema(cold.value.schema));

// A one-line edit of a table file, then the check and the schema again, `runs` times: as the
// operations check gets it (lazy), and collected whole.
const file = `${project.root}/${project.tableRel}`;
const text = readFileSync(file, 'utf8');
const edits = { lazy: [], whole: [] };
for (let k = 0; k < 2 * opts.runs; k++) {
  writeFileSync(file, `${text}# edit ${k}\n`);
  const full = k % 2 === 1;
  (full ? edits.whole : edits.lazy).push(
    time(() => {
      const result = session.check([file]);
      const generated = core.generateSchema(result, models);
      if (full) generated.schema.getTypeMap();
      return generated;
    }).ms,
  );
}
writeFileSync(file, text);
session.check([file]);

const cliRuns = [];
for (let k = 0; k < Math.min(opts.runs, 3); k++) {
  const t0 = performance.now();
  const r = spawnSync(
    process.execPath,
    [path.join(REPO, 'dist/cli.js'), 'schema', project.root, '--database', 'migrations', '-o', path.join(cache, 'schema.graphql')],
    {
      encoding: 'utf8',
      env: { ...process.env, XDG_CACHE_HOME: path.join(cache, 'cli-xdg') },
    },
  );
  if (r.status !== 0) throw new Error(`schema failed: ${r.stderr}`);
  if (k > 0) cliRuns.push(performance.now() - t0); // the first run builds the model into the cache
}

const lazy = summary(edits.lazy);
const e = summary(edits.whole);
const c = summary(cliRuns);
console.log(`generated project: ${opts.tables} tables (${project.folder}); schema: ${types} types, SDL ${round(sdl.value.length / 1024)} kB`);
console.log('| measure | ms |');
console.log('| --- | --- |');
console.log(`| admin schema, cold, as the operations check gets it (types collected as validation reaches them) | ${round(cold.ms)} |`);
console.log(`| admin schema, cold, collected whole (+ ${round(whole.ms)} ms) | ${round(cold.ms + whole.ms)} |`);
console.log(`| after a one-line table edit: check + schema as the operations check gets it (median of ${edits.lazy.length}) | ${round(lazy.median)} |`);
console.log(`| after a one-line table edit: check + schema collected whole (median of ${edits.whole.length}) | ${round(e.median)} |`);
console.log(`| SDL printed | ${round(sdl.ms)} |`);
console.log(`| CLI \`schema\` end to end, model from the cache (median of ${cliRuns.length}) | ${round(c.median)} |`);
console.log(
  `heap held by the schema: ${round(heldLazy)} MB as the check gets it, ${round(held)} MB whole${globalThis.gc ? '' : ' (run with --expose-gc for a stable figure)'}`,
);
console.log(
  `targets (issue 27): cold <= 1000 ms (${round(cold.ms + whole.ms)} whole, ${round(cold.ms)} lazy), after an edit <= 100 ms (${round(e.median)} whole, ${round(lazy.median)} lazy), <= 100 MB held (${round(held)})`,
);
