/**
 * The server commands as a table of small factories (id -> factory). Add a command: a factory
 * in a file here, a line below, and its entry in package.json `contributes.commands`.
 */
import * as vscode from 'vscode';
import { State } from 'vscode-languageclient/node';
import { RESTART_COMMAND } from '../languageServerSupervisor';
import type { CommandContext, CommandFactory, CommandRunner, Result } from './context';
import type { CommandOutcome } from './outcome';
import { ArgumentError, Cancelled } from './outcome';
import { createRelationship, dropRelationship, renameRelationship, setRelationshipComment } from './relationships';
import { chooseOperationsRole, CHOOSE_OPERATIONS_ROLE } from './operationsRole';
import { addInheritedRole, dropInheritedRole } from './roles';
import { clearAdminSecret, setAdminSecret, showServerConfiguration } from './server';
import { addSource, dropSource, renameSource } from './sources';
import { showGraphqlSchema } from './showSchema';
import { trackTables } from './trackTables';
import { refuseUntrusted } from './trust';
import { applyToServer } from './sync/applyToServer';
import { diffWithServer } from './sync/diffWithServer';
import { exportFromServer } from './sync/exportFromServer';
import { reloadServerMetadata } from './sync/reloadMetadata';
import { showInconsistencies } from './sync/showInconsistencies';

export const COMMANDS: Readonly<Record<string, CommandFactory>> = {
  'graphqlMetadata.addSource': addSource,
  'graphqlMetadata.dropSource': dropSource,
  'graphqlMetadata.renameSource': renameSource,
  'graphqlMetadata.createObjectRelationship': createRelationship('object'),
  'graphqlMetadata.createArrayRelationship': createRelationship('array'),
  'graphqlMetadata.renameRelationship': renameRelationship,
  'graphqlMetadata.dropRelationship': dropRelationship,
  'graphqlMetadata.setRelationshipComment': setRelationshipComment,
  'graphqlMetadata.addInheritedRole': addInheritedRole,
  'graphqlMetadata.dropInheritedRole': dropInheritedRole,
  'graphqlMetadata.showServerConfiguration': showServerConfiguration,
  'graphqlMetadata.setAdminSecret': setAdminSecret,
  'graphqlMetadata.clearAdminSecret': clearAdminSecret,
  'graphqlMetadata.exportFromServer': exportFromServer,
  'graphqlMetadata.applyToServer': applyToServer,
  'graphqlMetadata.diffWithServer': diffWithServer,
  'graphqlMetadata.reloadMetadata': reloadServerMetadata,
  'graphqlMetadata.showInconsistencies': showInconsistencies,
  'graphqlMetadata.trackTables': trackTables,
  'graphqlMetadata.showGraphqlSchema': showGraphqlSchema,
  [CHOOSE_OPERATIONS_ROLE]: chooseOperationsRole,
};

/** Commands that only edit local files (like a quick fix): they run in Restricted Mode too. */
const LOCAL_ONLY = new Set(['graphqlMetadata.trackTables', 'graphqlMetadata.showGraphqlSchema', CHOOSE_OPERATIONS_ROLE]);

/** Registers every command; each run's outcome goes to `finished` and is the command's return value. */
export function registerCommands(ctx: CommandContext, finished: (outcome: CommandOutcome) => void): vscode.Disposable[] {
  return Object.entries(COMMANDS).map(([id, factory]) => {
    const run = factory(ctx);
    return vscode.commands.registerCommand(id, async (arg: unknown) => {
      const outcome: CommandOutcome = { command: id, ...(await settle(ctx, run, arg, !LOCAL_ONLY.has(id))) };
      finished(outcome);
      return outcome;
    });
  });
}

async function settle(ctx: CommandContext, run: CommandRunner, arg: unknown, callsServer: boolean): Promise<Result> {
  const untrusted = callsServer ? refuseUntrusted() : undefined;
  if (untrusted) return untrusted;
  try {
    return await run(arg);
  } catch (error) {
    if (error instanceof Cancelled) return { status: 'cancelled', message: 'Cancelled.' };
    // The request failed because the language server was left stopped (it crashed too often).
    if (ctx.client.state === State.Stopped) return serverStopped();
    const message = error instanceof ArgumentError ? error.message : `The command failed: ${error instanceof Error ? error.message : String(error)}`;
    ctx.log.error(message);
    void vscode.window.showErrorMessage(message);
    return { status: 'failed', message };
  }
}

export const SERVER_STOPPED_MESSAGE =
  'The GraphQL Metadata language server is stopped, so this command did not run. Restart it (GraphQL Metadata: Restart Language Server) and run the command again.';
const RESTART = 'Restart';

function serverStopped(): Result {
  void vscode.window
    .showErrorMessage(SERVER_STOPPED_MESSAGE, RESTART)
    .then((choice) => (choice === RESTART ? vscode.commands.executeCommand(RESTART_COMMAND) : undefined));
  return { status: 'not-run', message: SERVER_STOPPED_MESSAGE };
}
