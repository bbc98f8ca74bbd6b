import type { CacheArgs } from './args';
import { CACHE_MAX_MB_ENV, cacheFolder, cacheMaxBytes, cacheUsage, cleanCache, pruneCache } from '../node/cacheFolder';

export interface CacheIo {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  readonly env?: Readonly<Record<string, string | undefined>>;
}

/**
 * `graphql-metadata cache [--clean]`: prints where the cache is (models built from migrations, PGlite's
 * base databases, the language server's parse stores) and its size, or removes its files. The cache
 * only makes the next run faster; it is kept within GRAPHQL_METADATA_CACHE_MAX_MB megabytes.
 */
export function runCacheCommand(args: CacheArgs, io: CacheIo): number {
  const folder = cacheFolder(io.env?.XDG_CACHE_HOME);
  if (args.clean) {
    const { removed, freedBytes } = cleanCache(folder);
    io.stdout(`${folder}\nremoved ${plural(removed, 'file')}, ${megabytes(freedBytes)}\n`);
    return 0;
  }
  // As after every run: within the bound, without the temporary files of stopped processes.
  const bound = cacheMaxBytes(undefined, io.env ?? {});
  const { removed } = pruneCache(folder, bound);
  const usage = cacheUsage(folder);
  const writing = usage.temporary > 0 ? ` (${usage.temporary} being written)` : '';
  const pruned = removed > 0 ? `; ${plural(removed, 'file')} removed now` : '';
  io.stdout(`${folder}\n${plural(usage.files, 'file')}${writing}, ${megabytes(usage.bytes)} of at most ${megabytes(bound)} (${CACHE_MAX_MB_ENV})${pruned}\n`);
  return 0;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
