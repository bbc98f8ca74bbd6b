import type { Diagnostic } from 'vscode-languageserver';
import { applySeverity } from '../core/check';
import type { RootResult, SeverityOverrides } from '../core/check';
import type { DatabaseModels } from '../core/db/model';
import type { Finding } from '../core/diagnostics';
import type { FileSystemHost } from '../core/host';
import { ParseCache } from '../core/project/cache';
import type { ParseStore } from '../core/project/cache';
import { toCompact } from '../core/parse/compact';
import { IndexMemo } from '../core/project/index/memo';
import { discoverRoots } from '../core/project/discover';
import { RootSession } from '../core/session';
import type { RootStatus, StatusParams } from '../../../common/protocol';
import { directoryToMetadata } from '../core/sync/directory';
import type { InconsistentObjectLike } from '../core/sync/locate';
import { serverFindings } from '../core/sync/serverFindings';
import type { ServerComplaint } from '../core/sync/serverFindings';
import type { SchemaValidator } from '../core/schema/validator';
import { LineIndex } from '../core/util/lineIndex';
import { LATEST_V2 } from '../core/engineVersion';
import type { EngineVersion } from '../core/engineVersion';
import { basename, isInside } from '../core/util/paths';
import { toDiagnostic } from './convert';
import { DatabaseState } from './databases';
import type { EditorDatabaseSettings, ModelBuilder } from './databases';
import { pathToUri } from './uri';

/** The server's complaints placed on the local files of a root, and the objects no local file defines. */
export interface ServerReport {
  readonly findings: readonly Finding[];
  readonly unplaced: readonly InconsistentObjectLike[];
}

