/** A worker thread that runs fuzz cases on request, so that a case that hangs can be killed. */
import { parentPort, workerData } from 'node:worker_threads';
import type { ParseCache } from '../../server/src/core/project/cache';
import { SchemaValidator } from '../../server/src/core/schema/validator';
import { loadSchemaSet } from '../../server/src/node/schemas';
import { makeCase, runCase } from './cases';
import type { CaseFailure } from './cases';
import { loadCorpus } from './corpus';

export interface WorkerInit {
  readonly corpusDir: string;
  readonly seed: number;
}

/** A case by its index in the run (made from the seed), or given outright (a saved reproducer). */
export type CaseRequest = number | { readonly index: number; readonly project: string; readonly file: string; readonly bytes: Uint8Array };

export interface CaseDone {
  readonly index: number;
  readonly ms: number;
  readonly failure?: CaseFailure;
}

const init = workerData as WorkerInit;
const corpus = loadCorpus(init.corpusDir);
const validator = new SchemaValidator(loadSchemaSet());
const caches = new Map<string, ParseCache>();
// Warm up (JIT, schema compilation) on the unmutated projects, so the first cases are not timed cold.
for (const project of corpus)
  runCase(corpus, { project: project.name, file: project.paths[0]!, bytes: project.files.get(project.paths[0]!)! }, validator, caches);

parentPort!.on('message', (request: CaseRequest) => {
  const c = typeof request === 'number' ? makeCase(corpus, init.seed, request) : request;
  const started = performance.now();
  const failure = runCase(corpus, c, validator, caches);
  const done: CaseDone = { index: c.index, ms: performance.now() - started, ...(failure ? { failure } : {}) };
  parentPort!.postMessage(done);
});
parentPort!.postMessage('ready');
