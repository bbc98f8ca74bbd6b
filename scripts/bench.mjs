#!/usr/bin/env node
// npm run bench: cold check time and peak RSS against the yaml package's parse time (the floor),
// the language server's start-up and one-line edit latency, and yaml-language-server (the per-file
// peer) on the same files, for generated projects of N tables and the largest corpus projects.
// Prints tables and writes JSON. Flags: --smoke, --sizes 100,1000, --skip-peer, --json FILE,
// --seed S, --edits K (LSP edits per kind), --core-edits K, --no-corpus, --no-profile, --no-database
// (the database model of 5stackgg from its SQL migrations, cold and from the cache), --model-tables N
// (the language server with a database model of the generated N-table project; default 1000, 0 = off,
// not in --smoke).

import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureBuilt } from './bench/build.mjs';
import { databaseTable, databaseTargets, measureDatabase } from './bench/database.mjs';
import { measureWithModel, modelTable, modelTargets } from './bench/databaseModel.mjs';
import { EDIT_KINDS } from './bench/edits.mjs';
import { coldCheck, coreEdits, cpuProfile, yamlFloor } from './bench/measurements.mjs';
import { measurePeer, peerVersion } from './bench/peer.mjs';
import { corpusProjects, generatedProject } from './bench/projects.mjs';
import { checkTable, editTable, floorTable, profileTable, serverTable, targets, targetTable, typingTable } from './bench/report.mjs';
import { measureRestart, measureServer } from './bench/server.mjs';
import { measureStartUp } from './bench/typing.mjs';
import { median, round } from './bench/stats.mjs';

/** The smoke run (CI) must stay quick. */
const SMOKE_LIMIT_S = 60;

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function parseArgs(argv) {
  const opts = {
    smoke: false,
    sizes: [100, 1000, 10_000],
    peer: true,
    json: undefined,
    seed: 1,
    edits: undefined,
    coreEdits: undefined,
    corpus: true,
    database: true,
    modelTables: 1000,
    profile: true,
    cache: path.join(os.tmpdir(), 'graphql-metadata-bench'),
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => argv[++i] ?? fail(`${arg} needs a value`);
    if (arg === '--smoke') opts.smoke = true;
    else if (arg === '--sizes') opts.sizes = value().split(',').map(Number);
    else if (arg === '--skip-peer') opts.peer = false;
    else if (arg === '--json') opts.json = path.resolve(value());
    else if (arg === '--seed') opts.seed = Number(value());
    else if (arg === '--edits') opts.edits = Number(value());
    else if (arg === '--core-edits') opts.coreEdits = Number(value());
    else if (arg === '--no-corpus') opts.corpus = false;
    else if (arg === '--no-profile') opts.profile = false;
    else if (arg === '--no-database') opts.database = false;
    else if (arg === '--model-tables') opts.modelTables = Number(value());
    else if (arg === '--cache') opts.cache = path.resolve(value());
    else fail(`unknown option ${arg}`);
  }
  if (opts.smoke) Object.assign(opts, { sizes: [50], profile: false, modelTables: 0 });
  if (!Number.isInteger(opts.modelTables) || (opts.modelTables !== 0 && opts.modelTables < 4)) fail('--model-tables takes 0 or a whole number >= 4');
  if (opts.sizes.some((n) => !Number.isInteger(n) || n < 4)) fail('--sizes takes whole numbers >= 4');
  return opts;
}

function fail(message) {
  process.stderr.write(`bench: ${message}\n`);
  process.exit(2);
}

const log = (message) => process.stderr.write(`· ${message}\n`);

/** How hard to measure a project: repeated runs and edit counts shrink with size and in smoke runs. */
function plan(opts, target) {
  const huge = target.kind === 'generated' && target.tables >= 10_000;
  return {
    runs: opts.smoke ? 1 : huge ? 3 : 5,
    lspRuns: opts.smoke || huge ? 1 : 3,
    lspEdits: target.kind === 'generated' ? (opts.edits ?? (opts.smoke || huge ? 5 : 30)) : 0,
    coreEdits: target.kind === 'generated' ? (opts.coreEdits ?? (opts.smoke || huge ? 10 : 50)) : 0,
    kinds: huge ? ['table', 'collections'] : EDIT_KINDS,
  };
}

