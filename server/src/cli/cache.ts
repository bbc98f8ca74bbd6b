import { CACHE_MAX_MB_ENV, cacheFolder, cacheMaxBytes, cacheUsage, cleanCache, pruneCache } from '../node/cacheFolder';

export const CACHE_HELP = `Usage: graphql-metadata cache [--clean]

Prints where the cache is (database models built from migrations, PGlite's base databases, the
language server's parse stores) and its size; --clean removes its files. The cache only makes the
next run faster. It is kept within ${CACHE_MAX_MB_ENV} megabytes (default 256; the least recently
used files go first), in $XDG_CACHE_HOME/graphql-engine-metadata, else ~/.cache/graphql-engine-metadata.
`;

export interface CacheIo {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  readonly env?: Readonly<Record<string, string | undefined>>;
}

/** `graphql-metadata cache [--clean]`: its exit code (2 for an unknown option). */
export function runCacheCommand(argv: readonly string[], io: CacheIo): number {
  const unknown = argv.find((a) => a !== '--clean' && a !== '--help' && a !== '-h');
  if (unknown !== undefined) {
    io.stderr(`graphql-metadata: Unknown option ${unknown} for cache.\nRun \`graphql-metadata cache --help\` for its options.\n`);
    return 2;
  }
  if (argv.includes('--help') || argv.includes('-h')) {
    io.stdout(CACHE_HELP);
    return 0;
  }
  const folder = cacheFolder(io.env?.XDG_CACHE_HOME);
  if (argv.includes('--clean')) {
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
