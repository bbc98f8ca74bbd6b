/**
 * The test server (test/server, compiled to out/test/server/main.js) for the e2e suites, on a
 * fixed port when it is free, so that screenshots showing the server's address do not change from
 * run to run (another free port otherwise). Control routes: GET /_test/state, POST /_test/options.
 */
import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import * as path from 'node:path';
import { createInterface } from 'node:readline';
import { REPO_ROOT } from '../server/spawn';

export const PREFERRED_PORT = 18080;

export interface TestServer {
  readonly url: string;
  /** GET /_test/state: the metadata as the server holds it now. */
  state(): Promise<{ resource_version: number; metadata: Record<string, unknown> }>;
  /** POST /_test/options, e.g. `{enabledApis: ['metadata']}`. */
  options(patch: Record<string, unknown>): Promise<void>;
  stop(): Promise<void>;
}

export async function startTestServer(options: { state: string; adminSecret?: string }): Promise<TestServer> {
  const free = await isFree(PREFERRED_PORT);
  // The docs' screenshots show the server's address: refreshing them on another port would change them.
  if (!free && process.env.E2E_FIXED_PORT === '1')
    throw new Error(`The test server needs port ${PREFERRED_PORT} for the screenshots (E2E_FIXED_PORT=1), and it is taken.`);
  const port = free ? PREFERRED_PORT : 0;
  const args = [path.join(REPO_ROOT, 'out', 'test', 'server', 'main.js'), '--port', String(port), '--state', options.state];
  if (options.adminSecret !== undefined) args.push('--admin-secret', options.adminSecret);
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const url = await listening(child);
  return {
    url,
    state: async () => (await (await fetch(`${url}/_test/state`)).json()) as { resource_version: number; metadata: Record<string, unknown> },
    options: async (patch) => {
      const response = await fetch(`${url}/_test/options`, { method: 'POST', body: JSON.stringify(patch), headers: { 'Content-Type': 'application/json' } });
      if (!response.ok) throw new Error(`POST /_test/options: ${response.status} ${await response.text()}`);
    },
    stop: () => stop(child),
  };
}

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/** The URL of the server's first stdout line, `listening on http://127.0.0.1:PORT`. */
function listening(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const onExit = (code: number | null): void => reject(new Error(`the test server exited (${code}) before listening: ${stderr}`));
    child.once('exit', onExit);
    createInterface({ input: child.stdout! }).once('line', (line) => {
      child.off('exit', onExit);
      const match = /^listening on (http:\/\/127\.0\.0\.1:\d+)$/.exec(line);
      if (match) resolve(match[1]!);
      else reject(new Error(`unexpected first line from the test server: ${line}`));
    });
  });
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}
