import { findMigrations, LIVE_NO_MODEL } from '../../core';
import type { FileSystemHost, ProjectIndex, SourceBuild, SourceMigrations, SourceRef } from '../../core';
import { createNodeHost } from '../fsHost';
import { toCorePath } from '../../../../common/paths';
import { cacheFolder, migrationsBuild, migrationsKey, readCachedBuild } from './cache';
import { runEmbedded } from './embedded';
import type { WorkerStats } from './protocol';

/**
 * Building each source's database model: the one entry point of the CLI and the language server.
 *
 * Modes: `migrations` (the project's SQL migrations applied to the embedded Postgres, cached by
 * content), `live` (a live database per source, through the LIVE HOOK below), `auto` (live for a
 * source with a URL, falling back to its migrations when that database gives no model; else
 * migrations), `off`. Sources are built one after another (each embedded build is a child process
 * of several hundred MB that exits when done).
 */
type DatabaseMode = 'auto' | 'migrations' | 'live' | 'off';

/** What one source's build cost (for benches and logs). */
export interface BuildInfo {
  /** Read from the cache (no embedded Postgres was started). */
  readonly cached: boolean;
  readonly ms: number;
  /** The child's own measures, when it ran. */
  readonly stats?: WorkerStats;
}

/**
 * LIVE HOOK: builds a source's model from a live database. The live-database path (branch `live`)
 * provides it; without one, a source that needs a live database says so in its status.
 */
type LiveBuilder = (source: SourceRef, url: string, signal: AbortSignal | undefined) => Promise<SourceBuild>;

export interface BuildOptions {
  /** Default `auto`. */
  readonly mode?: DatabaseMode;
  /** A database URL per source name (the live path). */
  readonly urls?: Readonly<Record<string, string>>;
  readonly live?: LiveBuilder;
  /** The base cache folder (default `$XDG_CACHE_HOME`, else `~/.cache`); builds go to its `graphql-engine-metadata/`. */
  readonly cacheDir?: string;
  /** Default true; false neither reads nor writes the cache. */
  readonly cache?: boolean;
  readonly signal?: AbortSignal;
  /** For one source's embedded build (default 180 s). */
  readonly timeoutMs?: number;
  /** The database child's script (default: next to the bundle). */
  readonly workerPath?: string;
  readonly host?: FileSystemHost;
  /** Told after each source is built. */
  readonly onBuilt?: (build: SourceBuild, info: BuildInfo) => void;
}

/** The sources of a root's databases.yaml, as the index has them. */
export function sourcesOf(index: Pick<ProjectIndex, 'sources'>): SourceRef[] {
  return index.sources.map((s) => ({ name: s.name.name, kind: s.kind, tables: s.tables.map((t) => t.key) }));
}

/** Builds the model of each source of the metadata folder `root` (a path), in the order given. */
export async function buildDatabaseModels(root: string, sources: readonly SourceRef[], options: BuildOptions = {}): Promise<SourceBuild[]> {
  const mode = options.mode ?? 'auto';
  const metadataDir = toCorePath(root);
  if (mode === 'off') return sources.map((s) => ({ source: s.name, status: 'off', findings: [] }));
  const migrations = mode === 'live' ? [] : findMigrations(metadataDir, sources, options.host ?? createNodeHost());
  const builds: SourceBuild[] = [];
  for (const source of sources) {
    const started = performance.now();
    const url = options.urls?.[source.name];
    let build: SourceBuild;
    let info: Omit<BuildInfo, 'ms'> = { cached: false };
    const found = migrations.find((m) => m.source === source.name);
    const fromMigrations = async (): Promise<SourceBuild> => {
      const result =
        found === undefined
          ? { build: { source: source.name, status: 'no migrations', findings: [] } }
          : await buildFromMigrations(metadataDir, found, options);
      info = result.info ?? info;
      return result.build;
    };
    if (mode === 'live' || (mode === 'auto' && url !== undefined)) {
      build = await buildLive(source, url, options);
      // auto: a live database that gives no model falls back to the migrations, when there are any.
      if (mode === 'auto' && build.model === undefined && found !== undefined && found.postgres && found.files.length > 0 && !options.signal?.aborted)
        build = withLiveFailure(build, await fromMigrations());
    } else {
      build = await fromMigrations();
    }
    builds.push(build);
    options.onBuilt?.(build, { ...info, ms: Math.round(performance.now() - started) });
  }
  return builds;
}

