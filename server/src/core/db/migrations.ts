import { isMap, isScalar, isSeq, parseDocument } from 'yaml';
import type { Finding } from '../diagnostics';
import type { DirEntry, FileSystemHost } from '../host';
import { scalarSourceMap } from '../parse/scalarSourceMap';
import { basename, dirname, join, relative, resolve } from '../util/paths';
import { detectPlatform } from './platforms';
import type { Platform } from './platforms';
import { splitSql } from './sql/split';

/**
 * Where a metadata root's SQL migrations are and in what order they apply, read through the host.
 *
 * The project folder holds the engine CLI's `config.yaml` (its `metadata_directory` names the
 * metadata folder, `migrations_directory` the migrations, default `migrations`). Layouts:
 * `<source>/<version>_<name>/up.sql` (or `up.yaml`, a list of `run_sql`), the flat older ones
 * `<version>_<name>/up.sql` and `<version>_<name>.up.sql` (for the `default` source, else the only
 * Postgres source), and plain `*.sql` files (a schema dump kept instead of migrations) in file-name
 * order. `_post_apply/**.sql` is applied after the migrations, with a retry pass.
 */

/** Source kinds whose database is Postgres (the embedded engine can rebuild it). */
export const POSTGRES_KINDS: ReadonlySet<string> = new Set(['postgres', 'pg', 'citus', 'cockroach']);

export interface MigrationStatement {
  /** Offsets in the migration file (for up.yaml: inside the run_sql string, mapped into the yaml). */
  readonly start: number;
  readonly end: number;
  /** The SQL to run. */
  readonly sql: string;
  /** `meta`: a psql meta-command (`\connect`), which is skipped. */
  readonly kind: 'sql' | 'meta';
}

export interface MigrationFile {
  /** Absolute core path. */
  readonly file: string;
  /** Relative to the migrations folder, e.g. `default/1700000000000_init/up.sql`. */
  readonly name: string;
  /** `migrations` in version order, then `post-apply` (applied after, retried when they fail out of order). */
  readonly phase: 'migrations' | 'post-apply';
  /** The file's text (its hash keys the cache); empty for a `large` file. */
  readonly text: string;
  /**
   * A .sql file larger than the host reads (a data migration of tens of MB, up to MAX_SQL_BYTES):
   * never read on the language server's thread; the database child reads it (node/db/protocol.ts),
   * and its size and modification time key the cache.
   */
  readonly large?: { readonly size: number; readonly modified?: number };
  readonly statements: readonly MigrationStatement[];
}

type MigrationLayout = 'per-source' | 'flat' | 'plain-sql' | 'none';

export interface SourceMigrations {
  readonly source: string;
  readonly kind: string;
  /** Whether the source is a Postgres-family database (only those get a model from migrations). */
  readonly postgres: boolean;
  readonly layout: MigrationLayout;
  /** The migrations folder that was looked in. */
  readonly dir: string;
  readonly files: readonly MigrationFile[];
  /** Migration files that could not be read (`migration-file-unreadable`). */
  readonly findings: readonly Finding[];
  /** The platform whose schemas are laid before the migrations (core/db/platforms.ts), when there is one. */
  readonly platform?: Platform;
}

export interface SourceRef {
  readonly name: string;
  readonly kind: string;
  /** The tables the metadata tracks in this source (`schema.name`), when known: evidence of a platform's schemas. */
  readonly tables?: readonly string[];
}

const MAX_CONFIG_LEVELS = 3;
/** The largest .sql migration applied (the host's own limit, 2 MiB, protects the YAML parser; SQL data migrations run to tens of MB). */
export const MAX_SQL_BYTES = 64 * 1024 * 1024;
const VERSIONED = /^(\d+)_/;
const POST_APPLY = '_post_apply';
/** The files of versioned migrations, never plain SQL. */
const MIGRATION_FILE = /^(up|down)\.sql$|\.(up|down)\.sql$/;

/** The migrations folder of the metadata folder `metadataDir`. */
export function migrationsDir(metadataDir: string, host: FileSystemHost): string {
  let dir = dirname(metadataDir);
  for (let level = 0; level < MAX_CONFIG_LEVELS && dir !== '/'; level++, dir = dirname(dir)) {
    const config = readConfig(join(dir, 'config.yaml'), host);
    if (config === undefined) continue;
    if (resolve(dir, config.metadata ?? 'metadata') !== metadataDir && level > 0) continue;
    return resolve(dir, config.migrations ?? 'migrations');
  }
  return join(dirname(metadataDir), 'migrations');
}

