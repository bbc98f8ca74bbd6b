import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { checkAhead, IndexMemo, rememberTableFacts, unpackYamlFile } from '../../core';
import type { CheckServices, DirEntry, FileSystemHost, ReadResult } from '../../core';
import { toNativePath } from '../../../../common/paths';
import type { ParsedFile } from './messages';
import { runPool } from './pool';

/**
 * Below this many YAML files, starting workers costs more than it saves: the main thread parses.
 * Measured on 2 cores with the quick pack (parse/quick): `--jobs 2` was slower at 1,000 tables,
 * even at 3,000, and 25% faster at 10,000 (scripts/bench/parallel.mjs).
 */
export const PARALLEL_FROM = 4000;
/** More workers than this only add start-up cost (and memory). */
const MAX_JOBS = 8;
/** A folder with more YAML files than this is listed no further (the rest is parsed as the loader reaches it). */
const MAX_LISTED = 200_000;

/**
 * How many threads parse: `--jobs N`, else GRAPHQL_METADATA_JOBS, else every core (at most 8).
 * 1 parses on the main thread only. A message when the value is not a whole number >= 1.
 */
export function resolveJobs(flag: number | undefined, env: Readonly<Record<string, string | undefined>>): number | string {
  if (flag !== undefined) return flag;
  const raw = env['GRAPHQL_METADATA_JOBS'];
  if (raw === undefined || raw === '') return Math.min(os.availableParallelism(), MAX_JOBS);
  const n = Number(raw);
  return Number.isInteger(n) && n >= 1 ? n : `GRAPHQL_METADATA_JOBS must be a whole number >= 1, not \`${raw}\`.`;
}

export interface ParallelLoad {
  /** The services to check with: the prefetching host, the parse cache, the validator and the index memo holding the results made before the check. */
  readonly services: CheckServices;
  /** Files the workers parsed and handed over. */
  readonly adopted: number;
  /** What went wrong in a worker (its files were then parsed on the main thread). */
  readonly errors: readonly string[];
}

export interface ParallelOptions {
  readonly jobs: number;
  /** Defaults to dist/parseWorker.js next to this bundle (or worker.js next to this compiled file). */
  readonly workerFile?: string;
  /** Defaults to PARALLEL_FROM. */
  readonly threshold?: number;
}

/**
 * Reads, parses and schema-checks the YAML files below `dir` in `jobs` threads (the main thread
 * and jobs - 1 workers, sharing one queue), before the check: the returned services serve those reads, parses and findings to the core (a host that
 * answers from what the workers read, the parse cache and validator primed with their results,
 * and an index memo holding each table file's facts, read on the main thread as each file arrives:
 * core/project/alone.ts). The loader, the index and the rules then run on the main thread as always,
 * finding that per-file work done, and anything a worker did not deliver is done there. With jobs 1
 * or fewer files than the threshold, `services` are returned as they are.
 */
export async function parallelLoad(dir: string, services: CheckServices, options: ParallelOptions): Promise<ParallelLoad> {
  if (options.jobs <= 1) return { services, adopted: 0, errors: [] };
  const paths = yamlFilesBelow(dir);
  if (paths.length < (options.threshold ?? PARALLEL_FROM)) return { services, adopted: 0, errors: [] };
  const host = new PrefetchHost(services.host);
  const memo = services.memo ?? new IndexMemo();
  let adopted = 0;
  const onFile = (file: ParsedFile): void => {
    host.keep(file);
    if (!file.packed || file.read.kind !== 'text') return;
    const yaml = unpackYamlFile(file.path, file.read.text, file.packed);
    if (!yaml) return;
    services.cache.adopt(yaml);
    adopted++;
    if (file.kind && file.schema) services.validator?.prime(yaml, file.kind, file.schema);
    rememberTableFacts(memo, yaml, file.read.text);
  };
  const local = (chunk: readonly string[]): void => {
    for (const path of chunk) {
      const read = services.host.readFile(path);
      host.keep({ path, read, real: services.host.realPath(path) });
      if (read.kind !== 'text') continue;
      const yaml = services.cache.get(path, read.text);
      // What a worker does for the files it parses, so the check's serial part is as short.
      checkAhead(services.validator, memo, yaml, read.text);
    }
  };
  const { errors } = await runPool(paths, { workers: options.jobs - 1, workerFile: options.workerFile ?? defaultWorkerFile(), onFile, local });
  return { services: { ...services, host, memo }, adopted, errors };
}

function defaultWorkerFile(): string {
  const bundled = path.join(__dirname, 'parseWorker.js');
  return fs.existsSync(bundled) ? bundled : path.join(__dirname, 'worker.js');
}

/** The YAML files below a folder (core paths), skipping hidden folders and node_modules. */
export function yamlFilesBelow(dir: string): string[] {
  const out: string[] = [];
  const walk = (at: string): void => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(toNativePath(at), { withFileTypes: true });
    } catch {
      // Silent: an unreadable folder has no files to hand out; the check reads it again and reports it.
      return;
    }
    for (const entry of entries) {
      if (out.length >= MAX_LISTED) return;
      const full = at === '/' ? `/${entry.name}` : `${at}/${entry.name}`;
      if (entry.isDirectory()) {
        if (!entry.name.startsWith('.') && entry.name !== 'node_modules') walk(full);
      } else if (entry.isFile() && /\.ya?ml$/i.test(entry.name)) out.push(full);
    }
  };
  walk(dir);
  return out;
}

/**
 * A host that answers each file's first read and real path from what a worker read (the loader
 * reads each file once); everything else, and every later read, goes to the host it wraps.
 */
class PrefetchHost implements FileSystemHost {
  private readonly reads = new Map<string, ReadResult>();
  private readonly reals = new Map<string, string>();

  constructor(private readonly inner: FileSystemHost) {}

  keep(file: ParsedFile): void {
    this.reads.set(file.path, file.read);
    this.reals.set(file.path, file.real);
  }

  readFile(p: string): ReadResult {
    const read = this.reads.get(p);
    if (read === undefined) return this.inner.readFile(p);
    this.reads.delete(p);
    return read;
  }

  readDir(p: string): readonly DirEntry[] | undefined {
    return this.inner.readDir(p);
  }

  realPath(p: string): string {
    return this.reals.get(p) ?? this.inner.realPath(p);
  }
}
