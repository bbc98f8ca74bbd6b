import { colorByDefault } from './cli/args';
import { runCli } from './cli/run';
import { buildSourceModels } from './node/db/plan';
import { createNodeHost } from './node/fsHost';
import { toCorePath } from '../../common/paths';
import { cacheFolder, cacheMaxBytes, pruneCache } from './node/cacheFolder';
import { tuneHeap } from './node/heap';
import { parallelLoad, resolveJobs } from './node/parallel/load';
import { loadSchemaSet } from './node/schemas';

declare const PACKAGE_VERSION: string | undefined;

function internalError(error: unknown): void {
  process.stderr.write(`graphql-metadata: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 2;
}

// A reader that goes away (`graphql-metadata check | head`) ends the output, not with a crash.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
  process.exit(process.exitCode ?? 0);
});
tuneHeap();
const host = createNodeHost();
runCli({
  argv: process.argv.slice(2),
  cwd: toCorePath(process.cwd()),
  colorByDefault: colorByDefault(process.stdout.isTTY === true, process.env),
  host,
  schemas: () => loadSchemaSet(),
  version: typeof PACKAGE_VERSION === 'string' ? PACKAGE_VERSION : 'dev',
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  fetch: (url, init) => fetch(url, init),
  env: process.env,
  databases: (root, sources, settings) => buildSourceModels(root, sources, settings, host),
  parallel: async (dir, services, flag) => {
    const jobs = resolveJobs(flag, process.env);
    return typeof jobs === 'string' ? jobs : (await parallelLoad(dir, services, { jobs })).services;
  },
}).then((code) => {
  process.exitCode = code;
  // The cache (database models, base databases) back within its bound after the run's work.
  pruneCache(cacheFolder(), cacheMaxBytes(undefined, process.env));
}, internalError);
