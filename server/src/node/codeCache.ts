import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import { createRequire, wrap } from 'node:module';
import * as path from 'node:path';
import * as vm from 'node:vm';
import { cacheFolder, markUsed } from './cacheFolder';
import { tuneHeap } from './heap';

/**
 * Runs the bundles (dist/server.js, cli.js, parseWorker.js, validators.js) through V8's code cache:
 * the bytecode V8 compiled for a bundle in an earlier run is read back instead of compiling the
 * source again. At start-up that is most of loading: the language server's bundle took ~36 ms to
 * compile and ~60 ms to run (its functions compiled as they were first called); with the cache
 * ~11 and ~48 ms.
 *
 * The cache of a bundle is one file per bundle text, Node.js version and architecture (V8 itself
 * rejects a cache made by another V8 or with other V8 flags, which is then made again, but checks
 * the source only by its length, hence the text's hash in the name). It lives beside the bundle in `.v8-cache/`
 * when that folder can be written, else in `<cache dir>/graphql-engine-metadata/v8-cache/`. It is
 * made once, by the first run that finds none (or one V8 rejected), after that run's work, so it
 * holds the functions the work compiled: at exit, `saveAfterMs` after the start, or in a worker
 * thread after its first message. Set GRAPHQL_METADATA_NO_CODE_CACHE to run without it.
 */
export const NO_CODE_CACHE = 'GRAPHQL_METADATA_NO_CODE_CACHE';

export interface CachedRun {
  /** What the bundle put in `module.exports`. */
  readonly exports: unknown;
  /** `used`: compiled from the cache; `made`: compiled from the source, the cache will be written; `off`: no cache. */
  readonly cache: 'used' | 'made' | 'off';
}

export interface CodeCacheOptions {
  /** Also write the cache this long after the start (a process that may be killed rather than exit). */
  readonly saveAfterMs?: number;
  /** In a worker thread: write it after the first message the bundle handled (workers are terminated, not exited). */
  readonly afterFirstMessage?: { once(event: 'message', listener: () => void): unknown };
  /** The folders to read the cache from and write it to, in order (defaults: see above). */
  readonly dirs?: readonly string[];
}

/** Loads the CommonJS bundle `file` as `require(file)` would, compiled from V8's code cache when there is one. */
export function runCached(file: string, options: CodeCacheOptions = {}): CachedRun {
  // The flags a cache was made with must be the flags it is read with: set them before compiling.
  tuneHeap();
  const code = wrap(fs.readFileSync(file, 'utf8').replace(/^#!/, '//'));
  const off = process.env[NO_CODE_CACHE] !== undefined;
  const name = off ? '' : cacheName(file, code);
  const dirs = options.dirs ?? cacheDirs(file);
  const cachedData = off ? undefined : readFirst(dirs, name);
  const script = new vm.Script(code, { filename: file, ...(cachedData ? { cachedData } : {}) });
  const cache = off ? 'off' : cachedData && !script.cachedDataRejected ? 'used' : 'made';
  const module = { exports: {} as unknown, filename: file, id: file };
  try {
    const run = script.runInThisContext() as (...args: unknown[]) => void;
    run.call(module.exports, module.exports, createRequire(file), module, file, path.dirname(file));
  } finally {
    // After the bundle ran: in a worker, its own message listener is then the first one the first message reaches.
    if (cache === 'made') saveLater(script, dirs, name, options);
  }
  return { exports: module.exports, cache };
}

function cacheName(file: string, code: string): string {
  const key = createHash('sha1').update(code).update(`\0${process.version}\0${process.arch}`).digest('hex');
  return `${path.basename(file, '.js')}-${key.slice(0, 20)}.bin`;
}

function cacheDirs(file: string): string[] {
  return [path.join(path.dirname(file), '.v8-cache'), path.join(cacheFolder(), 'v8-cache')];
}

function readFirst(dirs: readonly string[], name: string): Buffer | undefined {
  for (const dir of dirs) {
    try {
      const data = fs.readFileSync(path.join(dir, name));
      markUsed(path.join(dir, name));
      return data;
    } catch {
      // Not there: the next folder.
    }
  }
  return undefined;
}

function saveLater(script: vm.Script, dirs: readonly string[], name: string, options: CodeCacheOptions): void {
  let saved = false;
  const save = (): void => {
    if (saved) return;
    saved = true;
    writeFirst(dirs, name, script.createCachedData());
  };
  process.once('exit', save);
  if (options.saveAfterMs !== undefined) setTimeout(save, options.saveAfterMs).unref();
  options.afterFirstMessage?.once('message', save);
}

/**
 * Writes the cache to the first folder that takes it (a temporary file renamed into place: a reader
 * never sees half of one) and removes the bundle's older caches there. A failure only costs the cache.
 */
function writeFirst(dirs: readonly string[], name: string, data: Buffer): void {
  const prefix = name.slice(0, name.lastIndexOf('-') + 1);
  for (const dir of dirs) {
    try {
      fs.mkdirSync(dir, { recursive: true });
      const temporary = path.join(dir, `${name}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`);
      fs.writeFileSync(temporary, data);
      fs.renameSync(temporary, path.join(dir, name));
      for (const old of fs.readdirSync(dir))
        if (old !== name && old.startsWith(prefix) && old.endsWith('.bin')) fs.rmSync(path.join(dir, old), { force: true });
      return;
    } catch {
      // Read-only or full: the next folder.
    }
  }
}
