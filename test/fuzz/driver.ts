import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Worker } from 'node:worker_threads';
import * as zlib from 'node:zlib';
import type { CaseFailure, FuzzCase } from './cases';
import { makeCase } from './cases';
import { DEFAULT_CORPUS, loadCorpus } from './corpus';
import type { CorpusProject } from './corpus';
import type { CaseDone, CaseRequest, CaseStarted, WorkerInit } from './worker';

export interface FuzzOptions {
  readonly cases: number;
  readonly seed: number;
  /** Where reproducers are saved (test/fixtures/fuzz); none saved when absent. */
  readonly out?: string;
  readonly limitMs?: number;
  /** Whether a case over its budget (cases.ts budgetMs) fails as `slow` (default true; timings of a loaded machine are no test assertions). */
  readonly budget?: boolean;
  readonly workers?: number;
  readonly corpusDir?: string;
  readonly onProgress?: (done: number, failures: number) => void;
  readonly onFailure?: (failure: FoundFailure) => void;
}

export interface FoundFailure {
  readonly case: FuzzCase;
  readonly failure: CaseFailure;
  /** The reproducer folder, when saved. */
  readonly saved?: string;
}

/** A case's time against its budget. */
export interface CaseTime {
  readonly case: number;
  readonly ms: number;
  readonly bytes: number;
  readonly budgetMs: number;
}

export interface FuzzSummary {
  readonly cases: number;
  readonly failures: FoundFailure[];
  readonly ms: number;
  readonly slowestMs: number;
  readonly slowestCase: number;
  /** The passing case that took the largest share of its budget. */
  readonly tightest?: CaseTime;
  /** The largest input among the passing cases, and its time. */
  readonly largest?: CaseTime;
}

export const DEFAULT_LIMIT_MS = 2000;
/**
 * Node's main thread (the CLI, the language server) has a stack of about 1 MB; a worker's default
 * is 4 MB, on which deep nesting that overflows (and is reported) in production recurses on instead.
 */
const WORKER_STACK_MB = 1;
/** A case still running after this many times the limit in wall time is a hang, whatever CPU time it had. */
const HANG_WALL_TIMES = 10;

/** CPU time in ms so far of the thread whose schedstat file is `clock` (CaseStarted), else of this process. */
function cpuMsOf(clock: string | undefined): number {
  if (clock !== undefined)
    try {
      return Number(fs.readFileSync(clock, 'utf8').split(' ')[0]) / 1e6;
    } catch {
      // The thread is gone (killed, exited): the process's time below.
    }
  const used = process.cpuUsage();
  return (used.user + used.system) / 1000;
}

/** One worker thread; a case that runs over the limit kills it (a fresh one takes its place). */
class CaseRunner {
  private worker: Worker | undefined;
  private ready: Promise<void> | undefined;

  constructor(private readonly init: WorkerInit) {}

  async run(request: CaseRequest, limitMs: number): Promise<CaseDone> {
    const index = typeof request === 'number' ? request : request.index;
    const worker = await this.started();
    return new Promise((resolve) => {
      let started = performance.now();
      const settle = (): void => {
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
      };
      const onMessage = (done: CaseDone | CaseStarted): void => {
        // The case is made (its mutated file can take a second to build): the check's time starts now.
        if ('checking' in done) {
          started = performance.now();
          checking = true;
          clock = done.clock;
          cpu = cpuMsOf(clock);
          return;
        }
        settle();
        resolve(done);
      };
      // A worker that dies (out of memory, a native crash, an uncaught error) is a crash of the case.
      const onError = (error: Error): void => {
        settle();
        this.stop();
        resolve({ index, ms: performance.now() - started, failure: { kind: 'crash', message: error.stack ?? error.message } });
      };
      const onExit = (code: number): void => onError(new Error(`worker exited with code ${code}`));
      // A hang is a case that has used the limit in CPU time (the worker thread's, where Linux tells
      // it, else the process's), or ten times it in wall time: a loaded machine lets a busy case wait for a core.
      let clock: string | undefined;
      let cpu = cpuMsOf(clock);
      let timer: NodeJS.Timeout;
      let checking = false;
      const watch = (): void => {
        const wallMs = performance.now() - started;
        // While the worker makes the case (a mutator filling a file to the limits), only wall time
        // counts: that CPU time is the fuzzer's, not the check's.
        const cpuMs = checking ? cpuMsOf(clock) - cpu : 0;
        if (cpuMs < limitMs && wallMs < HANG_WALL_TIMES * limitMs) {
          timer = setTimeout(watch, Math.max(50, Math.min(limitMs - cpuMs, HANG_WALL_TIMES * limitMs - wallMs)));
          return;
        }
        settle();
        this.stop();
        resolve({
          index,
          ms: wallMs,
          cpuMs,
          failure: {
            kind: 'hang',
            message: checking
              ? `no answer after ${Math.round(cpuMs)} ms of CPU time, ${Math.round(wallMs)} ms of wall time (worker killed)`
              : `the case was still being made after ${Math.round(wallMs)} ms (a mutator; worker killed)`,
          },
        });
      };
      timer = setTimeout(watch, limitMs);
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
      worker.postMessage(request);
    });
  }

