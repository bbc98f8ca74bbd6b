#!/usr/bin/env node
// npm's `prepare`: builds dist/ (scripts/build.mjs). npm runs it after `npm install` or `npm ci` in a
// clone, where the devDependencies the build needs (esbuild, ajv, the bundled libraries) are
// installed, and when it prepares this repository as a git dependency: pre-commit ≥ 4.4 installs
// a `language: node` hook with `npm install -g git+file://<its clone>`, and npm runs the install in
// the clone with the outer install's settings, `global` among them, so nothing lands in the clone's
// node_modules and the build cannot find esbuild. Then the build's dependencies are installed here
// first, locally, exactly as package-lock.json has them, without install scripts (nothing runs
// `prepare` again).
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function run(command, args, env = process.env) {
  const result = spawnSync(command, args, { cwd: repo, stdio: 'inherit', env });
  if (result.status !== 0) {
    console.error(`prepare: \`${[path.basename(command), ...args].join(' ')}\` failed (${result.error?.message ?? `exit ${result.status}`})`);
    process.exit(result.status ?? 1);
  }
}

function buildable() {
  try {
    createRequire(path.join(repo, 'package.json')).resolve('esbuild');
    return true;
  } catch {
    return false;
  }
}

if (!buildable()) {
  // Settings that would send the install elsewhere than this folder (the outer install's global
  // prefix, pre-commit's environment) are dropped; npm passes its configuration as npm_config_*.
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^npm_config_(global|location|prefix)$/i.test(key)));
  const npm = process.env.npm_execpath;
  const [command, args] = npm && /\.[cm]?js$/.test(npm) ? [process.execPath, [npm]] : ['npm', []];
  console.error('prepare: the build dependencies are not installed here (npm is preparing a git dependency): installing them from package-lock.json');
  run(command, [...args, 'ci', '--global=false', '--include=dev', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'], env);
}
run(process.execPath, [path.join(repo, 'scripts/build.mjs')]);
