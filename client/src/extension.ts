/**
 * Extension entry point: starts the language server and shows its status. Everything the user
 * sees as diagnostics comes from the server; this side only wires VS Code to it.
 */
import * as vscode from 'vscode';
import { NotificationType, type LanguageClient } from 'vscode-languageclient/node';
import { statusNotification, type StatusParams } from '../../server/src/core/protocol';
import type { ExtensionApi } from './api';
import { activateCommands } from './commands/activate';
import { createLanguageClient } from './languageClient';
import { MetadataStatusBar } from './statusBar';
import { SettingTraceChannel } from './traceChannel';

const statusType = new NotificationType<StatusParams>(statusNotification);

let client: LanguageClient | undefined;

export async function activate(context: vscode.ExtensionContext): Promise<ExtensionApi> {
  const output = vscode.window.createOutputChannel('GraphQL Metadata', { log: true });
  const trace = new SettingTraceChannel(output);
  const statusBar = new MetadataStatusBar();
  context.subscriptions.push(output, trace, statusBar);

  client = createLanguageClient(context, { output, trace });
  context.subscriptions.push(client.onNotification(statusType, (params) => statusBar.update(params)));
  const commands = activateCommands(context, client, output, statusBar);
  await client.start();
  commands.connect();
  return {
    get lastStatus() {
      return statusBar.lastStatus;
    },
    get statusView() {
      return statusBar.statusView;
    },
    onDidChangeStatus: statusBar.onDidChange,
    get serverView() {
      return commands.serverBar.statusView;
    },
    onDidChangeServerView: commands.serverBar.onDidChange,
    onDidRunCommand: commands.onDidRunCommand,
    get commandLog() {
      return commands.log.lines;
    },
    hostLogFolder: vscode.Uri.joinPath(context.logUri, '..').fsPath,
  };
}

export async function deactivate(): Promise<void> {
  const running = client;
  client = undefined;
  await running?.stop();
}
