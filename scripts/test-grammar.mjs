#!/usr/bin/env node
// Grammar tests for syntaxes/: snapshot tests and `# <- scope` assertion tests, run with the
// TextMate engine VS Code 1.100 uses (vscode-textmate 9.2.0 + vscode-oniguruma 1.7.0) against
// VS Code's own YAML grammar. File formats are vscode-tmgrammar-test's (its parsers are reused).
//
//   node scripts/test-grammar.mjs            run everything, exit 1 on any mismatch
//   node scripts/test-grammar.mjs --update   rewrite the .snap files from the current grammars
//
// test/grammar/config.json lists the environments (third-party grammars, from node_modules) and
// the suites. This extension's grammars always come from package.json `contributes.grammars`,
// so a wrong path, scope name or injectTo there fails the tests too.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const tm = require('vscode-textmate');
const onig = require('vscode-oniguruma');
const { getVSCodeTokens, renderSnap } = require('vscode-tmgrammar-test/dist/snapshot/index.js');
const { parseGrammarTestCase, runGrammarTestCase } = require('vscode-tmgrammar-test/dist/unit/index.js');

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const UPDATE = process.argv.includes('--update');
const MAX_DIFF_BLOCKS = 12;

const abs = (p) => path.resolve(ROOT, p);
const rel = (p) => path.relative(ROOT, p);
const readJson = (p) => JSON.parse(fs.readFileSync(abs(p), 'utf8'));
const readText = (p) => fs.readFileSync(p, 'utf8').replace(/\r\n/g, '\n');

const manifest = readJson('package.json');
const config = readJson('test/grammar/config.json');
const ownGrammars = (manifest.contributes?.grammars ?? []).map((g) => ({ ...g, path: abs(g.path) }));
const results = { passed: 0, failed: 0, updated: 0, assertions: 0 };

function fail(what, lines) {
  results.failed++;
  console.log(`✖ ${what}`);
  for (const line of lines) console.log(`    ${line}`);
}

function pass(what) {
  results.passed++;
  console.log(`✓ ${what}`);
}

// ---- registry, as VS Code's TMGrammarFactory builds it -------------------------------------

async function loadOnigLib() {
  await onig.loadWASM(fs.readFileSync(require.resolve('vscode-oniguruma/release/onig.wasm')).buffer);
  return { createOnigScanner: (p) => new onig.OnigScanner(p), createOnigString: (s) => new onig.OnigString(s) };
}

function environmentGrammars(name) {
  const env = config.environments[name];
  if (!env) throw new Error(`test/grammar/config.json: unknown environment "${name}"`);
  const inherited = env.extends ? environmentGrammars(env.extends) : [];
  return [...inherited, ...env.grammars.map((g) => ({ ...g, path: abs(g.path) }))];
}

function createRegistry(onigLib, grammars) {
  const byScope = new Map(grammars.map((g) => [g.scopeName, g]));
  const injections = new Map();
  for (const g of grammars) {
    for (const target of g.injectTo ?? []) injections.set(target, [...(injections.get(target) ?? []), g.scopeName]);
  }
  return new tm.Registry({
    onigLib: Promise.resolve(onigLib),
    loadGrammar: async (scopeName) => {
      const g = byScope.get(scopeName);
      return g ? tm.parseRawGrammar(fs.readFileSync(g.path, 'utf8'), g.path) : null;
    },
    // VS Code collects injections for every dotted prefix of the scope name.
    getInjections: (scopeName) => scopeName.split('.').flatMap((_, i, parts) => injections.get(parts.slice(0, i + 1).join('.')) ?? []),
  });
}

// ---- files --------------------------------------------------------------------------------

function walk(dir) {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => {
      const p = path.join(dir, e.name);
      return e.isDirectory() ? walk(p) : [p];
    })
    .sort();
}

function isSnapshot(file) {
  return file.endsWith('.snap');
}

function caseFiles(suite) {
  if (suite.files) return suite.files.map(abs);
  return walk(abs(suite.dir)).filter((f) => !isSnapshot(f) && !f.endsWith('.md') && path.extname(f) in config.scopes);
}

