import {
  causeFindings,
  Causes,
  emptyOrigins,
  introspect,
  INTROSPECTION_SETUP,
  madeNames,
  mentionedNames,
  migrationsStatus,
  recordOrigins,
  withOrigins,
} from '../../core';
import type { Cause, DatabaseModel, Finding, MigrationFile, MigrationStatement, Origins, Platform } from '../../core';
import { Healer } from './heal';
import { POSTGIS_STUB_SCHEMA, postgisStandIns } from './postgis';

/**
 * Applying a source's migrations to an embedded Postgres and introspecting the result. Runs in the
 * database child process (worker.ts) against PGlite; it only needs `exec` and `query`, so it never
 * loads PGlite itself.
 */
export interface SqlDatabase {
  exec(sql: string): Promise<unknown>;
  query(sql: string): Promise<{ rows: readonly Record<string, unknown>[] }>;
}

export interface ApplyJob {
  readonly source: string;
  readonly files: readonly MigrationFile[];
  /** A platform's schemas, laid before the migrations (core/db/platforms.ts). */
  readonly platform?: Platform;
  /** A folder where the worker keeps a fresh database to start from (saves initdb's work on later runs). */
  readonly dataDirCache?: string;
  /**
   * Where the worker keeps the build for the next start (node/db/cache.ts): written there, the
   * model is never serialized to JSON on the language server's thread.
   */
  readonly buildCache?: { readonly folder: string; readonly root: string; readonly key: string };
}

export interface ApplyResult {
  readonly model: DatabaseModel;
  /** `from migrations: 8/12 applied; 2 statements failed, 5 more because of them` (core/db/causes.ts migrationsStatus). */
  readonly status: string;
  readonly findings: readonly Finding[];
  readonly applied: number;
  readonly total: number;
}

/** The schema of timescaledb's stand-ins (left out of the model). */
const STUB_SCHEMA = '_gem_timescaledb_stub';
const BASE_SEARCH_PATH = 'public';
const MAX_HEALS_PER_STATEMENT = 8;

