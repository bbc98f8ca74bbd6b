#!/usr/bin/env node
// node scripts/yaml-messages.mjs [--markdown FILE] [--case NAME]: the YAML-mistake fixtures
// (test/fixtures/yaml-mistakes/cases/<case>/, each laid over base/) checked by this project's CLI and
// by yaml-language-server (over LSP, with this package's JSON schemas, as bench/peer.mjs sets it up).
// Prints a markdown table: input | yaml-language-server's message and position | ours.
// `⟦ ⟧` in a fixture mark where our finding must be (test/unit/core/yamlMistakes.test.ts); they are
// removed here. Positions are line:column, 1-based.

import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ensureBuilt } from './bench/build.mjs';
import { LspClient } from './bench/lspClient.mjs';
import { peerSettings, peerVersion } from './bench/peer.mjs';

const require = createRequire(import.meta.url);
const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const FIXTURES = path.join(REPO, 'test/fixtures/yaml-mistakes');

function option(name) {
  const i = process.argv.indexOf(name);
  return i < 0 ? undefined : process.argv[i + 1];
}

function filesUnder(dir) {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

const unmark = (text) => text.replace(/[⟦⟧]/g, '');

/** Each case as a project on disk: base/ with the case's files over it; `changed` are the case's files. */
function materialize(tmp) {
  const only = option('--case');
  const names = readdirSync(path.join(FIXTURES, 'cases'))
    .filter((n) => !only || n === only)
    .sort();
  return names.map((name) => {
    const dir = path.join(tmp, name);
    cpSync(path.join(FIXTURES, 'base'), dir, { recursive: true });
    const caseDir = path.join(FIXTURES, 'cases', name);
    const changed = filesUnder(caseDir).map((file) => {
      const rel = path.relative(caseDir, file);
      writeFileSync(path.join(dir, rel), unmark(readFileSync(file, 'utf8')));
      return { rel, path: path.join(dir, rel) };
    });
    return { name, dir, changed };
  });
}

function ours(project) {
  const run = spawnSync(process.execPath, [path.join(REPO, 'dist/cli.js'), 'check', project.dir, '--format', 'json'], { cwd: project.dir, encoding: 'utf8' });
  if (run.status === 2) throw new Error(`check failed on ${project.name}: ${run.stderr}`);
  return JSON.parse(run.stdout).diagnostics.filter((d) => d.severity === 'error' || d.severity === 'warning');
}

async function theirs(projects) {
  const bin = require.resolve('yaml-language-server/bin/yaml-language-server');
  const settings = peerSettings(REPO);
  const client = new LspClient(process.execPath, [bin, '--stdio'], (section) => (section === 'yaml' ? settings : {}));
  try {
    await client.initialize(path.dirname(projects[0]?.dir ?? os.tmpdir()));
    await client.notify('workspace/didChangeConfiguration', { settings: { yaml: settings } });
    const files = projects.flatMap((p) => p.changed.filter((f) => /\.ya?ml$/.test(f.rel)).map((f) => f.path));
    const uris = files.map((f) => pathToFileURL(f).href);
    files.forEach(
      (file, i) =>
        void client.notify('textDocument/didOpen', { textDocument: { uri: uris[i], languageId: 'yaml', version: 1, text: readFileSync(file, 'utf8') } }),
    );
    await client.until(() => uris.every((u) => client.diagnostics.has(u)), 'yaml-language-server diagnostics', 120_000);
    return new Map(files.map((f, i) => [f, client.diagnostics.get(uris[i]).diagnostics]));
  } finally {
    await client.stop();
  }
}

const cell = (s) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');
const code = (s) => `\`${s.replace(/`/g, "'")}\``;

/** The mistaken line(s) of a case: the lines of its files that hold a marker. */
function inputOf(caseDir) {
  return filesUnder(caseDir)
    .map((file) => {
      const lines = readFileSync(file, 'utf8').split('\n');
      const at = lines.findIndex((l) => /[⟦⟧]/.test(l));
      const shown = at < 0 ? '' : `${at + 1}: ${unmark(lines[at]).replace(/\t/g, '→')}`;
      return `${path.basename(file)} ${code(shown)}`;
    })
    .join('<br>');
}

/** The first few of a long list, and how many more. */
function few(items, shown = 4) {
  return items.length <= shown ? items : [...items.slice(0, shown - 1), `(and ${items.length - shown + 1} more)`];
}

function row(project, peer) {
  const theirsText = few(
    project.changed.flatMap((f) => (peer.get(f.path) ?? []).map((d) => `${d.range.start.line + 1}:${d.range.start.character + 1} ${d.message}`)),
  );
  const oursText = ours(project).map((d) => `${d.file === project.changed[0]?.rel ? '' : `${d.file} `}${d.line}:${d.column} ${d.message} (${d.code})`);
  return `| ${project.name}<br>${inputOf(path.join(FIXTURES, 'cases', project.name))} | ${cell(theirsText.join('<br>') || '(nothing)')} | ${cell(oursText.join('<br>') || '(nothing)')} |`;
}

ensureBuilt(REPO, (line) => console.error(line));
const tmp = mkdtempSync(path.join(os.tmpdir(), 'yaml-messages-'));
try {
  const projects = materialize(tmp);
  const peer = await theirs(projects);
  const lines = [
    `| input (case, file and line) | yaml-language-server ${peerVersion()} (line:column message) | ours (line:column message (code)) |`,
    '| --- | --- | --- |',
    ...projects.map((p) => row(p, peer)),
  ];
  const table = lines.join('\n');
  console.log(table);
  const out = option('--markdown');
  if (out) writeFileSync(out, `${table}\n`);
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
