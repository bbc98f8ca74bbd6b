// A minimal LSP client over stdio (vscode-jsonrpc), for benchmarking language servers: records the
// arrival time of every publishDiagnostics and custom notification, and waits on predicates.

import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { peakRssKb } from './proc.mjs';

const require = createRequire(import.meta.url);
const { createMessageConnection, StreamMessageReader, StreamMessageWriter } = require('vscode-jsonrpc/node');

/** What VS Code announces, as far as these servers look (see test/lsp/harness.ts). */
export const CLIENT_CAPABILITIES = {
  workspace: {
    workspaceFolders: true,
    configuration: true,
    didChangeConfiguration: { dynamicRegistration: true },
    didChangeWatchedFiles: { dynamicRegistration: true },
  },
  textDocument: { publishDiagnostics: { relatedInformation: true, versionSupport: true }, synchronization: { didSave: true, dynamicRegistration: true } },
};

export class LspClient {
  /**
   * @param settings (section) => value returned for workspace/configuration
   * @param env more environment variables for the server process
   */
  constructor(command, args, settings = () => ({}), env = {}) {
    this.process = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'], env: { ...process.env, ...env } });
    this.process.stderr.resume();
    this.connection = createMessageConnection(new StreamMessageReader(this.process.stdout), new StreamMessageWriter(this.process.stdin));
    this.diagnostics = new Map(); // uri -> { at, diagnostics }
    this.published = 0;
    this.notifications = []; // { method, params, at }
    this.waiters = [];
    this.connection.onNotification('textDocument/publishDiagnostics', (p) => {
      this.published++;
      this.diagnostics.set(p.uri, { at: performance.now(), diagnostics: p.diagnostics });
      this.poke();
    });
    this.connection.onNotification((method, params) => {
      this.notifications.push({ method, params, at: performance.now() });
      this.poke();
    });
    this.connection.onRequest('workspace/configuration', (p) => p.items.map((item) => settings(item.section)));
    this.connection.onRequest(() => null);
    this.connection.listen();
  }

  async initialize(folder, initializationOptions) {
    const uri = pathToFileURL(folder).href;
    const result = await this.connection.sendRequest('initialize', {
      processId: process.pid,
      rootUri: uri,
      capabilities: CLIENT_CAPABILITIES,
      workspaceFolders: [{ uri, name: 'bench' }],
      ...(initializationOptions ? { initializationOptions } : {}),
    });
    await this.connection.sendNotification('initialized', {});
    return result;
  }

  notify(method, params) {
    return this.connection.sendNotification(method, params);
  }

  /** Resolves with the time the predicate first held after a message (or at once). */
  until(check, what, timeoutMs) {
    if (check()) return Promise.resolve(performance.now());
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w.check !== check);
        reject(new Error(`timed out after ${timeoutMs} ms waiting for ${what}`));
      }, timeoutMs);
      this.waiters.push({ check, resolve: (at) => (clearTimeout(timer), resolve(at)) });
    });
  }

  poke() {
    const now = performance.now();
    for (const w of [...this.waiters]) {
      if (w.check()) {
        this.waiters.splice(this.waiters.indexOf(w), 1);
        w.resolve(now);
      }
    }
  }

  peakRssKb() {
    return peakRssKb(this.process.pid);
  }

  async stop() {
    try {
      await Promise.race([this.connection.sendRequest('shutdown'), new Promise((r) => setTimeout(r, 2000))]);
      // As an editor stops a server: it exits on its own (and writes what it writes at exit, such as its code cache).
      const exited = new Promise((resolve) => this.process.once('exit', resolve));
      await this.connection.sendNotification('exit');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 2000))]);
    } catch {
      // The server may already be gone.
    } finally {
      this.connection.dispose();
      this.process.kill();
    }
  }
}
