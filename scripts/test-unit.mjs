#!/usr/bin/env node
// Runs every compiled unit and LSP test (out/test/{unit,lsp}/**/*.test.js) with node's test runner.
// Node 20's `--test` does not expand globs itself, so the files are listed here. The files run in
// parallel, one process each, as many at a time as there are cores (node's default leaves one idle;
// TEST_CONCURRENCY overrides).
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';

const roots = ['out/test/unit', 'out/test/lsp'];
const files = roots
  .flatMap((root) => {
    try {
      return readdirSync(root, { recursive: true })
        .filter((f) => String(f).endsWith('.test.js'))
        .map((f) => path.join(root, String(f)));
    } catch {
      return [];
    }
  })
  .sort();
if (files.length === 0) {
  console.error('No compiled tests found under out/test: run `npx tsc -b` first.');
  process.exit(1);
}
const concurrency = Number(process.env.TEST_CONCURRENCY) || availableParallelism();
const result = spawnSync(process.execPath, ['--test', `--test-concurrency=${concurrency}`, '--test-reporter=spec', ...process.argv.slice(2), ...files], {
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
