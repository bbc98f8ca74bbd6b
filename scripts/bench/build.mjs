// Rebuilds dist/ (node scripts/build.mjs) when any of its inputs is newer than the bundles.

import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const INPUTS = ['server/src', 'client/src', 'schemas', 'scripts/build.mjs', 'scripts/gen-validators.mjs', 'package.json'];
const OUTPUTS = [
  'dist/cli.js',
  'dist/cli.bundle.js',
  'dist/server.js',
  'dist/server.bundle.js',
  'dist/parseWorker.bundle.js',
  'dist/validators.js',
  'dist/dbWorker.js',
];

function newest(file) {
  if (!existsSync(file)) return 0;
  const stat = statSync(file);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(file).map((name) => newest(path.join(file, name))));
}

export function isStale(repo) {
  const built = Math.min(...OUTPUTS.map((f) => (existsSync(path.join(repo, f)) ? statSync(path.join(repo, f)).mtimeMs : 0)));
  return built === 0 || Math.max(...INPUTS.map((f) => newest(path.join(repo, f)))) > built;
}

export function ensureBuilt(repo, log) {
  if (!isStale(repo)) return;
  log('dist/ is stale: node scripts/build.mjs');
  const result = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: repo, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('the build failed');
}
