// Runs test/e2e inside a real VS Code: the VS Code 1.100.3 server that ships in the npm package
// code-server (installed by scripts/setup-e2e.sh into .tools/), its web workbench driven by Debian's
// chromium through playwright-core. Same extension host (node) and API as the desktop app.
//
//   npm run build && npm run test:e2e
//
// Steps: check the setup (CI=true installs it; elsewhere a missing setup is a loud SKIP, exit 0),
// compile test/e2e, then for each run (RUNS below: a workspace and its suites): copy the workspace to
// a temp folder, start the VS Code server in its own process group on a free port, open the workbench
// with the extension under development and the tests, wait for the tests' exit code, then ALWAYS stop
// the browser and the whole process group.
//
// Screenshots: the tests run in the extension host and cannot reach the page, so they ask through
// files (test/e2e/helpers.ts `screenshot`): they write <dir>/<name>.request (JSON {waitForText, waitForSelectors}, by rename),
// this script sees it (fs.watch), waits until each waitForText and waitForSelectors is visible and the page is still (settledScreenshot), saves
// <E2E_SCREENSHOTS_DIR, default test-results/screenshots>/<name>.png and answers <dir>/<name>.done (or <name>.failed with the error), which the
// test waits for with fs.watch. <dir> reaches the extension host as E2E_SCREENSHOT_DIR. The same
// handshake with <name>.keys ({steps: [{waitFor, type, press}]}) types into the workbench (a real
// command palette run) and answers <name>.done / <name>.failed.
//
// Environment: E2E_TIMEOUT_SECONDS (default 600, per run), E2E_GREP (mocha grep), E2E_KEEP=1 (keep the
// temp folder), E2E_VERBOSE=1 (print the browser console and the server log), E2E_RUNS (comma-separated
// run names, default all), E2E_SCREENSHOTS_DIR (where screenshots go, default test-results/screenshots),
// E2E_FIXED_PORT=1 (the test server must get its fixed port, as the screenshots show it).
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, watch, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { format } from 'node:util';
import { createRequire } from 'node:module';
import {
  CHROMIUM,
  freePort,
  launchChromium,
  READY_MARKER,
  startVsCodeServer,
  stopProcessGroup,
  TOOL_DIR,
  workbenchUrl as workbenchUrlWith,
} from './lib/vscodeServer.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const CODE_SERVER_VERSION = '4.100.3';
const FIXTURE = path.join(ROOT, 'test', 'fixtures', 'e2e-project');
/**
 * One VS Code window per run: a fresh copy of `source` is the workspace, and the suites are
 * out/test/e2e/<suites>/**\/*.test.js (passed to test/e2e/index.ts as E2E_SUITES). The corpus project
 * sits in ../shared beside the clone (there in CI; elsewhere a missing one is a loud skip). Workspace
 * trust is off (the folder counts as trusted) except in runs with `untrusted: true`: there it is on
 * and the fresh folder was never trusted, so the window is in Restricted Mode.
 */
const RUNS = [
  { name: 'fixture', source: FIXTURE, suites: 'suite' },
  { name: 'corpus', source: path.resolve(ROOT, '..', 'shared', 'corpus', '5stackgg__api'), suites: 'corpus' },
  { name: 'untrusted', source: FIXTURE, suites: 'untrusted', untrusted: true },
  { name: 'database', source: path.join(ROOT, 'test', 'fixtures', 'projects', 'database'), suites: 'database' },
];
/**
 * Where the screenshots go: an ignored folder, so that the tests leave the tree as it was.
 * `npm run screenshots` (scripts/screenshots.mjs) points this at docs/images to refresh the docs.
 */
