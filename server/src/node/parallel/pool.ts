import { Worker } from 'node:worker_threads';
import type { ParsedFile, ParseReply, ParseRequest } from './messages';

/** Files per message: small enough to share the work evenly, large enough that messages are few. */
export const CHUNK = 16;
/**
 * Files the main thread does between two looks at the workers' messages: a worker waits for its
 * next chunk until the main thread looks (with whole chunks, a worker waited 7-14% of its time in profiles).
 */
const LOCAL_SLICE = 4;

export interface PoolOptions {
  readonly workers: number;
  /** The worker script (dist/parseWorker.js; tests give a worker that fails). */
  readonly workerFile: string;
  /** Called on the main thread with each file as its worker's message arrives. */
  readonly onFile: (file: ParsedFile) => void;
  /**
   * The main thread's own share: called with a chunk whenever the main thread is free (between
   * workers' messages), until the queue is empty. Without it, the main thread only waits.
   */
  readonly local?: (paths: readonly string[]) => void;
}

export interface PoolResult {
  /** Paths no worker answered for (a worker failed or exited): the main thread reads and parses them. */
  readonly missed: readonly string[];
  /** What went wrong in a worker, when something did. */
  readonly errors: readonly string[];
}

/**
 * Sends `paths` in chunks to `workers` worker threads (each gets a new chunk when it answers one)
 * and to the main thread's `local` share, hands every answered file to `onFile` as it arrives, and
 * terminates the workers when all chunks are answered. A worker that fails or exits gives its
 * chunks back: they go to the others (or the main thread), or, when none is left, are reported as missed.
 */
export function runPool(paths: readonly string[], options: PoolOptions): Promise<PoolResult> {
  const chunks: string[][] = [];
  for (let i = 0; i < paths.length; i += CHUNK) chunks.push(paths.slice(i, i + CHUNK));
  const errors: string[] = [];
  return new Promise((resolve) => {
    /** Each live worker and the chunks it has not answered yet. */
    const live = new Map<Worker, Set<number>>();
    let next = 0;
    let settled = false;
    const finish = (): void => {
      if (settled) return;
      settled = true;
      const unanswered = [...live.values()].flatMap((ids) => [...ids].map((id) => chunks[id]!));
      for (const worker of live.keys()) void worker.terminate();
      resolve({ missed: [...chunks.slice(next), ...unanswered].flat(), errors });
    };
    const send = (worker: Worker): void => {
      if (next >= chunks.length) return;
      const id = next++;
      live.get(worker)!.add(id);
      const request: ParseRequest = { id, paths: chunks[id]! };
      worker.postMessage(request);
    };
    let working = false;
    /** The rest of the chunk the main thread is doing, a slice at a time. */
    let mine: string[] = [];
    const queued = (): boolean => next < chunks.length || mine.length > 0;
    const check = (): void => {
      const busy = [...live.values()].some((ids) => ids.size > 0);
      if ((live.size === 0 && (!options.local || !queued())) || (!busy && !queued())) finish();
      else if (options.local && !working && queued()) {
        working = true;
        setImmediate(work);
      }
    };
    /** One slice of a chunk on the main thread, then back to the event loop (workers' messages wait meanwhile). */
    const work = (): void => {
      working = false;
      if (settled || !queued()) return check();
      if (mine.length === 0) mine = [...chunks[next++]!];
      const slice = mine.splice(0, LOCAL_SLICE);
      try {
        options.local!(slice);
      } catch (error) {
        // Parsed again by the loader, which then fails as a check without workers would.
        errors.push(`the main thread's share failed: ${error instanceof Error ? error.message : String(error)}`);
      }
      check();
    };
    const lost = (worker: Worker, why: string): void => {
      const own = live.get(worker);
      if (settled || !own) return;
      live.delete(worker);
      errors.push(why);
      void worker.terminate();
      // Its unanswered chunks go back in the queue, for the workers still running.
      for (const id of own) chunks.push(chunks[id]!);
      for (const other of live.keys()) send(other);
      check();
    };
    const count = Math.max(1, Math.min(options.workers, chunks.length));
    for (let i = 0; i < count && chunks.length > 0; i++) {
      const worker = new Worker(options.workerFile);
      live.set(worker, new Set());
      worker.on('message', (reply: ParseReply) => {
        const own = live.get(worker);
        if (settled || !own?.delete(reply.id)) return;
        for (const file of reply.files) options.onFile(file);
        send(worker);
        check();
      });
      worker.on('error', (error) => lost(worker, `a parse worker failed: ${error.message}`));
      worker.on('exit', (code) => lost(worker, `a parse worker exited (code ${code})`));
      send(worker);
      send(worker);
    }
    check();
  });
}
