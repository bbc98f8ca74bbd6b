import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import type { Interface } from 'node:readline';
import { createInterface } from 'node:readline';
import type { RecordedRequest } from './recorder';

/** Starts the compiled test server as a real process and waits for its "listening" line. */

export interface SpawnOptions {
  state: string;
  adminSecret?: string;
  enabledApis?: string[];
  dialect?: 'spec' | 'engine';
  jwt?: string;
}

export interface SpawnedServer {
  url: string;
  stop(): Promise<void>;
  requests(): Promise<RecordedRequest[]>;
  /** POST /_test/faults: `{mode, delayMs?, location?, status?, count?, path?}`. */
  fault(spec: Record<string, unknown>): Promise<void>;
  /** POST /_test/options: `{adminSecret?, enabledApis?, dialect?, jwt?}`. */
  setOptions(patch: Record<string, unknown>): Promise<void>;
  /** GET /_test/state. */
  state(): Promise<{ resource_version: number; metadata: Record<string, unknown> }>;
  reset(): Promise<void>;
}

/** The repository root, from the compiled location out/test/server. */
export const REPO_ROOT = resolve(__dirname, '..', '..', '..');

export function fixturePath(name: string): string {
  return join(REPO_ROOT, 'test', 'server', 'fixtures', name);
}

function cliArgs(options: SpawnOptions): string[] {
  const args = ['--port', '0', '--state', options.state];
  if (options.adminSecret !== undefined) args.push('--admin-secret', options.adminSecret);
  if (options.enabledApis !== undefined) args.push('--enabled-apis', options.enabledApis.join(','));
  if (options.dialect !== undefined) args.push('--dialect', options.dialect);
  if (options.jwt !== undefined) args.push('--jwt', options.jwt);
  return args;
}

export async function spawnTestServer(options: SpawnOptions): Promise<SpawnedServer> {
  const child = spawn(process.execPath, [join(__dirname, 'main.js'), ...cliArgs(options)], { stdio: ['ignore', 'pipe', 'pipe'] });
  const url = await waitForListening(child);
  return controlHandle(child, url);
}

function waitForListening(child: ChildProcess): Promise<string> {
  return new Promise((resolvePromise, reject) => {
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const lines: Interface = createInterface({ input: child.stdout! });
    const onExit = (code: number | null): void => reject(new Error(`test server exited (${code}) before listening: ${stderr}`));
    child.once('exit', onExit);
    lines.once('line', (line) => {
      child.off('exit', onExit);
      const match = /^listening on (http:\/\/127\.0\.0\.1:\d+)$/.exec(line);
      if (match === null) reject(new Error(`unexpected first line from the test server: ${line}`));
      else resolvePromise(match[1]!);
    });
  });
}

function controlHandle(child: ChildProcess, url: string): SpawnedServer {
  const call = async (method: string, path: string, body?: unknown): Promise<unknown> => {
    const init: RequestInit = body === undefined ? { method } : { method, body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } };
    const res = await fetch(`${url}${path}`, init);
    const json = await res.json();
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  };
  return {
    url,
    stop: () => stopChild(child),
    requests: async () => (await call('GET', '/_test/requests')) as RecordedRequest[],
    fault: async (spec) => void (await call('POST', '/_test/faults', spec)),
    setOptions: async (patch) => void (await call('POST', '/_test/options', patch)),
    state: async () => (await call('GET', '/_test/state')) as { resource_version: number; metadata: Record<string, unknown> },
    reset: async () => void (await call('POST', '/_test/reset', {})),
  };
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolvePromise) => {
    child.once('exit', () => resolvePromise());
    child.kill('SIGTERM');
  });
}
