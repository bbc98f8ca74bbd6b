import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { ParseStore } from '../core';
import { cacheFolder, markUsed } from './cacheFolder';

let stores = 0;

/**
 * The first line of a store file; a file with another first line (an older format) is ignored.
 * 2: only the files yaml parsed (the quick pack reads the others faster than they are restored); 1 held every file.
 */
const HEADER = 'graphql-metadata parse store 2';
/** A store file larger than this is not read (it is rewritten at the next save). */
const MAX_BYTES = 512 * 1024 * 1024;

/**
 * Parses kept on disk between language-server runs, keyed by the SHA-1 of each file's text: one line
 * per file, `<sha1>\t<compact AST as JSON>`. Each run writes the files it has now (to a temp file as
 * they are saved, renamed over the old one at the end), so entries of texts that no longer exist are
 * dropped. A damaged or foreign line is only a cache miss: the file is parsed.
 */
export class DiskParseStore implements ParseStore {
  private readonly known = new Map<string, string>();
  /** Lines saved and not yet written to the temp file (written every ~1 MB, so memory stays small). */
  private pending: string[] = [];
  private pendingBytes = 0;
  private fd: number | undefined;
  private failed: unknown;

  /** Each store its own temp file: a start-up that a newer one stopped may still be finishing its file. */
  private readonly temp: string;

  constructor(readonly file: string) {
    this.temp = `${file}.${process.pid}.${++stores}.tmp`;
  }

  /** Opens the store file (a missing, unreadable or oversized one is an empty store). */
  static open(file: string): DiskParseStore {
    const store = new DiskParseStore(file);
    try {
      if (fs.statSync(file).size > MAX_BYTES) return store;
      const lines = fs.readFileSync(file, 'utf8').split('\n');
      if (lines[0] !== HEADER) return store;
      markUsed(file);
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
      // Silent: a damaged entry is a miss: the file is parsed instead.
      return undefined;
    }
  }

  /** Lets go of what was read (after start-up, files are parsed as they change). */
  release(): void {
    this.known.clear();
  }

  save(text: string, compact: unknown): void {
    const line = `${sha1(text)}\t${JSON.stringify(compact)}\n`;
    this.pending.push(line);
    this.pendingBytes += line.length;
    if (this.pendingBytes > 1024 * 1024) this.flush();
  }

  /** Finishes the file of what was saved in this run and puts it in place of the old one (temp file, then rename). */
  async write(): Promise<void> {
    this.release();
    this.flush();
    const fd = this.fd;
    this.fd = undefined;
    if (fd !== undefined) fs.closeSync(fd);
    if (this.failed !== undefined) {
      await fs.promises.rm(this.temp, { force: true });
      throw this.failed instanceof Error ? this.failed : new Error('the parse store could not be written');
    }
    await fs.promises.rename(this.temp, this.file);
  }

  private flush(): void {
    const text = this.pending.join('');
    this.pending = [];
    this.pendingBytes = 0;
    if (this.failed !== undefined) return;
    try {
      if (this.fd === undefined) {
        fs.mkdirSync(path.dirname(this.file), { recursive: true, mode: 0o700 });
        this.fd = fs.openSync(this.temp, 'w', 0o600);
        fs.writeSync(this.fd, `${HEADER}\n`);
      }
      fs.writeSync(this.fd, text);
    } catch (error) {
      this.failed = error;
    }
  }
}

function sha1(text: string): string {
  return createHash('sha1').update(text).digest('hex');
}

/** Where the store of a workspace lives: `<cache dir>/graphql-engine-metadata/parses-<hash of the folders>.txt`. */
export function storeFile(folders: readonly string[], cacheDir?: string): string {
  const key = createHash('sha1')
    .update([...folders].sort().join('\n'))
    .digest('hex')
    .slice(0, 16);
  return path.join(cacheFolder(cacheDir), `parses-${key}.txt`);
}
