/**
 * The language client's error handler: a server that dies is restarted, with one message per
 * crash episode (see {@link CrashPolicy}); after too many crashes it stays stopped and an error
 * offers Show Output and Restart. Every crash is logged in the output channel. What was shown is
 * kept in {@link LanguageServerSupervisor.notices} (the e2e tests read it through the extension API).
 */
import * as vscode from 'vscode';
import { CloseAction, ErrorAction, State } from 'vscode-languageclient/node';
import type { CloseHandlerResult, ErrorHandler, ErrorHandlerResult, LanguageClient, Message } from 'vscode-languageclient/node';
import { CrashPolicy, windowText } from './serverCrashes';

export const RESTART_COMMAND = 'graphqlMetadata.restartServer';
const SHOW_OUTPUT = 'Show Output';
const RESTART = 'Restart';
/** Connection errors in a row that are only logged; one more stops the server (as the library's default). */
const TOLERATED_ERRORS = 3;

/** A message the supervisor showed about the language server. */
export interface ServerNotice {
  readonly severity: 'warning' | 'error';
  readonly message: string;
  /** Its buttons. */
  readonly actions: readonly string[];
}

export class LanguageServerSupervisor implements ErrorHandler, vscode.Disposable {
  private readonly shown: ServerNotice[] = [];
  private readonly noticed = new vscode.EventEmitter<ServerNotice>();
  private readonly gaveUp = new vscode.EventEmitter<string>();
  private client: LanguageClient | undefined;
  readonly onDidNotice = this.noticed.event;
  /** The server is left stopped (the reason shown to the user). */
  readonly onDidGiveUp = this.gaveUp.event;

  constructor(
    private readonly output: vscode.LogOutputChannel,
    private readonly policy = new CrashPolicy(),
  ) {}

  /** The client this handler serves (created after the handler, which is one of its options). */
  attach(client: LanguageClient): void {
    this.client = client;
  }

  get notices(): readonly ServerNotice[] {
    return this.shown;
  }

  error(error: Error, _message: Message | undefined, count: number | undefined): ErrorHandlerResult {
    this.output.error(`The connection to the language server failed: ${error.message}`);
    if (count !== undefined && count <= TOLERATED_ERRORS) return { action: ErrorAction.Continue, handled: true };
    this.giveUp(
      'The connection to the GraphQL Metadata language server keeps failing, so it was stopped: metadata diagnostics and navigation are off until it restarts.',
    );
    return { action: ErrorAction.Shutdown, handled: true };
  }

  closed(): CloseHandlerResult {
    const decision = this.policy.crashed();
    const window = windowText(this.policy.limits.windowMs);
    if (decision.action === 'give-up') {
      this.output.error(`The language server stopped unexpectedly ${decision.crashes} times in ${window}; it is not restarted.`);
      this.giveUp(
        `The GraphQL Metadata language server crashed ${decision.crashes} times in ${window} and was not restarted: metadata diagnostics and navigation are off until you restart it.`,
      );
      return { action: CloseAction.DoNotRestart, handled: true };
    }
    this.output.warn(`The language server stopped unexpectedly (${decision.crashes} time${decision.crashes === 1 ? '' : 's'} in ${window}); restarting it.`);
    if (decision.tell)
      this.show({
        severity: 'warning',
        message: 'The GraphQL Metadata language server stopped unexpectedly and was restarted; its diagnostics come back in a moment.',
        actions: [SHOW_OUTPUT],
      });
    return { action: CloseAction.Restart, handled: true };
  }

  /** The Restart command: a fresh server and a fresh crash count (the next crash is told again). */
  async restart(): Promise<void> {
    const client = this.client;
    if (client === undefined) return;
    this.policy.reset();
    this.output.info('Restarting the language server (requested).');
    if (client.state === State.Running) await client.restart();
    else if (client.state === State.Stopped) await client.start();
  }

  dispose(): void {
    this.noticed.dispose();
    this.gaveUp.dispose();
  }

  private giveUp(message: string): void {
    this.show({ severity: 'error', message, actions: [SHOW_OUTPUT, RESTART] });
    this.gaveUp.fire(message);
  }

  private show(notice: ServerNotice): void {
    this.shown.push(notice);
    this.noticed.fire(notice);
    const show = notice.severity === 'error' ? vscode.window.showErrorMessage : vscode.window.showWarningMessage;
    void show(notice.message, ...notice.actions).then((choice) => {
      if (choice === SHOW_OUTPUT) this.output.show(true);
      else if (choice === RESTART) void vscode.commands.executeCommand(RESTART_COMMAND);
    });
  }
}
