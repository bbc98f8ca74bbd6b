/**
 * Shared by the suites that run server commands against the test server (commands, sync): run a
 * command and get its outcome, wait for the outcome of a command started elsewhere (the palette),
 * the server settings, and the metadata folder's files as they are on disk.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { ExtensionApi } from '../../client/src/api';
import type { CommandOutcome } from '../../client/src/commands/outcome';
import { META, metaUri, writeDisk } from './files';
import { fixtureUri, waitForDocumentText } from './helpers';

/** Runs a command with an argument object and returns what it returned (its outcome). */
export async function runCommand(command: string, args?: unknown): Promise<CommandOutcome> {
  const outcome = await vscode.commands.executeCommand<CommandOutcome>(command, args);
  assert.ok(outcome !== undefined, `${command} returned its outcome`);
  return outcome;
}

export function serverSettings(): vscode.WorkspaceConfiguration {
  return vscode.workspace.getConfiguration('graphqlMetadata.server');
}

/** Every YAML / GraphQL file under the folder `rel` of the workspace, relative path -> text on disk. */
export function metadataTexts(rel: string): Record<string, string> {
  const root = fixtureUri(rel).fsPath;
  const files = readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.(ya?ml|graphql)$/.test(f))
    .sort();
  return Object.fromEntries(files.map((f) => [f, readFileSync(path.join(root, f), 'utf8')]));
}

/**
 * Puts the metadata folder back as `before` (from {@link metadataTexts} of META): files added since
 * are deleted, changed ones rewritten, and every open document of a rewritten file is waited for until
 * it shows the text again, so that the next suite's edits apply to what is on disk.
 */
export async function restoreMetadataTexts(before: Record<string, string>): Promise<void> {
  const now = metadataTexts(META);
  for (const rel of Object.keys(now)) if (!(rel in before)) await vscode.workspace.fs.delete(metaUri(rel));
  for (const [rel, text] of Object.entries(before)) {
    if (now[rel] === text) continue;
    await writeDisk(metaUri(rel), text);
  }
  for (const [rel, text] of Object.entries(before)) {
    const document = vscode.workspace.textDocuments.find((d) => d.uri.toString() === metaUri(rel).toString());
    if (document !== undefined && !document.isDirty) await waitForDocumentText(document, text);
  }
}

/** The next outcome of `command` (subscribed before the command runs). */
export function nextOutcome(api: ExtensionApi, command: string): Promise<CommandOutcome> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      subscription.dispose();
      reject(new Error(`${command} did not finish within 30 s`));
    }, 30_000);
    const subscription = api.onDidRunCommand((outcome) => {
      if (outcome.command !== command) return;
      clearTimeout(timer);
      subscription.dispose();
      resolve(outcome);
    });
  });
}
