import type { Finding } from '../diagnostics';
import type { MigrationStatement } from './migrations';
import { emptyOrigins, mentionedNames, recordOrigins } from './origins';

/**
 * The failed statements of a migration run, sorted into causes and their consequences: a statement
 * that fails only because an earlier one failed (the relation, type, function or column it needs
 * was never made) is a consequence of that statement's cause, not a finding of its own.
 *
 * Each cause has a kind, by whose fault it failed:
 * - `fault`: a real Postgres refuses it too (syntax, a duplicate object, a constraint the
 *   migration's own data violates, something no earlier migration makes): the migrations do not
 *   replay on a fresh database. The statements of one file that fail for the same reason (the
 *   same missing name, or objects that already exist: the file repeats an earlier one) are one cause.
 * - `extension`: an extension the embedded Postgres lacks (what it would have made is missing).
 * - `environment`: only the embedded Postgres cannot run it: logical replication, another database.
 */
export interface FailedStatement {
  readonly file: string;
  readonly statement: MigrationStatement;
  readonly error: string;
}

export type CauseKind = 'fault' | 'extension' | 'environment';

export interface Cause {
  readonly kind: CauseKind;
  readonly failure: FailedStatement;
  /** `extension`: the extension's name; `environment`: what the embedded Postgres lacks. */
  readonly what?: string;
  /** Later statements that failed because of this one (in the order they ran). */
  readonly consequences: FailedStatement[];
  /** A fault whose migration runs before the one that makes what it needs: that file (its name). */
  readonly before?: string;
  /** `before`: the other statements of migrations that run before what they need (one cause: the versions' order). */
  readonly alike?: FailedStatement[];
}

/** The migration file (its name) that comes after `file` and makes `name`, if one does. */
export type LaterMaker = (name: string, file: string) => string | undefined;

/** What an extension the embedded Postgres may lack makes: its types, functions and relations (lower-cased), a prefix of its function names. */
const EXTENSION_PROVIDES: Readonly<Record<string, { readonly names: readonly string[]; readonly prefix?: RegExp }>> = {
  vector: { names: ['vector', 'halfvec', 'sparsevec', 'cosine_distance', 'l2_distance', 'inner_product', 'vector_dims', 'l2_normalize'] },
  postgis: {
    names: ['geometry', 'geography', 'box2d', 'box3d', 'spatial_ref_sys', 'geometry_columns', 'geography_columns', 'geometry_dump'],
    prefix: /^(st|postgis)_/,
  },
  postgis_topology: { names: ['topology', 'topogeometry'] },
  postgis_raster: { names: ['raster'], prefix: /^st_/ },
  postgres_fdw: { names: ['postgres_fdw'] },
  timescaledb: { names: ['timescaledb_information', 'timescaledb_experimental'] },
};

/** Names Postgres makes for a table's sequences, keys and indexes (`<table>_<column>_seq`, `<table>_pkey`). */
const IMPLICIT = /_(seq|pkey|key|idx|fkey)$/;

/** Errors of objects that already exist: the file creates what an earlier one made. */
const DUPLICATE = /already exists|^multiple primary keys for table/;

/** Statements only the embedded Postgres cannot run, with what it lacks. */
const ENVIRONMENT: readonly { readonly what: string; readonly why: string; readonly error?: RegExp; readonly sql?: RegExp }[] = [
  {
    what: 'logical replication',
    why: 'it has no logical replication',
    error: /logical decoding|replication slot|wal_level/i,
    sql: /^\s*(create|alter)\s+subscription\b/i,
  },
  { what: 'another database', why: 'it is not the database the statement names', error: /^database ".*" does not exist$/ },
];

/** The name (lower-cased, unqualified) and the relation a "does not exist" error is about, if it is one. */
export function missingNames(error: string): string[] {
  const patterns = [
    /^(?:relation|table|type|schema|server|index|sequence|view|materialized view|foreign-data wrapper|extension|trigger|constraint) "?([^"]+?)"? (?:of relation "([^"]+)" )?(?:for relation "[^"]+" )?does not exist$/,
    /^could not find a function named "([^"]+)"$/,
    /^function ([^(]+)\(.*\) does not exist$/,
    /^column "?([^"]+?)"? (?:of relation "([^"]+)" )?does not exist$/,
    /^column "?([^"]+?)"? referenced in foreign key constraint does not exist$/,
    /^relation "([^"]+)" does not exist$/,
  ];
  for (const pattern of patterns) {
    const match = pattern.exec(error);
    if (match === null) continue;
    return match
      .slice(1)
      .filter((name): name is string => name !== undefined)
      .flatMap((name) => {
        const parts = name.split('.').map((p) => p.replace(/^"|"$/g, '').toLowerCase());
        // `schema.table`, `alias.column`: the last part, and a schema other than public (an import into a schema makes its tables).
        return parts.length > 1 && parts[0] !== 'public' ? [parts[parts.length - 1]!, parts[0]!] : parts.slice(-1);
      });
  }
  return [];
}

