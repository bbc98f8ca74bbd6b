/**
 * Restricted Mode: no server command runs at all, before anything else (no prompt, no look at the
 * folder's server settings or at the endpoint of the project's config.yaml, no admin secret read).
 * The metadata files are still checked by the language server.
 */
import * as vscode from 'vscode';
import { UNTRUSTED_MESSAGE } from './connection';
import type { Result } from './context';

const MANAGE_TRUST = 'Manage Workspace Trust';

/** The outcome of a command in an untrusted workspace (the user is told, with a way to trust it); undefined when trusted. */
export function refuseUntrusted(): Result | undefined {
  if (vscode.workspace.isTrusted) return undefined;
  void vscode.window
    .showErrorMessage(UNTRUSTED_MESSAGE, MANAGE_TRUST)
    .then((choice) => (choice === MANAGE_TRUST ? vscode.commands.executeCommand('workbench.trust.manage') : undefined));
  return { status: 'not-run', message: UNTRUSTED_MESSAGE };
}
