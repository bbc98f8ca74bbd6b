import type { ServerState } from '../state';

export type ServerDialect = 'spec' | 'engine';

export interface OpContext {
  state: ServerState;
  dialect: ServerDialect;
  /** The request's `version` (1 when absent). */
  version: 1 | 2;
}

/** Runs one metadata command against the (working copy of the) state and returns the success body. */
export type OpHandler = (args: unknown, ctx: OpContext) => unknown;

export const SUCCESS = { message: 'success' };
