import { basename, dirname, isInside } from '../core';
import type { DatabaseMode, DatabaseModel, DatabaseModels, Finding, SourceBuild, SourceFact } from '../core';
import { restrictedSettings } from '../node/db/plan';
import type { DatabaseSettings } from '../node/db/plan';
import type { Timers } from './workspace';
import { BACKGROUND_SLICE_MS } from './startUp';

/** `graphqlMetadata.database.*`, and whether the workspace is trusted (no connection is made when not). */
export interface EditorDatabaseSettings {
  readonly mode: DatabaseMode;
  /** Postgres URL per source name. */
  readonly urls: Readonly<Record<string, string>>;
  readonly trusted: boolean;
}

export const DEFAULT_DATABASE_SETTINGS: EditorDatabaseSettings = { mode: 'auto', urls: {}, trusted: true };

/**
 * What the builder is told: in Restricted Mode no database is connected to (auto means the
 * migrations, live means none) and no URL or environment variable is read.
 */
export function buildSettings(editor: EditorDatabaseSettings, env: Readonly<Record<string, string | undefined>>): DatabaseSettings {
  const settings: DatabaseSettings = { mode: editor.mode, explicit: { urls: editor.urls, from: 'the setting graphqlMetadata.database.url' }, env };
  return editor.trusted ? settings : restrictedSettings(settings);
}

/** Builds the models of a root's sources (node/db: migrations in an embedded Postgres in a child process, or a live database). */
export type ModelBuilder = (
  root: string,
  sources: readonly SourceFact[],
  settings: EditorDatabaseSettings,
  signal: AbortSignal,
) => Promise<readonly SourceBuild[]>;

interface RootDatabases {
  readonly models: DatabaseModels;
  readonly builds: readonly SourceBuild[];
}

const NONE: RootDatabases = { models: new Map(), builds: [] };

/** How long after the last change to a migration, config.yaml or .env the models are built again. */
const REBUILD_DELAY_MS = 800;

/**
 * The database models of each metadata root, built off the language server's main thread and never
 * in the way of the metadata diagnostics: the first check runs without them, and when a build ends
 * the root is checked again with its models. A newer build of a root makes an older one's result
 * be dropped (and aborts it).
 */
export class DatabaseState {
  private readonly byRoot = new Map<string, RootDatabases>();
  private readonly running = new Map<string, AbortController>();
  private readonly timers = new Map<string, unknown>();
  private generation = 0;
  settings: EditorDatabaseSettings = DEFAULT_DATABASE_SETTINGS;

  constructor(
    private readonly build: ModelBuilder,
    /** The sources of a root as its last check read them. */
    private readonly sourcesOf: (root: string) => readonly SourceFact[],
    /** Called when a root's models or findings changed (the workspace re-checks and publishes it). */
    private readonly onBuilt: (root: string) => void,
    private readonly clock: Timers,
    private readonly log: (message: string) => void = () => undefined,
    /** How the comparison of a rebuilt model yields: the workspace's shared turns and background slice. */
    private readonly pace: Pace = { turn: () => new Promise((resolve) => setImmediate(resolve)), sliceMs: BACKGROUND_SLICE_MS },
    private readonly delayMs = REBUILD_DELAY_MS,
  ) {}

  /** The models of a root: the same object until a build changes them (rules re-run only then). */
  models(root: string): DatabaseModels {
    return (this.byRoot.get(root) ?? NONE).models;
  }

  /** Findings of the last build (failed migration statements in .sql files, unreachable databases). */
  findings(root: string): readonly Finding[] {
    return (this.byRoot.get(root) ?? NONE).builds.flatMap((b) => b.findings);
  }

  /** One line per source, for the status bar: `default: from migrations: 254/256 applied`. */
  statuses(root: string): readonly { readonly source: string; readonly status: string; readonly model: boolean }[] {
    return (this.byRoot.get(root) ?? NONE).builds.map((b) => ({ source: b.source, status: b.status, model: b.model !== undefined }));
  }

  /**
   * True when a change of `path` can change the models of `root`: its databases.yaml (sources and
   * their URLs), or, in the project folder around the metadata, a migration (.sql, up.yaml),
   * config.yaml or .env.
   */
  affects(root: string, path: string): boolean {
    if (isInside(path, root)) return basename(path) === 'databases.yaml';
    if (!isInside(path, dirname(root))) return false;
    const name = basename(path);
    return /\.sql$/i.test(name) || /^up\.ya?ml$/i.test(name) || name === 'config.yaml' || name === '.env';
  }

