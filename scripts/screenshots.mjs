#!/usr/bin/env node
// Refreshes the documentation's screenshots (docs/images/*.png) from a real VS Code: the e2e
// fixture run (scripts/e2e.mjs) with its screenshots written to docs/images instead of the ignored
// test-results/screenshots. The images are byte-stable: a solid cursor, no fading scrollbars, no
// port forwarding, and the test server on its fixed port (this fails rather than show another one).
//
//   npm run screenshots              write docs/images/*.png and list the ones that changed
//   npm run screenshots -- --check   write them to a temporary folder and fail if any differs from docs/images
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const DOCS = path.join(ROOT, 'docs', 'images');
const check = process.argv.includes('--check');
const target = check ? mkdtempSync(path.join(tmpdir(), 'gem-screenshots-')) : DOCS;

const e2e = spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'e2e.mjs')], {
  cwd: ROOT,
  stdio: 'inherit',
  env: { ...process.env, E2E_RUNS: 'fixture,database', E2E_SCREENSHOTS_DIR: target, E2E_FIXED_PORT: '1' },
});
if (e2e.status !== 0) {
  console.error(`screenshots: the e2e run failed (${e2e.status}); nothing is compared.`);
  process.exit(1);
}
if (!check) {
  const changed = spawnSync('git', ['status', '--porcelain', '--', 'docs/images'], { cwd: ROOT, encoding: 'utf8' }).stdout.trim();
  console.log(changed === '' ? 'screenshots: docs/images is unchanged.' : `screenshots: changed:\n${changed}`);
  process.exit(0);
}
const taken = readdirSync(target)
  .filter((f) => f.endsWith('.png'))
  .sort();
const differ = taken.filter((f) => {
  try {
    return !readFileSync(path.join(target, f)).equals(readFileSync(path.join(DOCS, f)));
  } catch {
    return true;
  }
});
// An image of docs/images that no test takes any more could never be refreshed.
const notTaken = readdirSync(DOCS).filter((f) => f.endsWith('.png') && !taken.includes(f));
if (taken.length === 0 || differ.length > 0 || notTaken.length > 0) {
  const problems = [
    ...(taken.length === 0 ? ['no screenshot was taken'] : []),
    ...(differ.length > 0 ? [`differ from docs/images: ${differ.join(', ')} (this run's images are kept in ${target})`] : []),
    ...(notTaken.length > 0 ? [`in docs/images but taken by no test: ${notTaken.join(', ')}`] : []),
  ];
  console.error(`screenshots --check: ${problems.join('; ')}`);
  process.exit(1);
}
rmSync(target, { recursive: true, force: true });
console.log(`screenshots --check: ${taken.length} screenshots identical to docs/images:`);
for (const f of taken)
  console.log(
    `${createHash('sha256')
      .update(readFileSync(path.join(DOCS, f)))
      .digest('hex')}  ${f}`,
  );
