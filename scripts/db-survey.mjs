#!/usr/bin/env node
// A survey of every real project of ../shared/corpus and ../shared/schemas as a new user would check
// it: `dist/cli.js check <project> --format json` with the database checks on by default (mode auto),
// printed per project as its errors, warnings and infos by code, then the totals and the projects
// over the issue's bar (any error, more than 3 warnings).
// Usage: node scripts/db-survey.mjs [--json FILE] [--compare FILE] [--all-codes] [PROJECT...]
//   --json FILE     also writes the counts to FILE (to compare a later run with)
//   --compare FILE  prints each project's counts beside those of an earlier --json run
//   --all-codes     counts every code (default: errors and warnings of every code, infos of the database codes)
// Run `node scripts/build.mjs` first. Models come from the cache after the first run.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const REPO = path.resolve(import.meta.dirname, '..');
const FOLDERS = ['corpus', 'schemas'].map((f) => path.resolve(REPO, '../shared', f));
const args = process.argv.slice(2);
const option = (name) => {
  const at = args.indexOf(name);
  return at >= 0 ? args.splice(at, 2)[1] : undefined;
};
const jsonOut = option('--json');
const compare = option('--compare');
const allCodes = args.includes('--all-codes');
const only = args.filter((a) => !a.startsWith('--'));
const DB_CODES = /^(db-|migration-|database-|relationship-name-conflicts-column$)/;

const projects = FOLDERS.flatMap((folder) =>
  readdirSync(folder, { withFileTypes: true })
    .filter((d) => d.isDirectory() && (only.length === 0 || only.includes(d.name)))
    .map((d) => ({ id: `${path.basename(folder)}/${d.name}`, dir: path.join(folder, d.name) })),
).sort((a, b) => (a.id < b.id ? -1 : 1));

const counted = (d) => allCodes || d.severity === 'error' || d.severity === 'warning' || (d.severity === 'info' && DB_CODES.test(d.code));

/** id -> {ms, databases: [status], counts: {"severity code": n}} */
const results = {};
for (const { id, dir } of projects) {
  const started = performance.now();
  const r = spawnSync(process.execPath, [path.join(REPO, 'dist/cli.js'), 'check', dir, '--format', 'json'], { encoding: 'utf8', maxBuffer: 1 << 28 });
  const ms = Math.round(performance.now() - started);
  let report;
  try {
    report = JSON.parse(r.stdout);
  } catch {
    results[id] = { ms, databases: [`check failed (exit ${r.status}): ${r.stderr.trim().split('\n').pop()}`], counts: {} };
    continue;
  }
  const counts = {};
  for (const d of report.diagnostics.filter(counted)) counts[`${d.severity} ${d.code}`] = (counts[`${d.severity} ${d.code}`] ?? 0) + 1;
  results[id] = { ms, databases: (report.databases ?? []).map((b) => `${b.source}: ${b.status}`), counts };
}

const before = compare !== undefined && existsSync(compare) ? JSON.parse(readFileSync(compare, 'utf8')) : undefined;
const severityTotal = (counts, severity) => Object.entries(counts).reduce((n, [k, v]) => n + (k.startsWith(`${severity} `) ? v : 0), 0);
const summary = (counts) => `${severityTotal(counts, 'error')}E ${severityTotal(counts, 'warning')}W ${severityTotal(counts, 'info')}I`;
const over = (counts) => severityTotal(counts, 'error') > 0 || severityTotal(counts, 'warning') > 3;

for (const [id, r] of Object.entries(results)) {
  const was = before?.[id];
  console.log(`${over(r.counts) ? '✗' : ' '} ${id} (${r.ms} ms): ${summary(r.counts)}${was ? ` (before ${summary(was.counts)})` : ''}`);
  for (const status of r.databases) console.log(`    ${status}`);
  const codes = new Set([...Object.keys(r.counts), ...Object.keys(was?.counts ?? {})]);
  for (const code of [...codes].sort()) console.log(`    ${String(r.counts[code] ?? 0).padStart(4)}${was ? ` (was ${was.counts[code] ?? 0})` : ''} ${code}`);
}
const totals = (all) => {
  const sum = {};
  for (const r of Object.values(all)) for (const [k, v] of Object.entries(r.counts)) sum[k] = (sum[k] ?? 0) + v;
  return sum;
};
const now = totals(results);
console.log(
  `\nprojects: ${Object.keys(results).length}; over the bar (an error or more than 3 warnings): ${Object.values(results).filter((r) => over(r.counts)).length}`,
);
console.log(`totals: ${summary(now)}${before ? ` (before ${summary(totals(before))})` : ''}`);
if (jsonOut !== undefined) writeFileSync(jsonOut, JSON.stringify(results, null, 1));
