/**
 * The language server as other editors' LSP clients run it (README, "Other editors"): the command
 * over stdio, their own initialize parameters, settings answered from their config by section (and
 * pushed with didChangeConfiguration), no VS Code-only request or setting. A request the server
 * sends that the client did not announce support for fails the test.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-jsonrpc/node';
import type { MessageConnection } from 'vscode-jsonrpc/node';
import { copyFixture, REPO } from './harness';

interface Profile {
  readonly name: string;
  readonly clientInfo: { name: string; version: string };
  readonly capabilities: {
    workspace: {
      configuration: boolean;
      workspaceFolders: boolean;
      didChangeWatchedFiles: { dynamicRegistration: boolean; relativePatternSupport?: boolean };
    } & Record<string, unknown>;
  } & Record<string, unknown>;
  /** Sent as initializationOptions (Helix sends its `config` there). */
  readonly initOptions: boolean;
  readonly sendsWorkspaceFolders: boolean;
}

const TEXT_DOCUMENT = {
  synchronization: { didSave: true, dynamicRegistration: false },
  publishDiagnostics: { relatedInformation: true, tagSupport: { valueSet: [1, 2] }, dataSupport: true },
  hover: { contentFormat: ['markdown', 'plaintext'] },
  definition: { linkSupport: true },
  rename: { prepareSupport: true },
  codeAction: { codeActionLiteralSupport: { codeActionKind: { valueSet: ['quickfix', 'refactor', 'source'] } }, resolveSupport: { properties: ['edit'] } },
};

/** What Neovim 0.11's built-in client announces (Linux: no file watching by dynamic registration). */
const NEOVIM: Profile = {
  name: 'Neovim',
  clientInfo: { name: 'Neovim', version: '0.11.0' },
  capabilities: {
    general: { positionEncodings: ['utf-8', 'utf-16', 'utf-32'] },
    window: { workDoneProgress: true, showMessage: { messageActionItem: { additionalPropertiesSupport: true } }, showDocument: { support: true } },
    workspace: {
      applyEdit: true,
      configuration: true,
      workspaceFolders: true,
      didChangeConfiguration: { dynamicRegistration: false },
      didChangeWatchedFiles: { dynamicRegistration: false, relativePatternSupport: true },
      workspaceEdit: { resourceOperations: ['rename', 'create', 'delete'] },
    },
    textDocument: TEXT_DOCUMENT,
  },
  initOptions: false,
  sendsWorkspaceFolders: true,
};

/** What Helix announces (it watches files for servers that register watchers). */
const HELIX: Profile = {
  name: 'Helix',
  clientInfo: { name: 'helix', version: '25.07' },
  capabilities: {
    general: { positionEncodings: ['utf-8', 'utf-32', 'utf-16'] },
    window: { workDoneProgress: true },
    workspace: {
      applyEdit: true,
      configuration: true,
      workspaceFolders: true,
      didChangeConfiguration: { dynamicRegistration: false },
      didChangeWatchedFiles: { dynamicRegistration: true, relativePatternSupport: false },
      workspaceEdit: { documentChanges: true, resourceOperations: ['create', 'rename', 'delete'] },
    },
    textDocument: TEXT_DOCUMENT,
  },
  initOptions: true,
  sendsWorkspaceFolders: true,
};

/** A minimal client: rootUri only, no workspace/configuration (settings only pushed), no watchers. */
const MINIMAL: Profile = {
  name: 'a minimal client',
  clientInfo: { name: 'minimal', version: '1' },
  capabilities: {
    workspace: { configuration: false, workspaceFolders: false, didChangeWatchedFiles: { dynamicRegistration: false } },
    textDocument: { publishDiagnostics: {} },
  },
  initOptions: false,
  sendsWorkspaceFolders: false,
};

type Diagnostic = {
  range: { start: { line: number; character: number }; end: { line: number; character: number } };
  code?: string;
  severity?: number;
  codeDescription?: { href: string };
};

