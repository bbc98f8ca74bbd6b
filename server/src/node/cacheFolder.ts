import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

/**
 * The cache folder, `$XDG_CACHE_HOME/graphql-engine-metadata/` (else `~/.cache/...`), and its bound.
 * It holds what makes the next run faster and nothing else: database models built from migrations
 * (db/cache.ts, `db-*.json`), PGlite's fresh database per extension set (db/worker.ts,
 * `pglite-*-base.tar.gz`), the language server's parse stores (parseStore.ts, `parses-*.txt`) and V8's
 * code cache when it cannot be kept beside the bundles (codeCache.ts, `v8-cache/`). Each file is
 * written to a `*.tmp` file first and renamed into place. Deleting any of it only costs time.
 *
 * The bound: after a run's work (the CLI's check, the language server's start-up and each database
 * model build), `pruneCache` removes the `*.tmp` files of processes that no longer run, then the
 * least recently used files until the folder is within the bound. A file is used when it is written
 * or read (`markUsed` sets its modification time: access times are not kept on most mounts).
 */
export const CACHE_MAX_MB_ENV = 'GRAPHQL_METADATA_CACHE_MAX_MB';
/** About 40 large projects' models and parse stores, or 100 small ones (a base database is 4.6 MB, a model of 1,000 tables 3 MB). */
export const DEFAULT_CACHE_MAX_MB = 256;
/** A `*.tmp` file this old is removed even when its process id is in use again (ids are reused). */
const STALE_TMP_MS = 24 * 60 * 60 * 1000;

export function cacheFolder(cacheDir = process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), '.cache')): string {
  return path.join(cacheDir, 'graphql-engine-metadata');
}

/**
 * The bound in bytes: `setting` (the editor's `graphqlMetadata.cache.maxSizeMB`) when it is a number
 * >= 0, else GRAPHQL_METADATA_CACHE_MAX_MB when it is one, else the default. 0 keeps nothing.
 */
export function cacheMaxBytes(setting: unknown, env: Readonly<Record<string, string | undefined>> = process.env): number {
  const fromEnv = env[CACHE_MAX_MB_ENV];
  const mb = validMb(setting) ?? (fromEnv !== undefined && fromEnv.trim() !== '' ? validMb(Number(fromEnv)) : undefined) ?? DEFAULT_CACHE_MAX_MB;
  return Math.floor(mb * 1024 * 1024);
}

function validMb(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined;
}

interface CacheFile {
  readonly file: string;
  readonly bytes: number;
  readonly usedMs: number;
}

/** The regular files of the folder and of its subfolders (one level: `v8-cache/`). */
function listFiles(folder: string): CacheFile[] {
  const out: CacheFile[] = [];
  const visit = (dir: string, depth: number): void => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      // Silent: a folder that cannot be listed holds nothing this can prune.
      return;
    }
    for (const entry of entries) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory() && depth === 0) visit(file, 1);
      else if (entry.isFile()) {
        try {
          const stat = fs.statSync(file);
          out.push({ file, bytes: stat.size, usedMs: stat.mtimeMs });
        } catch {
          // Removed meanwhile by another process.
        }
      }
    }
  };
  visit(folder, 0);
  return out;
}

export interface CacheUsage {
  readonly folder: string;
  readonly files: number;
  readonly bytes: number;
  /** Of which `*.tmp` files (being written now, or left by a process that was killed). */
  readonly temporary: number;
}

export function cacheUsage(folder: string): CacheUsage {
  const files = listFiles(folder);
  return { folder, files: files.length, bytes: files.reduce((n, f) => n + f.bytes, 0), temporary: files.filter((f) => isTemporary(f.file)).length };
}

export interface Pruned {
  readonly removed: number;
  readonly freedBytes: number;
  /** Of the removed files, `*.tmp` files of dead processes. */
  readonly temporary: number;
}

/**
 * Removes the `*.tmp` files no running process is writing (their name holds the writer's process id;
 * any older than a day), then the least recently used files until the rest fits in `maxBytes`.
 * Failures (a file another process removed, a read-only folder) are skipped: this never throws.
 */
export function pruneCache(folder: string, maxBytes: number, now = Date.now()): Pruned {
  let removed = 0;
  let freedBytes = 0;
  let temporary = 0;
  const remove = (f: CacheFile): boolean => {
    try {
      fs.rmSync(f.file, { force: true });
    } catch {
      // Silent: false is the answer: the file stays, and is not counted as freed.
      return false;
    }
    removed++;
    freedBytes += f.bytes;
    return true;
  };
  const kept: CacheFile[] = [];
  for (const f of listFiles(folder)) {
    if (!isTemporary(f.file)) kept.push(f);
    else if ((!writerRuns(f.file) || now - f.usedMs > STALE_TMP_MS) && remove(f)) temporary++;
  }
  let total = kept.reduce((n, f) => n + f.bytes, 0);
  for (const f of kept.sort((a, b) => a.usedMs - b.usedMs)) {
    if (total <= maxBytes) break;
    if (remove(f)) total -= f.bytes;
  }
  return { removed, freedBytes, temporary };
}

/** Removes every file of the cache (`graphql-metadata cache --clean`) but the `*.tmp` files of running processes. */
export function cleanCache(folder: string): Pruned {
  return pruneCache(folder, 0);
}

/** Marks a cache file as used now (least recently used goes first); a file that cannot be touched is left as it is. */
export function markUsed(file: string): void {
  const now = new Date();
  try {
    fs.utimesSync(file, now, now);
  } catch {
    // Gone, or not ours to touch: it keeps its time.
  }
}

function isTemporary(file: string): boolean {
  return file.endsWith('.tmp');
}

/** Whether the process whose id the temporary file's name holds (`<name>.<pid>[.<n>].tmp`) still runs. */
function writerRuns(file: string): boolean {
  const match = /\.(\d+)(?:\.[0-9a-z]+)?\.tmp$/.exec(path.basename(file));
  if (!match) return false;
  const pid = Number(match[1]);
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
