#!/usr/bin/env node
// The GitHub Action (action.yml) as a runner runs it at any ref of this repository, with no
// published package: its checkout (a clean clone of HEAD: no node_modules, no dist/) as
// GITHUB_ACTION_PATH, its inputs as INPUT_* variables and substituted into the steps, a workspace
// holding a metadata project with one error. The action builds the CLI from its checkout, checks the
// project and writes SARIF, whose result this checks field by field; a second run (the CLI already
// built) on the fixed project passes.
// Usage: node scripts/test-action.mjs [--keep]
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runAction } from './lib/actionRunner.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dir = mkdtempSync(path.join(tmpdir(), 'gem-action-'));
const actionPath = path.join(dir, 'action');
const workspace = path.join(dir, 'workspace');
let failures = 0;

function check(label, problem) {
  if (problem) {
    failures++;
    console.error(`✖ ${label}: ${problem}`);
  } else console.log(`✔ ${label}`);
}

const dirty = spawnSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd: ROOT, encoding: 'utf8' }).stdout.trim();
if (dirty) console.log('note: the action is HEAD of this repository; uncommitted changes are not in it');
const clone = spawnSync('git', ['clone', '--quiet', ROOT, actionPath], { encoding: 'utf8' });
if (clone.status !== 0) throw new Error(`git clone failed: ${clone.stderr}`);
cpSync(path.join(ROOT, 'test/fixtures/projects/basic'), path.join(workspace, 'hasura'), { recursive: true });

// 1. SARIF for code scanning, as the README shows it.
let started = Date.now();
const first = runAction({ actionPath, workspace, inputs: { path: 'hasura', format: 'sarif', 'output-file': 'metadata.sarif' } });
console.log(`  (${((Date.now() - started) / 1000).toFixed(0)} s, with the build)`);
check('the action builds the CLI in its checkout', existsSync(path.join(actionPath, 'dist/cli.js')) ? undefined : 'no dist/cli.js');
check('it exits 1 on the error', first.code === 1 ? undefined : `exit ${first.code}\n${first.stdout}${first.stderr}`);
const sarifFile = path.join(workspace, 'metadata.sarif');
let sarif;
try {
  sarif = JSON.parse(readFileSync(sarifFile, 'utf8'));
} catch (error) {
  check('it writes metadata.sarif in the workspace', error.message);
}
if (sarif) {
  const run = sarif.runs?.[0];
  const result = run?.results?.[0];
  const location = result?.locations?.[0]?.physicalLocation;
  check(
    'SARIF 2.1.0 from graphql-metadata',
    sarif.version === '2.1.0' && run?.tool?.driver?.name === 'graphql-metadata' ? undefined : JSON.stringify(sarif).slice(0, 300),
  );
  check('one result', run?.results?.length === 1 ? undefined : `${run?.results?.length} results`);
  check(
    'the result: allow-list-unknown-collection, an error, in hasura/metadata/allow_list.yaml at 1:15-1:29',
    result?.ruleId === 'allow-list-unknown-collection' &&
      result.level === 'error' &&
      location?.artifactLocation?.uri === 'hasura/metadata/allow_list.yaml' &&
      location.artifactLocation.uriBaseId === '%SRCROOT%' &&
      JSON.stringify(location.region) === JSON.stringify({ startLine: 1, startColumn: 15, endLine: 1, endColumn: 29 })
      ? undefined
      : JSON.stringify(result),
  );
  check(
    'its rule is described, with help',
    run?.tool?.driver?.rules?.[result?.ruleIndex]?.id === 'allow-list-unknown-collection' && run.tool.driver.rules[result.ruleIndex].help?.markdown
      ? undefined
      : 'no rule at ruleIndex',
  );
  check(
    '%SRCROOT% is the workspace',
    run?.originalUriBaseIds?.['%SRCROOT%']?.uri === `file://${workspace}/` ? undefined : JSON.stringify(run?.originalUriBaseIds),
  );
}

// 2. The project fixed: the same action (the CLI already built) passes, in the log's format.
writeFileSync(path.join(workspace, 'hasura/metadata/allow_list.yaml'), '- collection: allowed-queries\n');
started = Date.now();
const second = runAction({ actionPath, workspace, inputs: { path: 'hasura', 'max-warnings': '0' } });
console.log(`  (${((Date.now() - started) / 1000).toFixed(1)} s)`);
check('on the fixed project it exits 0', second.code === 0 ? undefined : `exit ${second.code}\n${second.stdout}${second.stderr}`);
check('without building again', /added \d+ packages|npm (warn|error)/.test(second.stdout + second.stderr) ? `${second.stdout}${second.stderr}` : undefined);

if (process.argv.includes('--keep')) console.log(`kept ${dir}`);
else rmSync(dir, { recursive: true, force: true });
if (failures > 0) {
  console.error(`test-action: ${failures} check(s) failed.`);
  process.exit(1);
}
console.log('test-action: the action runs from its own checkout and writes the SARIF code scanning reads.');
