/**
 * What `activate` returns: the handle the e2e tests use (through
 * `vscode.extensions.getExtension(...).exports`) to wait for the server instead of sleeping.
 */
import type { Event } from 'vscode';
import type { StatusParams } from '../../server/src/core/protocol';
import type { StatusView } from './statusView';

export const extensionId = 'graphql-engine-metadata.graphql-engine-metadata';

export interface ExtensionApi {
  /** The last `graphqlMetadata/status` the server sent, if any. */
  readonly lastStatus: StatusParams | undefined;
  /** What the status bar item shows now. */
  readonly statusView: StatusView;
  /** Fires after the status bar item was updated for a new status. */
  readonly onDidChangeStatus: Event<StatusParams>;
}
