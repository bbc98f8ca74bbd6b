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

/**
 * A role's schema as SDL, generated in a worker thread (worker.ts) so that the language server keeps
 * answering meanwhile. One worker, started on the first request and kept for the next (holding the
 * process only while it has work); requests are answered in order. A worker that dies fails what it was
 * asked and is started again for the next request.
 */
export class SchemaSdlWorker {
  private worker: Worker | undefined;
  private next = 1;
  private readonly waiting = new Map<number, (reply: SchemaSdl) => void>();

  constructor(private readonly file: string = defaultWorkerFile()) {}

  sdl(metadata: JsonObject, models: ReadonlyMap<string, DatabaseModel>, options: SchemaOptions): Promise<SchemaSdl> {
    const worker = this.started();
    const id = this.next++;
    // Held while it has work (so a waiting request keeps the process), let go when idle.
    worker.ref();
    return new Promise((resolve) => {
      this.waiting.set(id, resolve);
      const request: SchemaRequest = { id, metadata, models: [...models], options };
      worker.postMessage(request);
    });
  }

  /** Stops the worker (what it was asked fails). */
  async stop(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    await worker?.terminate();
  }

  private started(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(this.file);
    worker.unref();
    worker.on('message', (reply: SchemaReply) => {
      const { id, ...answer } = reply;
      this.waiting.get(id)?.(answer);
      this.waiting.delete(id);
      if (this.waiting.size === 0) worker.unref();
    });
    const failed = (why: string): void => {
      if (this.worker === worker) this.worker = undefined;
      for (const resolve of this.waiting.values()) resolve({ ok: false, error: `the schema worker stopped: ${why}`, roles: [] });
      this.waiting.clear();
    };
    worker.on('error', (error) => failed(error.message));
    worker.on('exit', (code) => failed(`exit code ${code}`));
    this.worker = worker;
    return worker;
  }
}

/** dist/schemaWorker.js next to the bundle, else worker.js next to this compiled file (tests). */
function defaultWorkerFile(): string {
  const bundled = path.join(__dirname, 'schemaWorker.js');
  return fs.existsSync(bundled) ? bundled : path.join(__dirname, 'worker.js');
}