class EditorClient {
  readonly connection: MessageConnection;
  readonly child: ChildProcess;
  readonly requests: string[] = [];
  readonly messages: { type: number; message: string }[] = [];
  private readonly diagnostics = new Map<string, Diagnostic[]>();
  private readonly waiters: (() => void)[] = [];

  constructor(
    readonly profile: Profile,
    readonly root: string,
    readonly settings: Record<string, unknown>,
  ) {
    // `cmd = { 'graphql-metadata-language-server', '--stdio' }`: that bin is dist/server.js.
    this.child = spawn(process.execPath, [path.join(REPO, 'dist/server.js'), '--stdio'], {
      stdio: ['pipe', 'pipe', 'ignore'],
      env: { ...process.env, XDG_CACHE_HOME: fs.mkdtempSync(path.join(root, '..', 'cache-')) },
    });
    this.connection = createMessageConnection(new StreamMessageReader(this.child.stdout!), new StreamMessageWriter(this.child.stdin!));
    this.connection.onNotification('textDocument/publishDiagnostics', (p: { uri: string; diagnostics: Diagnostic[] }) => {
      this.diagnostics.set(p.uri, p.diagnostics);
      this.poke();
    });
    this.connection.onNotification('window/showMessage', (p: { type: number; message: string }) => {
      this.messages.push(p);
      this.poke();
    });
    // Notifications a generic client does not know are dropped, as Neovim and Helix drop them.
    this.connection.onNotification(() => undefined);
    this.connection.onRequest((method: string, params: unknown) => this.answer(method, params));
    this.connection.listen();
  }

  /** Answers as the editors do; a request the profile did not announce support for is recorded as a failure. */
  private answer(method: string, params: unknown): unknown {
    const workspace = this.profile.capabilities.workspace;
    const allowed =
      method === 'workspace/configuration'
        ? workspace.configuration
        : method === 'client/registerCapability'
          ? workspace.didChangeWatchedFiles.dynamicRegistration
          : method === 'window/workDoneProgress/create';
    this.requests.push(allowed ? method : `UNANNOUNCED ${method}`);
    if (method !== 'workspace/configuration') return null;
    // Neovim's and Helix's lookup: the section's dotted path into the settings table, null when absent.
    return (params as { items: { section?: string }[] }).items.map(
      (item) =>
        (item.section ?? '')
          .split('.')
          .filter(Boolean)
          .reduce<unknown>((v, key) => (v as Record<string, unknown> | undefined)?.[key], this.settings) ?? null,
    );
  }

  private poke(): void {
    for (const w of this.waiters.splice(0)) w();
  }

  async until<T>(get: () => T | undefined, what: string): Promise<T> {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const value = get();
      if (value !== undefined) return value;
      if (Date.now() > deadline) throw new Error(`${this.profile.name}: timed out waiting for ${what}`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 200);
      });
    }
  }

  uri(rel: string): string {
    return pathToFileURL(path.join(this.root, rel)).href;
  }

  published(rel: string): Diagnostic[] | undefined {
    return this.diagnostics.get(this.uri(rel));
  }

  async start(): Promise<void> {
    const rootUri = pathToFileURL(this.root).href;
    await this.connection.sendRequest('initialize', {
      processId: process.pid,
      clientInfo: this.profile.clientInfo,
      rootUri,
      rootPath: this.root,
      ...(this.profile.sendsWorkspaceFolders ? { workspaceFolders: [{ uri: rootUri, name: path.basename(this.root) }] } : {}),
      ...(this.profile.initOptions ? { initializationOptions: this.settings } : {}),
      capabilities: this.profile.capabilities,
      trace: 'off',
    });
    await this.connection.sendNotification('initialized', {});
    await this.connection.sendNotification('workspace/didChangeConfiguration', { settings: this.settings });
  }

  async stop(): Promise<number | null> {
    const exited = new Promise<number | null>((resolve) => this.child.once('exit', (code) => resolve(code)));
    await this.connection.sendRequest('shutdown');
    await this.connection.sendNotification('exit');
    const code = await exited;
    this.connection.dispose();
    return code;
  }
}

