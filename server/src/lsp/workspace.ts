import {
  applySeverity,
  basename,
  directoryToMetadata,
  discoverRoots,
  generatedSchemas,
  IndexMemo,
  isInside,
  LATEST_V2,
  ParseCache,
  RootSession,
  serverFindings,
} from '../core';
import type {
  DatabaseModels,
  EngineVersion,
  GeneratedSchemaOptions,
  FileSystemHost,
  Finding,
  InconsistentObjectLike,
  RootResult,
  SchemaValidator,
  ServerComplaint,
  SeverityOverrides,
  YamlFile,
} from '../core';
import type { RootStatus, StatusParams } from '../../../common/protocol';
import { DatabaseState } from './databases';
import type { EditorDatabaseSettings, ModelBuilder } from './databases';
import { EditRecheck } from './editRecheck';
import { checkFailure, describeError } from './failures';
import { ModelCheck } from './modelCheck';
import { NODE_TIMERS } from './pause';
import type { Timers } from './pause';
import { byFile, DiagnosticsOut } from './publishing';
import type { Publisher } from './publishing';
import { BACKGROUND_SLICE_MS, OPEN_FILES_WAIT_MS, SLICE_MS } from './startUp';
import type { PersistentStore } from './startUp';
import { innermost, StartUpCheck } from './startUpCheck';
import { SharedTurns, TURN_GAP_MS } from './turns';

export type { Timers } from './pause';

/** The engine's complaints placed on the local files of a root, and the objects no local file defines. */
interface EngineReport {
  readonly findings: readonly Finding[];
  readonly unplaced: readonly InconsistentObjectLike[];
}

/** How a workspace paces itself; the defaults are the server's (tests change them to count turns or fire timers). */
export interface WorkspaceOptions {
  /** The timer of the pause before a re-check. */
  readonly timers?: Timers;
  /** The longest pause between an edit and its re-check (see RecheckPause): 120 ms. */
  readonly maxPauseMs?: number;
  /** How long start-up parses before it yields (SLICE_MS; 0: after every file); the background slices scale with it. */
  readonly sliceMs?: number;
  /** The gap between two slices of the server's own work once ready (TURN_GAP_MS; 0: the next turn). */
  readonly turnGapMs?: number;
  /** How long start-up waits for the files the client opens right after `initialized` (OPEN_FILES_WAIT_MS). */
  readonly openFilesWaitMs?: number;
}

/**
 * The language server's state: the workspace folders, their metadata roots, and the last check of
 * each, made by one session per root over one parse cache (features, commands and sync requests all
 * read these results). It decides what to re-check; the connection only delivers what it publishes.
 * Its three schedulers each have a file: the re-check after edits (editRecheck.ts), the check with
 * new database models (modelCheck.ts) and the start-up check (startUpCheck.ts).
 */
/** How long the edits must pause before the GraphQL schemas are made again (see refreshSchemasWhenIdle). */
export const SCHEMA_IDLE_MS = 1000;

export class MetadataWorkspace {
  private folders: string[] = [];
  private roots: string[] = [];
  private problems: Finding[] = [];
  private readonly results = new Map<string, RootResult>();
  private readonly sessions = new Map<string, RootSession>();
  private readonly out: DiagnosticsOut;
  private readonly cache = new ParseCache();
  private readonly parse = (path: string, text: string): YamlFile => this.cache.get(path, text);
  private readonly memo = new IndexMemo();
  /** What the server last said per root (Show Inconsistencies, a rejected apply), re-placed on each check. */
  private readonly complaints = new Map<string, ServerComplaint>();
  private readonly reports = new WeakMap<RootResult, EngineReport>();
  /** Checks that failed (a root, or a folder when no root was known), until that root is checked again. */
  private readonly failures = new Map<string, Finding>();
  severity: SeverityOverrides = {};
  /** The engine version the metadata targets (setting `graphqlMetadata.engineVersion`). */
  private engineVersion: EngineVersion = LATEST_V2;
  /** What the engine's environment decides for the operations' schemas (setSchemaEnvironment). */
  private schemaEnvironment: Required<GeneratedSchemaOptions> = {
    namingConvention: 'hasura-default',
    inferFunctionPermissions: true,
    remoteSchemaPermissions: false,
    remoteSchemas: {},
  };
  /** Re-reads what the disk holds under a root now (CachingHost.refresh); the paths that changed. */
  private refreshDisk: (root: string) => readonly string[] = () => [];

  /** A new target version: the sessions are made again with it (their parses stay cached). */
  setEngineVersion(version: EngineVersion): void {
    const same = version.major === this.engineVersion.major && version.minor === this.engineVersion.minor && version.patch === this.engineVersion.patch;
    if (same) return;
    this.engineVersion = version;
    this.sessions.clear();
  }

