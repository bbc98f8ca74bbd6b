import { basename, dirname, isInside, toCompact, TOP_LEVEL_FILES } from '../core';
import type { FileKind, FileSystemHost, Finding, ParseCache, ParseStore, Project, ProjectFile, SchemaValidator, YamlFile } from '../core';

/** How long start-up parses before it lets requests and edits through. */
export const SLICE_MS = 25;

/**
 * How long start-up waits before it looks for roots, so that the files the client opens right after
 * `initialized` are checked alone first (a file that arrives later waits for at most one slice).
 */
export const OPEN_FILES_WAIT_MS = 10;

/**
 * How long work the server starts on its own once it is ready (writing the parse store, the check
 * with new database models, comparing a rebuilt model) runs before it yields. vscode-jsonrpc reads,
 * dispatches and writes a request in turns of the event loop of their own (setImmediate): resumed
 * in the next turn, each of those turns came after a slice (25 ms slices made a request during the
 * parse store's write wait ~90 ms); resumed after a gap (turns.ts TURN_GAP_MS), a request waits for
 * the slice it arrived in.
 */
export const BACKGROUND_SLICE_MS = 5;

/** A ParseStore that can be written out (server/src/node/parseStore.ts). */
export interface PersistentStore extends ParseStore {
  /** Lets go of what was read (called once start-up has parsed every file). */
  release(): void;
  write(): Promise<void>;
}

/** What one start-up works with; `current()` turns false when a newer start-up began. */
export interface StartUpRun {
  readonly host: FileSystemHost;
  readonly cache: ParseCache;
  readonly sliceMs: number;
  current(): boolean;
  /** Called between slices (and before the first): the start-up's chance to serve what cannot wait. */
  between(): void;
  /** Resolves in a later turn of the event loop, one the server's other work on its own does not use (SharedTurns). */
  turn(): Promise<void>;
}

/** Yields to the event loop once `sliceMs` have passed since `slice.at`; false when the run was superseded. */
async function yielded(run: StartUpRun, slice: { at: number }): Promise<boolean> {
  if (performance.now() - slice.at < run.sliceMs) return true;
  await run.turn();
  if (!run.current()) return false;
  run.between();
  slice.at = performance.now();
  return true;
}

/**
 * Parses every YAML file below `roots` into the cache in slices that yield; `parsed` is told of each
 * file, with its parse (`likely`: it has syntax errors and is probably one of its root's files, whose
 * errors the root's check reports as errors too). False when a newer start-up took over.
 */
export async function parseAhead(run: StartUpRun, roots: readonly string[], parsed: (yaml: YamlFile, text: string, likely: boolean) => void): Promise<boolean> {
  const slice = { at: performance.now() };
  run.between();
  for (const root of roots) {
    for (const path of metadataFiles(run.host, root, run.host.realPath(root))) {
      const read = run.host.readFile(path);
      if (read.kind === 'text') {
        const yaml = run.cache.get(path, read.text);
        // Whether it is one of the root's files matters only to a file with errors (and may cost a read of its folder's list).
        parsed(yaml, read.text, yaml.syntax.length > 0 && likelyMember(run, root, path));
      }
      if (!(await yielded(run, slice))) return false;
    }
  }
  return true;
}

/**
 * Gives the store the parse of every file yaml parsed (ParseCache.storable: the quick pack reads the
 * others faster than they are restored), in slices like start-up's, then writes it: the next start
 * of the server rebuilds these files instead of parsing them. While `typing()`, the
 * store waits. A failed write only costs that.
 */
export async function persist(run: StartUpRun, store: PersistentStore, typing: () => boolean): Promise<void> {
  const slice = { at: performance.now() };
  for (const file of run.cache.storable()) {
    const compact = file.syntax.length === 0 ? toCompact(file.doc) : undefined;
    if (compact !== undefined) store.save(file.text, compact);
    if (!(await yielded(run, slice))) break;
    while (typing() && run.current()) await new Promise((resolve) => setTimeout(resolve, 20));
    if (!run.current()) break;
  }
  // Silent: a parse store that cannot be written only means the next start parses (the doc comment).
  await store.write().catch(() => undefined);
}

