/**
 * What `activate` returns: the handle the e2e tests use (through
 * `vscode.extensions.getExtension(...).exports`) to wait for the server instead of sleeping.
 */
import type { Event } from 'vscode';
import type { StatusParams } from '../../common/protocol';
import type { CommandOutcome } from './commands/outcome';
import type { OperationsRoleView } from './commands/operationsRole';
import type { ServerNotice } from './languageServerSupervisor';
import type { StatusView } from './statusView';

export const extensionId = 'graphql-engine-metadata.graphql-engine-metadata';

export interface ExtensionApi {
  /** The last `graphqlMetadata/status` the server sent, if any. */
  readonly lastStatus: StatusParams | undefined;
  /** What the status bar item shows now. */
  readonly statusView: StatusView;
  /** Fires after the status bar item was updated for a new status. */
  readonly onDidChangeStatus: Event<StatusParams>;
  /** What the role item shows now (the role for collection queries, while a query_collections.yaml is active). */
  readonly operationsRoleView: OperationsRoleView;
  /** What the server (GraphQL engine) status bar item shows now. */
  readonly serverView: StatusView;
  /** Fires after the server item changed (a config request succeeded or failed). */
  readonly onDidChangeServerView: Event<StatusView>;
  /** Fires after each server command ended, with what it returned. */
  readonly onDidRunCommand: Event<CommandOutcome>;
  /** The recent lines the commands wrote to the output channel (secrets masked), oldest first. */
  readonly commandLog: readonly string[];
  /** The extension host's log folder (its output channels are written below it, in output_logging_*). */
  readonly hostLogFolder: string;
  /** The process id of the language server while it runs (undefined while it is stopped or starting). */
  readonly serverPid: number | undefined;
  /** The messages shown about the language server (a crash episode, giving up), oldest first. */
  readonly serverNotices: readonly ServerNotice[];
  /** Fires when such a message is shown. */
  readonly onDidNoticeServer: Event<ServerNotice>;
}