/** What a live warning says when the migrations gave the model after all (instead of LIVE_NO_MODEL). */
const LIVE_FALLBACK = 'The model comes from the migrations instead (mode auto).';

/**
 * The migrations' build after the live database failed: its model, a status that says both
 * (`live failed: wrong password (db.example.com/app); from migrations: 254/256 applied`), and the
 * live warning, saying where the model came from, before the migrations' own findings.
 */
function withLiveFailure(live: SourceBuild, migrations: SourceBuild): SourceBuild {
  if (migrations.model === undefined) return { ...live, findings: [...live.findings, ...migrations.findings] };
  const why = live.status.replace(/^live: /, '');
  // The model is there after all: the connection that failed is information, not a warning.
  const findings = live.findings.map((f) => ({
    ...f,
    message: f.message.replace(LIVE_NO_MODEL, LIVE_FALLBACK),
    ...(f.code === 'database-connection-failed' ? { severity: 'info' as const } : {}),
  }));
  return { ...migrations, status: `live failed: ${why}; ${migrations.status}`, findings: [...findings, ...migrations.findings] };
}

async function buildLive(source: SourceRef, url: string | undefined, options: BuildOptions): Promise<SourceBuild> {
  if (url === undefined) return { source: source.name, status: 'live: no database URL for this source', findings: [] };
  if (options.live === undefined) return { source: source.name, status: 'live: not available in this build', findings: [] };
  return options.live(source, url, options.signal);
}

async function buildFromMigrations(
  root: string,
  migrations: SourceMigrations,
  options: BuildOptions,
): Promise<{ build: SourceBuild; info?: Omit<BuildInfo, 'ms'> }> {
  const base = { source: migrations.source, findings: migrations.findings };
  if (!migrations.postgres) return { build: { ...base, status: `no model for ${migrations.kind} sources` } };
  if (migrations.files.length === 0) return { build: { ...base, status: 'no migrations' } };
  const useCache = options.cache !== false;
  const folder = cacheFolder(options.cacheDir);
  const key = migrationsKey(migrations);
  const cached = useCache ? await readCachedBuild(folder, root, key, migrations.source) : undefined;
  if (cached !== undefined) return { build: withFileFindings(cached, migrations), info: { cached: true } };
  const outcome = await runEmbedded(
    {
      source: migrations.source,
      files: migrations.files,
      ...(migrations.platform ? { platform: migrations.platform } : {}),
      ...(useCache ? { dataDirCache: folder, buildCache: { folder, root, key } } : {}),
    },
    {
      ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
      ...(options.workerPath !== undefined ? { workerPath: options.workerPath } : {}),
      ...(options.signal !== undefined ? { signal: options.signal } : {}),
    },
  );
  if (!outcome.ok) return { build: { ...base, status: `migrations failed: ${outcome.reason}` } };
  // The worker wrote the build to the cache (when asked to).
  const build = migrationsBuild(migrations.source, outcome.result);
  return { build: withFileFindings(build, migrations), info: { cached: false, stats: outcome.stats } };
}

/** The build's findings plus the migration files that could not be read (found afresh each time, never cached). */
function withFileFindings(build: SourceBuild, migrations: SourceMigrations): SourceBuild {
  return migrations.findings.length === 0 ? build : { ...build, findings: [...migrations.findings, ...build.findings] };
}
