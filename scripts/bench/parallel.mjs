#!/usr/bin/env node
// The cold check with 1, 2 and all threads (`check --jobs N`) against the floor (one thread of the
// yaml package parsing the same files, scripts/bench/yamlFloor.mjs) and the peer
// (yaml-language-server), measured in the same rounds: each round runs the floor, every jobs
// setting and (when asked) the peer back to back, so each ratio compares runs made under the same
// load. Prints a table (best and median wall, CPU, peak RSS, the ratios) and the load average, and
// writes JSON. Usage:
//   node scripts/bench/parallel.mjs [--sizes 1000,10000] [--runs 5] [--jobs 1,2,4] [--peer-runs 3]
//                                   [--cache DIR] [--json FILE]
// --peer-runs 0 leaves yaml-language-server out. --jobs defaults to 1, 2 and every core.

import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureBuilt } from './build.mjs';
import { measurePeer, peerVersion } from './peer.mjs';
import { measure } from './proc.mjs';
import { generatedProject } from './projects.mjs';
import { table } from './report.mjs';
import { median, round } from './stats.mjs';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const node = process.execPath;
const log = (message) => process.stderr.write(`· ${message}\n`);

function parseArgs(argv) {
  const all = os.availableParallelism();
  const opts = {
    sizes: [1000],
    runs: 5,
    jobs: [...new Set([1, 2, all])],
    peerRuns: 3,
    cache: path.join(os.tmpdir(), 'graphql-metadata-bench'),
    json: undefined,
  };
  for (let i = 0; i < argv.length; i++) {
    const value = () => argv[++i] ?? fail(`${argv[i - 1]} needs a value`);
    const list = () => value().split(',').map(Number);
    if (argv[i] === '--sizes') opts.sizes = list();
    else if (argv[i] === '--runs') opts.runs = Number(value());
    else if (argv[i] === '--jobs') opts.jobs = list();
    else if (argv[i] === '--peer-runs') opts.peerRuns = Number(value());
    else if (argv[i] === '--cache') opts.cache = path.resolve(value());
    else if (argv[i] === '--json') opts.json = path.resolve(value());
    else fail(`unknown option ${argv[i]}`);
  }
  if ([...opts.sizes, ...opts.jobs].some((n) => !Number.isInteger(n) || n < 1) || !(opts.runs >= 1)) fail('--sizes, --jobs and --runs take whole numbers >= 1');
  return opts;
}

function fail(message) {
  process.stderr.write(`parallel bench: ${message}\n`);
  process.exit(2);
}

async function floorRun(target) {
  const r = await measure(node, ['--no-allocation-site-pretenuring', path.join(REPO, 'scripts/bench/yamlFloor.mjs'), target.root, 'document'], { cwd: REPO });
  if (r.code !== 0) throw new Error(`the floor exited ${r.code}: ${r.stderr.slice(0, 500)}`);
  return r;
}

async function checkRun(target, jobs) {
  const r = await measure(node, [path.join(REPO, 'dist/cli.js'), 'check', target.root, '--format', 'json', '--jobs', String(jobs)], { cwd: REPO });
  if (r.code !== 0 && r.code !== 1) throw new Error(`check --jobs ${jobs} exited ${r.code}: ${r.stderr.slice(0, 500)}`);
  const { summary } = JSON.parse(r.stdout);
  if (summary.errors > 0 || summary.warnings > 0)
    throw new Error(`check --jobs ${jobs}: the generated project is not clean (${summary.errors} errors, ${summary.warnings} warnings)`);
  return r;
}

