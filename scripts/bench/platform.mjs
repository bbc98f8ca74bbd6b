#!/usr/bin/env node
// What laying a platform's schemas (core/db/platforms.ts: nhost's auth and storage) costs the
// embedded build: the definition run on a fresh PGlite (with the extensions it needs loaded, as
// the database child loads them), median of N runs, against the same start without it.
// Usage: node scripts/bench/platform.mjs [RUNS]   (default 5)
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { PGlite } from '@electric-sql/pglite';
import { citext } from '@electric-sql/pglite/contrib/citext';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { median, round } from './stats.mjs';

const repo = path.resolve(import.meta.dirname, '../..');
const runs = Number(process.argv[2] ?? 5);
const dir = mkdtempSync(path.join(os.tmpdir(), 'graphql-metadata-bench-platform-'));
const outfile = path.join(dir, 'platforms.js');
await esbuild.build({
  stdin: { contents: "export { platformByName } from '../../server/src/core/db/platforms';\n", resolveDir: path.join(repo, 'scripts/bench'), loader: 'ts' },
  bundle: true,
  platform: 'node',
  format: 'cjs',
  outfile,
  logLevel: 'warning',
});
const { platformByName } = createRequire(outfile)(outfile);
rmSync(dir, { recursive: true, force: true });
const nhost = platformByName('nhost');

const baseMs = [];
const startMs = [];
const layMs = [];
for (let i = 0; i < runs; i++) {
  const base = performance.now();
  const plain = await PGlite.create({ extensions: { pgcrypto } });
  await plain.exec('CREATE EXTENSION IF NOT EXISTS pgcrypto');
  baseMs.push(performance.now() - base);
  await plain.close();
  const started = performance.now();
  const db = await PGlite.create({ extensions: { pgcrypto, citext } });
  await db.exec('CREATE EXTENSION IF NOT EXISTS pgcrypto');
  const created = performance.now();
  for (const schema of nhost.schemas) await db.exec(schema.sql);
  layMs.push(performance.now() - created);
  startMs.push(created - started);
  await db.close();
}
console.log(
  `nhost (${nhost.schemas.map((s) => s.schema).join(', ')}): laid in ${round(median(layMs))} ms (median of ${runs}; runs ${layMs.map(round).join(', ')}), after a start with its extensions of ${round(median(startMs))} ms (without them ${round(median(baseMs))} ms)`,
);
