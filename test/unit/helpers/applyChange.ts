import type { TextEdit, WorkspaceChange } from '../../../server/src/core/features/types';

// A core change applied to in-memory files, as an editor would: how the tests see a change's result
// (the front ends apply changes through LSP WorkspaceEdits, so no production code needs this).

/** Applies edits of one file to its text (edits must not overlap). */
export function applyEdits(text: string, edits: readonly Pick<TextEdit, 'span' | 'newText'>[]): string {
  const sorted = [...edits].sort((a, b) => b.span.start - a.span.start || b.span.end - a.span.end);
  let out = text;
  for (const edit of sorted) out = out.slice(0, edit.span.start) + edit.newText + out.slice(edit.span.end);
  return out;
}

/** Applies a workspace change to a map of file texts (path -> text) and returns the new map. */
export function applyChange(files: ReadonlyMap<string, string>, change: WorkspaceChange): Map<string, string> {
  const out = new Map(files);
  const byFile = new Map<string, TextEdit[]>();
  for (const edit of change.edits) byFile.set(edit.file, [...(byFile.get(edit.file) ?? []), edit]);
  for (const [file, edits] of byFile) {
    const text = out.get(file);
    if (text === undefined) throw new Error(`edit of a file that does not exist: ${file}`);
    out.set(file, applyEdits(text, edits));
  }
  for (const op of change.files) {
    if (op.kind === 'create') {
      if (out.has(op.file)) throw new Error(`create of a file that exists: ${op.file}`);
      out.set(op.file, op.text);
    } else if (op.kind === 'delete') {
      if (!out.delete(op.file)) throw new Error(`delete of a file that does not exist: ${op.file}`);
    } else {
      const text = out.get(op.from);
      if (text === undefined || out.has(op.to)) throw new Error(`rename ${op.from} -> ${op.to} is not possible`);
      out.delete(op.from);
      out.set(op.to, text);
    }
  }
  return out;
}