  /**
   * What the engine's environment decides for the schemas (settings `graphqlMetadata.namingConvention`,
   * `inferFunctionPermissions`, `remoteSchemaPermissions`): when it changes, the sessions are made again with it.
   */
  setSchemaEnvironment(environment: Required<GeneratedSchemaOptions>): void {
    const now = this.schemaEnvironment;
    const sdl = (e: Required<GeneratedSchemaOptions>): string => JSON.stringify(Object.entries(e.remoteSchemas).sort());
    if (
      environment.namingConvention === now.namingConvention &&
      environment.inferFunctionPermissions === now.inferFunctionPermissions &&
      environment.remoteSchemaPermissions === now.remoteSchemaPermissions &&
      sdl(environment) === sdl(now)
    )
      return;
    this.schemaEnvironment = environment;
    this.sessions.clear();
  }

  /** The database models of each root (none: the database rules stay silent). */
  private databases: DatabaseState | undefined;
  /** The turns of the event loop the work the server does on its own takes, one job's slice per turn. */
  private readonly turns = new SharedTurns();
  private readonly edits: EditRecheck;
  private readonly modelCheck: ModelCheck;
  private readonly start: StartUpCheck;

  private readonly timers: Timers;
  private readonly sliceMs: number;
  private readonly turnGapMs: number;
  private readonly openFilesWaitMs: number;

  constructor(
    private readonly host: FileSystemHost,
    readonly validator: SchemaValidator,
    private readonly publisher: Publisher,
    options: WorkspaceOptions = {},
  ) {
    this.timers = options.timers ?? NODE_TIMERS;
    this.sliceMs = options.sliceMs ?? SLICE_MS;
    this.turnGapMs = options.turnGapMs ?? TURN_GAP_MS;
    this.openFilesWaitMs = options.openFilesWaitMs ?? OPEN_FILES_WAIT_MS;
    this.out = new DiagnosticsOut(publisher, host);
    const guarded = (what: string, work: () => void): void => this.guarded(what, work);
    const publishStatus = (state: StatusParams['state']): void => this.publishStatus(state);
    const checkFailed = (what: string, error: unknown): void => this.checkFailed(what, error);
    const turn = (): Promise<void> => this.turns.turn(this.turnGapMs);
    this.edits = new EditRecheck(
      this.timers,
      options.maxPauseMs ?? 120,
      (paths) => this.changed(paths),
      () => this.start.running,
      guarded,
    );
    this.modelCheck = new ModelCheck({
      roots: () => this.roots,
      warm: (root) => this.sessions.get(root)?.warm(),
      turn,
      idle: () => this.edits.paths.size === 0,
      sliceMs: this.backgroundSliceMs(),
      checkOne: (root) => this.checkOne(root, []),
      flush: () => this.flush(),
      publishStatus,
      guarded,
      checkFailed,
    });
    this.start = new StartUpCheck({
      host,
      cache: this.cache,
      validator,
      memo: this.memo,
      out: this.out,
      parse: this.parse,
      sliceMs: this.sliceMs,
      backgroundSliceMs: this.backgroundSliceMs(),
      openFilesWaitMs: this.openFilesWaitMs,
      folders: () => this.folders,
      severity: () => this.severity,
      changedPaths: () => this.edits.paths,
      dropChanges: () => this.edits.drop(),
      turn,
      rediscover: () => this.rediscover(),
      publishStatus,
      checkFailed,
    });
  }

  /**
   * Builds each root's database models in the background (node/db) with `build`; when one is done
   * the root is checked again with them. Without this call the database rules stay silent.
   */
  useDatabases(build: ModelBuilder, settings: EditorDatabaseSettings, log?: (message: string) => void): DatabaseState {
    const built = (root: string): void => this.guarded('the check with the database models', () => this.modelCheck.built(root));
    this.databases = new DatabaseState(build, (root) => this.results.get(root)?.index.sources ?? [], built, this.timers, log, {
      turn: () => this.turns.turn(this.turnGapMs),
      sliceMs: this.backgroundSliceMs(),
    });
    this.databases.settings = settings;
    return this.databases;
  }

  /** `refresh(root)` re-reads what the disk holds under a root and returns the paths that changed (see checkedNow). */
  useDiskRefresh(refresh: (root: string) => readonly string[]): void {
    this.refreshDisk = refresh;
  }

  /** New database settings: every root's models are built again (unchanged settings change nothing). */
  setDatabaseSettings(settings: EditorDatabaseSettings): void {
    if (!this.databases || JSON.stringify(settings) === JSON.stringify(this.databases.settings)) return;
    this.databases.settings = settings;
    for (const root of this.roots) this.databases.schedule(root, 0);
  }

