/** A worker thread that runs fuzz cases on request, so that a case that hangs can be killed. */
import * as fs from 'node:fs';
import * as v8 from 'node:v8';
import * as vm from 'node:vm';
import { parentPort, workerData } from 'node:worker_threads';
import type { ParseCache } from '../../server/src/core/project/cache';
import { SchemaValidator } from '../../server/src/core/schema/validator';
import { loadSchemaSet } from '../../server/src/node/schemas';
import { budgetMs, makeCase, runCase } from './cases';
import type { CaseFailure } from './cases';
import { loadCorpus } from './corpus';

export interface WorkerInit {
  readonly corpusDir: string;
  readonly seed: number;
}

/** A case by its index in the run (made from the seed), or given outright (a saved reproducer). */
export type CaseRequest = number | { readonly index: number; readonly project: string; readonly file: string; readonly bytes: Uint8Array };

/** Sent when the case is made and its check starts (the hang watch starts then). */
export interface CaseStarted {
  readonly checking: number;
  /** The file that tells this worker thread's CPU time (Linux: /proc/<pid>/task/<tid>/schedstat), for the hang watch. */
  readonly clock?: string;
}

export interface CaseDone {
  readonly index: number;
  /** Wall time. */
  readonly ms: number;
  /**
   * This worker thread's CPU time meanwhile (Linux's /proc/thread-self/schedstat; elsewhere the
   * process's, every thread's). A loaded machine stretches the wall time, and the process's CPU time
   * counts the other workers too (2 workers under load: 1,320 ms wall and 406 ms of the process for
   * 204 ms of the thread); the thread's time is what the check itself took. The budget judges the
   * smaller of wall and CPU time.
   */
  readonly cpuMs?: number;
  /** The mutated file's size and what its check may take (cases.ts budgetMs); absent when the worker died or was killed. */
  readonly bytes?: number;
  readonly budgetMs?: number;
  readonly failure?: CaseFailure;
}

/** This thread's schedstat file as another thread can read it (undefined where Linux's /proc is missing). */
const CLOCK = ((): string | undefined => {
  try {
    return `/proc/${fs.readlinkSync('/proc/thread-self')}/schedstat`;
  } catch {
    return undefined;
  }
})();

/** The CPU time of the calling thread so far, in ms (nanosecond precision); the process's where Linux's /proc is missing. */
function threadCpuMs(): number {
  try {
    return Number(fs.readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[0]) / 1e6;
  } catch {
    // Not Linux (or no schedstat): the process's CPU time, which counts every thread.
    const used = process.cpuUsage();
    return (used.user + used.system) / 1000;
  }
}

const init = workerData as WorkerInit;
const corpus = loadCorpus(init.corpusDir);
const validator = new SchemaValidator(loadSchemaSet());
const caches = new Map<string, ParseCache>();
// Warm up (JIT, schema compilation) on the unmutated projects, so the first cases are not timed cold;
// the last of three rounds times each project's own check (the baseline of its cases' budgets).
const baselineMs = new Map<string, number>();
for (let round = 0; round < 3; round++)
  for (const project of corpus) {
    const started = performance.now();
    const cpu = threadCpuMs();
    runCase(corpus, { project: project.name, file: project.paths[0]!, bytes: project.files.get(project.paths[0]!)! }, validator, caches);
    baselineMs.set(project.name, Math.min(performance.now() - started, threadCpuMs() - cpu));
  }

const LARGE_CASE_BYTES = 256 * 1024;
let lastBytes = 0;
v8.setFlagsFromString('--expose-gc');
const collectGarbage = vm.runInNewContext('gc') as () => void;

parentPort!.on('message', (request: CaseRequest) => {
  const c = typeof request === 'number' ? makeCase(corpus, init.seed, request) : request;
  // The garbage of a large case (or of making this one) is collected now, not during the next check,
  // whose CPU time it would be counted in: a 200-byte case once took 2 s of it.
  if (lastBytes > LARGE_CASE_BYTES || c.bytes.length > LARGE_CASE_BYTES) collectGarbage();
  lastBytes = c.bytes.length;
  parentPort!.postMessage({ checking: c.index, ...(CLOCK !== undefined ? { clock: CLOCK } : {}) } satisfies CaseStarted);
  const started = performance.now();
  const cpu = threadCpuMs();
  const failure = runCase(corpus, c, validator, caches);
  const ms = performance.now() - started;
  const done: CaseDone = {
    index: c.index,
    ms,
    cpuMs: threadCpuMs() - cpu,
    bytes: c.bytes.length,
    budgetMs: budgetMs(c.bytes.length, baselineMs.get(c.project) ?? 0),
    ...(failure ? { failure } : {}),
  };
  parentPort!.postMessage(done);
});
parentPort!.postMessage('ready');