const ALLOW_LIST = 'metadata/allow_list.yaml';
const AUTHOR = 'metadata/databases/default/tables/public_author.yaml';
const SETTINGS = { graphqlMetadata: { rules: { 'relationship-deprecated-column': 'warning', 'allow-list-unknown-colection': 'off' } } };

for (const profile of [NEOVIM, HELIX, MINIMAL]) {
  describe(`the language server driven as ${profile.name} drives it`, () => {
    let client: EditorClient;
    before(async () => {
      client = new EditorClient(profile, copyFixture('basic'), SETTINGS);
      await client.start();
    });
    after(async () => {
      if (client.child.exitCode === null) await client.stop();
    });

    test('diagnostics at their exact range, the client settings applied, the code linked to a page that exists', async () => {
      const found = await client.until(() => client.published(ALLOW_LIST), 'allow_list.yaml diagnostics');
      assert.deepEqual(
        found.map((d) => [d.code, d.severity, d.range]),
        [['allow-list-unknown-collection', 1, { start: { line: 0, character: 14 }, end: { line: 0, character: 28 } }]],
      );
      const href = found[0]!.codeDescription!.href;
      const [file, anchor] = href.split('#');
      assert.equal(anchor, 'allow-list-unknown-collection');
      assert.match(fs.readFileSync(fileURLToPath(file!), 'utf8'), /^### allow-list-unknown-collection$/m);
      const author = await client.until(() => client.published(AUTHOR)?.find((d) => d.severity === 2), 'the re-levelled finding');
      assert.equal(author.code, 'relationship-deprecated-column');
    });

    test('a mistake in the settings is shown as a message, once', async () => {
      const shown = await client.until(() => client.messages.find((m) => m.message.includes('graphqlMetadata.rules')), 'the settings warning');
      assert.deepEqual(shown, {
        type: 2,
        message:
          'graphqlMetadata.rules: There is no diagnostic code `allow-list-unknown-colection`. Did you mean `allow-list-unknown-collection`? This entry is ignored.',
      });
      assert.equal(client.messages.filter((m) => m.message.includes('graphqlMetadata.rules')).length, 1);
    });

    test('an opened document edited incrementally is re-checked, and definition works', async () => {
      const uri = client.uri(ALLOW_LIST);
      await client.connection.sendNotification('textDocument/didOpen', {
        textDocument: { uri, languageId: 'yaml', version: 0, text: '- collection: allowed-querys\n' },
      });
      await client.connection.sendNotification('textDocument/didChange', {
        textDocument: { uri, version: 1 },
        contentChanges: [{ range: { start: { line: 0, character: 26 }, end: { line: 0, character: 28 } }, rangeLength: 2, text: 'ies' }],
      });
      await client.until(() => (client.published(ALLOW_LIST)?.length === 0 ? true : undefined), 'the finding to go');
      const target = await client.connection.sendRequest<{ uri?: string; targetUri?: string }[]>('textDocument/definition', {
        textDocument: { uri },
        position: { line: 0, character: 16 },
      });
      assert.deepEqual(
        target.map((t) => path.basename(fileURLToPath(t.targetUri ?? t.uri!))),
        ['query_collections.yaml'],
      );
    });

    test('the server asks only what the client announced, and exits cleanly', async () => {
      assert.deepEqual(
        client.requests.filter((r) => r.startsWith('UNANNOUNCED')),
        [],
      );
      assert.equal(client.requests.includes('workspace/configuration'), profile.capabilities.workspace.configuration);
      assert.equal(client.requests.includes('client/registerCapability'), profile.capabilities.workspace.didChangeWatchedFiles.dynamicRegistration);
      assert.equal(await client.stop(), 0);
    });
  });
}
