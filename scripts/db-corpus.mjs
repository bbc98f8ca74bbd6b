#!/usr/bin/env node
// The database rules over the real projects of ../shared/corpus: each project's metadata checked
// against the database its own migrations build (dist/cli.js check --database migrations), printed
// as a table: project | each source's model | database findings (code, file:line, message).
// Usage: node scripts/db-corpus.mjs [--markdown] [PROJECT...]   (run `npm run build` first)
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

const REPO = path.resolve(import.meta.dirname, '..');
const CORPUS = path.resolve(REPO, '../shared/corpus');
const args = process.argv.slice(2);
const markdown = args.includes('--markdown');
const only = args.filter((a) => !a.startsWith('--'));
const projects = readdirSync(CORPUS, { withFileTypes: true })
  .filter((d) => d.isDirectory() && (only.length === 0 || only.includes(d.name)))
  .map((d) => d.name)
  .sort();
const DB_CODES = /^(db-|migration-|relationship-name-conflicts-column$)/;

const rows = [];
for (const name of projects) {
  const dir = path.join(CORPUS, name);
  if (!existsSync(path.join(dir, 'migrations'))) {
    rows.push({ name, status: 'no migrations', findings: [] });
    continue;
  }
  const started = performance.now();
  const r = spawnSync(process.execPath, [path.join(REPO, 'dist/cli.js'), 'check', '.', '--database', 'migrations', '--format', 'json'], {
    cwd: dir,
    encoding: 'utf8',
    maxBuffer: 1 << 28,
  });
  const ms = Math.round(performance.now() - started);
  let report;
  try {
    report = JSON.parse(r.stdout);
  } catch {
    rows.push({ name, status: `check failed (exit ${r.status}): ${r.stderr.trim().split('\n').pop()}`, findings: [], ms });
    continue;
  }
  const findings = report.diagnostics.filter((d) => DB_CODES.test(d.code));
  rows.push({ name, status: (report.databases ?? []).map((b) => `${b.source}: ${b.status}`).join('; ') || r.stderr.trim().replace(/\n/g, '; '), findings, ms });
}

for (const row of rows) {
  if (markdown) {
    const list = row.findings.map((f) => `${f.severity} \`${f.code}\` ${f.file}:${f.line}: ${f.message.replace(/\|/g, '\\|')}`).join('<br>') || '-';
    console.log(`| ${row.name} | ${row.status} | ${row.findings.length} | ${list} |`);
  } else {
    console.log(`${row.name} (${row.ms ?? 0} ms): ${row.status}`);
    for (const f of row.findings) console.log(`  ${f.severity} ${f.code} ${f.file}:${f.line}:${f.column} ${f.message}`);
  }
}
