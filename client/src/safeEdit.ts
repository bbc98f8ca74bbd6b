/**
 * A local change as ONE workspace edit (one undo takes it back), all or nothing: VS Code applies a
 * WorkspaceEdit's parts in order and keeps those done when a later file operation fails. So the
 * state of every file the edit touches (its bytes on disk, the text of its open document) is kept
 * before, and put back when the edit or the save after it fails: created files and folders removed,
 * changed and deleted files rewritten byte for byte, documents back to their text (and clean).
 */
import * as vscode from 'vscode';
import { toCorePath, toNativePath } from '../../common/paths';
import type { Blocker, FileAccess } from './rollback';
import { blockerOf, DiskSnapshot } from './rollback';

export interface EditPlan {
  readonly edit: vscode.WorkspaceEdit;
  /** Every file the edit changes, creates, deletes or renames (core paths: absolute, `/`). */
  readonly files: readonly string[];
  /** The files it creates (or renames to): what stands in their way explains a failure. */
  readonly writes: readonly string[];
}

export type SafeEditResult =
  | { readonly ok: true }
  /**
   * `reason`: why it failed, for people; `undone`: the files the failed edit had already changed (on
   * disk or in their documents) and that were put back; `notRestored`: those that could not be.
   * Paths relative to the workspace, sorted.
   */
  | { readonly ok: false; readonly reason: string; readonly undone: readonly string[]; readonly notRestored: readonly string[] };

interface OpenBefore {
  readonly text: string;
  readonly dirty: boolean;
}

/** Applies the edit, saves the documents it changed that had no unsaved changes before; on any failure puts everything back. */
export async function applyEditSafely(plan: EditPlan, options: { readonly isRefactoring?: boolean } = {}): Promise<SafeEditResult> {
  const open = openDocuments(plan.files);
  const disk = await DiskSnapshot.take(workspaceFiles, plan.files);
  const failure = await attempt(plan, open, options.isRefactoring ?? false);
  if (failure === undefined) return { ok: true };
  const { undone, notRestored } = await rollBack(plan, open, disk);
  return { ok: false, reason: await explain(plan, failure), undone: relative(undone), notRestored: relative(notRestored) };
}

function uriOfPath(corePath: string): vscode.Uri {
  return vscode.Uri.file(toNativePath(corePath));
}

function relative(paths: Iterable<string>): string[] {
  return [...new Set([...paths].map(shown))].sort();
}

function shown(corePath: string): string {
  return vscode.workspace.asRelativePath(uriOfPath(corePath), false);
}

function documentAt(corePath: string): vscode.TextDocument | undefined {
  const key = uriOfPath(corePath).toString();
  return vscode.workspace.textDocuments.find((d) => d.uri.toString() === key);
}

function openDocuments(files: readonly string[]): Map<string, OpenBefore> {
  const open = new Map<string, OpenBefore>();
  for (const file of files) {
    const document = documentAt(file);
    if (document) open.set(file, { text: document.getText(), dirty: document.isDirty });
  }
  return open;
}

/** Undefined when the edit was applied and saved; else what went wrong. */
async function attempt(plan: EditPlan, open: ReadonlyMap<string, OpenBefore>, isRefactoring: boolean): Promise<string | undefined> {
  try {
    if (!(await vscode.workspace.applyEdit(plan.edit, { isRefactoring }))) return 'VS Code did not apply the edit';
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
  const unsaved: string[] = [];
  for (const file of plan.files) {
    const document = documentAt(file);
    if (!document?.isDirty || open.get(file)?.dirty === true) continue;
    if (!(await document.save())) unsaved.push(file);
  }
  return unsaved.length === 0 ? undefined : `could not save ${unsaved.map(shown).join(', ')}`;
}

/** Documents back to their text (saved when they were clean), then the disk byte for byte. */
async function rollBack(plan: EditPlan, open: ReadonlyMap<string, OpenBefore>, disk: DiskSnapshot): Promise<{ undone: string[]; notRestored: string[] }> {
  const undone = await disk.differing();
  const decoder = new TextDecoder();
  const reverted: vscode.TextDocument[] = [];
  const edit = new vscode.WorkspaceEdit();
  for (const file of plan.files) {
    const document = documentAt(file);
    const bytes = disk.bytesOf(file);
    const before = open.get(file)?.text ?? (bytes === undefined ? undefined : decoder.decode(bytes));
    if (document === undefined || before === undefined || document.getText() === before) continue;
    edit.replace(document.uri, new vscode.Range(document.positionAt(0), document.positionAt(document.getText().length)), before);
    reverted.push(document);
    undone.push(file);
  }
  if (reverted.length > 0 && (await vscode.workspace.applyEdit(edit))) {
    // A document the failed edit opened may be closed meanwhile (then the disk below is all there is).
    for (const document of reverted) {
      if (open.get(toCorePath(document.uri.fsPath))?.dirty !== true && !document.isClosed) await document.save().then(undefined, () => false);
    }
  }
  const notRestored = await disk.restore();
  for (const file of plan.files) {
    const document = documentAt(file);
    if (document?.isDirty === true && open.get(file)?.dirty !== true) notRestored.push(file);
  }
  return { undone, notRestored };
}

async function explain(plan: EditPlan, failure: string): Promise<string> {
  for (const file of plan.writes) {
    const blocker = await blockerOf(workspaceFiles, file);
    if (blocker) return blockerText(blocker, file);
  }
  return failure;
}

function blockerText(blocker: Blocker, file: string): string {
  return blocker.is === 'folder'
    ? `${shown(blocker.path)} is a folder, not a file`
    : `${shown(blocker.path)} is a file, so ${shown(file)} cannot be created in it`;
}

/** `vscode.workspace.fs` as the rollback's file system. */
const workspaceFiles: FileAccess = {
  kind: async (path) => {
    try {
      const stat = await vscode.workspace.fs.stat(uriOfPath(path));
      return (stat.type & vscode.FileType.Directory) !== 0 ? 'directory' : 'file';
    } catch {
      // Silent: undefined is the answer: nothing at that path.
      return undefined;
    }
  },
  read: async (path) => vscode.workspace.fs.readFile(uriOfPath(path)),
  list: async (dir) => (await vscode.workspace.fs.readDirectory(uriOfPath(dir))).map(([name]) => name),
  write: async (path, bytes) => {
    const uri = uriOfPath(path);
    await vscode.workspace.fs.createDirectory(vscode.Uri.joinPath(uri, '..'));
    await vscode.workspace.fs.writeFile(uri, bytes);
  },
  mkdir: async (path) => vscode.workspace.fs.createDirectory(uriOfPath(path)),
  remove: async (path) => vscode.workspace.fs.delete(uriOfPath(path), { recursive: true, useTrash: false }),
};
