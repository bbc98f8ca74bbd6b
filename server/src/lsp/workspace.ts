import type { Diagnostic } from 'vscode-languageserver';
import { applySeverity, checkRoot } from '../core/check';
import type { RootResult, SeverityOverrides } from '../core/check';
import type { Finding } from '../core/diagnostics';
import type { FileSystemHost } from '../core/host';
import { ParseCache } from '../core/project/cache';
import { IndexMemo } from '../core/project/index/memo';
import { discoverRoots } from '../core/project/discover';
import type { StatusParams } from '../core/protocol';
import { directoryToMetadata } from '../core/sync/directory';
import type { InconsistentObjectLike } from '../core/sync/locate';
import { serverFindings } from '../core/sync/serverFindings';
import type { ServerComplaint } from '../core/sync/serverFindings';
import type { SchemaValidator } from '../core/schema/validator';
import { LineIndex } from '../core/util/lineIndex';
import { basename, isInside } from '../core/util/paths';
import { toDiagnostic } from './convert';
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

const NODE_TIMERS: Timers = { set: (run, ms) => setTimeout(run, ms), clear: (handle) => clearTimeout(handle as NodeJS.Timeout) };

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
  /** What was last sent per file, to send only what changed. */
  private readonly published = new Map<string, string>();
  private readonly cache = new ParseCache();
  private readonly memo = new IndexMemo();
  /** Line indexes of file texts, kept while the text is the same. */
  private readonly lineCache = new Map<string, { text: string; index: LineIndex }>();
  /** What the server last said per root (Show Inconsistencies, a rejected apply), re-placed on each check. */
  private readonly complaints = new Map<string, ServerComplaint>();
  private readonly reports = new WeakMap<RootResult, ServerReport>();
  severity: SeverityOverrides = {};

  /** Changed paths waiting for the debounced re-check. */
  private readonly pending = new Set<string>();
  private timer: unknown;

  constructor(
    private readonly host: FileSystemHost,
    readonly validator: SchemaValidator,
    private readonly publisher: Publisher,
    private readonly timers: Timers = NODE_TIMERS,
    private readonly debounceMs = 120,
  ) {}

  /** Notes a change; the re-check runs once typing pauses (or earlier, when a request needs it). */
  schedule(path: string): void {
    this.pending.add(path);
    if (this.timer !== undefined) this.timers.clear(this.timer);
    this.timer = this.timers.set(() => this.settle(), this.debounceMs);
  }

  /** Runs the pending re-check now, so what is answered next reflects every edit received. */
  settle(): void {
    if (this.timer !== undefined) this.timers.clear(this.timer);
    this.timer = undefined;
    if (this.pending.size === 0) return;
    const paths = [...this.pending];
    this.pending.clear();
    this.changed(paths);
  }

  setFolders(folders: readonly string[]): void {
    this.folders = [...folders];
    this.rediscover();
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
    this.checkOne(root);
    return this.results.get(root);
  }

  /** The root a file belongs to (the innermost one containing it). */
  rootOf(path: string): string | undefined {
    return this.roots.filter((r) => isInside(path, r)).sort((a, b) => b.length - a.length)[0];
  }

  /** Re-checks after `paths` changed (edited, saved, created, deleted). */
  changed(paths: readonly string[]): void {
    if (paths.some((p) => ['version.yaml', 'databases.yaml'].includes(basename(p)) || !this.rootOf(p))) {
      this.rediscover();
      return;
    }
    const roots = new Set(paths.map((p) => this.rootOf(p)).filter((r): r is string => r !== undefined));
    this.publishStatus('checking');
    for (const root of roots) this.checkOne(root);
    this.flush();
  }

  rediscover(): void {
    this.publishStatus('checking');
    const found = this.folders.map((f) => discoverRoots(f, this.host));
    this.roots = [...new Set(found.flatMap((d) => d.roots))];
    this.problems = found.flatMap((d) => d.problems);
    for (const root of [...this.results.keys()]) if (!this.roots.includes(root)) this.results.delete(root);
    for (const root of [...this.complaints.keys()]) if (!this.roots.includes(root)) this.complaints.delete(root);
    for (const root of this.roots) this.checkOne(root);
    this.flush();
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

  /** Local findings and the server's, as published. */
  private findingsOf(result: RootResult): readonly Finding[] {
    const server = this.serverReport(result).findings;
    return server.length === 0 ? result.findings : [...result.findings, ...server];
  }

  private checkOne(root: string): void {
    this.results.set(root, checkRoot(root, { host: this.host, cache: this.cache, validator: this.validator, severity: this.severity, memo: this.memo }));
  }

  /** Publishes every file's diagnostics, and clears files that no longer have any. */
  private flush(): void {
    const byFile = new Map<string, Finding[]>();
    const texts = new Map<string, string>();
    for (const result of this.results.values()) {
      for (const file of result.project.files.values()) {
        texts.set(file.path, file.text);
        byFile.set(file.path, []);
      }
      for (const f of this.findingsOf(result)) byFile.set(f.file, [...(byFile.get(f.file) ?? []), f]);
    }
    for (const f of this.problems) byFile.set(f.file, [...(byFile.get(f.file) ?? []), f]);
    const lines = (file: string): LineIndex => this.lineIndex(file, texts.get(file));
    for (const [file, findings] of byFile) {
      const diagnostics = findings.map((f) => toDiagnostic(f, lines));
      const signature = JSON.stringify(diagnostics);
      if (this.published.get(file) === signature) continue;
      this.publisher.diagnostics(pathToUri(file), diagnostics);
      this.published.set(file, signature);
    }
    for (const file of [...this.published.keys()]) {
      if (byFile.has(file)) continue;
      this.publisher.diagnostics(pathToUri(file), []);
      this.published.delete(file);
    }
    this.publishStatus('ready');
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
    }));
    this.publisher.status({ state, roots, problems: this.problems.map((p) => ({ path: p.file, message: p.message })) });
  }
}