/** timescaledb's functions; `first(...)` and `last(...)` only where a call can be (not `CREATE TABLE last (...)`, `INSERT INTO first (...)`). */
const TIMESCALE_FUNCTIONS =
  /\b(create_hypertable|add_retention_policy|remove_retention_policy|add_compression_policy|remove_compression_policy|set_chunk_time_interval|add_continuous_aggregate_policy|add_reorder_policy|add_dimension|drop_chunks|time_bucket)\s*\(|(?<!\b(?:table|exists|into|update|from|join|view|only|references|on)\s+(?:\w+\s*\.\s*)?)\b(first|last)\s*\(/i;

/** timescaledb's functions as no-ops taking the usual arguments, so the rest of a migration applies. */
const TIMESCALE_STUBS = `CREATE SCHEMA ${STUB_SCHEMA};
CREATE FUNCTION ${STUB_SCHEMA}.create_hypertable(relation regclass, time_column_name name, partitioning_column name DEFAULT NULL, number_partitions integer DEFAULT NULL, chunk_time_interval anyelement DEFAULT NULL::bigint, create_default_indexes boolean DEFAULT true, if_not_exists boolean DEFAULT false, partitioning_func regproc DEFAULT NULL, migrate_data boolean DEFAULT false, chunk_target_size text DEFAULT NULL, chunk_sizing_func regproc DEFAULT NULL, time_partitioning_func regproc DEFAULT NULL) RETURNS void LANGUAGE sql AS '';
CREATE FUNCTION ${STUB_SCHEMA}.add_retention_policy(relation regclass, drop_after anyelement, if_not_exists boolean DEFAULT false, schedule_interval interval DEFAULT NULL, initial_start timestamptz DEFAULT NULL, timezone text DEFAULT NULL) RETURNS integer LANGUAGE sql AS 'SELECT 0';
CREATE FUNCTION ${STUB_SCHEMA}.remove_retention_policy(relation regclass, if_exists boolean DEFAULT false) RETURNS void LANGUAGE sql AS '';
CREATE FUNCTION ${STUB_SCHEMA}.add_compression_policy(hypertable regclass, compress_after anyelement, if_not_exists boolean DEFAULT false, schedule_interval interval DEFAULT NULL, initial_start timestamptz DEFAULT NULL, timezone text DEFAULT NULL) RETURNS integer LANGUAGE sql AS 'SELECT 0';
CREATE FUNCTION ${STUB_SCHEMA}.remove_compression_policy(hypertable regclass, if_exists boolean DEFAULT false) RETURNS boolean LANGUAGE sql AS 'SELECT true';
CREATE FUNCTION ${STUB_SCHEMA}.set_chunk_time_interval(hypertable regclass, chunk_time_interval anyelement, dimension_name name DEFAULT NULL) RETURNS void LANGUAGE sql AS '';
CREATE FUNCTION ${STUB_SCHEMA}.add_continuous_aggregate_policy(continuous_aggregate regclass, start_offset anyelement, end_offset anyelement, schedule_interval interval, if_not_exists boolean DEFAULT false) RETURNS integer LANGUAGE sql AS 'SELECT 0';
CREATE FUNCTION ${STUB_SCHEMA}.add_reorder_policy(hypertable regclass, index_name name, if_not_exists boolean DEFAULT false) RETURNS integer LANGUAGE sql AS 'SELECT 0';
CREATE FUNCTION ${STUB_SCHEMA}.add_dimension(hypertable regclass, column_name name, number_partitions integer DEFAULT NULL, chunk_time_interval anyelement DEFAULT NULL::bigint, partitioning_func regproc DEFAULT NULL, if_not_exists boolean DEFAULT false) RETURNS void LANGUAGE sql AS '';
CREATE FUNCTION ${STUB_SCHEMA}.time_bucket(bucket_width interval, ts timestamptz) RETURNS timestamptz LANGUAGE sql IMMUTABLE AS 'SELECT date_bin($1, $2, timestamptz ''2000-01-03'')';
CREATE FUNCTION ${STUB_SCHEMA}.time_bucket(bucket_width interval, ts timestamp) RETURNS timestamp LANGUAGE sql IMMUTABLE AS 'SELECT date_bin($1, $2, timestamp ''2000-01-03'')';
CREATE FUNCTION ${STUB_SCHEMA}.time_bucket(bucket_width interval, ts date) RETURNS date LANGUAGE sql IMMUTABLE AS 'SELECT date_bin($1, $2::timestamp, timestamp ''2000-01-03'')::date';
CREATE FUNCTION ${STUB_SCHEMA}.first_step(state anyelement, value anyelement, t anycompatible) RETURNS anyelement LANGUAGE sql IMMUTABLE AS 'SELECT coalesce($1, $2)';
CREATE FUNCTION ${STUB_SCHEMA}.last_step(state anyelement, value anyelement, t anycompatible) RETURNS anyelement LANGUAGE sql IMMUTABLE AS 'SELECT $2';
CREATE AGGREGATE ${STUB_SCHEMA}.first(anyelement, anycompatible) (SFUNC = ${STUB_SCHEMA}.first_step, STYPE = anyelement);
CREATE AGGREGATE ${STUB_SCHEMA}.last(anyelement, anycompatible) (SFUNC = ${STUB_SCHEMA}.last_step, STYPE = anyelement);
CREATE FUNCTION ${STUB_SCHEMA}.drop_chunks(relation regclass, older_than anyelement DEFAULT NULL::bigint, newer_than anyelement DEFAULT NULL::bigint, verbose boolean DEFAULT false) RETURNS SETOF text LANGUAGE sql AS 'SELECT NULL::text WHERE false';`;

const CREATE_EXTENSION = /^\s*create\s+extension\s+(?:if\s+not\s+exists\s+)?(?:"([^"]+)"|([A-Za-z_][\w-]*))/i;
const SKIPPED = /^\s*(create|drop)\s+database\b/i;
/** Transaction control: left out when a failed file is applied statement by statement (each on its own). */
const TRANSACTION = /^\s*(begin|start\s+transaction|commit|end|rollback|abort)\b\s*(work|transaction)?\s*$/i;

const CREATE_SCHEMA = /^\s*create\s+schema\s+(?:if\s+not\s+exists\s+)?(?:"([^"]+)"|([A-Za-z_][\w$]*))/i;

/** The schemas the statements create (lower-cased), with public. */
function schemasCreated(files: readonly MigrationFile[]): Set<string> {
  const names = new Set(['public']);
  for (const file of files) {
    for (const s of file.statements) {
      const match = CREATE_SCHEMA.exec(s.sql);
      if (match !== null) names.add((match[1] ?? match[2] ?? '').toLowerCase());
    }
  }
  return names;
}

/** The model without a schema's objects (timescaledb's stand-ins stay in the database: views may call them). */
function withoutSchema(model: DatabaseModel, schema: string): DatabaseModel {
  const prefix = `${schema}.`;
  const keep = <T>(record: Readonly<Record<string, T>>): Record<string, T> =>
    Object.fromEntries(Object.entries(record).filter(([key]) => !key.startsWith(prefix)));
  return {
    ...model,
    schemas: model.schemas.filter((s) => s !== schema),
    relations: keep(model.relations),
    functions: keep(model.functions),
    enums: keep(model.enums),
  };
}

