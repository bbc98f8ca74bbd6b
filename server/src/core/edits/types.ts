import type { RootResult } from '../check';
import type { FileOperation, TextEdit, WorkspaceChange } from '../features/types';
import type { MetadataOperation } from './operations';

export type { FileOperation, TextEdit };

/**
 * The local counterpart of an operation the engine accepted: a workspace change (text edits in
 * spans of the files as the check read them, then file operations), plus notes for the user.
 */
export interface LocalChange extends WorkspaceChange {
  readonly notes: readonly string[];
}

export type EditResult = { readonly change: LocalChange } | { readonly error: string };

/** Computes the local edit of one operation type from a checked root and the operation's args. */
export type OperationEdit<A> = (result: RootResult, args: A) => EditResult;

export type ArgsOf<T extends MetadataOperation['type']> = Extract<MetadataOperation, { type: T }>['args'];

export function change(edits: readonly TextEdit[], files: readonly FileOperation[] = [], notes: readonly string[] = []): EditResult {
  return { change: { edits, files, notes } };
}

export function failure(error: string): EditResult {
  return { error };
}
