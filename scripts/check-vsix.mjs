#!/usr/bin/env node
// Packages the extension (npm run package), installs the .vsix into a fresh VS Code server
// (code-server's build, as in the e2e tests), opens the example project and waits until the
// extension's status bar item shows a metadata root. Exit 0 only if the packaged extension activates.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { createRequire } from 'node:module';
import { freePort, isSetUp, ROOT, startVsCodeServer, stopProcessGroup, VSCODE_DIR } from './lib/vscodeServer.mjs';

const VSIX = path.join(ROOT, 'graphql-engine-metadata.vsix');
const require = createRequire(import.meta.url);

function run(command, args, cwd = ROOT) {
  const result = spawnSync(command, args, { cwd, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${result.status})`);
}

if (!isSetUp()) {
  if (process.env.CI !== 'true') {
    console.log('check-vsix: SKIPPED — the VS Code build is not set up here (npm run setup:e2e).');
    process.exit(0);
  }
  run('bash', ['scripts/setup-e2e.sh']);
}
const dir = mkdtempSync(path.join(tmpdir(), 'gem-vsix-'));
const workspace = path.join(dir, 'workspace');
cpSync(path.join(ROOT, 'test', 'fixtures', 'e2e-project'), workspace, { recursive: true });
run('npm', ['run', '--silent', 'package']);
run(process.execPath, ['out/server-main.js', '--server-data-dir', path.join(dir, 'server-data'), '--extensions-dir', path.join(dir, 'extensions'), '--install-extension', VSIX], VSCODE_DIR);

const port = await freePort();
const server = await startVsCodeServer({ port, dataDir: dir, logFile: path.join(dir, 'server.log') });
const { chromium } = require('playwright-core');
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
let code = 1;
try {
  const page = await browser.newPage();
  await page.goto(`http://127.0.0.1:${port}/?folder=${encodeURI(workspace)}`);
  const status = page.getByText(/Metadata: 1 root/).first();
  await status.waitFor({ timeout: 90_000 });
  console.log(`check-vsix: the packaged extension activated ("${(await status.textContent())?.trim()}").`);
  code = 0;
} catch (error) {
  console.error(`check-vsix: FAILED — the packaged extension did not activate: ${error.message}`);
} finally {
  await browser.close();
  await stopProcessGroup(server);
  rmSync(dir, { recursive: true, force: true });
}
process.exit(code);