/** Rounds of floor, each jobs setting and the peer; per setting: wall/CPU/RSS lists and per-round ratios. */
async function measureSize(opts, target) {
  const rows = { floor: [], peer: [], ...Object.fromEntries(opts.jobs.map((j) => [`jobs ${j}`, []])) };
  const loads = [];
  for (let round = 0; round < opts.runs; round++) {
    loads.push(os.loadavg()[0]);
    log(`${target.name}: round ${round + 1}/${opts.runs} (load ${loads.at(-1).toFixed(2)})`);
    rows.floor.push(await floorRun(target));
    for (const jobs of opts.jobs) rows[`jobs ${jobs}`].push(await checkRun(target, jobs));
    if (round < opts.peerRuns) {
      const peer = await measurePeer(REPO, target.root);
      rows.peer.push({ wallMs: peer.wallMs, peakRssKb: peer.peakRssKb });
    }
  }
  const settings = Object.fromEntries(
    Object.entries(rows)
      .filter(([, runs]) => runs.length > 0)
      .map(([name, runs]) => [name, stats(runs, rows.floor, rows.peer)]),
  );
  return { name: target.name, tables: target.tables, files: target.files, bytes: target.bytes, loadAverages: loads.map((l) => round(l, 2)), settings };
}

function stats(runs, floor, peer) {
  const walls = runs.map((r) => r.wallMs);
  const cpus = runs.map((r) => r.cpuMs).filter((c) => c !== undefined);
  // The same round's floor and peer (the peer runs in the first rounds only).
  const toFloor = runs.map((r, i) => r.wallMs / floor[i].wallMs);
  const fromPeer = runs.slice(0, peer.length).map((r, i) => peer[i].wallMs / r.wallMs);
  return {
    runs: runs.length,
    wallMs: round(median(walls)),
    bestWallMs: round(Math.min(...walls)),
    ...(cpus.length > 0 ? { cpuMs: median(cpus) } : {}),
    peakRssKb: Math.max(...runs.map((r) => r.peakRssKb ?? 0)),
    toFloor: { median: round(median(toFloor), 2), best: round(Math.min(...walls) / Math.min(...floor.map((r) => r.wallMs)), 2) },
    ...(fromPeer.length > 0
      ? { peerOver: { median: round(median(fromPeer), 2), best: round(Math.min(...peer.map((p) => p.wallMs)) / Math.min(...walls), 2) } }
      : {}),
  };
}

function report(results) {
  const ms = (x) => (x === undefined ? '-' : x >= 10_000 ? `${(x / 1000).toFixed(1)} s` : `${Math.round(x)} ms`);
  const rows = results.flatMap((r) =>
    Object.entries(r.settings).map(([name, s]) => [
      r.name,
      name,
      s.runs,
      `${ms(s.wallMs)} / ${ms(s.bestWallMs)}`,
      ms(s.cpuMs),
      `${Math.round(s.peakRssKb / 1024)} MB`,
      `${s.toFloor.median}x / ${s.toFloor.best}x`,
      s.peerOver && name !== 'peer' ? `${s.peerOver.median}x / ${s.peerOver.best}x` : '-',
    ]),
  );
  const loads = results.map((r) => `${r.name}: load average at each round ${r.loadAverages.join(', ')}`);
  return [
    table(
      ['project', 'run', 'n', 'wall med / best', 'CPU med', 'peak RSS', 'wall / floor (same round med / best)', 'peer / this (same round med / best)'],
      rows,
    ),
    ...loads,
  ].join('\n');
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  ensureBuilt(REPO, log);
  const results = [];
  for (const size of opts.sizes) results.push(await measureSize(opts, generatedProject(opts.cache, size, 1, log)));
  const meta = {
    date: new Date().toISOString(),
    node: process.version,
    cpus: os.availableParallelism(),
    cpuModel: os.cpus()[0]?.model,
    yamlLanguageServer: peerVersion(),
    jobs: opts.jobs,
  };
  process.stdout.write(
    `Cold check with N threads (check --jobs N) against the floor (yaml parse, one thread) and yaml-language-server, same rounds (${meta.node}, ${meta.cpus} CPUs)\n${report(results)}\n`,
  );
  if (opts.json) writeFileSync(opts.json, `${JSON.stringify({ meta, results }, null, 2)}\n`);
}

await main();
