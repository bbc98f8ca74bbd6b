import { Worker } from 'node:worker_threads';
import type { ParsedFile, ParseReply, ParseRequest } from './messages';

/** Files per message: small enough to share the work evenly, large enough that messages are few. */
export const CHUNK = 16;
/**
 * Files the main thread does between two looks at the workers' messages: a worker waits for its
 * next chunk until the main thread looks (with whole chunks, workers waited for it a measurable part of their time).
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
  return new Promise((resolve) => new Pool(paths, options, resolve).start());
}

/** The pool: `running` while chunks are out or queued, `settled` once the result is given (workers terminated). */
type PoolState = 'running' | 'settled';

/** The main thread's share: `idle`, or a slice `scheduled` for the next turn of the event loop. */
type ShareState = 'idle' | 'scheduled';

class Pool {
  private state: PoolState = 'running';
  private share: ShareState = 'idle';
  private readonly chunks: string[][] = [];
  /** The first chunk not handed out yet. */
  private next = 0;
  /** The rest of the chunk the main thread is doing, a slice at a time. */
  private mine: string[] = [];
  /** Each live worker and the chunks it has not answered yet. */
  private readonly live = new Map<Worker, Set<number>>();
  private readonly errors: string[] = [];

  constructor(
    paths: readonly string[],
    private readonly options: PoolOptions,
    private readonly resolve: (result: PoolResult) => void,
  ) {
    for (let i = 0; i < paths.length; i += CHUNK) this.chunks.push(paths.slice(i, i + CHUNK));
  }

  start(): void {
    const count = Math.max(1, Math.min(this.options.workers, this.chunks.length));
    for (let i = 0; i < count && this.chunks.length > 0; i++) {
      const worker = new Worker(this.options.workerFile);
      this.live.set(worker, new Set());
      worker.on('message', (reply: ParseReply) => this.answered(worker, reply));
      worker.on('error', (error) => this.lost(worker, `a parse worker failed: ${error.message}`));
      worker.on('exit', (code) => this.lost(worker, `a parse worker exited (code ${code})`));
      this.send(worker);
      this.send(worker);
    }
    this.step();
  }

  private queued(): boolean {
    return this.next < this.chunks.length || this.mine.length > 0;
  }

  private send(worker: Worker): void {
    if (this.next >= this.chunks.length) return;
    const id = this.next++;
    this.live.get(worker)!.add(id);
    const request: ParseRequest = { id, paths: this.chunks[id]! };
    worker.postMessage(request);
  }

  /** After every event: settles when nothing is left to do, else schedules the main thread's next slice. */
  private step(): void {
    const busy = [...this.live.values()].some((ids) => ids.size > 0);
    if ((this.live.size === 0 && (!this.options.local || !this.queued())) || (!busy && !this.queued())) this.settle();
    else if (this.options.local && this.share === 'idle' && this.queued()) {
      this.share = 'scheduled';
      setImmediate(() => this.work());
    }
  }

  /** One slice of a chunk on the main thread, then back to the event loop (workers' messages wait meanwhile). */
  private work(): void {
    this.share = 'idle';
    if (this.state === 'settled' || !this.queued()) return this.step();
    if (this.mine.length === 0) this.mine = [...this.chunks[this.next++]!];
    const slice = this.mine.splice(0, LOCAL_SLICE);
    try {
      this.options.local!(slice);
    } catch (error) {
      // Parsed again by the loader, which then fails as a check without workers would.
      this.errors.push(`the main thread's share failed: ${error instanceof Error ? error.message : String(error)}`);
    }
    this.step();
  }

  private answered(worker: Worker, reply: ParseReply): void {
    const own = this.live.get(worker);
    if (this.state === 'settled' || !own?.delete(reply.id)) return;
    for (const file of reply.files) this.options.onFile(file);
    this.send(worker);
    this.step();
  }

  private lost(worker: Worker, why: string): void {
    const own = this.live.get(worker);
    if (this.state === 'settled' || !own) return;
    this.live.delete(worker);
    this.errors.push(why);
    void worker.terminate();
    // Its unanswered chunks go back in the queue, for the workers still running.
    for (const id of own) this.chunks.push(this.chunks[id]!);
    for (const other of this.live.keys()) this.send(other);
    this.step();
  }

  private settle(): void {
    if (this.state === 'settled') return;
    this.state = 'settled';
    const unanswered = [...this.live.values()].flatMap((ids) => [...ids].map((id) => this.chunks[id]!));
    for (const worker of this.live.keys()) void worker.terminate();
    this.resolve({ missed: [...this.chunks.slice(this.next), ...unanswered].flat(), errors: this.errors });
  }
}
