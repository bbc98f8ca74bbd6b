#!/usr/bin/env node
// Runs every compiled unit and LSP test (out/test/{unit,lsp}/**/*.test.js) with node's test runner.
// Node 20's `--test` does not expand globs itself, so the files are listed here.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';

const roots = ['out/test/unit', 'out/test/lsp'];
const files = roots.flatMap((root) => {
  try {
    return readdirSync(root, { recursive: true }).filter((f) => String(f).endsWith('.test.js')).map((f) => path.join(root, String(f)));
  } catch {
    return [];
  }
}).sort();
if (files.length === 0) {
  console.error('No compiled tests found under out/test: run `npx tsc -b` first.');
  process.exit(1);
}
const result = spawnSync(process.execPath, ['--test', '--test-reporter=spec', ...process.argv.slice(2), ...files], { stdio: 'inherit' });
process.exit(result.status ?? 1);
