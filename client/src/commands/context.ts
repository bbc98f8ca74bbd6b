import type * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import type { EngineConnections } from './connection';
import type { ConfigView } from './configView';
import type { SchemaView } from './schemaView';
import type { CommandLog } from './logger';
import type { CommandOutcome } from './outcome';
import type { EngineFiles } from './engineFiles';
import type { EngineState } from '../statusView';

/** What every command factory gets: the language server, the server connections, the log and the UI pieces. */
export interface CommandContext {
  readonly client: LanguageClient;
  readonly connections: EngineConnections;
  readonly log: CommandLog;
  readonly configView: ConfigView;
  /** The read-only documents of Show GraphQL Schema for Role…. */
  readonly schemaView: SchemaView;
  /** The server's side of the sync diffs. */
  readonly engineFiles: EngineFiles;
  /** Per-workspace memory (the resource version of each folder's last export). */
  readonly workspaceState: vscode.Memento;
  /** Shows an engine (and its version, or what went wrong) in the status bar; `undefined` hides it. */
  showEngine(state: EngineState | undefined): void;
  /** Resolves once the language server has found the metadata roots. */
  ready(): Promise<void>;
}

/** A command's result without its id (the command table adds it). */
export type Result = Omit<CommandOutcome, 'command'>;

export type CommandRunner = (arg: unknown) => Promise<Result>;

/** A command: built once from the context, run with the argument given to `executeCommand` (or a context menu's URI). */
export type CommandFactory = (ctx: CommandContext) => CommandRunner;

export function resourceOf(arg: unknown, uriClass: typeof vscode.Uri): vscode.Uri | undefined {
  return arg instanceof uriClass ? arg : undefined;
}
