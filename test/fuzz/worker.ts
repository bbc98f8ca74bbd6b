/** A worker thread that runs fuzz cases on request, so that a case that hangs can be killed. */
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
}

export interface CaseDone {
  readonly index: number;
  /** Wall time. */
  readonly ms: number;
  /**
   * The process's CPU time meanwhile (every thread: with one worker, the check and the GC's helpers).
   * A loaded machine stretches the wall time, other workers the CPU time: the budget judges the smaller.
   */
  readonly cpuMs?: number;
  /** The mutated file's size and what its check may take (cases.ts budgetMs); absent when the worker died or was killed. */
  readonly bytes?: number;
  readonly budgetMs?: number;
  readonly failure?: CaseFailure;
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
    const cpu = process.cpuUsage();
    runCase(corpus, { project: project.name, file: project.paths[0]!, bytes: project.files.get(project.paths[0]!)! }, validator, caches);
    const used = process.cpuUsage(cpu);
    baselineMs.set(project.name, Math.min(performance.now() - started, (used.user + used.system) / 1000));
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
  parentPort!.postMessage({ checking: c.index } satisfies CaseStarted);
  const started = performance.now();
  const cpu = process.cpuUsage();
  const failure = runCase(corpus, c, validator, caches);
  const ms = performance.now() - started;
  const used = process.cpuUsage(cpu);
  const done: CaseDone = {
    index: c.index,
    ms,
    cpuMs: (used.user + used.system) / 1000,
    bytes: c.bytes.length,
    budgetMs: budgetMs(c.bytes.length, baselineMs.get(c.project) ?? 0),
    ...(failure ? { failure } : {}),
  };
  parentPort!.postMessage(done);
});
parentPort!.postMessage('ready');
