import type { RootResult } from '../check';
import type { Span } from '../diagnostics';
import type { Loc } from '../project/index/types';

/** Where an editor feature is asked: a file of a checked root and an offset into its text. */
export interface FeatureInput {
  readonly result: RootResult;
  /** Absolute path of the file. */
  readonly file: string;
  /** Offset into the file's text (UTF-16 units), as the result read it. */
  readonly offset: number;
}

export type { Loc, Span };

/** Replace `span` of `file` (its text as the result read it) with `newText`. */
export interface TextEdit {
  readonly file: string;
  readonly span: Span;
  readonly newText: string;
}

/** A file created with its text, renamed (a file or a folder), or deleted. */
export type FileOperation =
  | { readonly kind: 'create'; readonly file: string; readonly text: string }
  | { readonly kind: 'rename'; readonly from: string; readonly to: string }
  | { readonly kind: 'delete'; readonly file: string };

/**
 * One change to the workspace, applied as a unit: first the text edits (files named by their
 * current paths), then the file operations in order (creates with their text, renames, deletes).
 * The one change type of the core (quick fixes, refactors, rename, the server commands' local
 * edits); the language server makes its spans ranges once (lsp/features/rangedChange.ts).
 */
export interface WorkspaceChange {
  readonly edits: readonly TextEdit[];
  readonly files: readonly FileOperation[];
}

export function within(span: Span, offset: number): boolean {
  return span.start <= offset && offset <= span.end;
}
