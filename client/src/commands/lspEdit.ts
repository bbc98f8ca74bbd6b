/**
 * The language server's edit for an operation (graphqlMetadata/editForOperation) as one VS Code
 * WorkspaceEdit plus the files it touches. A new file and its text (LSP: a create, then an insert
 * at 0:0) become one createFile with contents: written to disk at once, no unsaved document, and
 * undone as one step.
 */
import * as vscode from 'vscode';
import type { LspFileOperation, LspTextDocumentEdit, LspWorkspaceEdit } from '../../../common/protocol';
import { toCorePath } from '../../../common/paths';
import type { EditPlan } from '../safeEdit';

type Change = LspTextDocumentEdit | LspFileOperation;

export function editPlanOf(lsp: LspWorkspaceEdit): EditPlan {
  const edit = new vscode.WorkspaceEdit();
  const files = new Set<string>();
  const writes: string[] = [];
  const changes = lsp.documentChanges;
  const encoder = new TextEncoder();
  for (let i = 0; i < changes.length; i++) {
    const change = changes[i]!;
    if (!('kind' in change)) {
      const uri = vscode.Uri.parse(change.textDocument.uri);
      files.add(toCorePath(uri.fsPath));
      for (const e of change.edits) edit.replace(uri, rangeOf(e.range), e.newText);
      continue;
    }
    if (change.kind === 'create') {
      const uri = vscode.Uri.parse(change.uri);
      const text = insertedText(changes[i + 1], change.uri);
      if (text !== undefined) i++;
      edit.createFile(uri, {
        overwrite: change.options?.overwrite ?? false,
        ignoreIfExists: change.options?.ignoreIfExists ?? false,
        contents: encoder.encode(text ?? ''),
      });
      files.add(toCorePath(uri.fsPath));
      writes.push(toCorePath(uri.fsPath));
    } else if (change.kind === 'delete') {
      const uri = vscode.Uri.parse(change.uri);
      edit.deleteFile(uri, { recursive: change.options?.recursive ?? false, ignoreIfNotExists: change.options?.ignoreIfNotExists ?? false });
      files.add(toCorePath(uri.fsPath));
    } else {
      const from = vscode.Uri.parse(change.oldUri);
      const to = vscode.Uri.parse(change.newUri);
      edit.renameFile(from, to, { overwrite: change.options?.overwrite ?? false, ignoreIfExists: change.options?.ignoreIfExists ?? false });
      files.add(toCorePath(from.fsPath)).add(toCorePath(to.fsPath));
      writes.push(toCorePath(to.fsPath));
    }
  }
  return { edit, files: [...files], writes };
}

/** The text of a new file: the next change when it only inserts at 0:0 of that file. */
function insertedText(next: Change | undefined, uri: string): string | undefined {
  if (next === undefined || 'kind' in next || next.textDocument.uri !== uri || next.edits.length !== 1) return undefined;
  const [only] = next.edits;
  const { start, end } = only!.range;
  return start.line === 0 && start.character === 0 && end.line === 0 && end.character === 0 ? only!.newText : undefined;
}

function rangeOf(range: LspTextDocumentEdit['edits'][number]['range']): vscode.Range {
  return new vscode.Range(range.start.line, range.start.character, range.end.line, range.end.character);
}
