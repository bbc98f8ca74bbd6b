import * as fs from 'node:fs';
import * as path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { DatabaseModel, JsonObject, SchemaOptions } from '../../core';

/** What the schema worker is sent: the metadata JSON, the models (as entries) and the options. */
export interface SchemaRequest {
  readonly id: number;
  readonly metadata: JsonObject;
  readonly models: readonly (readonly [string, DatabaseModel])[];
  readonly options: SchemaOptions;
}

/** A role's schema as SDL, with the generator's notes, or why there is none; the metadata's roles either way. */
export type SchemaSdl =
  | { readonly ok: true; readonly sdl: string; readonly notes: readonly string[]; readonly roles: readonly string[] }
  | { readonly ok: false; readonly error: string; readonly roles: readonly string[] };

/** What the worker answers (the request's id with it). */
export type SchemaReply = SchemaSdl & { readonly id: number };

/** A request waiting for the worker, and everyone waiting for its answer. */
interface Job {
  readonly request: Omit<SchemaRequest, 'id'>;
  readonly answers: ((reply: SchemaSdl) => void)[];
}

/**
 * A role's schema as SDL, generated in a worker thread (worker.ts) so that the language server keeps
 * answering meanwhile. One worker, started on the first request and kept for the next (holding the
 * process only while it has work), one request at a time. A request waiting for its turn is replaced
 * by a newer one of the same key (the same root, role and settings after another check): both are
 * answered with the newer's SDL, so typing with the schema open queues at most one generation per
 * key. A worker that dies fails what it was asked and is started again for the next request.
 */
export class SchemaSdlWorker {
  private current: { readonly worker: Worker; readonly running: Map<number, Job> } | undefined;
  private next = 1;
  /** Keys of requests given none (never replaced). */
  private anonymous = 1;
  /** Requests waiting for their turn, by key, in the order they came. */
  private readonly queued = new Map<string, Job>();

  constructor(private readonly file: string = defaultWorkerFile()) {}

  sdl(metadata: JsonObject, models: ReadonlyMap<string, DatabaseModel>, options: SchemaOptions, key?: string): Promise<SchemaSdl> {
    return new Promise((resolve) => {
      key ??= `\u0000${this.anonymous++}`;
      const replaced = this.queued.get(key);
      this.queued.delete(key);
      this.queued.set(key, { request: { metadata, models: [...models], options }, answers: [...(replaced?.answers ?? []), resolve] });
      this.pump();
    });
  }

  /** Stops the worker (what it was asked fails; what waits runs on a new one). */
  async stop(): Promise<void> {
    const current = this.current;
    this.current = undefined;
    await current?.worker.terminate();
  }

  /** Sends the next queued request when the worker is free. */
  private pump(): void {
    const current = this.current ?? this.started();
    if (current.running.size > 0) return;
    const [key, job] = this.queued.entries().next().value ?? [];
    if (key === undefined || job === undefined) {
      current.worker.unref();
      return;
    }
    this.queued.delete(key);
    const id = this.next++;
    current.running.set(id, job);
    // Held while it has work (so a waiting request keeps the process), let go when idle.
    current.worker.ref();
    current.worker.postMessage({ id, ...job.request } satisfies SchemaRequest);
  }

  private started(): { readonly worker: Worker; readonly running: Map<number, Job> } {
    const worker = new Worker(this.file);
    worker.unref();
    // This worker's own requests: a dead worker's events never touch its successor's.
    const running = new Map<number, Job>();
    const current = { worker, running };
    worker.on('message', (reply: SchemaReply) => {
      const { id, ...answer } = reply;
      for (const resolve of running.get(id)?.answers ?? []) resolve(answer);
      running.delete(id);
      if (this.current === current) this.pump();
    });
    const failed = (why: string): void => {
      if (this.current === current) this.current = undefined;
      for (const job of running.values()) for (const resolve of job.answers) resolve({ ok: false, error: `the schema worker stopped: ${why}`, roles: [] });
      running.clear();
      if (this.queued.size > 0 && this.current === undefined) this.pump();
    };
    worker.on('error', (error) => failed(error.message));
    worker.on('exit', (code) => failed(`exit code ${code}`));
    this.current = current;
    return current;
  }
}

/** dist/schemaWorker.js next to the bundle, else worker.js next to this compiled file (tests). */
function defaultWorkerFile(): string {
  const bundled = path.join(__dirname, 'schemaWorker.js');
  return fs.existsSync(bundled) ? bundled : path.join(__dirname, 'worker.js');
}