  private readonly schemaTimers = new Map<string, ReturnType<typeof setTimeout>>();

  /**
   * The GraphQL schemas of a root were kept through an edit of what they are made from (making them
   * costs the generator's whole run): they are made again, and the root checked with them, once no
   * edit arrived for SCHEMA_IDLE_MS (each edit restarts the wait).
   */
  private refreshSchemasWhenIdle(root: string): void {
    clearTimeout(this.schemaTimers.get(root));
    const timer = setTimeout(() => {
      this.schemaTimers.delete(root);
      if (this.edits.paths.size > 0 || this.start.running) return this.refreshSchemasWhenIdle(root);
      const session = this.sessions.get(root);
      if (!session?.schemasStale || !this.roots.includes(root)) return;
      this.guarded('the check with the GraphQL schemas made again', () => {
        session.refreshSchemas();
        this.publishStatus('checking');
        this.checkOne(root, []);
        this.flush();
      });
    }, SCHEMA_IDLE_MS);
    timer.unref?.();
    this.schemaTimers.set(root, timer);
  }

  /** The slice of work the server starts on its own once ready (BACKGROUND_SLICE_MS, scaled as the start-up slice given to the constructor). */
  private backgroundSliceMs(): number {
    return (this.sliceMs * BACKGROUND_SLICE_MS) / SLICE_MS;
  }

  /** Notes a change; the re-check runs after a pause that fits what re-checks cost (or earlier, when a request needs it). */
  schedule(path: string): void {
    // During start-up a file just opened is checked alone at once: its own findings are out long before the project's.
    this.edits.note(path, () => {
      if (this.start.running) this.start.checkOpenedAlone();
    });
  }

  /**
   * Runs the pending re-check now, so what is answered next reflects every edit received (during
   * start-up the changes wait for its check).
   * @param dueAt when the pause's timer was due (it runs the re-check), else a request needs it now
   */
  settle(dueAt?: number): void {
    this.edits.settle(dueAt);
  }

  setFolders(folders: readonly string[]): void {
    this.folders = [...folders];
    this.rediscover();
  }