const IMAGES = path.resolve(ROOT, process.env.E2E_SCREENSHOTS_DIR || path.join('test-results', 'screenshots'));
const TIMEOUT_MS = Number(process.env.E2E_TIMEOUT_SECONDS ?? 600) * 1000;
const VERBOSE = process.env.E2E_VERBOSE === '1';
const require = createRequire(import.meta.url);
/** Workbench log lines that are expected on an offline machine (printed with E2E_VERBOSE=1). */
const KNOWN_NOISE = [
  /^(Resolving|Resolved) connection token/,
  /^Creating a socket/,
  /^Updating additional builtin extensions cache/,
  /serviceWorker\.js/,
  /ENOTFOUND (open-vsx\.org|marketplace|update\.code)/,
  /^ChatSessionStore:/,
];

const started = Date.now();
const timings = [];
const cleanups = [];

function log(message) {
  console.log(`[e2e] ${message}`);
}

async function timed(name, action) {
  const start = Date.now();
  const result = await action();
  timings.push(`${name} ${((Date.now() - start) / 1000).toFixed(1)} s`);
  return result;
}

function missingSetup() {
  const missing = [];
  if (!existsSync(CHROMIUM)) missing.push(`chromium (${CHROMIUM})`);
  const ready = existsSync(READY_MARKER) ? readFileSync(READY_MARKER, 'utf8').trim() : '';
  if (ready !== CODE_SERVER_VERSION) missing.push(`VS Code from code-server ${CODE_SERVER_VERSION} (${path.relative(ROOT, TOOL_DIR)})`);
  return missing;
}

function banner(lines) {
  const bar = '#'.repeat(78);
  console.log(['', bar, '#', ...lines.map((line) => (line === '' ? '#' : `#   ${line}`)), '#', bar, ''].join('\n'));
}

function loudSkip(missing) {
  banner([
    'E2E TESTS SKIPPED: they need a real VS Code, which is not set up here.',
    '',
    ...missing.map((m) => `missing: ${m}`),
    '',
    'Set it up once (Debian 12, as root or with sudo; ~1 min):   npm run setup:e2e',
    'then run:                                                    npm run test:e2e',
    '(with CI=true the setup runs automatically and a skip is not allowed)',
  ]);
}

/** (a) The setup must be there; in CI it is installed, elsewhere a missing setup is a loud skip. */
function ensureSetup() {
  let missing = missingSetup();
  if (missing.length === 0) return true;
  if (process.env.CI !== 'true') {
    loudSkip(missing);
    return false;
  }
  log(`CI=true and missing ${missing.join(', ')}: running scripts/setup-e2e.sh`);
  const setup = spawnSync('bash', [path.join(ROOT, 'scripts', 'setup-e2e.sh')], { stdio: 'inherit' });
  missing = missingSetup();
  if (setup.status !== 0 || missing.length > 0) {
    throw new Error(`setup-e2e.sh failed (exit ${setup.status}); still missing: ${missing.join(', ')}`);
  }
  return true;
}