/** The names a statement would have made (lower-cased, unqualified): tables, their columns, views, functions, types, schemas, servers. */
export function madeNames(sql: string): string[] {
  const origins = emptyOrigins();
  recordOrigins(origins, { file: '', start: 0, end: sql.length, sql });
  const last = (key: string): string => key.slice(key.lastIndexOf('.') + 1).toLowerCase();
  const names = [
    ...[...origins.relations.keys(), ...origins.functions.keys(), ...origins.types.keys()].map(last),
    ...[...origins.columns.values()].flatMap((columns) => [...columns.keys()].map((c) => c.toLowerCase())),
  ];
  const other =
    /^\s*create\s+(?:schema|server|domain|sequence|(?:unique\s+)?index(?:\s+concurrently)?|trigger|aggregate|procedure)\s+(?:if\s+not\s+exists\s+)?(?:"?[\w$]+"?\s*\.\s*)?"?([\w$]+)"?/i.exec(
      sql,
    ) ?? /^\s*import\s+foreign\s+schema\s+[\s\S]*?\binto\s+"?([\w$]+)"?/i.exec(sql);
  if (other?.[1] !== undefined) names.push(other[1].toLowerCase());
  return names;
}

/** Sorts failures into causes as they happen (in the order the statements ran). */
export class Causes {
  readonly list: Cause[] = [];
  /** What failed statements would have made -> their cause. */
  private readonly made = new Map<string, Cause>();
  /** Extension prefixes of function names -> their cause. */
  private readonly prefixes: { readonly prefix: RegExp; readonly cause: Cause }[] = [];
  /** `file\0name`: the cause of a missing name in a file; `file\0`: the cause of duplicates in a file. */
  private readonly inFile = new Map<string, Cause>();
  private readonly environments = new Map<string, Cause>();
  /** What the missing extensions make -> their cause (an error that names one, however, is a consequence). */
  private readonly extensionMade = new Map<string, Cause>();
  /** The first cause of a migration that runs before what it needs. */
  private order: Cause | undefined;

  constructor(private readonly laterMaker: LaterMaker = () => undefined) {}

  /** An extension the embedded Postgres lacks, first needed by `failure` (its CREATE EXTENSION). */
  extension(name: string, failure: FailedStatement): Cause {
    const cause: Cause = { kind: 'extension', failure, what: name, consequences: [] };
    this.list.push(cause);
    const provides = EXTENSION_PROVIDES[name];
    for (const made of [name, ...(provides?.names ?? [])]) {
      if (!this.made.has(made)) this.made.set(made, cause);
      if (!this.extensionMade.has(made)) this.extensionMade.set(made, cause);
    }
    if (provides?.prefix) this.prefixes.push({ prefix: provides.prefix, cause });
    return cause;
  }

  /** A failed statement: a consequence of an earlier cause, or a cause of its own. */
  add(failure: FailedStatement): Cause {
    const cause = this.causeOf(failure);
    let own: Cause;
    if (cause !== undefined) {
      cause.consequences.push(failure);
      own = cause;
    } else {
      const before = missingNames(failure.error)
        .map((name) => this.laterMaker(name, failure.file))
        .find((file) => file !== undefined);
      if (before !== undefined && this.order !== undefined) {
        this.order.alike?.push(failure);
        own = this.order;
      } else {
        own = before !== undefined ? { kind: 'fault', failure, consequences: [], before, alike: [] } : this.newCause(failure);
        if (before !== undefined) {
          this.order = own;
          for (const name of missingNames(failure.error)) this.inFile.set(`${failure.file}\u0000${name}`, own);
        }
        this.list.push(own);
      }
    }
    for (const name of madeNames(failure.statement.sql)) if (!this.made.has(name)) this.made.set(name, own);
    return own;
  }

