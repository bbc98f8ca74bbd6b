/**
 * The language server's edit for an operation (graphqlMetadata/editForOperation: the core's change
 * in ranges) as one VS Code WorkspaceEdit plus the files it touches, built once. A new file is a
 * createFile with its contents: written to disk at once, no unsaved document, undone as one step.
 */
import * as vscode from 'vscode';
import type { LspRange, RangedChange } from '../../../common/protocol';
import { toNativePath } from '../../../common/paths';
import type { EditPlan } from '../safeEdit';

export function editPlanOf(change: RangedChange): EditPlan {
  const edit = new vscode.WorkspaceEdit();
  const files = new Set<string>();
  const writes: string[] = [];
  for (const { file, edits } of change.edits) {
    for (const e of edits) edit.replace(uriOf(file), rangeOf(e.range), e.newText);
    files.add(file);
  }
  const encoder = new TextEncoder();
  for (const op of change.files) {
    if (op.kind === 'create') {
      edit.createFile(uriOf(op.file), { overwrite: true, contents: encoder.encode(op.text) });
      files.add(op.file);
      writes.push(op.file);
    } else if (op.kind === 'delete') {
      edit.deleteFile(uriOf(op.file), { ignoreIfNotExists: true });
      files.add(op.file);
    } else {
      edit.renameFile(uriOf(op.from), uriOf(op.to), { overwrite: false });
      files.add(op.from).add(op.to);
      writes.push(op.to);
    }
  }
  return { edit, files: [...files], writes };
}

/** An open document whose version differs from the one the change's ranges were computed for. */
export function staleDocument(change: RangedChange): vscode.Uri | undefined {
  for (const { file, version } of change.edits) {
    if (version === null) continue;
    const uri = uriOf(file);
    const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
    if (open && open.version !== version) return uri;
  }
  return undefined;
}

function uriOf(file: string): vscode.Uri {
  return vscode.Uri.file(toNativePath(file));
}

function rangeOf(range: LspRange): vscode.Range {
  return new vscode.Range(range.start.line, range.start.character, range.end.line, range.end.character);
}
