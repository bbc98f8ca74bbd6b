#!/usr/bin/env node
// Packages the extension (npm run package), installs the .vsix into a fresh VS Code server
// (code-server's build, as in the e2e tests), opens the example project and waits until the
// extension's status bar item shows a metadata root. Exit 0 only if the packaged extension activates
// and the marketplace tags vsce generated are the expected ones.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { createRequire } from 'node:module';
import { freePort, isSetUp, launchChromium, ROOT, startVsCodeServer, stopProcessGroup, VSCODE_DIR } from './lib/vscodeServer.mjs';

const VSIX = path.join(ROOT, 'graphql-engine-metadata.vsix');
/**
 * The marketplace tags: vsce adds to package.json's `keywords` each contributed language's id and its
 * aliases with everything but [\w.-] removed (TagsProcessor in @vscode/vsce/out/package.js), so an
 * alias with spaces becomes a run-together tag. Hence the alias `GraphQL-Metadata`.
 */
const EXPECTED_TAGS = 'graphql,hasura,graphql-engine,metadata,yaml,linter,sarif,graphql-metadata-graphql,GraphQL-Metadata';
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
if (!(await tagsAsExpected())) {
  rmSync(dir, { recursive: true, force: true });
  process.exit(1);
}
run(
  process.execPath,
  ['out/server-main.js', '--server-data-dir', path.join(dir, 'server-data'), '--extensions-dir', path.join(dir, 'extensions'), '--install-extension', VSIX],
  VSCODE_DIR,
);

const port = await freePort();
const server = await startVsCodeServer({ port, dataDir: dir, logFile: path.join(dir, 'server.log') });
const browser = await launchChromium();
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

/** The <Tags> of the packaged extension.vsixmanifest, read with vsce's own zip reader. */
async function tagsAsExpected() {
  const { readZip } = require('@vscode/vsce/out/zip.js');
  const files = await readZip(VSIX, (name) => name === 'extension.vsixmanifest');
  const tags = /<Tags>([^<]*)<\/Tags>/.exec(files.get('extension.vsixmanifest')?.toString('utf8') ?? '')?.[1];
  if (tags !== EXPECTED_TAGS) {
    console.error(`check-vsix: FAILED — the .vsix's tags are ${JSON.stringify(tags)}, expected ${JSON.stringify(EXPECTED_TAGS)}`);
    return false;
  }
  console.log(`check-vsix: tags ${tags}`);
  return true;
}