/**
 * The findings of one file checked alone, before its root is (the file the user has open while
 * start-up parses the rest): YAML syntax, and the schema of its kind when the path tells the kind and
 * the file includes nothing (its value is then its own text, and the root's check finds the same).
 * A table or function file its folder's list does not include gets none: the root's check reports
 * its errors as warnings (the engine never reads it), which it alone cannot know.
 */
export function aloneFindings(
  root: string,
  path: string,
  text: string,
  { cache, validator, host }: { cache: ParseCache; validator: SchemaValidator; host: FileSystemHost },
): readonly Finding[] {
  const yaml = cache.get(path, text);
  const kind = kindByPath(path.slice(root.length + 1));
  if ((kind === 'table' || kind === 'function') && !listedInFolder(path, kind, host)) return [];
  if (yaml.syntax.length > 0 || kind === undefined || yaml.includes.length > 0) return yaml.syntax;
  const file: ProjectFile = { path, kind, text, includedBy: [], unreferenced: false, yaml };
  const project: Project = { root, files: new Map([[path, file]]), findings: [], includeTargets: new Map(), unreferenced: [] };
  return validator.validate(project, file);
}

/**
 * Whether the folder's tables.yaml (functions.yaml) includes the file. A text search, not a parse:
 * parsing a thousand-table list cold takes ~90 ms, and this runs before the first diagnostics. An
 * include that is commented out counts as one; the root's check then corrects the early findings.
 */
function listedInFolder(path: string, kind: 'table' | 'function', host: FileSystemHost): boolean {
  const read = host.readFile(`${dirname(path)}/${kind === 'table' ? 'tables' : 'functions'}.yaml`);
  if (read.kind !== 'text') return false;
  const name = basename(path).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`!include\\s+(?:\\./)?${name}(?=["'\\s,\\]]|$)`, 'm').test(read.text);
}

/** A top-level file's kind, or a table or function file's by its folder (as the loader gives files no include reaches). */
function kindByPath(rel: string): FileKind | undefined {
  const top = TOP_LEVEL_FILES.find(([name]) => name === rel);
  if (top) return top[1];
  const match = /^databases\/[^/]+\/(tables|functions)\/([^/]+\.ya?ml)$/i.exec(rel);
  if (!match || /^(tables|functions)\.ya?ml$/i.test(match[2]!)) return undefined;
  return match[1] === 'tables' ? 'table' : 'function';
}

/**
 * A file at the top of a root, or under databases/: the loader reads those without being told (others
 * only when included); but not a table or function file its folder's list leaves out (its errors are warnings).
 */
function likelyMember(run: StartUpRun, root: string, path: string): boolean {
  const rel = path.slice(root.length + 1);
  if (rel.includes('/') && !rel.startsWith('databases/')) return false;
  const kind = kindByPath(rel);
  return (kind !== 'table' && kind !== 'function') || listedInFolder(path, kind, run.host);
}

/**
 * The YAML files below a root (including those no include reaches yet), for parsing ahead at
 * start-up: found as they are parsed (each one's real path costs a system call: listing a
 * thousand files first would be one long turn of the event loop before the first slice ends).
 */
function* metadataFiles(host: FileSystemHost, dir: string, realRoot: string, depth = 0): Generator<string> {
  for (const entry of host.readDir(dir) ?? []) {
    const path = `${dir}/${entry.name}`;
    if (!isInside(host.realPath(path), realRoot)) continue;
    if (entry.isDirectory && depth < 8 && !entry.name.startsWith('.')) yield* metadataFiles(host, path, realRoot, depth + 1);
    else if (!entry.isDirectory && /\.ya?ml$/i.test(entry.name)) yield path;
  }
}
