// The VS Code server of code-server's build (see /work/shared/guide/vscode-e2e.md), started as the
// leader of its own process group so that stopping it stops its file watchers too. Used by
// scripts/start.mjs (`npm start`) and scripts/e2e.mjs.
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync } from 'node:fs';
import { createServer } from 'node:net';
import * as path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '..', '..');
export const TOOL_DIR = path.join(ROOT, '.tools', 'code-server');
export const VSCODE_DIR = path.join(TOOL_DIR, 'node_modules', 'code-server', 'lib', 'vscode');
export const CHROMIUM = '/usr/bin/chromium';
export const READY_MARKER = path.join(TOOL_DIR, '.e2e-ready');

/** Debian's chromium, headless, as the e2e runs and check-vsix drive it (no GPU, no network of its own). */
export async function launchChromium() {
  const { chromium } = await import('playwright-core');
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export function isSetUp() {
  return existsSync(READY_MARKER);
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Starts the server on `port` with its data under `dataDir`; resolves once it listens (no sleeps). */
export async function startVsCodeServer({ port, dataDir, logFile, env = {}, extraArgs = [], verbose = false }) {
  const child = spawn(
    process.execPath,
    [
      'out/server-main.js',
      '--host',
      '127.0.0.1',
      '--port',
      String(port),
      '--without-connection-token',
      '--accept-server-license-terms',
      '--disable-telemetry',
      '--server-data-dir',
      path.join(dataDir, 'server-data'),
      '--extensions-dir',
      path.join(dataDir, 'extensions'),
      ...extraArgs,
    ],
    { cwd: VSCODE_DIR, detached: true, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } },
  );
  const out = createWriteStream(logFile);
  child.stdout.pipe(out);
  child.stderr.pipe(out);
  if (verbose) child.stderr.pipe(process.stderr);
  await waitForListening(child, port, logFile);
  return child;
}

function waitForListening(child, port, logFile) {
  return new Promise((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => fail(new Error('the VS Code server did not listen within 60 s')), 60_000);
    const fail = (error) => {
      clearTimeout(timer);
      reject(new Error(`${error.message}; its log: ${logFile}\n${seen.slice(-2000)}`));
    };
    child.once('exit', (code, signal) => fail(new Error(`the VS Code server exited (${code ?? signal}) before listening`)));
    child.stdout.on('data', (chunk) => {
      seen += chunk.toString();
      if (seen.includes(`listening on ${port}`)) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
}

export async function stopProcessGroup(child) {
  if (child.exitCode !== null && !groupAlive(child.pid)) return;
  signalGroup(child.pid, 'SIGTERM');
  const deadline = Date.now() + 5000;
  while (groupAlive(child.pid) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100)); // polling for the processes to end
  }
  if (groupAlive(child.pid)) signalGroup(child.pid, 'SIGKILL');
}

function signalGroup(pgid, signal) {
  try {
    process.kill(-pgid, signal);
  } catch (error) {
    if (error.code !== 'ESRCH') throw error;
  }
}

function groupAlive(pgid) {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The web workbench URL opening `workspace` with the extension under development loaded. */
export function workbenchUrl(port, workspace, extra = []) {
  const remote = (p) => `vscode-remote://127.0.0.1:${port}${p}`;
  const payload = [['extensionDevelopmentPath', remote(ROOT)], ...extra.map(([k, v]) => [k, k.endsWith('Path') ? remote(v) : v]), ['skipWelcome', 'true']];
  return `http://127.0.0.1:${port}/?folder=${encodeURI(workspace)}&payload=${encodeURIComponent(JSON.stringify(payload))}`;
}
