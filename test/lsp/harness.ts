import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-jsonrpc/node';
import type { MessageConnection } from 'vscode-jsonrpc/node';

/** What VS Code announces, as far as this server looks. */
const CLIENT_CAPABILITIES = { workspace: { workspaceFolders: true, configuration: true, didChangeWatchedFiles: { dynamicRegistration: true } } };

export const REPO = path.resolve(__dirname, '../../..');

export interface PublishedDiagnostics {
  uri: string;
  diagnostics: {
    range: { start: { line: number; character: number }; end: { line: number; character: number } };
    code?: string;
    message: string;
    severity?: number;
    source?: string;
    codeDescription?: { href: string };
  }[];
}

/** The built language server (dist/server.js) over stdio, driven by a real JSON-RPC client. */
export class ServerUnderTest {
  readonly connection: MessageConnection;
  private readonly process: ChildProcess;
  private readonly latest = new Map<string, PublishedDiagnostics>();
  /** Every publishDiagnostics, in order. */
  readonly history: PublishedDiagnostics[] = [];
  private readonly waiters: { check: () => boolean; resolve: () => void }[] = [];
  readonly statuses: unknown[] = [];
  /** `window/logMessage` notifications (type 1 error … 4 log), in order. */
  readonly logs: { type: number; message: string }[] = [];

  /**
   * @param cacheDir the server's cache folder (XDG_CACHE_HOME, where its parse store goes); a fresh
   * temporary one by default
   * @param nodeArgs options for node before the server's script (a `--require` preload)
   */
  constructor(
    readonly workspace: string,
    readonly settings: Record<string, unknown> = {},
    readonly cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gem-lsp-cache-')),
    nodeArgs: readonly string[] = [],
  ) {
    const env = { ...process.env, XDG_CACHE_HOME: cacheDir };
    this.process = spawn(process.execPath, [...nodeArgs, path.join(REPO, 'dist/server.js'), '--stdio'], { stdio: ['pipe', 'pipe', 'inherit'], env });
    this.connection = createMessageConnection(new StreamMessageReader(this.process.stdout!), new StreamMessageWriter(this.process.stdin!));
    this.connection.onNotification('textDocument/publishDiagnostics', (p: PublishedDiagnostics) => {
      this.latest.set(p.uri, p);
      this.history.push(p);
      this.poke();
    });
    this.connection.onNotification('graphqlMetadata/status', (p: unknown) => {
      this.statuses.push(p);
      this.poke();
    });
    this.connection.onNotification('window/logMessage', (p: { type: number; message: string }) => {
      this.logs.push(p);
      this.poke();
    });
    this.connection.onRequest('workspace/configuration', (p: { items: unknown[] }) => p.items.map(() => this.settings));
    this.connection.onRequest('client/registerCapability', () => null);
    this.connection.listen();
  }

  async start(): Promise<void> {
    const uri = pathToFileURL(this.workspace).href;
    await this.connection.sendRequest('initialize', {
      processId: process.pid,
      rootUri: uri,
      capabilities: CLIENT_CAPABILITIES,
      workspaceFolders: [{ uri, name: 'ws' }],
    });
    await this.connection.sendNotification('initialized', {});
  }

  uri(rel: string): string {
    return pathToFileURL(path.join(this.workspace, rel)).href;
  }

  diagnostics(rel: string): PublishedDiagnostics['diagnostics'] | undefined {
    return this.published(this.uri(rel));
  }

  /** The last diagnostics published for `uri`. */
  published(uri: string): PublishedDiagnostics['diagnostics'] | undefined {
    return this.latest.get(uri)?.diagnostics;
  }

  /** Resolves when the predicate holds after some notification (no sleeps). */
  until(check: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
    if (check()) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`timed out waiting for ${what}`)), timeoutMs);
      this.waiters.push({ check, resolve: () => (clearTimeout(timer), resolve()) });
    });
  }

  private poke(): void {
    for (const w of [...this.waiters]) {
      if (w.check()) {
        this.waiters.splice(this.waiters.indexOf(w), 1);
        w.resolve();
      }
    }
  }

  async stop(): Promise<void> {
    try {
      await this.connection.sendRequest('shutdown');
      await this.connection.sendNotification('exit');
    } finally {
      this.connection.dispose();
      this.process.kill();
    }
  }
}

/** Copies a fixture project to a fresh temp folder (tests edit files). */
export function copyFixture(name: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `gem-${name}-`));
  fs.cpSync(path.join(REPO, 'test/fixtures/projects', name), dir, { recursive: true });
  return dir;
}