function scopeFor(file) {
  const scope = config.scopes[path.extname(file)];
  if (!scope) throw new Error(`no scope configured for ${rel(file)}`);
  return scope;
}

// ---- snapshot suites ----------------------------------------------------------------------

// A rendered snapshot as blocks: one source line (`>...`) with its token lines (`#...`).
function blocks(snap) {
  const out = [];
  for (const line of snap.split('\n')) {
    if (line.startsWith('>') || out.length === 0) out.push([line]);
    else out[out.length - 1].push(line);
  }
  return out;
}

// A token line `#   ^^^ scope scope` of a block, as its column range, text and scopes.
function token(tokenLine, source) {
  const from = tokenLine.indexOf('^') - 1;
  const to = tokenLine.indexOf(' ', from + 1) - 1;
  return { range: `${from + 1}-${to}`, text: JSON.stringify(source.slice(from, to)), scopes: tokenLine.slice(to + 2).split(' ') };
}

// One side of a token difference; scopes shared with the other side are elided.
function describeToken(sign, t, other) {
  let common = 0;
  while (other && common < t.scopes.length && t.scopes[common] === other.scopes[common]) common++;
  const shown = t.scopes.slice(Math.max(0, common - 1));
  return `  ${sign} col ${t.range} ${t.text}: ${common > 1 ? '… ' : ''}${shown.join(' ')}`;
}

function diffBlock(eb, ab) {
  const [eSrc, aSrc] = [eb[0]?.slice(1) ?? '', ab[0]?.slice(1) ?? ''];
  if (eSrc !== aSrc) return [`  - source ${JSON.stringify(eSrc)}`, `  + source ${JSON.stringify(aSrc)}`];
  const expected = eb
    .slice(1)
    .filter((l) => !ab.includes(l))
    .map((l) => token(l, eSrc));
  const actual = ab
    .slice(1)
    .filter((l) => !eb.includes(l))
    .map((l) => token(l, aSrc));
  const twin = (t, side) => side.find((o) => o.range === t.range) ?? side[0];
  return [...expected.map((t) => describeToken('-', t, twin(t, actual))), ...actual.map((t) => describeToken('+', t, twin(t, expected)))];
}

function diffSnapshots(expected, actual) {
  const [e, a] = [blocks(expected), blocks(actual)];
  const lines = [];
  let shown = 0;
  for (let i = 0; i < Math.max(e.length, a.length) && shown < MAX_DIFF_BLOCKS; i++) {
    const [eb, ab] = [e[i] ?? [], a[i] ?? []];
    if (eb.join('\n') === ab.join('\n')) continue;
    shown++;
    lines.push(`line ${i + 1}: ${(ab[0] ?? eb[0] ?? '').slice(1)}`, ...diffBlock(eb, ab));
  }
  if (shown === MAX_DIFF_BLOCKS) lines.push('… (more differences not shown)');
  return lines;
}

async function checkSnapshot(registry, file, suffix) {
  if (!fs.existsSync(file)) return fail(rel(file), ['test case listed in test/grammar/config.json does not exist']);
  const snapPath = file + suffix;
  const actual = renderSnap(await getVSCodeTokens(registry, scopeFor(file), readText(file))) + '\n';
  const name = `${rel(file)} [${suffix}]`;
  if (UPDATE) {
    const changed = !fs.existsSync(snapPath) || readText(snapPath) !== actual;
    if (changed) fs.writeFileSync(snapPath, actual);
    results.updated += changed ? 1 : 0;
    return pass(`${name}${changed ? ' (snapshot written)' : ''}`);
  }
  if (!fs.existsSync(snapPath)) return fail(name, [`missing ${rel(snapPath)}: run \`npm run test:grammar -- --update\``]);
  const expected = readText(snapPath);
  return expected === actual ? pass(name) : fail(name, diffSnapshots(expected, actual));
}