/** Runs `once` `runs` times; `key` of each result gives the median and best; the rest is the first run's. */
async function repeated(runs, key, once) {
  const all = [];
  for (let i = 0; i < runs; i++) all.push(await once(i));
  const values = all.map((r) => r[key]);
  return {
    ...all[0],
    [key]: round(median(values)),
    [`best_${key}`]: round(Math.min(...values)),
    runs,
    peakRssKb: Math.max(...all.map((r) => r.peakRssKb ?? 0)),
  };
}

async function step(result, failures, key, what, fn) {
  log(`${result.name}: ${what}`);
  try {
    result[key] = await fn();
  } catch (error) {
    failures.push(`${result.name}: ${what}: ${error instanceof Error ? error.message : String(error)}`);
    log(`  FAILED: ${failures[failures.length - 1]}`);
  }
}

async function measureTarget(opts, target, failures) {
  const p = plan(opts, target);
  const result = { ...target };
  await step(result, failures, 'check', `cold check x${p.runs}`, () => coldCheck(REPO, target, p.runs));
  if (target.kind === 'generated' && result.check && (result.check.errors > 0 || result.check.warnings > 0))
    failures.push(`${target.name}: the generated project is not clean (${result.check.errors} errors, ${result.check.warnings} warnings)`);
  await step(result, failures, 'floor', `yaml floor x${p.runs}`, () => yamlFloor(REPO, target, p.runs));
  const edits = p.lspEdits > 0 ? p.kinds : [];
  const what = `language server x${p.lspRuns}${edits.length > 0 ? ` (${p.lspEdits} edits x ${edits.length} kinds)` : ''}`;
  await step(result, failures, 'server', what, () =>
    repeated(p.lspRuns, 'initializeToReadyMs', (i) =>
      measureServer(REPO, target.folder, target.root, i === 0 ? { edits, tableRel: target.tableRel, count: p.lspEdits, burst: edits.length > 0 } : {}),
    ),
  );
  if (target.tableRel)
    await step(result, failures, 'startUp', `cold start with a file open x${p.lspRuns}`, () =>
      repeated(p.lspRuns, 'openFileDiagnosticsMs', () => measureStartUp(REPO, target.folder, target.root, target.tableRel)),
    );
  if (target.tableRel)
    await step(result, failures, 'startUpFirst', `the first start after an install (no code cache) with a file open x${p.lspRuns}`, () =>
      repeated(p.lspRuns, 'openFileDiagnosticsMs', () => measureStartUp(REPO, target.folder, target.root, target.tableRel, { codeCache: false })),
    );
  await step(result, failures, 'restart', 'language server restart with its parse store', () => measureRestart(REPO, target.folder, target.root));
  if (p.coreEdits > 0)
    await step(result, failures, 'core', `in-process edits (${p.coreEdits} x ${p.kinds.length} kinds)`, () => coreEdits(REPO, target, p.coreEdits, p.kinds));
  if (opts.peer)
    await step(result, failures, 'peer', `yaml-language-server x${p.lspRuns}`, () => repeated(p.lspRuns, 'wallMs', () => measurePeer(REPO, target.root)));
  return result;
}

/** 5stackgg's database model (the smoke run: a small project's), when the corpus is there. */
async function measureDatabaseTarget(opts, failures) {
  if (!opts.database) return undefined;
  const name = opts.smoke ? 'kaguraswap__monorepo' : '5stackgg__api';
  const folder = path.resolve(REPO, '../shared/corpus', name);
  if (!existsSync(path.join(folder, 'migrations'))) {
    log(`no ${name} with migrations in ../shared/corpus: database model skipped`);
    return undefined;
  }
  try {
    const started = performance.now();
    const measured = await measureDatabase(
      REPO,
      { name, root: path.join(folder, 'metadata') },
      { cacheRuns: opts.smoke ? 2 : 5, savedDataDirRun: !opts.smoke, log },
    );
    return { name, ...measured, totalMs: Math.round(performance.now() - started) };
  } catch (error) {
    failures.push(`${name}: database model: ${error instanceof Error ? error.message : String(error)}`);
    return undefined;
  }
}

