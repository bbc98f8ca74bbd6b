/**
 * The metadata root a command works on, the facts its prompts offer (from the language server),
 * and the local edit after the server accepted a change.
 */
import * as vscode from 'vscode';
import { editForOperationRequest, listRootsRequest, projectFactsRequest } from '../../../common/protocol';
import type { EditForOperationParams, EditForOperationResult, MetadataOperation, ProjectFacts, ProjectFactsParams } from '../../../common/protocol';
import { isInside, toCorePath, toNativePath } from '../../../common/paths';
import { applyEditSafely } from '../safeEdit';
import type { CommandContext } from './context';
import { editPlanOf, staleDocument } from './rangedEdit';
import { pick } from './prompts';

export interface Target {
  readonly root: string;
  readonly folder?: vscode.WorkspaceFolder;
  readonly facts: ProjectFacts;
  /** True when the command came from the editor's context menu: the cursor's object is the one meant. */
  readonly fromContextMenu: boolean;
}

export function uriOf(corePath: string): vscode.Uri {
  return vscode.Uri.file(toNativePath(corePath));
}

/** The innermost root holding `file`. */
export function ownRoot(roots: readonly string[], file: string): string | undefined {
  return [...roots].filter((r) => isInside(file, r)).sort((a, b) => b.length - a.length)[0];
}

/** The only root, or the one the user picks. */
export function pickRoot(roots: readonly string[]): Promise<string> {
  return pick(
    undefined,
    roots.map((r) => ({ label: vscode.workspace.asRelativePath(uriOf(r)), value: r })),
    'Which metadata folder?',
  );
}

/**
 * The root of the file a command was run on (or of the active editor's), the only one, or the one
 * the user picks. Only the roots are asked for: nothing reads config.yaml (for the commands that run
 * in Restricted Mode, where the engine's endpoint is never read).
 */
export async function chooseLocalRoot(ctx: CommandContext, resource: vscode.Uri | undefined): Promise<string | undefined> {
  const { roots } = await ctx.client.sendRequest(listRootsRequest);
  if (roots.length === 0) return undefined;
  const uri = resource ?? vscode.window.activeTextEditor?.document.uri;
  const file = uri?.scheme === 'file' ? toCorePath(uri.fsPath) : undefined;
  const own = file === undefined ? undefined : ownRoot(roots, file);
  return own ?? pickRoot(roots);
}

/** The root: the one of the active editor's file, the only one, or the one the user picks. */
export async function chooseTarget(ctx: CommandContext, resource: vscode.Uri | undefined): Promise<Target | undefined> {
  await ctx.ready();
  const { roots } = await ctx.client.sendRequest(listRootsRequest);
  if (roots.length === 0) return undefined;
  const editor = vscode.window.activeTextEditor;
  const document =
    editor?.document.uri.scheme === 'file' && (resource === undefined || editor.document.uri.toString() === resource.toString()) ? editor.document : undefined;
  const file = document ? toCorePath(document.uri.fsPath) : undefined;
  const own = file === undefined ? undefined : ownRoot(roots, file);
  const root = own ?? (await pickRoot(roots));
  const position = file !== undefined && own !== undefined && editor ? editor.selection.active : undefined;
  const params: ProjectFactsParams = {
    root,
    ...(position && file !== undefined ? { file, position: { line: position.line, character: position.character } } : {}),
  };
  const facts = await ctx.client.sendRequest(projectFactsRequest, params);
  if (facts === null) return undefined;
  const folder = vscode.workspace.getWorkspaceFolder(uriOf(root));
  return { root, facts, fromContextMenu: resource !== undefined && position !== undefined, ...(folder ? { folder } : {}) };
}

export type Applied =
  { readonly ok: true; readonly files: readonly string[]; readonly notes: readonly string[] } | { readonly ok: false; readonly message: string };

/**
 * Asks the language server for the local edit of `operation` and applies it as one undoable edit,
 * saving the files it changed that had no unsaved changes. All or nothing: when VS Code fails
 * half way, every file it touched is put back as it was.
 */
export async function applyLocalEdit(ctx: CommandContext, root: string, operation: MetadataOperation): Promise<Applied> {
  const params: EditForOperationParams = { root, operation };
  return applyRangedResult(ctx, await ctx.client.sendRequest(editForOperationRequest, params));
}

const SERVER_REMEDY = 'Export From Server brings them in line with the server.';

/**
 * Applies a change the language server computed (editForOperation, trackTables): all or nothing,
 * saved, one undo. `remedy`: what the user can do when it failed and the files were put back.
 */
export async function applyRangedResult(ctx: CommandContext, result: EditForOperationResult, remedy = SERVER_REMEDY): Promise<Applied> {
  if (!result.ok) return { ok: false, message: result.error };
  if (result.change === undefined) return { ok: true, files: [], notes: result.notes };
  const stale = staleDocument(result.change);
  if (stale !== undefined)
    return { ok: false, message: `${vscode.workspace.asRelativePath(stale)} changed while the command ran; run it again to update the local files.` };
  const plan = editPlanOf(result.change);
  const applied = await applyEditSafely({ ...plan, files: [...new Set([...plan.files, ...result.files])] }, { isRefactoring: true });
  if (!applied.ok) {
    ctx.log.warn(`The local edit failed half way; put back: ${applied.undone.join(', ') || 'nothing'}.`);
    return { ok: false, message: localFailure(applied.reason, applied.notRestored, remedy) };
  }
  await removeEmptied(result.emptiedFolders ?? []);
  return { ok: true, files: result.files, notes: result.notes };
}

/**
 * The folders an edit emptied (a dropped or renamed source's, an export's; the language server finds
 * them, core/sync/emptied.ts), deepest first: each removed if it is empty now. Outside the edit, so
 * that it stays one undo: undoing it recreates the deleted files, and their folders with them.
 */
export async function removeEmptied(folders: readonly string[]): Promise<void> {
  for (const folder of folders) {
    const uri = uriOf(folder);
    const entries = await vscode.workspace.fs.readDirectory(uri).then(undefined, () => undefined);
    if (entries?.length === 0) await vscode.workspace.fs.delete(uri, { recursive: false, useTrash: false }).then(undefined, () => undefined);
  }
}

/** Why the local files were not updated, and that they are as they were (or which are not). */
function localFailure(reason: string, notRestored: readonly string[], remedy: string): string {
  const after =
    notRestored.length === 0
      ? `The files it had changed are as they were; ${remedy}`
      : `${notRestored.join(', ')} could not be put back as they were: check them.`;
  return `${reason}. ${after}`;
}