  /** The first check of `folders` (StartUpCheck): parsed in slices that yield, then checked; a failure is published as a check failure. */
  async startUp(folders: readonly string[], store?: PersistentStore, settings?: Promise<unknown>): Promise<void> {
    this.folders = [...folders];
    await this.start.run(store, settings);
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

  /**
   * The check of `root` as the editor and the disk have it now, for commands and sync requests: the
   * pending re-check runs, and files the disk holds differently than the cache (saved by a command
   * whose file events have not arrived yet) are re-checked and published first. Undefined when
   * `root` is not a root of the workspace.
   */
  checkedNow(root: string): RootResult | undefined {
    this.settle();
    if (!this.roots.includes(root)) return undefined;
    const changed = this.refreshDisk(root);
    if (changed.length > 0) this.changed(changed);
    return this.results.get(root);
  }

  /** The root a file belongs to (the innermost one containing it). */
  rootOf(path: string): string | undefined {
    return innermost(this.roots, path);
  }

  /** Re-checks after `paths` changed (edited, saved, created, deleted). */
  changed(all: readonly string[]): void {
    const paths = this.noteDatabaseChanges(all);
    if (paths.some((p) => ['version.yaml', 'databases.yaml'].includes(basename(p)) || !this.rootOf(p))) {
      this.rediscover(paths);
      return;
    }
    // With the roots the edits touch, those whose check with new database models was still due.
    const roots = new Set([...paths.map((p) => this.rootOf(p)), ...this.modelCheck.dueRoots()]);
    if (roots.size === 0) return;
    this.publishStatus('checking');
    for (const root of roots) if (root) this.checkOne(root, paths);
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
    const found = this.folders.map((f) => discoverRoots(f, this.host, this.parse));
    this.roots = [...new Set(found.flatMap((d) => d.roots))];
    this.problems = found.flatMap((d) => d.problems);
    for (const map of [this.results, this.sessions, this.complaints, this.failures])
      for (const root of [...map.keys()]) if (!this.roots.includes(root)) map.delete(root);
    const fresh = this.roots.filter((root) => !this.sessions.has(root));
    for (const root of this.roots) this.checkOne(root, changed);
    this.flush();
    this.databases?.retain(this.roots);
    // Metadata diagnostics are out first; the models of new roots are built after.
    for (const root of fresh) this.databases?.schedule(root, 0);
  }

  /**
   * Keeps what the engine said about a root (undefined: forgets it), re-checks the root and publishes:
   * the complaints are placed on the lines that define each object now, and again after every check.
   */
  setEngineComplaint(root: string, complaint: ServerComplaint | undefined): EngineReport | undefined {
    this.settle();
    if (!this.roots.includes(root)) return undefined;
    if (complaint) this.complaints.set(root, complaint);
    else this.complaints.delete(root);
    this.publishStatus('checking');
    this.checkOne(root);
    this.flush();
    const result = this.results.get(root);
    return result ? this.engineReport(result) : undefined;
  }

  /** The engine's complaints placed on the files `result` read (computed once per check). */
  engineReport(result: RootResult): EngineReport {
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

  /**
   * Work the language server does on its own (start-up, the re-check after an edit, the check with
   * new database models) that threw: its stack goes to the log, a `check-failed` error is published
   * on the root it was checking (every root, or the workspace folders when none is known yet), and
   * the status is ready again; the root's next check starts afresh and clears it. Never throws.
   */
  checkFailed(what: string, error: unknown): void {
    try {
      this.publisher.log?.(`${what} failed: ${describeError(error, true)}`);
      // The session of the root whose check threw may hold less than the changes it was given: the next check starts afresh.
      if (this.checking !== undefined) this.sessions.delete(this.checking);
      const places = this.checking !== undefined ? [this.checking] : this.roots.length > 0 ? this.roots : this.folders;
      for (const place of places) this.failures.set(place, checkFailure(what, error, this.roots.includes(place) ? `${place}/version.yaml` : place));
      this.checking = undefined;
      this.edits.forget();
      this.flush();
    } catch (again) {
      this.publisher.log?.(`publishing that failure failed too: ${describeError(again, true)}`);
    }
  }

  /** Runs work the language server starts on its own: a throw becomes a published check failure. */
  private guarded(what: string, work: () => void): void {
    try {
      work();
    } catch (error) {
      this.checkFailed(what, error);
    }
  }

  /** Local findings, the engine's and those of the database build (in migration files), as published. */
  private findingsOf(result: RootResult): readonly Finding[] {
    const engine = this.engineReport(result).findings;
    const db = this.databaseFindings(result.root);
    return engine.length === 0 && db.length === 0 ? result.findings : [...result.findings, ...engine, ...db];
  }

  private databaseFindings(root: string): readonly Finding[] {
    const found = this.databases?.findings(root) ?? [];
    return found.length === 0 ? found : applySeverity([...found], this.severity);
  }

  /** The root whose check is running (a failure is published on it). */
  private checking: string | undefined;

  /** Checks a root: only what `changed` touches when the root's session has checked before, else all of it. */
  private checkOne(root: string, changed?: readonly string[]): void {
    let session = this.sessions.get(root);
    if (!session) {
      const databases = (r: string): DatabaseModels | undefined => this.databases?.models(r);
      session = new RootSession(root, {
        host: this.host,
        cache: this.cache,
        validator: this.validator,
        memo: this.memo,
        databases,
        engineVersion: this.engineVersion,
        graphqlSchemas: generatedSchemas(this.schemaEnvironment),
        schemaRefresh: 'idle',
      });
      this.sessions.set(root, session);
    }
    const inRoot = changed?.filter((p) => this.rootOf(p) === root);
    // Any check of the root reads its models as they are now.
    this.modelCheck.checked(root);
    this.checking = root;
    this.results.set(root, session.check(inRoot, this.severity));
    this.checking = undefined;
    if (session.schemasStale) this.refreshSchemasWhenIdle(root);
    this.failures.delete(root);
  }

  /** Publishes the diagnostics of every file whose findings changed, and clears files that have none now. */
  private flush(): void {
    const found = [...[...this.results.values()].map((r) => this.findingsOf(r)), this.problems, [...this.failures.values()]];
    this.out.all(byFile(found), (path) => this.textOf(path));
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

  private publishStatus(state: StatusParams['state']): void {
    const roots = [...this.results.values()].map((r) => ({
      root: r.root,
      errors: this.findingsOf(r).filter((f) => f.severity === 'error').length,
      warnings: this.findingsOf(r).filter((f) => f.severity === 'warning').length,
      files: r.project.files.size,
      ...databaseStatuses(this.databases?.statuses(r.root)),
    }));
    const failed = [...this.failures].map(([path, f]) => ({ path, message: f.message }));
    const problems = [...this.problems.map((p) => ({ path: p.file, message: p.message })), ...failed];
    const editMs = state === 'ready' ? this.edits.editMs(performance.now()) : undefined;
    this.publisher.status(editMs === undefined ? { state, roots, problems } : { state, roots, problems, editMs });
  }
}

/** `{databases}` when the root's models were built (absent before, and without the feature). */
function databaseStatuses(statuses: RootStatus['databases']): Pick<RootStatus, 'databases'> {
  return statuses && statuses.length > 0 ? { databases: statuses } : {};
}