/** The language server with a database model of the generated project (none in the smoke run). */
async function measureModelTarget(opts, failures) {
  if (opts.modelTables === 0) return undefined;
  try {
    const started = performance.now();
    const measured = await measureWithModel(REPO, opts.cache, { tables: opts.modelTables, seed: opts.seed, edits: opts.edits ?? 30, log });
    return { ...measured, totalMs: Math.round(performance.now() - started) };
  } catch (error) {
    failures.push(`database model in the language server: ${error instanceof Error ? error.message : String(error)}`);
    return undefined;
  }
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const started = performance.now();
  ensureBuilt(REPO, log);
  mkdirSync(opts.cache, { recursive: true });
  const corpus = opts.corpus ? corpusProjects(REPO, 3) : [];
  if (opts.corpus && corpus.length === 0) log('no ../shared/corpus beside the repository: corpus projects skipped');
  const targetsToRun = [...opts.sizes.map((n) => generatedProject(opts.cache, n, opts.seed, log)), ...(opts.smoke ? corpus.slice(-1) : corpus)];
  const failures = [];
  const results = [];
  for (const target of targetsToRun) results.push(await measureTarget(opts, target, failures));
  const profiled = results.find((r) => r.tables === 1000) ?? results.find((r) => r.kind === 'generated');
  const profile = opts.profile && profiled ? await cpuProfile(REPO, profiled).catch((e) => void failures.push(`profile: ${e.message}`)) : undefined;
  const database = await measureDatabaseTarget(opts, failures);
  const model = await measureModelTarget(opts, failures);
  const goals = [...targets(results), ...(database ? databaseTargets(database) : []), ...(model ? modelTargets(model) : [])];
  // The database model's embedded Postgres (initdb included in the smoke run) has its own time.
  const seconds = (performance.now() - started - (database?.totalMs ?? 0) - (model?.totalMs ?? 0)) / 1000;
  if (opts.smoke && seconds > SMOKE_LIMIT_S) failures.push(`the smoke run took ${Math.round(seconds)} s, more than ${SMOKE_LIMIT_S} s`);
  const meta = {
    date: new Date().toISOString(),
    node: process.version,
    platform: `${os.platform()} ${os.arch()}`,
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model,
    memoryGb: Math.round(os.totalmem() / 2 ** 30),
    loadAverage: os.loadavg(),
    seed: opts.seed,
    smoke: opts.smoke,
    yamlLanguageServer: peerVersion(),
    totalMs: Math.round(performance.now() - started),
  };
  const report = { meta, results, database, model, profile, targets: goals, failures };
  const sections = [
    `GraphQL Engine Metadata benchmark (${meta.node}, ${meta.cpus} CPUs, yaml-language-server ${meta.yamlLanguageServer}, seed ${meta.seed})`,
    `Cold check against the floor (wall: median / best of the runs; CPU: user + system, median)\n${checkTable(results)}`,
    `Language servers: ours from initialize to all diagnostics, yaml-language-server (per file, the project's schemas) from spawn to every file's diagnostics\n${serverTable(results)}`,
    `The floor: yaml package parse time in-process\n${floorTable(results)}`,
    `One-line edits (median / p95)\n${editTable(results)}`,
    `Fast typing and a cold start with a file open (from spawning the server)\n${typingTable(results)}`,
    ...(database ? [`Database model from SQL migrations (embedded Postgres in a child process)\n${databaseTable(database)}`] : []),
    ...(model
      ? [
          `With a database model: the language server on the generated N=${model.tables} project and a migration creating its tables (edits 250 ms apart: client, didChange to the edited file's diagnostics, and server side, the editMs of the edit's ready; pings: listRoots round trips every 20 ms while the model is built)\n${modelTable(model)}`,
        ]
      : []),
    ...(profile ? [`CPU profile of the cold check of ${profile.target}\n${profileTable(profile)}`] : []),
    `Targets (issues 8 and 17; informational)\n${targetTable(goals)}`,
    ...(failures.length > 0 ? [`FAILURES\n${failures.map((f) => `  ${f}`).join('\n')}`] : []),
  ];
  process.stdout.write(`${sections.join('\n\n')}\n`);
  const json = `${JSON.stringify(report, null, 2)}\n`;
  writeFileSync(path.join(opts.cache, 'bench-results.json'), json);
  if (opts.json) writeFileSync(opts.json, json);
  log(`results: ${path.join(opts.cache, 'bench-results.json')}${opts.json ? ` and ${opts.json}` : ''} (${Math.round(meta.totalMs / 1000)} s)`);
  process.exitCode = failures.length > 0 ? 1 : 0;
}

await main();