function run(command, args) {
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (exit ${result.status})`);
}

/** (b) Bundles the extension and the server, compiles the tests. */
function build() {
  run(process.execPath, [path.join(ROOT, 'scripts', 'build.mjs')]);
  for (const file of ['dist/client.js', 'dist/server.js', 'dist/server.bundle.js']) {
    if (!existsSync(path.join(ROOT, file))) throw new Error(`${file} was not built (is its entry point missing?)`);
  }
  run(process.execPath, [require.resolve('typescript/bin/tsc'), '-b', path.join(ROOT, 'test', 'e2e')]);
}

/** (c) The tests edit files: they get a fresh copy of the run's workspace. */
function prepareTempDir(run) {
  const dir = mkdtempSync(path.join(tmpdir(), `graphql-metadata-e2e-${run.name}-`));
  cpSync(run.source, path.join(dir, path.basename(run.source)), { recursive: true });
  for (const sub of ['server-data', 'extensions', 'screenshots']) mkdirSync(path.join(dir, sub));
  // Remote ("Machine") settings of the VS Code server, outside the workspace: a solid cursor keeps
  // the screenshots byte-identical from run to run (no blink phase), and so does no port forwarding
  // (a port a test listens on would show in the Ports view and the status bar, or not, by timing).
  const machine = path.join(dir, 'server-data', 'data', 'Machine');
  mkdirSync(machine, { recursive: true });
  // The built-in minimal file icons: the default Seti theme loads asynchronously, so a screenshot
  // would show its icons or not by timing.
  // Links are underlined and words highlighted only once their providers answer: off, for the same reason.
  // So are the sticky scroll lines (from the outline, which catches up with an edit by timing: seen as
  // the lines of the text before the edit or after it) and the gutter's lightbulb (seen beside the open
  // Quick Fix menu in one run and not in the next; a menu opened by command still shows one at its line).
  const settings = {
    'editor.cursorBlinking': 'solid',
    'remote.autoForwardPorts': false,
    'workbench.iconTheme': 'vs-minimal',
    'editor.links': false,
    'editor.occurrencesHighlight': 'off',
    'editor.selectionHighlight': false,
    'editor.stickyScroll.enabled': false,
    'editor.lightbulb.enabled': 'off',
  };
  writeFileSync(path.join(machine, 'settings.json'), JSON.stringify(settings, null, 2));
  return dir;
}

/** (d) The VS Code server, as leader of its own process group (detached = setsid(2)). */
async function startServer(tmp, port, run) {
  const env = { E2E_SCREENSHOT_DIR: path.join(tmp, 'screenshots'), E2E_SUITES: run.suites, E2E_FIXED_PORT: process.env.E2E_FIXED_PORT ?? '' };
  const extraArgs = run.untrusted ? [] : ['--disable-workspace-trust'];
  const child = await startVsCodeServer({ port, dataDir: tmp, logFile: path.join(tmp, 'server.log'), env, extraArgs, verbose: VERBOSE });
  cleanups.push(() => stopProcessGroup(child));
  return child;
}

function workbenchUrl(port, workspace) {
  return workbenchUrlWith(port, workspace, [['extensionTestsPath', path.join(ROOT, 'out', 'test', 'e2e', 'index.js')]]);
}

/** (e) Chromium on the workbench; resolves with the exit code the tests report (f). */
async function runWorkbench(tmp, port, workspace) {
  const browser = await launchChromium();
  cleanups.push(() => browser.close());
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  let exit;
  const exitCode = new Promise((resolve, reject) => {
    exit = resolve;
    page.on('crash', () => reject(new Error('the workbench page crashed')));
  });
  await page.exposeFunction('codeAutomationExit', (code) => exit(code));
  await page.exposeFunction('codeAutomationLog', (type, args) => {
    const text = format(...args);
    if (VERBOSE || !KNOWN_NOISE.some((noise) => noise.test(text))) console.log(VERBOSE ? `[${type}] ${text}` : text);
  });
  if (VERBOSE) page.on('console', (message) => console.log(`[browser ${message.type()}] ${message.text()}`));
  page.on('pageerror', (error) => console.log(`[e2e] page error: ${error.message}`));
  serveScreenshots(page, path.join(tmp, 'screenshots'));
  await page.goto(workbenchUrl(port, workspace));
  return exitCode;
}

/**
 * Scrollbar sliders show for a moment after any scroll and then fade out on a timer: hide them, as
 * in the settled UI, so that the same UI always gives the same PNG.
 */
const SCREENSHOT_STYLE = '.monaco-scrollable-element > .scrollbar > .slider { visibility: hidden !important; }';

/** Answers the tests' screenshot requests (see the top of this file), one at a time. */
function serveScreenshots(page, dir) {
  const handled = new Set();
  let queue = Promise.resolve();
  const scan = () => {
    for (const file of readdirSync(dir).filter((f) => (f.endsWith('.request') || f.endsWith('.keys')) && !handled.has(f))) {
      handled.add(file);
      queue = queue.then(() => (file.endsWith('.keys') ? pressKeys(page, dir, file) : takeScreenshot(page, dir, file)));
    }
  };
  const watcher = watch(dir, scan);
  cleanups.push(() => watcher.close());
  scan();
}

async function takeScreenshot(page, dir, file) {
  const name = file.slice(0, -'.request'.length);
  try {
    if (!/^[a-z0-9][a-z0-9-]*$/.test(name)) throw new Error(`bad screenshot name ${JSON.stringify(name)}`);
    const request = JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
    for (const text of request.waitForText ?? []) {
      await page.getByText(text).first().waitFor({ state: 'visible', timeout: 15_000 });
    }
    for (const selector of request.waitForSelectors ?? []) {
      await page.locator(selector).first().waitFor({ state: 'visible', timeout: 15_000 });
    }
    // No extension still activating (the status bar says so for a moment), a focused window
    // (selection colours differ in an unfocused one), then two settled frames.
    await page.getByText('Activating Extensions').first().waitFor({ state: 'hidden', timeout: 15_000 });
    await page.bringToFront();
    const png = await settledScreenshot(page, name);
    mkdirSync(IMAGES, { recursive: true });
    const target = path.join(IMAGES, `${name}.png`);
    writeFileSync(target, png);
    log(`screenshot ${path.relative(ROOT, target)}`);
    writeFileSync(path.join(dir, `${name}.done`), target);
  } catch (error) {
    log(`screenshot ${name} failed: ${error.message}`);
    writeFileSync(path.join(dir, `${name}.failed`), String(error.stack ?? error));
  }
}

/** How long the page must stay pixel-identical before a shot counts as settled. */
const SETTLE_MS = 1000;
const SETTLE_STEP_MS = 250;
const SETTLE_LIMIT_MS = 20_000;

/**
 * A screenshot of the settled workbench: shots every SETTLE_STEP_MS until they have been
 * byte-identical for SETTLE_MS. What the workbench fills in on timers of its own (background
 * tokenization colouring the minimap, breadcrumbs and sticky scroll from the outline, the Problems
 * view, the language status item) would otherwise be caught half-way. A page that never settles
 * fails the docs' run (E2E_FIXED_PORT=1, `npm run screenshots`) and is only logged otherwise.
 */
async function settledScreenshot(page, name) {
  const shoot = () => page.screenshot({ animations: 'disabled', style: SCREENSHOT_STYLE });
  const deadline = Date.now() + SETTLE_LIMIT_MS;
  let png = await shoot();
  let stableSince = Date.now();
  while (Date.now() - stableSince < SETTLE_MS) {
    if (Date.now() > deadline) {
      const message = `screenshot ${name}: the workbench did not stay still for ${SETTLE_MS} ms within ${SETTLE_LIMIT_MS / 1000} s`;
      if (process.env.E2E_FIXED_PORT === '1') throw new Error(message);
      log(`${message}; taking the last frame`);
      break;
    }
    await page.waitForTimeout(SETTLE_STEP_MS); // polling the page until it is still: there is no event for "nothing more will paint"
    const next = await shoot();
    if (!next.equals(png)) stableSince = Date.now();
    png = next;
  }
  return png;
}

/**
 * Types into the workbench for a test (a real command palette run, answers to quick inputs):
 * `<name>.keys` holds `{steps: [{waitFor?, type?, press?}]}`; each step first waits until the text
 * `waitFor` is visible, then types `type` and/or presses the key `press` (playwright key names).
 */
async function pressKeys(page, dir, file) {
  const name = file.slice(0, -'.keys'.length);
  try {
    if (!/^[a-z0-9][a-z0-9-]*$/.test(name)) throw new Error(`bad keys name ${JSON.stringify(name)}`);
    const { steps } = JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
    for (const step of steps ?? []) {
      if (step.waitFor !== undefined) await page.getByText(step.waitFor).first().waitFor({ state: 'visible', timeout: 15_000 });
      if (step.type !== undefined) await page.keyboard.type(step.type);
      if (step.press !== undefined) await page.keyboard.press(step.press);
    }
    writeFileSync(path.join(dir, `${name}.done`), 'ok');
  } catch (error) {
    log(`keys ${name} failed: ${error.message}`);
    writeFileSync(path.join(dir, `${name}.failed`), String(error.stack ?? error));
  }
}

class E2eTimeout extends Error {}

function timeout(ms) {
  let timer;
  const promise = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new E2eTimeout(`E2E TIMED OUT after ${ms / 1000} s`)), ms);
  });
  cleanups.push(() => clearTimeout(timer));
  return promise;
}

/** (g) Always: browser, watcher, server process group, temp folder (kept on failure). */
async function cleanup(tmp, keep) {
  for (const step of cleanups.splice(0).reverse()) {
    try {
      await step();
    } catch (error) {
      log(`cleanup: ${error.message}`);
    }
  }
  if (tmp === undefined) return;
  if (keep) {
    log(`kept ${tmp} (server log: ${path.join(tmp, 'server.log')})`);
  } else {
    rmSync(tmp, { recursive: true, force: true });
  }
}

/** The runs E2E_RUNS names (default: all); an unknown name is an error. */
function selectedRuns() {
  const names = (process.env.E2E_RUNS ?? '')
    .split(',')
    .map((n) => n.trim())
    .filter((n) => n !== '');
  const unknown = names.filter((n) => !RUNS.some((run) => run.name === n));
  if (unknown.length > 0) throw new Error(`E2E_RUNS: unknown run(s) ${unknown.join(', ')}; known: ${RUNS.map((r) => r.name).join(', ')}`);
  return names.length === 0 ? RUNS : RUNS.filter((run) => names.includes(run.name));
}

/** A run whose workspace is missing: an error under CI=true, a loud skip elsewhere. */
function missingWorkspace(run) {
  if (existsSync(run.source)) return false;
  if (process.env.CI === 'true') throw new Error(`run ${run.name}: its workspace ${run.source} is missing`);
  banner([`E2E RUN "${run.name}" SKIPPED: its workspace is missing:`, run.source]);
  return true;
}

async function main() {
  if (!ensureSetup()) return 0;
  const runs = selectedRuns();
  await timed('build', build);
  let code = 0;
  for (const run of runs) {
    if (missingWorkspace(run)) continue;
    const runCode = await runOnce(run);
    if (code === 0) code = runCode;
  }
  log(`${code === 0 ? 'passed' : `FAILED (exit ${code})`}; ${timings.join(', ')}; total ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return code;
}