  stop(): void {
    void this.worker?.terminate();
    this.worker = undefined;
    this.ready = undefined;
  }

  private async started(): Promise<Worker> {
    if (!this.worker || !this.ready) {
      const worker = new Worker(path.join(__dirname, 'worker.js'), { workerData: this.init, resourceLimits: { stackSizeMb: WORKER_STACK_MB } });
      this.worker = worker;
      this.ready = new Promise((resolve, reject) => {
        worker.once('message', () => resolve());
        worker.once('error', reject);
      });
    }
    await this.ready;
    return this.worker;
  }
}

/** Runs cases 0..cases-1 of `seed` on worker threads; a case over the limit or its budget is retried once. */
export async function runFuzz(options: FuzzOptions): Promise<FuzzSummary> {
  const limitMs = options.limitMs ?? DEFAULT_LIMIT_MS;
  const init: WorkerInit = { corpusDir: options.corpusDir ?? DEFAULT_CORPUS, seed: options.seed };
  const runners = Array.from({ length: Math.max(1, options.workers ?? 1) }, () => new CaseRunner(init));
  const started = performance.now();
  const found: FoundFailure[] = [];
  let corpus: CorpusProject[] | undefined;
  // Saved as found (a long run's failures are there to look at while it goes on).
  const keep = (index: number, failure: CaseFailure): void => {
    corpus ??= loadCorpus(init.corpusDir);
    const c = makeCase(corpus, options.seed, index);
    const f = { case: c, failure, ...(options.out ? { saved: saveReproducer(options.out, c, failure, options.seed) } : {}) };
    found.push(f);
    options.onFailure?.(f);
  };
  let next = 0;
  let done = 0;
  let slowestMs = 0;
  let slowestCase = -1;
  let tightest: CaseTime | undefined;
  let largest: CaseTime | undefined;
  const lane = async (runner: CaseRunner): Promise<void> => {
    while (next < options.cases && !aborted) {
      const index = next++;
      const result = await judgedRun(runner, index, limitMs, options.budget ?? true);
      if (result.failure) keep(index, result.failure);
      else {
        if (spent(result) > slowestMs) [slowestMs, slowestCase] = [spent(result), index];
        const time = { case: index, ms: spent(result), bytes: result.bytes ?? 0, budgetMs: result.budgetMs ?? Infinity };
        if (!tightest || time.ms / time.budgetMs > tightest.ms / tightest.budgetMs) tightest = time;
        if (!largest || time.bytes > largest.bytes) largest = time;
      }
      options.onProgress?.(++done, found.length);
    }
  };
  let aborted = false;
  try {
    // A lane that throws (a bug of the harness) stops the others instead of leaving them running.
    await Promise.all(
      runners.map((r) =>
        lane(r).catch((error: unknown) => {
          aborted = true;
          throw error;
        }),
      ),
    );
  } finally {
    for (const r of runners) r.stop();
  }
  const failures = found.sort((a, b) => a.case.index - b.case.index);
  return {
    cases: options.cases,
    failures,
    ms: performance.now() - started,
    slowestMs,
    slowestCase,
    ...(tightest ? { tightest } : {}),
    ...(largest ? { largest } : {}),
  };
}

/**
 * A case run and judged: over the limit is a hang, over its budget (when `budget`) slow. Either is
 * tried once more (a busy machine is neither), and the better try counts.
 */