  /** The cause of what made `name` (or the table an implicit `<table>_<column>_seq`, `_pkey`, `_key` belongs to). */
  private maker(name: string): Cause | undefined {
    const direct = this.made.get(name) ?? this.prefixes.find((p) => p.prefix.test(name))?.cause;
    if (direct !== undefined || !IMPLICIT.test(name)) return direct;
    const parts = name.split('_').slice(0, -1);
    for (let n = parts.length; n > 0; n--) {
      const cause = this.made.get(parts.slice(0, n).join('_'));
      if (cause !== undefined) return cause;
    }
    return undefined;
  }

  private causeOf(failure: FailedStatement): Cause | undefined {
    const missing = missingNames(failure.error);
    for (const name of missing) {
      const cause = this.maker(name);
      if (cause !== undefined) return cause;
    }
    // An error about what a missing extension makes: `data type geography has no default operator class`, `operator does not exist: vector <-> vector`.
    for (const word of failure.error.toLowerCase().match(/[a-z_][a-z0-9_$]*/g) ?? []) {
      const cause = this.extensionMade.get(word);
      if (cause !== undefined) return cause;
    }
    // An error that names nothing (a DO block's own RAISE, a failed check) in a statement that uses what a failed one would have made.
    if (missing.length === 0 && !DUPLICATE.test(failure.error) && !/syntax error/.test(failure.error))
      for (const name of usedNames(failure.statement.sql)) {
        const cause = this.made.get(name);
        if (cause !== undefined) return cause;
      }
    for (const name of missing) {
      const cause = this.inFile.get(`${failure.file}\u0000${name}`);
      if (cause !== undefined) return cause;
    }
    if (DUPLICATE.test(failure.error)) return this.inFile.get(`${failure.file}\u0000`);
    const environment = environmentOf(failure);
    return environment !== undefined ? this.environments.get(environment) : undefined;
  }

  private newCause(failure: FailedStatement): Cause {
    const environment = environmentOf(failure);
    const cause: Cause =
      environment !== undefined ? { kind: 'environment', failure, what: environment, consequences: [] } : { kind: 'fault', failure, consequences: [] };
    if (environment !== undefined) this.environments.set(environment, cause);
    for (const name of missingNames(failure.error)) this.inFile.set(`${failure.file}\u0000${name}`, cause);
    if (DUPLICATE.test(failure.error)) this.inFile.set(`${failure.file}\u0000`, cause);
    return cause;
  }
}

/** The names a statement mentions, with those inside its dollar-quoted bodies (a DO block, a function). */
function usedNames(sql: string): string[] {
  const bodies = [...sql.matchAll(/\$([A-Za-z_]*)\$([\s\S]*?)\$\1\$/g)].flatMap((m) => mentionedNames(m[2] ?? ''));
  return [...mentionedNames(sql), ...bodies];
}

function environmentOf(failure: FailedStatement): string | undefined {
  return ENVIRONMENT.find((e) => e.error?.test(failure.error) === true || e.sql?.test(failure.statement.sql) === true)?.what;
}

/** The places of consequences a finding lists as related information (its message gives the full count). */
const MAX_RELATED = 100;
const LIVE_ADVICE = 'For a complete model, connect a live database (setting graphqlMetadata.database.url, or check --database <url>).';

function consequencesSentence(cause: Cause | readonly FailedStatement[], it: string): string {
  const n = Array.isArray(cause) ? cause.length : (cause as Cause).consequences.length;
  return n === 0 ? '' : ` ${n} later statement${n === 1 ? '' : 's'} failed because of ${it}.`;
}

/** Migrations apply in the numeric order of their versions (core/db/migrations.ts), which is not always the order they were written in. */
function orderSentence(cause: Cause): string {
  if (cause.before === undefined) return '';
  const alike = cause.alike?.length ?? 0;
  const others = alike === 0 ? '' : ` ${alike} statement${alike === 1 ? '' : 's'} of other migrations fail the same way.`;
  return ` Its migration runs before ${cause.before}, which makes what it needs: migrations apply in the numeric order of their versions.${others}`;
}

function related(consequences: readonly FailedStatement[], prefix = ''): Finding['related'] {
  return consequences
    .slice(0, MAX_RELATED)
    .map((c) => ({ file: c.file, span: { start: c.statement.start, end: c.statement.end }, message: `${prefix}${c.error}` }));
}

function at(failure: MigrationStatementAt): Pick<Finding, 'file' | 'span'> {
  return { file: failure.file, span: { start: failure.statement.start, end: failure.statement.end } };
}

