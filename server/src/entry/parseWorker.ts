// dist/parseWorker.js: the parse worker's bundle (server/src/node/parallel/worker.ts, dist/parseWorker.bundle.js) run
// through V8's code cache. Workers are terminated, never exit: the cache is written after the first chunk.
import * as path from 'node:path';
import { parentPort } from 'node:worker_threads';
import { runCached } from '../node/codeCache';

runCached(path.join(__dirname, 'parseWorker.bundle.js'), parentPort ? { afterFirstMessage: parentPort } : {});