/** The extensions the statements create (lower-cased names as Postgres knows them). */
export function extensionsCreated(files: readonly MigrationFile[]): string[] {
  const names = new Set<string>();
  for (const file of files) {
    for (const s of file.statements) {
      const match = CREATE_EXTENSION.exec(s.sql);
      if (match !== null) names.add((match[1] ?? match[2] ?? '').toLowerCase());
    }
  }
  return [...names].sort();
}

/** The first statement that calls timescaledb's functions (the extension is preinstalled on their servers), if any. */
function firstTimescaleUse(files: readonly MigrationFile[]): { file: string; statement: MigrationStatement } | undefined {
  for (const file of files) {
    const statement = file.statements.find((s) => TIMESCALE_FUNCTIONS.test(s.sql));
    if (statement !== undefined) return { file: file.file, statement };
  }
  return undefined;
}

/** Applies the files in order (the extensions they create already loaded into `db`) and introspects. */
export class MigrationRunner {
  private readonly origins: Origins = emptyOrigins();
  /** The failed statements, as causes and their consequences. */
  private causes = new Causes();
  /** Each name's first maker among the job's files (index), made when a failure first asks. */
  private makers: Map<string, number> | undefined;
  /** Unavailable extensions by name, with their cause. */
  private readonly unavailable = new Map<string, Cause>();
  /** Where timescaledb's functions were first called (they run as no-ops). */
  private timescale: { file: string; statement: MigrationStatement } | undefined;
  /** What the statements that failed mention (the model cannot judge these names). */
  private readonly uncertain = new Set<string>();
  private stubs = false;
  private applied = 0;

  private healer: Healer;

  constructor(private readonly db: SqlDatabase) {
    this.healer = new Healer(db, new Set());
  }

  async run(job: ApplyJob): Promise<ApplyResult> {
    this.healer = new Healer(this.db, schemasCreated(job.files));
    this.causes = new Causes((name, file) => this.laterMaker(job.files, name, file));
    await this.db.exec('CREATE EXTENSION IF NOT EXISTS pgcrypto');
    // A platform's schemas (a definition that fails leaves the healer's stand-ins to cover what the migrations need).
    for (const schema of job.platform?.schemas ?? []) await this.db.exec(schema.sql).catch(() => this.db.exec('ROLLBACK').catch(() => undefined));
    const created = extensionsCreated(job.files);
    if (created.includes('postgis')) await this.db.exec(postgisStandIns());
    const timescale = firstTimescaleUse(job.files);
    if (timescale !== undefined) {
      await this.db.exec(TIMESCALE_STUBS);
      this.stubs = true;
      this.timescale = timescale;
    }
    for (const file of job.files.filter((f) => f.phase === 'migrations')) await this.applyFile(file);
    await this.applyRetrying(job.files.filter((f) => f.phase === 'post-apply'));
    await this.db.exec(`SET search_path TO ${BASE_SEARCH_PATH}`);
    const model = await this.introspect(job);
    return {
      model,
      findings: this.findings(job.source),
      applied: this.applied,
      total: job.files.length,
      status: migrationsStatus(this.applied, job.files.length, this.causes.list),
    };
  }

  private async introspect(job: ApplyJob): Promise<DatabaseModel> {
    const origin = { kind: 'migrations', applied: this.applied, total: job.files.length, failedStatements: this.failedStatements() } as const;
    await this.db.exec('BEGIN');
    try {
      await this.db.exec(INTROSPECTION_SETUP);
      const model = await introspect(async (sql) => (await this.db.query(sql)).rows, job.source, origin);
      const external = [...new Set([...this.healer.externalSchemas, ...(job.platform?.schemas ?? []).map((s) => s.schema)])].sort();
      return {
        ...withoutSchema(withoutSchema(withOrigins(model, this.origins), STUB_SCHEMA), POSTGIS_STUB_SCHEMA),
        uncertain: [...this.uncertain].sort(),
        ...(external.length > 0 ? { externalSchemas: external } : {}),
      };
    } finally {
      await this.db.exec('ROLLBACK');
    }
  }

  /** Post-apply files depend on each other out of name order: what fails is tried again while the passes make progress. */
  private async applyRetrying(files: readonly MigrationFile[]): Promise<void> {
    let pending = files;
    while (pending.length > 0) {
      const failed: MigrationFile[] = [];
      for (const file of pending) if (!(await this.tryWhole(file))) failed.push(file);
      if (failed.length === pending.length) break;
      pending = failed;
    }
    for (const file of pending) await this.applyByStatement(file);
  }

