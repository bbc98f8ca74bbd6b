/** Builds the LanguageClient that runs the bundled server (dist/server.js) over IPC. */
import * as vscode from 'vscode';
import {
  LanguageClient,
  RevealOutputChannelOn,
  TransportKind,
  type ErrorHandler,
  type LanguageClientOptions,
  type ServerOptions,
} from 'vscode-languageclient/node';

/**
 * Every YAML file and every actions.graphql on disk goes to the server; the server decides which
 * of them lie inside a metadata root and never reports on the others.
 */
const documentPatterns = ['**/*.yaml', '**/*.yml', '**/actions.graphql'] as const;
/** Metadata files, and what the database models are built from: SQL migrations, config.yaml, .env. */
const watchedFiles = '**/{*.yaml,*.yml,*.graphql,*.sql,.env}';

export interface ClientChannels {
  readonly output: vscode.LogOutputChannel;
  readonly trace: vscode.LogOutputChannel;
}

/**
 * `errorHandler` decides what a dead server means (client/src/languageServerSupervisor.ts). A failed request
 * is logged in the output channel, not shown as a notification each time (revealOutputChannelOn:
 * Never): a hover that fails on every mouse move must not flood the window.
 */
export function createLanguageClient(context: vscode.ExtensionContext, channels: ClientChannels, errorHandler: ErrorHandler): LanguageClient {
  const watcher = vscode.workspace.createFileSystemWatcher(watchedFiles);
  context.subscriptions.push(watcher);
  const clientOptions: LanguageClientOptions = {
    documentSelector: documentPatterns.map((pattern) => ({ scheme: 'file', pattern })),
    synchronize: { fileEvents: watcher, configurationSection: 'graphqlMetadata' },
    // The watcher above sends file events; the server then registers no watcher of its own. In an
    // untrusted workspace the server connects to no database (a restart follows when trust is granted).
    initializationOptions: () => ({ watchesFiles: true, trusted: vscode.workspace.isTrusted }),
    outputChannel: channels.output,
    traceOutputChannel: channels.trace,
    errorHandler,
    revealOutputChannelOn: RevealOutputChannelOn.Never,
  };
  // The id 'graphqlMetadata' makes the client read `graphqlMetadata.trace.server`.
  return new LanguageClient('graphqlMetadata', 'GraphQL Metadata', serverOptions(context), clientOptions);
}

function serverOptions(context: vscode.ExtensionContext): ServerOptions {
  const module = context.asAbsolutePath('dist/server.js');
  return {
    run: { module, transport: TransportKind.ipc },
    debug: { module, transport: TransportKind.ipc, options: { execArgv: ['--nolazy', '--inspect=6009'] } },
  };
}
