import type { RelationModel } from '../../core/db/model';
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

/**
 * The child's replies: a built model's relations come first, a part per message (`relations`), then
 * `done` with the rest of the result. One message holding a thousand-table model took the parent's
 * event loop ~50 ms to decode in one turn; a part takes a few, each in its own turn.
 */
export type WorkerReply =
  | { readonly type: 'relations'; readonly entries: readonly (readonly [string, RelationModel])[] }
  | { readonly type: 'done'; readonly result: ApplyResult; readonly stats: WorkerStats }
  | { readonly type: 'error'; readonly message: string };

/** Relations per `relations` message (~200 kB at the generated project's table size). */
export const RELATIONS_PER_MESSAGE = 100;

/** A reply as the messages the child sends: the model's relations in parts, then the reply without them. */
export function replyMessages(reply: WorkerReply): WorkerReply[] {
  if (reply.type !== 'done') return [reply];
  const entries = Object.entries(reply.result.model.relations);
  const parts: WorkerReply[] = [];
  for (let i = 0; i < entries.length; i += RELATIONS_PER_MESSAGE) parts.push({ type: 'relations', entries: entries.slice(i, i + RELATIONS_PER_MESSAGE) });
  return [...parts, { ...reply, result: { ...reply.result, model: { ...reply.result.model, relations: {} } } }];
}

/** The parent's side of {@link replyMessages}: gathers the parts; `reply` answers the whole reply once it is in. */
export class ReplyAssembly {
  private readonly entries: (readonly [string, RelationModel])[] = [];

  /** The whole reply when `message` ends it, else undefined (a part, kept). */
  reply(message: WorkerReply): Exclude<WorkerReply, { type: 'relations' }> | undefined {
    if (message.type === 'relations') {
      for (const entry of message.entries) this.entries.push(entry);
      return undefined;
    }
    if (message.type !== 'done' || this.entries.length === 0) return message;
    const model = message.result.model;
    return { ...message, result: { ...message.result, model: { ...model, relations: { ...model.relations, ...Object.fromEntries(this.entries) } } } };
  }
}