  private async applyFile(file: MigrationFile): Promise<void> {
    if (!(await this.tryWhole(file))) await this.applyByStatement(file);
  }

  private runnable(file: MigrationFile): MigrationStatement[] {
    return file.statements.filter((s) => s.kind === 'sql' && !SKIPPED.test(s.sql));
  }

  private searchPath(): string {
    return `SET search_path TO ${BASE_SEARCH_PATH}${this.stubs ? `, ${STUB_SCHEMA}` : ''}`;
  }

  private async resetSearchPath(): Promise<void> {
    await this.db.exec(this.searchPath());
  }

  /**
   * The whole file in one implicit transaction (as the engine applies a migration): all or nothing.
   * One round trip: the search path is reset in the same text (rolled back with the file when it fails).
   */
  private async tryWhole(file: MigrationFile): Promise<boolean> {
    const statements = this.runnable(file);
    const error = await this.execHealing([this.searchPath(), ...statements.map((s) => s.sql)].join(';\n'), true);
    if (error !== undefined) return false;
    for (const s of statements) this.record(file, s);
    this.applied++;
    return true;
  }

  /** After the file failed as a whole: each statement on its own, so the rest of the file applies. */
  private async applyByStatement(file: MigrationFile): Promise<void> {
    await this.resetSearchPath();
    let failed = false;
    for (const statement of this.runnable(file).filter((s) => !TRANSACTION.test(s.sql))) {
      const error = await this.execHealing(statement.sql, false);
      if (error === undefined) {
        this.record(file, statement);
        continue;
      }
      failed = true;
      for (const name of mentionedNames(statement.sql)) this.uncertain.add(name);
      const failure = { file: file.file, statement, error };
      const extension = unavailableExtension(error, statement.sql);
      const known = extension !== undefined ? this.unavailable.get(extension) : undefined;
      if (known !== undefined) known.consequences.push(failure);
      else if (extension !== undefined) this.unavailable.set(extension, this.causes.extension(extension, failure));
      else this.causes.add(failure);
    }
    if (!failed) this.applied++;
  }

  /** Runs `sql`; what it lacks (a role, an external schema or table) is made and it runs again. Returns the error message, if any. */
  private async execHealing(sql: string, whole: boolean): Promise<string | undefined> {
    for (let attempt = 0; ; attempt++) {
      try {
        await this.db.exec(sql);
        return undefined;
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        // Silent: no transaction open is the only way this fails; the statement's own error is what is reported.
        await this.db.exec('ROLLBACK').catch(() => undefined);
        const detail = (error as { detail?: unknown }).detail;
        if (attempt >= MAX_HEALS_PER_STATEMENT || !(await this.healer.heal({ message, ...(typeof detail === 'string' ? { detail } : {}) }, sql, whole)))
          return message;
      }
    }
  }

  private record(file: MigrationFile, statement: MigrationStatement): void {
    recordOrigins(this.origins, { file: file.file, start: statement.start, end: statement.end, sql: statement.sql });
  }

  /** The file after `file` (in apply order) whose statements make `name`, if any. */
  private laterMaker(files: readonly MigrationFile[], name: string, file: string): string | undefined {
    if (this.makers === undefined) {
      this.makers = new Map();
      files.forEach((f, i) => {
        for (const s of f.statements) for (const made of madeNames(s.sql)) if (!this.makers!.has(made)) this.makers!.set(made, i);
      });
    }
    const maker = this.makers.get(name);
    const at = files.findIndex((f) => f.file === file);
    return maker !== undefined && at >= 0 && maker > at ? files[maker]?.name : undefined;
  }

  private failedStatements(): number {
    return this.causes.list.reduce((n, c) => n + 1 + c.consequences.length + (c.alike?.length ?? 0), 0);
  }

  private findings(source: string): Finding[] {
    return causeFindings(source, this.causes.list, this.timescale);
  }
}

/** The extension a failed statement needed and the embedded Postgres lacks, if that is why it failed. */
function unavailableExtension(error: string, sql: string): string | undefined {
  const named = /extension "([^"]+)" is not available/.exec(error) ?? /could not open extension control file ".*\/([^/"]+)\.control"/.exec(error);
  if (named?.[1] !== undefined) return named[1];
  const created = CREATE_EXTENSION.exec(sql);
  return created !== null && /not available|control file/.test(error) ? (created[1] ?? created[2])?.toLowerCase() : undefined;
}
