/**
 * Export From Server: the engine's metadata into the folder, previewed, written as one workspace edit.
 */
import * as vscode from 'vscode';
import type { PlannedFile } from '../../../../common/protocol';
import { booleanArg } from '../args';
import type { CommandFactory } from '../context';
import type { DiffSides } from '../exportPreview';
import { previewExport } from '../exportPreview';
import { tell } from '../flow';
import { removeEmptied, uriOf } from '../project';
import { applyEditSafely } from '../../safeEdit';
import type { EditPlan } from '../../safeEdit';
import { exportCounts, planCounts } from '../syncText';
import type { Plan } from './prepare';
import { prepare, shown, isReady, exportPlan, sidesOf, remember, dirtyUnder, listFiles, told } from './prepare';

/** `{root?, confirm?: true}`: without `confirm`, a preview lists every file and shows its diff before anything is written. */
export const exportFromServer: CommandFactory = (ctx) => async (arg) => {
  const ready = await prepare(ctx, arg);
  if (!isReady(ready)) return ready;
  const dirty = dirtyUnder(ready.root);
  if (dirty.length > 0) return tell('not-run', `Save or revert ${listFiles(dirty)} first: the export would overwrite ${ready.folder}.`);
  const fetched = await exportPlan(ctx, ready);
  if (!fetched.ok) return fetched.result;
  const { server, plan } = fetched;
  const from = `${ready.host} (resource_version ${server.resourceVersion})`;
  if (plan.files.length === 0) {
    await remember(ctx, ready, server.resourceVersion);
    return told('done', `No changes: ${ready.folder} already matches ${from}.`);
  }
  const sides = (file: PlannedFile): DiffSides => sidesOf(ctx, ready, file);
  if (booleanArg(ready.args, 'confirm') !== true) await previewExport(`Export From Server: ${from} → ${ready.folder}`, plan.files, sides);
  const stale = await staleFile(plan.files);
  if (stale !== undefined)
    return tell('failed', `${shown(stale.file)} changed after the export was planned; nothing was written. Run Export From Server again.`);
  const written = await applyEditSafely(exportEdit(plan));
  if (!written.ok) {
    ctx.log.warn(`Export From Server failed half way; put back: ${written.undone.join(', ') || 'nothing'}.`);
    return tell('local-failed', exportFailure(ready.folder, written.reason, written.notRestored));
  }
  await removeEmptied(plan.emptiedFolders);
  await remember(ctx, ready, server.resourceVersion);
  const message = `Exported ${from} to ${ready.folder}: ${exportCounts(planCounts(plan.files))}.`;
  ctx.log.info(message);
  return { ...told('done', message), files: plan.files.map((f) => f.file) };
};

/** The first planned file whose local state is no longer what the plan was made from. */
async function staleFile(files: readonly PlannedFile[]): Promise<PlannedFile | undefined> {
  for (const file of files) {
    const uri = uriOf(file.file);
    const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
    if (open?.isDirty) return file;
    const text = await diskText(uri);
    if (text !== (file.kind === 'create' ? undefined : file.before)) return file;
  }
  return undefined;
}

async function diskText(uri: vscode.Uri): Promise<string | undefined> {
  try {
    return new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
  } catch {
    // Silent: undefined is the answer: the file is not on disk.
    return undefined;
  }
}

/**
 * One edit, undone by one undo: an updated file is a text edit of its whole text (undo restores
 * the old text; a file operation that overwrites is undone by deleting the file), then the deleted
 * files, then the new files (created with their contents; an existing one fails the edit).
 */
function exportEdit(plan: Plan): EditPlan {
  const edit = new vscode.WorkspaceEdit();
  const metadata: vscode.WorkspaceEditEntryMetadata = { label: 'Export From Server', needsConfirmation: false };
  const encoder = new TextEncoder();
  const byKind = (kind: PlannedFile['kind']): PlannedFile[] => plan.files.filter((f) => f.kind === kind);
  for (const file of byKind('update')) {
    const edits = [vscode.TextEdit.replace(wholeText(file.before ?? ''), file.after ?? '')];
    if (/\r/.test(file.before ?? '')) edits.push(vscode.TextEdit.setEndOfLine(vscode.EndOfLine.LF));
    edit.set(
      uriOf(file.file),
      edits.map((e) => [e, metadata] as [vscode.TextEdit, vscode.WorkspaceEditEntryMetadata]),
    );
  }
  for (const file of byKind('delete')) edit.deleteFile(uriOf(file.file), { ignoreIfNotExists: true }, metadata);
  for (const file of byKind('create')) edit.createFile(uriOf(file.file), { overwrite: false, contents: encoder.encode(file.after ?? '') }, metadata);
  const created = byKind('create').map((f) => f.file);
  return { edit, files: plan.files.map((f) => f.file), writes: created };
}

/** The range of a document's whole text (its text as on disk: the export refuses unsaved documents). */
function wholeText(text: string): vscode.Range {
  const lines = text.split(/\r\n|\r|\n/);
  return new vscode.Range(0, 0, lines.length - 1, lines.at(-1)!.length);
}

function exportFailure(folder: string, reason: string, notRestored: readonly string[]): string {
  const after =
    notRestored.length === 0
      ? `Every file it had changed was put back: ${folder} is as it was.`
      : `${notRestored.join(', ')} could not be put back as they were: check them.`;
  return `Export From Server could not write ${folder}: ${reason}. ${after}`;
}
