#!/usr/bin/env node
// Refreshes the documentation's screenshots (docs/images/*.png) from a real VS Code: the e2e
// fixture and database runs (scripts/e2e.mjs), with their screenshots written to a temporary folder
// instead of the ignored test-results/screenshots. The shots are steady (a solid cursor, no fading
// scrollbars, no port forwarding, the test server on its fixed port), and each is compared with the
// committed image as a picture (scripts/lib/screenshotCompare.mjs): Chromium's antialiasing noise
// is not a change, so an image is rewritten only when it visibly changed, and the committed files
// stay byte-identical from run to run.
//
//   npm run screenshots              refresh docs/images and list what changed
//   npm run screenshots -- --check   fail if any shot differs from docs/images (CI runs this)
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { comparePictureFiles } from './lib/screenshotCompare.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const DOCS = path.join(ROOT, 'docs', 'images');
const check = process.argv.includes('--check');
const shots = mkdtempSync(path.join(tmpdir(), 'gem-screenshots-'));

const e2e = spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'e2e.mjs')], {
  cwd: ROOT,
  stdio: 'inherit',
  env: { ...process.env, E2E_RUNS: 'fixture,database', E2E_SCREENSHOTS_DIR: shots, E2E_FIXED_PORT: '1' },
});
if (e2e.status !== 0) {
  console.error(`screenshots: the e2e run failed (${e2e.status}); nothing is compared.`);
  process.exit(1);
}

const pngs = (dir) =>
  readdirSync(dir)
    .filter((f) => f.endsWith('.png'))
    .sort();
const taken = pngs(shots);
const results = taken.map((file) => {
  const committed = path.join(DOCS, file);
  const verdict = existsSync(committed) ? comparePictureFiles(committed, path.join(shots, file)) : { same: false, reason: 'new' };
  return { file, ...verdict };
});
// An image of docs/images that no test takes any more could never be refreshed.
const notTaken = pngs(DOCS).filter((f) => !taken.includes(f));

for (const { file, same, reason } of results) console.log(`${same ? 'same   ' : 'CHANGED'} ${file}: ${reason}`);
for (const file of notTaken) console.log(`STALE   ${file}: in docs/images but taken by no test`);
const changed = results.filter((r) => !r.same);

if (check) {
  if (taken.length === 0 || changed.length > 0 || notTaken.length > 0) {
    const problems = [
      ...(taken.length === 0 ? ['no screenshot was taken'] : []),
      ...(changed.length > 0
        ? [`${changed.map((r) => r.file).join(', ')} differ from docs/images (this run's images are kept in ${shots}; \`npm run screenshots\` refreshes them)`]
        : []),
      ...(notTaken.length > 0 ? [`${notTaken.join(', ')} in docs/images but taken by no test`] : []),
    ];
    console.error(`screenshots --check: ${problems.join('; ')}`);
    process.exit(1);
  }
  console.log(`screenshots --check: all ${taken.length} screenshots show what docs/images shows.`);
} else {
  for (const { file } of changed) copyFileSync(path.join(shots, file), path.join(DOCS, file));
  for (const file of notTaken) rmSync(path.join(DOCS, file));
  const total = changed.length + notTaken.length;
  console.log(total === 0 ? 'screenshots: docs/images is unchanged.' : `screenshots: ${changed.length} written, ${notTaken.length} removed in docs/images.`);
}
rmSync(shots, { recursive: true, force: true });
