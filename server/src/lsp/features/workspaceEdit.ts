import type { WorkspaceEdit } from 'vscode-languageserver';
import { CreateFile, RenameFile, TextDocumentEdit, TextEdit } from 'vscode-languageserver';
import type { RootResult } from '../../core/check';
import type { TextEdit as CoreEdit, WorkspaceChange } from '../../core/features/types';
import { pathToUri } from '../uri';
import type { FeatureContext } from './context';

/**
 * A core change as one WorkspaceEdit (documentChanges): text edits of existing files first, then
 * each created file (with its text) and each rename, in order.
 */
export function toWorkspaceEdit(ctx: FeatureContext, result: RootResult | undefined, change: WorkspaceChange): WorkspaceEdit {
  const byFile = new Map<string, CoreEdit[]>();
  for (const edit of change.edits) byFile.set(edit.file, [...(byFile.get(edit.file) ?? []), edit]);
  const documentChanges: WorkspaceEdit['documentChanges'] & unknown[] = [...byFile].map(([file, edits]) =>
    TextDocumentEdit.create(
      { uri: pathToUri(file), version: null },
      edits.map((e) => TextEdit.replace(ctx.range(result, file, e.span), e.newText)),
    ),
  );
  for (const op of change.files) {
    if (op.kind === 'create') {
      const uri = pathToUri(op.file);
      documentChanges.push(CreateFile.create(uri, { overwrite: false, ignoreIfExists: false }));
      if (op.text !== '') documentChanges.push(TextDocumentEdit.create({ uri, version: null }, [TextEdit.insert({ line: 0, character: 0 }, op.text)]));
    } else {
      documentChanges.push(RenameFile.create(pathToUri(op.from), pathToUri(op.to), { overwrite: false, ignoreIfExists: false }));
    }
  }
  return { documentChanges };
}
