/** Wires the server commands into the extension: log, connections, status item, config view, command table. */
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { hasDatabaseModel } from '../../../common/databaseStatus';
import type { MetadataStatusBar } from '../statusBar';
import { EngineStatusBar } from '../statusBar';
import { EngineConnections } from './connection';
import { ConfigView } from './configView';
import { SchemaView } from './schemaView';
import type { CommandContext } from './context';
import { registerCommands } from './index';
import { CommandLog } from './logger';
import type { CommandOutcome } from './outcome';
import { connectQuietly } from './server';
import { EngineFiles } from './engineFiles';

export interface CommandsHandle {
  readonly serverBar: EngineStatusBar;
  readonly log: CommandLog;
  readonly onDidRunCommand: vscode.Event<CommandOutcome>;
  /** Fills the server status item when a server URL is configured (no prompts). */
  connect(): void;
}

const READY_TIMEOUT_MS = 15_000;

export function activateCommands(
  context: vscode.ExtensionContext,
  client: LanguageClient,
  output: vscode.LogOutputChannel,
  statusBar: MetadataStatusBar,
): CommandsHandle {
  const log = new CommandLog((level, line) => output[level](line));
  const serverBar = new EngineStatusBar();
  const configView = new ConfigView();
  const schemaView = new SchemaView(client);
  const engineFiles = new EngineFiles();
  const ran = new vscode.EventEmitter<CommandOutcome>();
  const ctx: CommandContext = {
    client,
    connections: new EngineConnections(context.secrets, log),
    log,
    configView,
    schemaView,
    engineFiles,
    workspaceState: context.workspaceState,
    showEngine: (state) => serverBar.update(state),
    ready: () => rootsKnown(statusBar),
  };
  const connect = (): void =>
    void connectQuietly(ctx).catch((e: unknown) => log.warn(`Could not reach the server: ${e instanceof Error ? e.message : String(e)}`));
  context.subscriptions.push(
    serverBar,
    configView,
    schemaView,
    engineFiles,
    ran,
    ...registerCommands(ctx, (outcome) => ran.fire(outcome)),
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration('graphqlMetadata.server')) connect();
    }),
    vscode.workspace.onDidGrantWorkspaceTrust(connect),
    // `graphqlMetadata.hasRoots` shows the change commands in the palette once a metadata root is known,
    // `graphqlMetadata.hasDatabaseModel` Track Tables… once a source has a database model.
    statusBar.onDidChange((params) => {
      void vscode.commands.executeCommand('setContext', 'graphqlMetadata.hasRoots', params.roots.length > 0);
      void vscode.commands.executeCommand('setContext', 'graphqlMetadata.hasDatabaseModel', hasDatabaseModel(params));
      // Each check (an edit, a database model built) may change the schema the open documents show.
      if (params.state === 'ready') schemaView.refresh();
    }),
  );
  return { serverBar, log, onDidRunCommand: ran.event, connect };
}

/** Resolves at the language server's first `ready` status (when it knows the roots), or after a while regardless. */
function rootsKnown(statusBar: MetadataStatusBar): Promise<void> {
  if (statusBar.lastStatus?.state === 'ready') return Promise.resolve();
  return new Promise((resolve) => {
    const done = (): void => {
      clearTimeout(timer);
      subscription.dispose();
      resolve();
    };
    const timer = setTimeout(done, READY_TIMEOUT_MS);
    const subscription = statusBar.onDidChange((params) => {
      if (params.state === 'ready') done();
    });
  });
}
