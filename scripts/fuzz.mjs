#!/usr/bin/env node
// Fuzzes the whole check with mutated real projects (../shared/corpus).
//   npm run fuzz -- [--cases N] [--seed S] [--out DIR] [--workers W] [--limit MS] [--no-budget] [--no-build]
//   npm run fuzz -- --replay DIR [--limit MS] [--no-budget] [--no-build]
// Failures (exception, broken finding range, over the per-case limit, `slow`: over the case's budget
// of 100 ms + 7 µs per input byte, at most 1 s, beyond its project's own check: test/fuzz/cases.ts
// budgetMs) are saved as reproducers under --out (default test/fixtures/fuzz/<hash>/);
// test/unit/fuzz/fuzz.test.ts replays them. --no-budget judges only the limit (a loaded machine).
// --replay runs the reproducers saved under DIR again, timed as in a run, and prints each one.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] !== undefined ? args[i + 1] : fallback;
};
const cases = Number(option('cases', '10000'));
const seed = Number(option('seed', String(Date.now() % 1_000_000)));
const out = path.resolve(repo, option('out', 'test/fixtures/fuzz'));
const workers = Number(option('workers', String(Math.max(1, os.availableParallelism() - 1))));
const limitMs = Number(option('limit', '2000'));
const budget = !args.includes('--no-budget');
if (![cases, seed, workers, limitMs].every(Number.isInteger)) {
  console.error(
    'usage: npm run fuzz -- [--cases N] [--seed S] [--out DIR] [--workers W] [--limit MS] [--no-budget] [--no-build] | --replay DIR [--limit MS] [--no-budget]',
  );
  process.exit(2);
}
if (!args.includes('--no-build')) {
  const tsc = spawnSync(process.execPath, [path.join(repo, 'node_modules/typescript/bin/tsc'), '-b'], { cwd: repo, stdio: 'inherit' });
  if (tsc.status !== 0) process.exit(tsc.status ?? 1);
}

const { runFuzz, replayReproducers } = createRequire(import.meta.url)(path.join(repo, 'out/test/fuzz/driver.js'));
const replay = option('replay', undefined);
if (replay !== undefined) {
  const results = await replayReproducers(path.resolve(replay), { limitMs, budget });
  for (const r of results) {
    console.log(
      `${path.basename(r.dir)} ${String(Math.round(r.ms)).padStart(6)} ms  ${r.info.project} ${r.info.file} [${r.info.mutators.join(', ')}]${r.failure ? ` ${r.failure.kind}: ${r.failure.message.split('\n')[0]}` : ''}`,
    );
  }
  const failed = results.filter((r) => r.failure).length;
  console.log(`replay: ${results.length} reproducer(s), ${failed} failure(s), slowest ${Math.round(Math.max(0, ...results.map((r) => r.ms)))} ms`);
  process.exit(failed > 0 ? 1 : 0);
}
console.log(
  `fuzz: ${cases} cases, seed ${seed}, ${workers} worker(s), ${limitMs} ms per case${budget ? ' and a budget per input byte' : ''}, reproducers in ${path.relative(repo, out)}`,
);
let last = 0;
const summary = await runFuzz({
  cases,
  seed,
  out,
  workers,
  limitMs,
  budget,
  onFailure(f) {
    console.log(`  failure: case ${f.case.index} ${f.case.file} [${f.case.mutators.join(', ')}] ${f.failure.kind}: ${f.failure.message.split('\n')[0]}`);
  },
  onProgress(done, failures) {
    const now = Date.now();
    if (now - last < 10_000 && done !== cases) return;
    last = now;
    console.log(`  ${done}/${cases} cases, ${failures} failure(s)`);
  },
});
console.log(
  `fuzz: ${summary.cases} cases in ${(summary.ms / 1000).toFixed(1)} s (${(summary.cases / (summary.ms / 1000)).toFixed(0)}/s); slowest ${Math.round(summary.slowestMs)} ms (case ${summary.slowestCase}); ${summary.failures.length} failure(s)`,
);
const time = (t) => `case ${t.case}: ${Math.round(t.ms)} ms for ${t.bytes} bytes (budget ${Math.round(t.budgetMs)} ms)`;
if (summary.tightest) console.log(`  nearest its budget: ${time(summary.tightest)}`);
if (summary.largest) console.log(`  largest input: ${time(summary.largest)}`);
for (const f of summary.failures) {
  console.log(
    `- case ${f.case.index} ${f.case.project} ${f.case.file} [${f.case.mutators.join(', ')}] ${f.failure.kind}: ${f.failure.message.split('\n').slice(0, 3).join(' | ')}`,
  );
  if (f.saved) console.log(`  saved ${path.relative(repo, f.saved)}`);
}
process.exit(summary.failures.length > 0 ? 1 : 0);