/** One VS Code window on a fresh copy of the run's workspace; resolves with the tests' exit code. */
async function runOnce(run) {
  const tmp = prepareTempDir(run);
  const workspace = path.join(tmp, path.basename(run.source));
  let code = 1;
  try {
    const port = await freePort();
    await timed(`${run.name}: server start`, () => startServer(tmp, port, run));
    log(`run ${run.name}: VS Code server on port ${port}, workspace ${workspace}`);
    code = await timed(`${run.name}: workbench + tests`, () => Promise.race([runWorkbench(tmp, port, workspace), timeout(TIMEOUT_MS)]));
  } catch (error) {
    if (error instanceof E2eTimeout) {
      banner([
        `${error.message}: the tests never reported an exit code.`,
        'Browser and VS Code server stopped;',
        `server log: ${path.join(tmp, 'server.log')} (raise E2E_TIMEOUT_SECONDS if the run is just slow)`,
      ]);
    } else {
      console.error(`\n[e2e] FAILED: ${error.stack ?? error}\n`);
    }
    code = 1;
  } finally {
    await cleanup(tmp, code !== 0 || process.env.E2E_KEEP === '1');
  }
  return code;
}

// Whatever happens, the server's process group and the browser go away with this script.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    log(`${signal}: stopping`);
    void cleanup(undefined, false).then(() => process.exit(130));
  });
}
for (const event of ['uncaughtException', 'unhandledRejection']) {
  process.once(event, (error) => {
    console.error(`[e2e] FAILED (${event}): ${error?.stack ?? error}`);
    void cleanup(undefined, false).then(() => process.exit(1));
  });
}

const code = await main().catch((error) => {
  console.error(`[e2e] FAILED: ${error.stack ?? error}`);
  return 1;
});
process.exit(code); // nothing may keep the run alive after the cleanup
