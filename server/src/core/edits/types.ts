import type { RootResult } from '../check';
import type { TextEdit } from '../features/types';
import type { MetadataOperation } from './operations';

export type { TextEdit };

/** File operations of a local change; applied after the text edits, in order. */
export type FileChange =
  | { readonly kind: 'create'; readonly file: string; readonly text: string }
  | { readonly kind: 'rename'; readonly from: string; readonly to: string }
  | { readonly kind: 'delete'; readonly file: string };

/**
 * The local counterpart of an operation the server accepted: text edits (spans of the files as
 * the check read them), then file operations, plus notes for the user.
 */
export interface LocalChange {
  readonly edits: readonly TextEdit[];
  readonly files: readonly FileChange[];
  readonly notes: readonly string[];
}

export type EditResult = { readonly change: LocalChange } | { readonly error: string };

/** Computes the local edit of one operation type from a checked root and the operation's args. */
export type OperationEdit<A> = (result: RootResult, args: A) => EditResult;

export type ArgsOf<T extends MetadataOperation['type']> = Extract<MetadataOperation, { type: T }>['args'];

export function change(edits: readonly TextEdit[], files: readonly FileChange[] = [], notes: readonly string[] = []): EditResult {
  return { change: { edits, files, notes } };
}

export function failure(error: string): EditResult {
  return { error };
}