function readConfig(path: string, host: FileSystemHost): { metadata?: string; migrations?: string } | undefined {
  const read = host.readFile(path);
  if (read.kind !== 'text') return undefined;
  try {
    const value: unknown = parseDocument(read.text).toJS();
    if (typeof value !== 'object' || value === null) return {};
    const { metadata_directory: metadata, migrations_directory: migrations } = value as Record<string, unknown>;
    return {
      ...(typeof metadata === 'string' && metadata !== '' ? { metadata } : {}),
      ...(typeof migrations === 'string' && migrations !== '' ? { migrations } : {}),
    };
  } catch {
    // Silent: a config.yaml that does not parse names no folders: the defaults apply.
    return {};
  }
}

/** Every source's migrations (a source without any has layout `none` and no files). */
export function findMigrations(metadataDir: string, sources: readonly SourceRef[], host: FileSystemHost): SourceMigrations[] {
  const dir = migrationsDir(metadataDir, host);
  const entries = host.readDir(dir) ?? [];
  const sourceNames = new Set(sources.map((s) => s.name));
  const flatOwner = flatSource(sources);
  return sources.map((source) => {
    const postgres = POSTGRES_KINDS.has(source.kind.toLowerCase());
    const reader = new Reader(dir, host);
    let layout: MigrationLayout = 'none';
    const own = entries.find((e) => e.isDirectory && e.name === source.name);
    if (own !== undefined && versioned(reader, join(dir, own.name), 'migrations').length > 0) layout = 'per-source';
    else if (source.name === flatOwner) {
      if (versioned(reader, dir, 'migrations').length > 0) layout = 'flat';
      else if (plainSql(reader, dir, sourceNames, 'migrations').length > 0) layout = 'plain-sql';
    }
    if (layout !== 'none' && source.name === flatOwner && entries.some((e) => e.isDirectory && e.name === POST_APPLY))
      plainSql(reader, join(dir, POST_APPLY), new Set(), 'post-apply');
    const files = layout === 'none' ? [] : reader.files;
    const platform =
      postgres && files.length > 0
        ? detectPlatform(
            { metadataDir, owner: source.name === flatOwner, texts: files.map((f) => f.text), ...(source.tables ? { tables: source.tables } : {}) },
            host,
          )
        : undefined;
    return { source: source.name, kind: source.kind, postgres, layout, dir, files, findings: reader.findings, ...(platform ? { platform } : {}) };
  });
}

/** The source that owns flat migrations and plain SQL: `default` when it is Postgres, else the only Postgres source. */
function flatSource(sources: readonly SourceRef[]): string | undefined {
  const postgres = sources.filter((s) => POSTGRES_KINDS.has(s.kind.toLowerCase()));
  return postgres.find((s) => s.name === 'default')?.name ?? (postgres.length === 1 ? postgres[0]?.name : undefined);
}

/** Reads migration files, collecting them and the ones that cannot be read. */
class Reader {
  readonly files: MigrationFile[] = [];
  readonly findings: Finding[] = [];

  constructor(
    readonly root: string,
    readonly host: FileSystemHost,
  ) {}

  add(file: string, phase: MigrationFile['phase']): boolean {
    const read = this.host.readFile(file);
    if (read.kind === 'too-large' && file.endsWith('.sql') && read.size <= MAX_SQL_BYTES) {
      const large = { size: read.size, ...(read.modified !== undefined ? { modified: read.modified } : {}) };
      this.files.push(migrationFile({ file, name: relative(this.root, file), phase, text: '', large }));
      return true;
    }
    if (read.kind !== 'text') {
      const why =
        read.kind === 'error'
          ? read.message
          : read.kind === 'binary'
            ? read.reason
            : read.kind === 'too-large'
              ? `it is larger than ${file.endsWith('.sql') ? MAX_SQL_BYTES : read.limit} bytes`
              : read.kind;
      this.findings.push({
        code: 'migration-file-unreadable',
        severity: 'warning',
        message: `This migration file could not be read (${why}), so the database model leaves it out.`,
        file,
        span: { start: 0, end: 0 },
      });
      return false;
    }
    this.files.push(migrationFile({ file, name: relative(this.root, file), phase, text: read.text }));
    return true;
  }
}

/** A migration file without its statements: what the database child is sent (it splits the text itself). */
export type MigrationText = Omit<MigrationFile, 'statements'>;

