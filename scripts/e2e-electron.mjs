#!/usr/bin/env node
// The same e2e suites (test/e2e/suite) in a desktop VS Code downloaded by @vscode/test-electron, for
// machines that can reach the VS Code update server (a developer's desktop). On the project's
// build machines that server is unreachable, so CI uses scripts/e2e.mjs (code-server's VS Code build
// in chromium) instead; this runner is the one for `npm run test:e2e:electron` on a desktop.
// Screenshots are taken only by scripts/e2e.mjs (it drives the browser).
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { runTests } from '@vscode/test-electron';

const ROOT = path.resolve(import.meta.dirname, '..');
for (const args of [['scripts/build.mjs'], ['node_modules/typescript/bin/tsc', '-b', 'test/e2e']]) {
  const result = spawnSync(process.execPath, args, { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
const workspace = path.join(mkdtempSync(path.join(tmpdir(), 'gem-e2e-electron-')), 'e2e-project');
cpSync(path.join(ROOT, 'test', 'fixtures', 'e2e-project'), workspace, { recursive: true });
try {
  await runTests({
    version: '1.100.3',
    extensionDevelopmentPath: ROOT,
    extensionTestsPath: path.join(ROOT, 'out', 'test', 'e2e', 'index.js'),
    launchArgs: [workspace, '--disable-extensions', '--disable-workspace-trust'],
    extensionTestsEnv: { E2E_SUITES: 'suite' },
  });
} catch (error) {
  console.error(`e2e (electron) failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