/** setTimeout/clearTimeout, injectable so tests control time. */
export interface Timers {
  set(run: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

/** How long start-up parses before it lets requests and edits through. */
const SLICE_MS = 25;

const NODE_TIMERS: Timers = { set: (run, ms) => setTimeout(run, ms), clear: (handle) => clearTimeout(handle as NodeJS.Timeout) };

/** A ParseStore that can be written out (server/src/node/parseStore.ts). */
export interface PersistentStore extends ParseStore {
  /** Lets go of what was read (called once start-up has parsed every file). */
  release(): void;
  write(): Promise<void>;
}

export interface Publisher {
  diagnostics(uri: string, diagnostics: Diagnostic[]): void;
  status(params: StatusParams): void;
}

/**
 * The language server's state: the workspace folders, their metadata roots, and the last check of
 * each. It decides what to re-check; the connection only delivers what it publishes.
 */
export class MetadataWorkspace {
  private folders: string[] = [];
  private roots: string[] = [];
  private problems: Finding[] = [];
  private readonly results = new Map<string, RootResult>();
  private readonly sessions = new Map<string, RootSession>();
  /** What was last sent per file that has diagnostics, to send only what changed. */
  private readonly sent = new Map<string, { readonly findings: readonly Finding[]; readonly signature: string }>();
  private readonly cache = new ParseCache();
  private readonly memo = new IndexMemo();
  /** Line indexes of file texts, kept while the text is the same. */
  private readonly lineCache = new Map<string, { text: string; index: LineIndex }>();
  /** What the server last said per root (Show Inconsistencies, a rejected apply), re-placed on each check. */
  private readonly complaints = new Map<string, ServerComplaint>();
  private readonly reports = new WeakMap<RootResult, ServerReport>();
  severity: SeverityOverrides = {};
  /** The engine version the metadata targets (setting `graphqlMetadata.engineVersion`). */
  private engineVersion: EngineVersion = LATEST_V2;

  /** A new target version: the sessions are made again with it (their parses stay cached). */
  setEngineVersion(version: EngineVersion): void {
    const same = version.major === this.engineVersion.major && version.minor === this.engineVersion.minor && version.patch === this.engineVersion.patch;
    if (same) return;
    this.engineVersion = version;
    this.sessions.clear();
  }

  /** Counts start-ups, so an older one stops when a newer one begins. */
  private startUps = 0;
  /** The database models of each root (none: the database rules stay silent). */
  private databases: DatabaseState | undefined;
  /** Changed paths waiting for the debounced re-check. */
  private readonly pending = new Set<string>();
  private timer: unknown;
  /** When the last pending change arrived. */
  private lastChangeAt = 0;
  /** While a re-check after edits runs: when the edit's server-side time started (the debounce excluded). */
  private editFrom: number | undefined;

  constructor(
    private readonly host: FileSystemHost,
    readonly validator: SchemaValidator,
    private readonly publisher: Publisher,
    private readonly timers: Timers = NODE_TIMERS,
    private readonly debounceMs = 120,
    private readonly sliceMs = SLICE_MS,
  ) {}

  /**
   * Builds each root's database models in the background (node/db) with `build`; when one is done
   * the root is checked again with them. Without this call the database rules stay silent.
   */
  useDatabases(build: ModelBuilder, settings: EditorDatabaseSettings, log?: (message: string) => void): DatabaseState {
    this.databases = new DatabaseState(build, (root) => this.results.get(root)?.index.sources ?? [], (root) => this.databasesBuilt(root), this.timers, log);
    this.databases.settings = settings;
    return this.databases;
  }

  /** New database settings: every root's models are built again (unchanged settings change nothing). */
  setDatabaseSettings(settings: EditorDatabaseSettings): void {
    if (!this.databases || JSON.stringify(settings) === JSON.stringify(this.databases.settings)) return;
    this.databases.settings = settings;
    for (const root of this.roots) this.databases.schedule(root, 0);
  }

  private databasesBuilt(root: string): void {
    if (!this.roots.includes(root)) return;
    this.publishStatus('checking');
    // Nothing changed on disk: the session keeps every file and re-runs the rules that read the models.
    this.checkOne(root, []);
    this.flush();
  }

  /** Notes a change; the re-check runs once typing pauses (or earlier, when a request needs it). */
  schedule(path: string): void {
    this.pending.add(path);
    this.lastChangeAt = performance.now();
    if (this.timer !== undefined) this.timers.clear(this.timer);
    this.timer = this.timers.set(() => this.settle(true), this.debounceMs);
  }

  /**
   * Runs the pending re-check now, so what is answered next reflects every edit received.
   * @param debounced the debounce timer runs it (else a request that needs the re-check now)
   */
  settle(debounced = false): void {
    if (this.timer !== undefined) this.timers.clear(this.timer);
    this.timer = undefined;
    if (this.pending.size === 0) return;
    // A request that cannot wait starts the count now; the timer at the debounce's end (by the
    // clock a timer can fire a little early: never later than now).
    const now = performance.now();
    this.editFrom = debounced ? Math.min(this.lastChangeAt + this.debounceMs, now) : now;
    const paths = [...this.pending];
    this.pending.clear();
    try {
      this.changed(paths);
    } finally {
      // Read by the 'ready' this check ends with; a check that threw leaves nothing for a later one.
      this.editFrom = undefined;
    }
  }

  setFolders(folders: readonly string[]): void {
    this.folders = [...folders];
    this.rediscover();
  }

  /**
   * The first check of `folders`, kept off a long synchronous path: every YAML file of each root is
   * parsed in slices of about 25 ms that yield to the event loop (requests and edits are
   * served in between, and each file's YAML errors are published as soon as it is parsed), then the
   * roots are checked from the parse cache. A newer start-up makes an older one stop.
   */
  async startUp(folders: readonly string[], store?: PersistentStore): Promise<void> {
    const run = ++this.startUps;
    this.folders = [...folders];
    if (store) this.cache.attach(store);
    this.publishStatus('checking');
    const roots = [...new Set(this.folders.flatMap((f) => discoverRoots(f, this.host).roots))];
    let slice = performance.now();
    for (const [root, path] of roots.flatMap((root) => metadataFiles(this.host, root, this.host.realPath(root)).map((p) => [root, p] as const))) {
      this.parseEarly(path, likelyMember(root, path));
      if (performance.now() - slice < this.sliceMs) continue;
      await new Promise((resolve) => setImmediate(resolve));
      if (run !== this.startUps) return;
      slice = performance.now();
    }
    store?.release();
    this.rediscover();
    if (store) await this.persist(store, run);
  }

  /**
   * Gives the store the parse of every file as it is now, in slices like start-up's, then writes it:
   * the next start of the server rebuilds these files instead of parsing them. A failed write only
   * costs that.
   */
  private async persist(store: PersistentStore, run: number): Promise<void> {
    let slice = performance.now();
    for (const file of this.cache.current()) {
      const compact = file.syntax.length === 0 ? toCompact(file.doc) : undefined;
      if (compact !== undefined) store.save(file.text, compact);
      if (performance.now() - slice < this.sliceMs) continue;
      await new Promise((resolve) => setImmediate(resolve));
      // Typing goes first: while a re-check is waiting for its debounce, the store waits too.
      while (this.pending.size > 0 && run === this.startUps) await new Promise((resolve) => setTimeout(resolve, 20));
      if (run !== this.startUps) break;
      slice = performance.now();
    }
    await store.write().catch(() => undefined);
  }

  /** Parses a file into the cache; its YAML errors are published now when it is most likely one of the root's files. */
  private parseEarly(path: string, publish: boolean): void {
    const read = this.host.readFile(path);
    if (read.kind !== 'text') return;
    const syntax = this.cache.get(path, read.text).syntax;
    if (syntax.length === 0 || !publish) return;
    const diagnostics = syntax.map((f) => toDiagnostic(f, (file) => this.lineIndex(file, file === path ? read.text : undefined)));
    this.publisher.diagnostics(pathToUri(path), diagnostics);
    this.sent.set(path, { findings: syntax, signature: JSON.stringify(diagnostics) });
  }

  get rootPaths(): readonly string[] {
    return this.roots;
  }

  result(root: string): RootResult | undefined {
    return this.results.get(root);
  }

  /**
   * The check of the root holding `path`, for editor features: re-run now when the text the host has
   * for `path` (an open document's latest) differs from the text the last check read, so a request
   * that arrives before the debounced re-check still sees what the user typed.
   */
  freshResult(path: string): RootResult | undefined {
    this.settle();
    const root = this.rootOf(path);
    if (!root) return undefined;
    const result = this.results.get(root);
    const known = result?.project.files.get(path)?.text;
    const read = this.host.readFile(path);
    if (result && (known === undefined || (read.kind === 'text' && read.text === known))) return result;
    this.checkOne(root, [path]);
    return this.results.get(root);
  }

  /** The root a file belongs to (the innermost one containing it). */
  rootOf(path: string): string | undefined {
    return this.roots.filter((r) => isInside(path, r)).sort((a, b) => b.length - a.length)[0];
  }

  /** Re-checks after `paths` changed (edited, saved, created, deleted). */
  changed(all: readonly string[]): void {
    const paths = this.noteDatabaseChanges(all);
    if (paths.length === 0) return;
    if (paths.some((p) => ['version.yaml', 'databases.yaml'].includes(basename(p)) || !this.rootOf(p))) {
      this.rediscover(paths);
      return;
    }
    this.publishStatus('checking');
    for (const root of new Set(paths.map((p) => this.rootOf(p)))) if (root) this.checkOne(root, paths);
    this.flush();
  }

  /** Schedules a model build for each root a path can change; returns the paths that concern the metadata itself. */
  private noteDatabaseChanges(paths: readonly string[]): readonly string[] {
    const db = this.databases;
    if (!db) return paths;
    return paths.filter((p) => {
      const roots = this.roots.filter((root) => db.affects(root, p));
      for (const root of roots) db.schedule(root);
      return roots.length === 0 || isInside(p, roots[0]!);
    });
  }

  /**
   * Finds the roots again and checks them: from scratch, or, given the paths that changed, a root
   * that was there before re-reads only those (see RootSession).
   */
  rediscover(changed?: readonly string[]): void {
    this.publishStatus('checking');
    const found = this.folders.map((f) => discoverRoots(f, this.host));
    this.roots = [...new Set(found.flatMap((d) => d.roots))];
    this.problems = found.flatMap((d) => d.problems);
    for (const map of [this.results, this.sessions, this.complaints]) for (const root of [...map.keys()]) if (!this.roots.includes(root)) map.delete(root);
    const fresh = this.roots.filter((root) => !this.sessions.has(root));
    for (const root of this.roots) this.checkOne(root, changed);
    this.flush();
    this.databases?.retain(this.roots);
    // Metadata diagnostics are out first; the models of new roots are built after.
    for (const root of fresh) this.databases?.schedule(root, 0);
  }

  /**
   * Keeps what the server said about a root (undefined: forgets it), re-checks the root and publishes:
   * the complaints are placed on the lines that define each object now, and again after every check.
   */
  setServerComplaint(root: string, complaint: ServerComplaint | undefined): ServerReport | undefined {
    this.settle();
    if (!this.roots.includes(root)) return undefined;
    if (complaint) this.complaints.set(root, complaint);
    else this.complaints.delete(root);
    this.publishStatus('checking');
    this.checkOne(root);
    this.flush();
    const result = this.results.get(root);
    return result ? this.serverReport(result) : undefined;
  }

  /** The server's complaints placed on the files `result` read (computed once per check). */
  serverReport(result: RootResult): ServerReport {
    const complaint = this.complaints.get(result.root);
    if (!complaint) return { findings: [], unplaced: [] };
    let report = this.reports.get(result);
    if (!report) {
      const placed = serverFindings(directoryToMetadata(result), complaint);
      report = { findings: applySeverity(placed.findings, this.severity), unplaced: placed.unplaced };
      this.reports.set(result, report);
    }
    return report;
  }

  /** Local findings, the server's and those of the database build (in migration files), as published. */
  private findingsOf(result: RootResult): readonly Finding[] {
    const server = this.serverReport(result).findings;
    const db = this.databaseFindings(result.root);
    return server.length === 0 && db.length === 0 ? result.findings : [...result.findings, ...server, ...db];
  }

  private databaseFindings(root: string): readonly Finding[] {
    const found = this.databases?.findings(root) ?? [];
    return found.length === 0 ? found : applySeverity([...found], this.severity);
  }

  /** Checks a root: only what `changed` touches when the root's session has checked before, else all of it. */
  private checkOne(root: string, changed?: readonly string[]): void {
    let session = this.sessions.get(root);
    if (!session) {
      const databases = (r: string): DatabaseModels | undefined => this.databases?.models(r);
      session = new RootSession(root, { host: this.host, cache: this.cache, validator: this.validator, memo: this.memo, databases, engineVersion: this.engineVersion });
      this.sessions.set(root, session);
    }
    const inRoot = changed?.filter((p) => this.rootOf(p) === root);
    this.results.set(root, session.check(inRoot, this.severity));
  }

  /** Publishes the diagnostics of every file whose findings changed, and clears files that have none now. */
  private flush(): void {
    const byFile = new Map<string, Finding[]>();
    const add = (f: Finding): void => {
      const list = byFile.get(f.file);
      if (list) list.push(f);
      else byFile.set(f.file, [f]);
    };
    for (const result of this.results.values()) this.findingsOf(result).forEach(add);
    this.problems.forEach(add);
    for (const [file, findings] of byFile) {
      const last = this.sent.get(file);
      if (last && sameItems(last.findings, findings)) continue;
      const diagnostics = findings.map((f) => toDiagnostic(f, (path) => this.lineIndex(path, this.textOf(path))));
      const signature = JSON.stringify(diagnostics);
      if (last?.signature !== signature) this.publisher.diagnostics(pathToUri(file), diagnostics);
      this.sent.set(file, { findings, signature });
    }
    for (const file of [...this.sent.keys()]) {
      if (byFile.has(file)) continue;
      this.publisher.diagnostics(pathToUri(file), []);
      this.sent.delete(file);
    }
    this.publishStatus('ready');
  }

  /** The text a check read for `file` (undefined when no root has it). */
  private textOf(file: string): string | undefined {
    for (const result of this.results.values()) {
      const known = result.project.files.get(file);
      if (known) return known.text;
    }
    return undefined;
  }

  private lineIndex(file: string, known: string | undefined): LineIndex {
    const read = known ?? this.host.readFile(file);
    const text = typeof read === 'string' ? read : read.kind === 'text' ? read.text : '';
    const cached = this.lineCache.get(file);
    if (cached?.text === text) return cached.index;
    const index = new LineIndex(text);
    this.lineCache.set(file, { text, index });
    return index;
  }

  private publishStatus(state: StatusParams['state']): void {
    const roots = [...this.results.values()].map((r) => ({
      root: r.root,
      errors: this.findingsOf(r).filter((f) => f.severity === 'error').length,
      warnings: this.findingsOf(r).filter((f) => f.severity === 'warning').length,
      files: r.project.files.size,
      ...databaseStatuses(this.databases?.statuses(r.root)),
    }));
    const problems = this.problems.map((p) => ({ path: p.file, message: p.message }));
    const from = state === 'ready' ? this.editFrom : undefined;
    this.publisher.status(from === undefined ? { state, roots, problems } : { state, roots, problems, editMs: performance.now() - from });
  }
}

/** `{databases}` when the root's models were built (absent before, and without the feature). */
function databaseStatuses(statuses: RootStatus['databases']): Pick<RootStatus, 'databases'> {
  return statuses && statuses.length > 0 ? { databases: statuses } : {};
}

function sameItems<T>(a: readonly T[], b: readonly T[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/** A file at the top of a root, or under databases/: the loader reads those without being told (others only when included). */
function likelyMember(root: string, path: string): boolean {
  const rel = path.slice(root.length + 1);
  return !rel.includes('/') || rel.startsWith('databases/');
}

/** The YAML files below a root (including those no include reaches yet), for parsing ahead at start-up. */
function metadataFiles(host: FileSystemHost, root: string, realRoot: string): string[] {
  const out: string[] = [];
  const visit = (dir: string, depth: number): void => {
    for (const entry of host.readDir(dir) ?? []) {
      const path = `${dir}/${entry.name}`;
      if (!isInside(host.realPath(path), realRoot)) continue;
      if (entry.isDirectory && depth < 8 && !entry.name.startsWith('.')) visit(path, depth + 1);
      else if (!entry.isDirectory && /\.ya?ml$/i.test(entry.name)) out.push(path);
    }
  };
  visit(root, 0);
  return out;
}
