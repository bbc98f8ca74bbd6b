import type { RootResult } from '../../check';
import type { Finding } from '../../diagnostics';
import type { SchemaIndex } from '../schemaIndex';
import type { WorkspaceChange } from '../types';

/** A quick fix: a title and the change it makes, as one unit. */
export interface QuickFix {
  readonly title: string;
  readonly change: WorkspaceChange;
  /** The fix to apply when the user asks for "the" fix (auto-fix). */
  readonly preferred?: boolean;
}

export interface FixContext {
  /** The finding being fixed (from the latest check, or rebuilt from a diagnostic's code and data). */
  readonly finding: Finding;
  /** The check of the finding's root (absent for findings outside any root, e.g. version-missing). */
  readonly result?: RootResult;
  readonly schemas?: SchemaIndex;
}

/** Fixes for one diagnostic code. Each must leave the project without that finding and without new ones. */
export type Fixer = (ctx: FixContext) => QuickFix[];
