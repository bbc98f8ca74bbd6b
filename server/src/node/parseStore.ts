import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { ParseStore } from '../core/project/cache';

/** The first line of a store file; a file with another first line (an older format) is ignored. */
const HEADER = 'graphql-metadata parse store 1';
/** A store file larger than this is not read (it is rewritten at the next save). */
const MAX_BYTES = 512 * 1024 * 1024;

/**
 * Parses kept on disk between language-server runs, keyed by the SHA-1 of each file's text: one line
 * per file, `<sha1>\t<compact AST as JSON>`. Each run writes the files it has now (temp file, then
 * rename), so entries of texts that no longer exist are dropped. A damaged or foreign line is only a
 * cache miss: the file is parsed.
 */
export class DiskParseStore implements ParseStore {
  private readonly known = new Map<string, string>();
  private readonly fresh = new Map<string, string>();

  constructor(readonly file: string) {}

  /** Opens the store file (a missing, unreadable or oversized one is an empty store). */
  static open(file: string): DiskParseStore {
    const store = new DiskParseStore(file);
    try {
      if (fs.statSync(file).size > MAX_BYTES) return store;
      const lines = fs.readFileSync(file, 'utf8').split('\n');
      if (lines[0] !== HEADER) return store;
      for (const line of lines.slice(1)) {
        const tab = line.indexOf('\t');
        if (tab === 40) store.known.set(line.slice(0, tab), line.slice(tab + 1));
      }
    } catch {
      // No store yet, or one that cannot be read: start empty.
    }
    return store;
  }

  get size(): number {
    return this.known.size;
  }

  load(text: string): unknown {
    const json = this.known.get(sha1(text));
    if (json === undefined) return undefined;
    try {
      return JSON.parse(json) as unknown;
    } catch {
      return undefined;
    }
  }

  save(text: string, compact: unknown): void {
    this.fresh.set(sha1(text), JSON.stringify(compact));
  }

  /**
   * Writes what was saved in this run, replacing the file (only the owner can read it), and lets go
   * of what was read (after start-up, files are parsed as they change).
   */
  async write(): Promise<void> {
    this.known.clear();
    const dir = path.dirname(this.file);
    await fs.promises.mkdir(dir, { recursive: true, mode: 0o700 });
    const temp = `${this.file}.${process.pid}.tmp`;
    const body = [HEADER, ...[...this.fresh].map(([hash, json]) => `${hash}\t${json}`)].join('\n');
    await fs.promises.writeFile(temp, `${body}\n`, { mode: 0o600 });
    this.fresh.clear();
    await fs.promises.rename(temp, this.file);
  }
}

function sha1(text: string): string {
  return createHash('sha1').update(text).digest('hex');
}

/** Where the store of a workspace lives: `<cache dir>/graphql-engine-metadata/parses-<hash of the folders>.txt`. */
export function storeFile(folders: readonly string[], cacheDir = process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), '.cache')): string {
  const key = createHash('sha1').update([...folders].sort().join('\n')).digest('hex').slice(0, 16);
  return path.join(cacheDir, 'graphql-engine-metadata', `parses-${key}.txt`);
}
