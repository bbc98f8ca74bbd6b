import * as fs from 'node:fs';
import { toNativePath } from '../../../../common/paths';
import { migrationFile } from '../../core';
import type { MigrationText, RelationModel } from '../../core';
import { decodeText } from '../fsHost';
import type { ApplyJob, ApplyResult } from './runner';

/**
 * Messages between embedded.ts (the parent) and worker.ts (the database child process), over IPC:
 * the job, and `next`, the parent asking for the next part of a reply (see {@link PacedReply}).
 */
export type WorkerRequest = { readonly type: 'apply'; readonly job: WireJob } | { readonly type: 'next' };

/** A job as sent: the files' texts without their statements (the child splits them, core/db/migrations.ts migrationFile). */
export type WireJob = Omit<ApplyJob, 'files'> & { readonly files: readonly MigrationText[] };

/** The job to send: each file's name, phase and text (its statements, if split here, stay here). */
export function wireJob(job: ApplyJob): WireJob {
  return { ...job, files: job.files.map(({ file, name, phase, text, large }) => ({ file, name, phase, text, ...(large ? { large } : {}) })) };
}

/**
 * The job the child applies: statements split from each text when first read; a large file (not
 * read by the language server) read here, from disk. One that cannot be read applies as empty.
 */
export function jobOf(wire: WireJob): ApplyJob {
  return { ...wire, files: wire.files.map((f) => migrationFile(f.large ? { ...f, text: readLarge(f.file) } : f)) };
}

function readLarge(file: string): string {
  try {
    const read = decodeText(fs.readFileSync(toNativePath(file)));
    return read.kind === 'text' ? read.text : '';
  } catch {
    // Silent: a file gone or unreadable since the job was sent has no statements; the next build, after its file event, sees it as it is.
    return '';
  }
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
 * event loop ~50 ms to decode in one turn; a part takes a few, each in its own turn (the child sends
 * a part only when the parent asked for it: Node decodes every complete message of one read at once).
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

/**
 * The child's side of the pacing: the messages of a reply go one at a time, the first at once and
 * each next one when the parent asks for it (`next`, sent once it has taken the part before in a
 * turn of its own), so a model's parts are decoded one per turn of the parent's event loop however
 * fast the child writes. `send` is told which message is the last (the child exits after it).
 */
export class PacedReply {
  private sent = 0;

  constructor(
    private readonly messages: readonly WorkerReply[],
    private readonly send: (message: WorkerReply, last: boolean) => void,
  ) {}

  /** Sends the next message; false when every message was already sent (a late or extra `next`). */
  next(): boolean {
    const message = this.messages[this.sent];
    if (message === undefined) return false;
    this.sent++;
    this.send(message, this.sent === this.messages.length);
    return true;
  }
}

/**
 * The parent's side of {@link replyMessages}: gathers the parts, each into the relations as it comes
 * (the reply that ends them only adds the rest, no copy of a thousand entries in one turn); `reply`
 * answers the whole reply once it is in.
 */
export class ReplyAssembly {
  private readonly relations: Record<string, RelationModel> = {};
  private parts = 0;

  /** The whole reply when `message` ends it, else undefined (a part, kept: ask the child for the next). */
  reply(message: WorkerReply): Exclude<WorkerReply, { type: 'relations' }> | undefined {
    if (message.type === 'relations') {
      for (const [key, relation] of message.entries) this.relations[key] = relation;
      this.parts++;
      return undefined;
    }
    if (message.type !== 'done' || this.parts === 0) return message;
    const model = message.result.model;
    return { ...message, result: { ...message.result, model: { ...model, relations: Object.assign(this.relations, model.relations) } } };
  }
}