  /** Builds the models of `root` again, after a short pause (changes in a burst make one build). */
  schedule(root: string, delayMs = this.delayMs): void {
    const pending = this.timers.get(root);
    if (pending !== undefined) this.clock.clear(pending);
    this.timers.set(
      root,
      this.clock.set(() => void this.rebuild(root), delayMs),
    );
  }

  /** Forgets roots that are gone (their builds are aborted). */
  retain(roots: readonly string[]): void {
    for (const root of [...this.byRoot.keys(), ...this.running.keys()]) {
      if (roots.includes(root)) continue;
      this.running.get(root)?.abort();
      this.running.delete(root);
      this.byRoot.delete(root);
    }
  }

  /** Builds now; resolves when this build's result is in place (or was superseded). */
  async rebuild(root: string): Promise<void> {
    this.timers.delete(root);
    this.running.get(root)?.abort();
    const controller = new AbortController();
    this.running.set(root, controller);
    const generation = ++this.generation;
    let builds: readonly SourceBuild[];
    try {
      builds = await this.build(root, this.sourcesOf(root), this.settings, controller.signal);
    } catch (error) {
      if (controller.signal.aborted) return;
      this.log(`Building the database models of ${root} failed: ${error instanceof Error ? error.message : String(error)}`);
      builds = [];
    }
    if (controller.signal.aborted || this.running.get(root) !== controller) return;
    const before = this.byRoot.get(root);
    const same = await sameModels(before, builds, this.pace);
    if (controller.signal.aborted || this.running.get(root) !== controller) return;
    this.running.delete(root);
    const next: RootDatabases = { models: same ? before!.models : toModels(builds), builds };
    this.byRoot.set(root, next);
    this.log(`Database models of ${root} (build ${generation}): ${builds.map((b) => `${b.source}: ${b.status}`).join('; ') || 'no Postgres source'}`);
    this.onBuilt(root);
  }

  dispose(): void {
    for (const controller of this.running.values()) controller.abort();
    for (const handle of this.timers.values()) this.clock.clear(handle);
  }
}

function toModels(builds: readonly SourceBuild[]): DatabaseModels {
  const models = new Map<string, DatabaseModel>();
  for (const b of builds) if (b.model) models.set(b.source, b.model);
  return models;
}

/** How work the server does on its own yields: a turn it shares with the rest of that work, after slices of `sliceMs`. */
export interface Pace {
  turn(): Promise<void>;
  readonly sliceMs: number;
}

/**
 * A build that gives the same models as before keeps the old map, so no rule runs again for nothing.
 * Compared a part at a time (each relation, function, enum), yielding every `pace.sliceMs` (~5 ms)
 * in the server's shared turns: at 1,000 tables one JSON text of a whole model takes ~50 ms to make.
 */
async function sameModels(before: RootDatabases | undefined, builds: readonly SourceBuild[], pace: Pace): Promise<boolean> {
  if (!before) return false;
  const next = builds.filter((b) => b.model);
  if (next.length !== before.models.size) return false;
  let at = performance.now();
  for (const b of next) {
    const old = before.models.get(b.source);
    if (!old || !b.model) return false;
    for (const [x, y] of modelParts(b.model, old)) {
      if (JSON.stringify(x) !== JSON.stringify(y)) return false;
      if (performance.now() - at < pace.sliceMs) continue;
      await pace.turn();
      at = performance.now();
    }
  }
  return true;
}

/** Pairs of the two models' parts: each top-level field, and the entries (and key lists) of those that are records. */
function* modelParts(a: DatabaseModel, b: DatabaseModel): Generator<readonly [unknown, unknown]> {
  const left = a as unknown as Record<string, unknown>;
  const right = b as unknown as Record<string, unknown>;
  yield [Object.keys(left), Object.keys(right)];
  for (const key of Object.keys(left)) {
    const [x, y] = [left[key], right[key]];
    if (!isRecord(x) || !isRecord(y)) {
      yield [x, y];
      continue;
    }
    yield [Object.keys(x), Object.keys(y)];
    for (const entry of Object.keys(x)) yield [x[entry], y[entry]];
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
