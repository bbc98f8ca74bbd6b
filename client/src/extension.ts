/**
 * Extension entry point: starts the language server and shows its status. Everything the user
 * sees as diagnostics comes from the server; this side only wires VS Code to it.
 */
import * as vscode from 'vscode';
import { State, type LanguageClient } from 'vscode-languageclient/node';
import { statusNotification } from '../../common/protocol';
import type { ExtensionApi } from './api';
import { activateCommands } from './commands/activate';
import { OperationsRoleStatusBar } from './commands/operationsRole';
import type { CommandsHandle } from './commands/activate';
import { createLanguageClient } from './languageClient';
import { MetadataStatusBar } from './statusBar';
import { RESTART_COMMAND, LanguageServerSupervisor } from './languageServerSupervisor';
import { SettingTraceChannel } from './traceChannel';

let client: LanguageClient | undefined;

export async function activate(context: vscode.ExtensionContext): Promise<ExtensionApi> {
  const output = vscode.window.createOutputChannel('GraphQL Metadata', { log: true });
  const trace = new SettingTraceChannel(output);
  const statusBar = new MetadataStatusBar(RESTART_COMMAND);
  const roleBar = new OperationsRoleStatusBar();
  const supervisor = new LanguageServerSupervisor(output);
  context.subscriptions.push(output, trace, statusBar, roleBar, supervisor);

  const languageClient = createLanguageClient(context, { output, trace }, supervisor);
  client = languageClient;
  supervisor.attach(languageClient);
  context.subscriptions.push(
    languageClient.onNotification(statusNotification, (params) => statusBar.update(params)),
    supervisor.onDidGiveUp((reason) => statusBar.stopped(reason)),
    languageClient.onDidChangeState((change) => {
      if (change.newState === State.Running) statusBar.resumed();
    }),
    vscode.commands.registerCommand(RESTART_COMMAND, () => supervisor.restart()),
    // The language server reads trust once, at start: a trusted workspace may connect to its database.
    vscode.workspace.onDidGrantWorkspaceTrust(() => void supervisor.restart()),
  );
  // Shows Restart Language Server in the palette only where the extension runs.
  void vscode.commands.executeCommand('setContext', 'graphqlMetadata.active', true);
  const commands = activateCommands(context, languageClient, output, statusBar);
  await languageClient.start();
  commands.connect();
  return extensionApi(context, { languageClient, statusBar, roleBar, supervisor, commands });
}

interface Parts {
  readonly languageClient: LanguageClient;
  readonly statusBar: MetadataStatusBar;
  readonly roleBar: OperationsRoleStatusBar;
  readonly supervisor: LanguageServerSupervisor;
  readonly commands: CommandsHandle;
}

function extensionApi(context: vscode.ExtensionContext, { languageClient, statusBar, roleBar, supervisor, commands }: Parts): ExtensionApi {
  return {
    get lastStatus() {
      return statusBar.lastStatus;
    },
    get statusView() {
      return statusBar.statusView;
    },
    onDidChangeStatus: statusBar.onDidChange,
    get operationsRoleView() {
      return roleBar.view;
    },
    get serverView() {
      return commands.serverBar.statusView;
    },
    onDidChangeServerView: commands.serverBar.onDidChange,
    onDidRunCommand: commands.onDidRunCommand,
    get commandLog() {
      return commands.log.lines;
    },
    hostLogFolder: vscode.Uri.joinPath(context.logUri, '..').fsPath,
    get serverPid() {
      return languageClient.isRunning() ? languageClient.serverProcess?.pid : undefined;
    },
    get serverNotices() {
      return supervisor.notices;
    },
    onDidNoticeServer: supervisor.onDidNotice,
  };
}

export async function deactivate(): Promise<void> {
  const running = client;
  client = undefined;
  await running?.stop();
}
