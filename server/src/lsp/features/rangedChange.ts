import type { WorkspaceEdit } from 'vscode-languageserver';
import { CreateFile, DeleteFile, RenameFile, TextDocumentEdit, TextEdit } from 'vscode-languageserver';
import type { RangedChange } from '../../../../common/protocol';
import type { RootResult, TextEdit as CoreEdit, WorkspaceChange } from '../../core';
import { pathToUri } from '../uri';
import type { FeatureContext } from './context';

/**
 * A core change with its spans made LSP ranges, once: the text edits grouped by file (with the
 * version of the open document they were computed for, from `versions`), then the file operations
 * as they are. The server commands send it as is (graphqlMetadata/editForOperation); quick fixes,
 * refactors and rename send it as an LSP WorkspaceEdit (toWorkspaceEdit).
 */
export function rangedChange(
  ctx: FeatureContext,
  result: RootResult | undefined,
  change: WorkspaceChange,
  versions: ReadonlyMap<string, number> = new Map(),
): RangedChange {
  const byFile = new Map<string, CoreEdit[]>();
  for (const edit of change.edits) byFile.set(edit.file, [...(byFile.get(edit.file) ?? []), edit]);
  return {
    edits: [...byFile].map(([file, edits]) => ({
      file,
      version: versions.get(file) ?? null,
      edits: edits.map((e) => ({ range: ctx.range(result, file, e.span), newText: e.newText })),
    })),
    files: change.files,
  };
}

/**
 * A ranged change as an LSP WorkspaceEdit (documentChanges): text edits of existing files first, then
 * each file operation in order. LSP creates a file empty, so a created file with text is a create
 * then an insert at 0:0.
 */
export function toWorkspaceEdit(change: RangedChange): WorkspaceEdit {
  const documentChanges: WorkspaceEdit['documentChanges'] & unknown[] = change.edits.map((e) =>
    TextDocumentEdit.create(
      { uri: pathToUri(e.file), version: e.version },
      e.edits.map((t) => TextEdit.replace(t.range, t.newText)),
    ),
  );
  for (const op of change.files) {
    if (op.kind === 'create') {
      const uri = pathToUri(op.file);
      documentChanges.push(CreateFile.create(uri, { overwrite: false, ignoreIfExists: false }));
      if (op.text !== '') documentChanges.push(TextDocumentEdit.create({ uri, version: null }, [TextEdit.insert({ line: 0, character: 0 }, op.text)]));
    } else if (op.kind === 'rename') {
      documentChanges.push(RenameFile.create(pathToUri(op.from), pathToUri(op.to), { overwrite: false, ignoreIfExists: false }));
    } else {
      documentChanges.push(DeleteFile.create(pathToUri(op.file), { ignoreIfNotExists: true }));
    }
  }
  return { documentChanges };
}