/**
 * The migration file of a text, its statements split when first read: a build from the cache needs
 * only the texts, and the database child splits them off the language server's thread.
 */
export function migrationFile(text: MigrationText): MigrationFile {
  let statements: MigrationStatement[] | undefined;
  return {
    ...text,
    get statements(): MigrationStatement[] {
      return (statements ??= text.file.endsWith('.yaml')
        ? yamlStatements(text.text)
        : splitSql(text.text).map((s) => ({ start: s.start, end: s.end, sql: s.text, kind: s.kind })));
    },
  };
}

interface Versioned {
  readonly version: bigint;
  readonly name: string;
  readonly files: readonly string[];
}

/**
 * Versioned migrations directly in `dir` (folders with up.yaml/up.sql, `*.up.sql` files), read in
 * version order. A name without a numeric version (`squashed_...`, `notes`) is left out, as the engine
 * CLI leaves it out.
 */
function versioned(reader: Reader, dir: string, phase: MigrationFile['phase']): MigrationFile[] {
  const found: Versioned[] = [];
  for (const entry of reader.host.readDir(dir) ?? []) {
    const path = join(dir, entry.name);
    if (entry.isDirectory) {
      const inside = new Set((reader.host.readDir(path) ?? []).filter((e) => !e.isDirectory).map((e) => e.name));
      const files = ['up.yaml', 'up.sql'].filter((f) => inside.has(f)).map((f) => join(path, f));
      const version = versionOf(entry.name);
      if (files.length > 0 && version !== undefined) found.push({ version, name: entry.name, files });
    } else if (entry.name.endsWith('.up.sql')) {
      const version = versionOf(entry.name);
      if (version !== undefined) found.push({ version, name: entry.name, files: [path] });
    }
  }
  found.sort(byVersion);
  const before = reader.files.length;
  for (const migration of found) for (const file of migration.files) reader.add(file, phase);
  return reader.files.slice(before);
}

function versionOf(name: string): bigint | undefined {
  const match = VERSIONED.exec(name.trim());
  return match?.[1] !== undefined ? BigInt(match[1]) : undefined;
}

/** By version number (a BigInt: versions can be longer than a double holds), then by name. */
function byVersion(a: Versioned, b: Versioned): number {
  if (a.version !== b.version) return a.version < b.version ? -1 : 1;
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

/** Plain `*.sql` files below `dir` in path order, leaving out source folders, `_post_apply` and the files of versioned migrations (another source's). */
function plainSql(reader: Reader, dir: string, skip: ReadonlySet<string>, phase: MigrationFile['phase']): MigrationFile[] {
  const paths: string[] = [];
  const walk = (folder: string, depth: number): void => {
    const entries: readonly DirEntry[] = reader.host.readDir(folder) ?? [];
    for (const entry of entries) {
      const path = join(folder, entry.name);
      if (entry.isDirectory) {
        if (depth < 4 && !entry.name.startsWith('.') && !(depth === 0 && (skip.has(entry.name) || entry.name === POST_APPLY))) walk(path, depth + 1);
      } else if (entry.name.endsWith('.sql') && !MIGRATION_FILE.test(basename(entry.name))) paths.push(path);
    }
  };
  walk(dir, 0);
  paths.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const before = reader.files.length;
  for (const path of paths) reader.add(path, phase);
  return reader.files.slice(before);
}

/** The SQL of an up.yaml's `run_sql` steps, split into statements mapped back into the yaml text. */
export function yamlStatements(text: string): MigrationStatement[] {
  let doc;
  try {
    doc = parseDocument(text, { keepSourceTokens: true });
  } catch {
    // Silent: an up.yaml that does not parse has no statements to run.
    return [];
  }
  const steps = isSeq(doc.contents) ? doc.contents.items : [doc.contents];
  const out: MigrationStatement[] = [];
  for (const step of steps) {
    if (!isMap(step) || (step.get('type') as unknown) !== 'run_sql') continue;
    const args = step.get('args', true);
    const sql = isMap(args) ? args.get('sql', true) : undefined;
    if (!isScalar(sql) || typeof sql.value !== 'string') continue;
    const map = scalarSourceMap(sql, text);
    for (const s of splitSql(sql.value)) {
      const span = map?.span(s.start, s.end) ?? { start: sql.range?.[0] ?? 0, end: sql.range?.[1] ?? 0 };
      out.push({ start: span.start, end: span.end, sql: s.text, kind: s.kind });
    }
  }
  return out;
}