/**
 * One finding per cause: a fault is a `migration-statement-failed` warning; what only the embedded
 * Postgres cannot run is a `migration-statement-unsupported` info per kind; the extensions it lacks
 * are one `migration-extension-unavailable` info for the source (with timescaledb, whose functions
 * ran as no-ops, when `timescale` says where they were first called). Each carries its consequences.
 */
export function causeFindings(source: string, causes: readonly Cause[], timescale?: MigrationStatementAt): Finding[] {
  const findings: Finding[] = [];
  for (const cause of causes) {
    const data = { source, error: cause.failure.error, consequences: cause.consequences.length };
    if (cause.kind === 'fault') {
      findings.push({
        code: 'migration-statement-failed',
        severity: 'warning',
        message: `This statement failed when the migrations were applied to the embedded Postgres: ${cause.failure.error}.${orderSentence(cause)}${consequencesSentence(cause, 'it')}`,
        ...at(cause.failure),
        ...(cause.consequences.length > 0 || (cause.alike?.length ?? 0) > 0
          ? { related: [...related(cause.alike ?? [], 'also runs before what it needs: ')!, ...related(cause.consequences, 'failed because of this: ')!] }
          : {}),
        data: { ...data, ...(cause.alike !== undefined ? { alike: cause.alike.length } : {}) },
      });
    } else if (cause.kind === 'environment') {
      findings.push({
        code: 'migration-statement-unsupported',
        severity: 'info',
        message: `The embedded Postgres cannot run this statement (${ENVIRONMENT.find((e) => e.what === cause.what)?.why ?? cause.what ?? ''}): ${cause.failure.error}. A real server may run it.${consequencesSentence(cause, 'it')} ${LIVE_ADVICE}`,
        ...at(cause.failure),
        ...(cause.consequences.length > 0 ? { related: related(cause.consequences, 'failed because of this: ') } : {}),
        data: { ...data, lacks: cause.what },
      });
    }
  }
  const extensions = causes.filter((c) => c.kind === 'extension');
  const names = [...(timescale !== undefined ? ['timescaledb'] : []), ...extensions.map((c) => c.what ?? '')];
  const first = timescale ?? extensions[0]?.failure;
  if (first !== undefined) {
    const consequences = extensions.flatMap((c) => c.consequences.map((f) => ({ f, name: c.what })));
    findings.push({
      code: 'migration-extension-unavailable',
      severity: 'info',
      message: `${unavailableMessage(source, names)}${consequencesSentence(
        consequences.map((c) => c.f),
        names.length === 1 ? 'it' : 'them',
      )} ${LIVE_ADVICE}`,
      ...at(first),
      related: [
        ...extensions.filter((c) => c.failure !== first).map((c) => ({ ...at(c.failure), message: `needs ${c.what}` })),
        ...consequences.slice(0, MAX_RELATED).map((c) => ({ ...at(c.f), message: `needs ${c.name}: ${c.f.error}` })),
      ],
      data: { source, extensions: names, consequences: consequences.length },
    });
  }
  return findings;
}

/** Where timescaledb's functions were first called. */
export type MigrationStatementAt = Pick<FailedStatement, 'file' | 'statement'>;

function unavailableMessage(source: string, names: readonly string[]): string {
  const list = names.length === 1 ? `the extension ${names[0]}` : `the extensions ${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
  const failed = names.filter((n) => n !== 'timescaledb');
  const effects = [
    ...(names.includes('timescaledb') ? ["timescaledb's functions (create_hypertable and the like) were run as no-ops"] : []),
    ...(names.includes('postgis') ? ["PostGIS's types (geometry, geography, box2d, box3d) stand in, without their modifiers, functions or operators"] : []),
    ...(failed.length > 0 ? [`the statements that need ${failed.join(' or ')} fail, and what they name is never reported as missing`] : []),
  ];
  return `The migrations of source ${source} use ${list}, which the embedded Postgres does not have: ${effects.join('; ')}.`;
}

/** The status of a source built from migrations: files applied, then the failed statements as causes and their consequences. */
export function migrationsStatus(applied: number, total: number, causes: readonly Cause[]): string {
  const consequences = causes.reduce((n, c) => n + c.consequences.length + (c.alike?.length ?? 0), 0);
  const failed = causes.length === 0 ? '' : `; ${causes.length} statement${causes.length === 1 ? '' : 's'} failed`;
  const more = consequences === 0 ? '' : `, ${consequences} more because of ${causes.length === 1 ? 'it' : 'them'}`;
  return `from migrations: ${applied}/${total} applied${failed}${more}`;
}
