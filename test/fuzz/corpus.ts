import * as fs from 'node:fs';
import * as path from 'node:path';
import type { DirEntry, FileSystemHost, ReadResult } from '../../server/src/core/host';
import { decodeText, DEFAULT_MAX_FILE_BYTES } from '../../server/src/node/fsHost';

/** ../shared/corpus beside the repository. */
export const DEFAULT_CORPUS = path.resolve(__dirname, '../../../../shared/corpus');

/** One real project held in memory: core path -> bytes, under `/corpus/<name>`. */
export interface CorpusProject {
  readonly name: string;
  readonly dir: string;
  readonly files: ReadonlyMap<string, Uint8Array>;
  /** The paths of `files`, sorted (the order cases pick from). */
  readonly paths: readonly string[];
}

export function loadCorpus(corpusDir = DEFAULT_CORPUS): CorpusProject[] {
  const names = fs
    .readdirSync(corpusDir)
    .filter((n) => fs.statSync(path.join(corpusDir, n)).isDirectory())
    .sort();
  return names.map((name) => {
    const files = new Map<string, Uint8Array>();
    const base = path.join(corpusDir, name);
    for (const rel of fs.readdirSync(base, { recursive: true }).map(String).sort()) {
      const abs = path.join(base, rel);
      if (fs.statSync(abs).isFile()) files.set(`/corpus/${name}/${rel.split(path.sep).join('/')}`, fs.readFileSync(abs));
    }
    return { name, dir: `/corpus/${name}`, files, paths: [...files.keys()] };
  });
}

/**
 * The project's files in memory, with one file replaced; reads decode like the node host
 * (UTF-8 only, NUL bytes and over-size files reported). Folder listings are precomputed.
 */
export function projectHost(project: CorpusProject, replaced: { path: string; bytes: Uint8Array }, maxBytes = DEFAULT_MAX_FILE_BYTES): FileSystemHost {
  const files = new Map(project.files);
  files.set(replaced.path, replaced.bytes);
  const dirs = new Map<string, Map<string, boolean>>();
  for (const file of files.keys()) {
    const parts = file.split('/');
    for (let i = 1; i < parts.length; i++) {
      const dir = parts.slice(0, i).join('/') || '/';
      const entries = dirs.get(dir) ?? new Map<string, boolean>();
      entries.set(parts[i]!, (entries.get(parts[i]!) ?? false) || i < parts.length - 1);
      dirs.set(dir, entries);
    }
  }
  return {
    readFile(p: string): ReadResult {
      const bytes = files.get(p);
      if (!bytes) return dirs.has(p) ? { kind: 'directory' } : { kind: 'missing' };
      if (bytes.length > maxBytes) return { kind: 'too-large', size: bytes.length, limit: maxBytes };
      return decodeText(bytes);
    },
    readDir(p: string): readonly DirEntry[] | undefined {
      const entries = dirs.get(p);
      return entries && [...entries].map(([name, isDirectory]) => ({ name, isDirectory }));
    },
    realPath: (p) => p,
  };
}