async function runSnapshotSuite(registry, suite) {
  for (const file of caseFiles(suite)) await checkSnapshot(registry, file, suite.snapshotSuffix);
}

// Every .snap under a snapshot suite's directory must belong to a case of some snapshot suite.
function checkOrphanSnapshots() {
  const suites = config.suites.filter((s) => s.kind === 'snapshot');
  const expected = new Set(suites.flatMap((s) => caseFiles(s).map((f) => f + s.snapshotSuffix)));
  const dirs = new Set(suites.flatMap((s) => (s.dir ? [abs(s.dir)] : s.files.map((f) => path.dirname(abs(f))))));
  const snaps = new Set([...dirs].flatMap((d) => walk(d).filter(isSnapshot)));
  for (const snap of snaps) {
    if (!expected.has(snap)) fail(rel(snap), ['snapshot without a test case: delete it or restore its input']);
  }
}

// ---- assertion suites ---------------------------------------------------------------------

function describeFailure(file, f) {
  const parts = [`${rel(file)}:${f.line + 1}:${f.start + 1}-${f.end}`];
  if (f.missing.length) parts.push(`missing ${f.missing.join(' ')}`);
  if (f.unexpected.length) parts.push(`unexpected ${f.unexpected.join(' ')}`);
  parts.push(`actual: ${f.actual.join(' ') || '(no token)'}`);
  return parts.join('  ');
}

async function runAssertionSuite(registry, suite) {
  for (const file of caseFiles(suite)) {
    const testCase = parseGrammarTestCase(readText(file));
    results.assertions += testCase.assertions.reduce((n, a) => n + a.scopeAssertions.length, 0);
    const failures = await runGrammarTestCase(registry, testCase);
    if (failures.length === 0) pass(rel(file));
    else
      fail(
        rel(file),
        failures.map((f) => describeFailure(file, f)),
      );
  }
}

// ---- package.json contributions -----------------------------------------------------------

function contributionProblems() {
  const languages = new Set((manifest.contributes?.languages ?? []).map((l) => l.id));
  const problems = [];
  for (const g of ownGrammars) {
    if (!fs.existsSync(g.path)) {
      problems.push(`${rel(g.path)} does not exist`);
      continue;
    }
    const declared = JSON.parse(fs.readFileSync(g.path, 'utf8')).scopeName;
    if (declared !== g.scopeName) problems.push(`${rel(g.path)} declares ${declared}, package.json says ${g.scopeName}`);
    if (g.language && !languages.has(g.language)) problems.push(`${g.scopeName}: language ${g.language} is not contributed`);
    for (const id of Object.values(g.embeddedLanguages ?? {})) {
      if (!languages.has(id)) problems.push(`${g.scopeName}: embedded language ${id} is not contributed`);
    }
  }
  for (const l of manifest.contributes?.languages ?? []) {
    if (l.configuration && !fs.existsSync(abs(l.configuration))) problems.push(`${l.configuration} does not exist`);
  }
  return problems;
}

// ---- main ---------------------------------------------------------------------------------

async function main() {
  const problems = contributionProblems();
  if (problems.length) fail('package.json contributes.grammars/languages', problems);
  else pass('package.json contributes.grammars/languages');
  const onigLib = await loadOnigLib();
  for (const suite of config.suites) {
    console.log(`\n${suite.name}`);
    const registry = createRegistry(onigLib, [...environmentGrammars(suite.environment), ...ownGrammars]);
    if (suite.kind === 'snapshot') await runSnapshotSuite(registry, suite);
    else await runAssertionSuite(registry, suite);
  }
  checkOrphanSnapshots();
  const total = results.passed + results.failed;
  const updated = UPDATE ? `, ${results.updated} snapshot(s) written` : '';
  const verdict = results.failed ? `FAILED: ${results.failed} of ${total} checks` : `all ${total} checks passed`;
  console.log(`\ngrammar tests: ${verdict} (${results.assertions} scope assertions)${updated}`);
  process.exitCode = results.failed ? 1 : 0;
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
