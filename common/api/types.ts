/**
 * Shared types of the metadata API client. Names follow the seed (the contract);
 * where the engine differs, the `dialect` option picks the engine's form.
 */

/** `spec`: the seed's wire form (default). `engine`: the real engine's form where it differs. */
export type Dialect = 'spec' | 'engine';

export const DEFAULT_SOURCE = 'default';

/** A table: a bare name (schema `public`) or `{schema, name}` (the core's TableRef, core/edits/operations.ts). */
export type { TableRef as TableName, FromEnv } from '../../server/src/core';

/**
 * The envelope of every metadata API request: `{type, args}`, optionally `version` and
 * `resource_version`. `R` is the type of the success body (a phantom: it is never set).
 */
export interface MetadataRequest<R = unknown> {
  type: string;
  version?: 1 | 2;
  resource_version?: number;
  args: unknown;
  /** Phantom marker for the success body type; never present at run time. */
  readonly __response?: R;
}

/** Options that change the wire form of a request. */
export interface RequestOptions {
  dialect?: Dialect;
}

/** `{"message": "success"}`, the body of most successful mutations. */
export interface SuccessMessage {
  message: string;
}
