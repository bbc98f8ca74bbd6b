#!/usr/bin/env node
// `npm start`: opens the example metadata project in a real VS Code with this extension loaded.
// On a desktop with the `code` command: VS Code's Extension Development Host. Headless (no DISPLAY
// or no `code`): the VS Code server of code-server's build, printing the web workbench URL.
// The example is copied once to .tools/example-workspace so your edits survive and the repo stays clean.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync } from 'node:fs';
import * as path from 'node:path';
import { freePort, isSetUp, ROOT, startVsCodeServer, stopProcessGroup, workbenchUrl } from './lib/vscodeServer.mjs';

const EXAMPLE = path.join(ROOT, 'test', 'fixtures', 'e2e-project');
const WORKSPACE = path.join(ROOT, '.tools', 'example-workspace');

function run(command, args) {
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

function hasDesktopCode() {
  return Boolean(process.env.DISPLAY || process.platform !== 'linux') && spawnSync('code', ['--version'], { stdio: 'ignore' }).status === 0;
}

run(process.execPath, ['scripts/build.mjs']);
if (!existsSync(WORKSPACE)) cpSync(EXAMPLE, WORKSPACE, { recursive: true });

if (hasDesktopCode()) {
  run('code', ['--extensionDevelopmentPath', ROOT, WORKSPACE]);
} else {
  if (!isSetUp()) run('bash', ['scripts/setup-e2e.sh']);
  const dataDir = path.join(ROOT, '.tools', 'start-data');
  mkdirSync(dataDir, { recursive: true });
  const port = Number(process.env.PORT ?? (await freePort()));
  const server = await startVsCodeServer({ port, dataDir, logFile: path.join(dataDir, 'server.log') });
  console.log(
    `\nGraphQL Engine Metadata is loaded in VS Code at:\n\n  ${workbenchUrl(port, WORKSPACE)}\n\nOpen it in a browser on this machine (Ctrl-C stops the server).`,
  );
  const stop = () => void stopProcessGroup(server).then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
