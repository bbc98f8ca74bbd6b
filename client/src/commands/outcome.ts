import { errorClass, type ApiErrorKind } from '../../../common/api/errors';

/**
 * What a command did, returned by `executeCommand` (keybindings, tasks and tests read it):
 * done, cancelled by the user, refused by the server, failed before or around the request,
 * done on the server but not in the local files, or not run (untrusted workspace, no root).
 */
export type OutcomeStatus = 'done' | 'cancelled' | 'refused' | 'failed' | 'local-failed' | 'not-run';

export interface CommandOutcome {
  readonly command: string;
  readonly status: OutcomeStatus;
  /** What the user was told. */
  readonly message: string;
  readonly errorKind?: ApiErrorKind;
  /** Local files the command changed (absolute paths). */
  readonly files?: readonly string[];
  readonly notes?: readonly string[];
}

/** Thrown by prompts when the user dismisses one: the command ends quietly. */
export class Cancelled extends Error {
  constructor() {
    super('cancelled');
  }
}

/** Thrown when the argument object has a wrong value: the command ends with this message. */
export class ArgumentError extends Error {}

/** The outcome of a request that failed (common/api/errors.ts: errorClass): every answer of the engine that is not a success is `refused`; not reaching it is `failed`. */
export function statusOfError(kind: ApiErrorKind): OutcomeStatus {
  const cls = errorClass({ kind });
  if (cls === 'cancelled') return 'cancelled';
  return cls === 'unreachable' ? 'failed' : 'refused';
}