async function judgedRun(runner: CaseRunner, request: CaseRequest, limitMs: number, budget: boolean): Promise<CaseDone> {
  const judged = (r: CaseDone): CaseDone => {
    if (r.failure) return r;
    if (spent(r) > limitMs) return { ...r, failure: { kind: 'hang', message: `took ${Math.round(spent(r))} ms, over ${limitMs} ms` } };
    if (budget && r.budgetMs !== undefined && spent(r) > r.budgetMs)
      return {
        ...r,
        failure: { kind: 'slow', message: `took ${Math.round(spent(r))} ms for ${r.bytes ?? 0} bytes, over its budget of ${Math.round(r.budgetMs)} ms` },
      };
    return r;
  };
  const again = (r: CaseDone): boolean => r.failure?.kind === 'hang' || r.failure?.kind === 'slow';
  const first = judged(await runner.run(request, limitMs));
  if (!again(first)) return first;
  const retry = judged(await runner.run(request, limitMs));
  return !again(retry) || spent(retry) < spent(first) ? retry : first;
}

/** The time a case is judged by: the smaller of its wall and CPU times (worker.ts CaseDone.cpuMs). */
function spent(r: CaseDone): number {
  return Math.min(r.ms, r.cpuMs ?? r.ms);
}

/** What a reproducer folder holds besides the mutated file (`input` + the file's extension, + `.gz` when large). */
export interface ReproducerInfo {
  readonly project: string;
  /** The mutated file, relative to the project folder. */
  readonly file: string;
  /** The file holding the mutated bytes, gzipped when its name ends in `.gz`. */
  readonly input: string;
  readonly mutators: readonly string[];
  readonly seed: number;
  readonly index: number;
  readonly kind: CaseFailure['kind'];
  readonly error: string;
}

/** Inputs over this size are saved gzipped (`input.yaml.gz`): a 1 MB run of one character is a few kB. */
const GZIP_OVER_BYTES = 64 * 1024;

export function saveReproducer(out: string, c: FuzzCase, failure: CaseFailure, seed: number): string {
  const hash = createHash('sha256').update(c.project).update('\0').update(c.file).update('\0').update(c.bytes).digest('hex').slice(0, 12);
  const dir = path.join(out, hash);
  fs.mkdirSync(dir, { recursive: true });
  const gzip = c.bytes.length > GZIP_OVER_BYTES;
  const input = `input${path.posix.extname(c.file)}${gzip ? '.gz' : ''}`;
  fs.writeFileSync(path.join(dir, input), gzip ? zlib.gzipSync(c.bytes, { level: 9 }) : c.bytes);
  const info: ReproducerInfo = {
    project: c.project,
    file: c.file.slice(`/corpus/${c.project}/`.length),
    input,
    mutators: c.mutators,
    seed,
    index: c.index,
    kind: failure.kind,
    error: failure.message,
  };
  fs.writeFileSync(path.join(dir, 'case.json'), `${JSON.stringify(info, null, 2)}\n`);
  return dir;
}

/** Every saved reproducer under `dir`, with its mutated bytes. */
export function readReproducers(dir: string): { dir: string; info: ReproducerInfo; bytes: Uint8Array }[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .sort()
    .filter((d) => fs.existsSync(path.join(dir, d, 'case.json')))
    .map((d) => {
      const info = JSON.parse(fs.readFileSync(path.join(dir, d, 'case.json'), 'utf8')) as ReproducerInfo;
      const stored = fs.readFileSync(path.join(dir, d, info.input));
      return { dir: path.join(dir, d), info, bytes: info.input.endsWith('.gz') ? zlib.gunzipSync(stored) : stored };
    });
}

export interface Replayed {
  readonly dir: string;
  readonly info: ReproducerInfo;
  /** As judged (`spent`). */
  readonly ms: number;
  readonly failure?: CaseFailure;
}

/**
 * Runs every saved reproducer under `dir` as `runFuzz` runs a case (a worker with the production stack
 * size, warmed up, the per-case limit and budget, a case over either retried once), one after another.
 */
export async function replayReproducers(
  dir: string,
  options: { readonly limitMs?: number; readonly budget?: boolean; readonly corpusDir?: string } = {},
): Promise<Replayed[]> {
  const limitMs = options.limitMs ?? DEFAULT_LIMIT_MS;
  const runner = new CaseRunner({ corpusDir: options.corpusDir ?? DEFAULT_CORPUS, seed: 0 });
  const out: Replayed[] = [];
  try {
    for (const [index, { dir: at, info, bytes }] of readReproducers(dir).entries()) {
      const request: CaseRequest = { index, project: info.project, file: `/corpus/${info.project}/${info.file}`, bytes };
      const result = await judgedRun(runner, request, limitMs, options.budget ?? true);
      out.push({ dir: at, info, ms: spent(result), ...(result.failure ? { failure: result.failure } : {}) });
    }
  } finally {
    runner.stop();
  }
  return out;
}
