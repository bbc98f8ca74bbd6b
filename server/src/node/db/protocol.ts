import type { ApplyJob, ApplyResult } from './runner';

/** Messages between embedded.ts (the parent) and worker.ts (the database child process), over IPC. */
export interface WorkerRequest {
  readonly type: 'apply';
  readonly job: ApplyJob;
}

export interface WorkerStats {
  /** Starting PGlite with the extensions. */
  readonly createMs: number;
  /** Applying the migrations and introspecting. */
  readonly applyMs: number;
  /** CPU time of the child, all of it (user + system). */
  readonly cpuMs: number;
  /** The child's peak resident memory (kB). */
  readonly peakRssKb: number;
  /** Whether it started from the saved fresh database (no initdb). */
  readonly fromSavedDataDir: boolean;
}

export type WorkerReply =
  { readonly type: 'done'; readonly result: ApplyResult; readonly stats: WorkerStats } | { readonly type: 'error'; readonly message: string };
