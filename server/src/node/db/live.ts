import type { Client } from 'pg';
import { describeUrl, finding, introspect, INTROSPECTION_SETUP, LIVE_NO_MODEL, parsePostgresUrl, redactPasswords } from '../../core';
import type { DatabaseModel, SourceBuild, SourceConnection } from '../../core';

/**
 * The live-database path: a source's model read from a running Postgres with `pg`. Connect (with
 * a connect timeout), BEGIN READ ONLY, SET LOCAL statement_timeout, run the introspection,
 * ROLLBACK, close. Nothing is ever written. Every message goes through `redactPasswords`.
 */

export interface LiveOptions {
  /** How long connecting may take (default 10 s). */
  readonly connectTimeoutMs?: number;
  /** The statement timeout of the read-only transaction (default 15 s). */
  readonly statementTimeoutMs?: number;
  /** Aborting closes the connection (the read ends with a `cancelled` problem). */
  readonly signal?: AbortSignal;
}

const DEFAULT_CONNECT_MS = 10_000;
const DEFAULT_STATEMENT_MS = 15_000;

type Query = (sql: string) => Promise<Record<string, unknown>[]>;

type LiveProblemKind = 'unreachable' | 'timeout' | 'password' | 'database' | 'statement-timeout' | 'tls' | 'refused' | 'cancelled' | 'other';

/** A failure of the live path, its message already free of passwords. */
export class LiveDatabaseError extends Error {
  constructor(
    readonly kind: LiveProblemKind,
    message: string,
    readonly short: string,
  ) {
    super(message);
    this.name = 'LiveDatabaseError';
  }
}

const cancelled = (): LiveDatabaseError => new LiveDatabaseError('cancelled', 'Reading the database was cancelled.', 'cancelled');
const seconds = (ms: number): string => `${Math.round(ms / 100) / 10} s`;

/**
 * Runs `work` inside one READ ONLY transaction with a statement timeout on a new connection, then
 * rolls back and closes, whatever happens. Errors are thrown as LiveDatabaseError.
 */
export async function readOnlySession<T>(url: string, options: LiveOptions, work: (query: Query) => Promise<T>): Promise<T> {
  const connectMs = options.connectTimeoutMs ?? DEFAULT_CONNECT_MS;
  const statementMs = options.statementTimeoutMs ?? DEFAULT_STATEMENT_MS;
  let client: Client;
  try {
    // Loaded here, not at start-up: a check without a live database (nearly every run) never needs it (~90 ms).
    const { Client: PgClient } = await import('pg');
    client = new PgClient({
      connectionString: url,
      connectionTimeoutMillis: connectMs,
      application_name: 'graphql-metadata (read-only introspection)',
      query_timeout: statementMs + connectMs,
    });
  } catch (error) {
    throw classifyError(error, url, { connectMs, statementMs });
  }
  // Silent: a connection error also fails the query it interrupts, which is classified below; cleanup failures after it change nothing.
  client.on('error', () => undefined);
  const cancel = (): void => void client.end().catch(() => undefined);
  options.signal?.addEventListener('abort', cancel, { once: true });
  let opened = false;
  try {
    if (options.signal?.aborted) throw cancelled();
    opened = true;
    await client.connect();
    await client.query('BEGIN READ ONLY');
    await client.query(`SET LOCAL statement_timeout = ${Math.max(1, Math.floor(statementMs))}`);
    return await work(async (sql) => (await client.query<Record<string, unknown>>(sql)).rows);
  } catch (error) {
    if (options.signal?.aborted) throw cancelled();
    throw classifyError(error, url, { connectMs, statementMs });
  } finally {
    options.signal?.removeEventListener('abort', cancel);
    if (opened) {
      await client.query('ROLLBACK').catch(() => undefined);
      await client.end().catch(() => undefined);
    }
  }
}

/** The model of one source read from a live database. */
export async function introspectLive(source: string, url: string, options: LiveOptions = {}): Promise<DatabaseModel> {
  const parts = parsePostgresUrl(url);
  const origin = { kind: 'live' as const, host: parts?.hosts || 'localhost', database: parts?.database || parts?.user || '' };
  return readOnlySession(url, options, async (query) => {
    await query(INTROSPECTION_SETUP);
    return introspect(query, source, origin);
  });
}

interface Timeouts {
  readonly connectMs: number;
  readonly statementMs: number;
}

const UNREACHABLE: Readonly<Record<string, string>> = {
  ECONNREFUSED: 'connection refused: is the server running there and accepting TCP connections?',
  ENOTFOUND: 'the host name is not known (DNS)',
  EAI_AGAIN: 'the host name could not be looked up (DNS)',
  EHOSTUNREACH: 'no route to the host',
  ENETUNREACH: 'the network is unreachable',
  ECONNRESET: 'the server closed the connection',
};

function errorCode(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : '';
}

function isTlsError(code: string, message: string): boolean {
  return /^ERR_(TLS|SSL)_|CERT|SELF_SIGNED|UNABLE_TO_VERIFY|^EPROTO$/.test(code) || /\bSSL\b|\bTLS\b|certificate/i.test(message);
}

/** A clear message for what went wrong, with no password in it. */
function classifyError(error: unknown, url: string, timeouts: Timeouts): LiveDatabaseError {
  if (error instanceof LiveDatabaseError) return error;
  const where = describeUrl(url);
  const user = parsePostgresUrl(url)?.user;
  const code = errorCode(error);
  // Matched as the driver wrote it; every message made from it is redacted by `make`.
  const raw = error instanceof Error ? error.message : String(error);
  const make = (kind: LiveProblemKind, short: string, message: string): LiveDatabaseError =>
    new LiveDatabaseError(kind, redactPasswords(message, [url]), short);
  if (UNREACHABLE[code]) return make('unreachable', 'unreachable', `Could not reach the database at ${where}: ${UNREACHABLE[code]}`);
  if (code === 'ETIMEDOUT' || /timeout expired|connection timeout/i.test(raw))
    return make('timeout', 'no answer', `Could not reach the database at ${where}: no answer within ${seconds(timeouts.connectMs)}.`);
  if (code === '28P01') return make('password', 'wrong password', `The database at ${where} refused the password of user \`${user ?? ''}\`.`);
  if (/client password must be a string/i.test(raw))
    return make('password', 'no password', `The database at ${where} asks for a password and the URL gives none for user \`${user ?? ''}\`.`);
  if (code === '3D000')
    return make('database', 'no such database', `The server at ${where.split('/')[0]!} has no database \`${parsePostgresUrl(url)?.database ?? ''}\`.`);
  if (code === '57014')
    return make(
      'statement-timeout',
      'too slow',
      `Reading the catalog of ${where} took longer than the statement timeout (${seconds(timeouts.statementMs)}) and was cancelled: a busy server or a lock held on a catalog table?`,
    );
  if (code === '28000' && /SSL off|no encryption/i.test(raw))
    return make('tls', 'TLS required', `The database at ${where} accepts only TLS connections: add \`sslmode=require\` to the URL. (${raw})`);
  if (isTlsError(code, raw))
    return make(
      'tls',
      'TLS problem',
      `TLS problem with the database at ${where}: ${raw}${/require/i.test(url) ? " (this client verifies the certificate for sslmode=require as for verify-full; add `uselibpqcompat=true` to the URL for libpq's meaning)" : ''}`,
    );
  if (code === '28000' || code === '42501') return make('refused', 'access denied', `The database at ${where} refused the connection: ${raw}`);
  if (/Invalid URL|ERR_INVALID_URL/i.test(`${code} ${raw}`))
    return make('other', 'invalid URL', `The database URL is not valid: ${raw} (expected a postgres:// URL with user, password, host, port and database).`);
  return make('other', 'failed', `Reading the database at ${where} failed: ${raw}${code ? ` (${code})` : ''}`);
}

/**
 * One source's SourceBuild from a live database: the model and `live: host/database`, or no
 * model, a `live: <what went wrong>` status and one warning at the source's `database_url`.
 */
export async function buildLiveSource(connection: SourceConnection, url: string, from: string, options: LiveOptions = {}): Promise<SourceBuild> {
  const where = describeUrl(url);
  try {
    const model = await introspectLive(connection.source, url, options);
    return { source: connection.source, model, status: `live: ${where}`, findings: [] };
  } catch (error) {
    const problem =
      error instanceof LiveDatabaseError
        ? error
        : classifyError(error, url, {
            connectMs: options.connectTimeoutMs ?? DEFAULT_CONNECT_MS,
            statementMs: options.statementTimeoutMs ?? DEFAULT_STATEMENT_MS,
          });
    const message = redactPasswords(`Source \`${connection.source}\`: ${problem.message} The URL comes from ${from}. ${LIVE_NO_MODEL}`, [url]);
    const loc = { file: connection.file, span: connection.span };
    return {
      source: connection.source,
      status: `live: ${problem.short} (${where})`,
      findings: [finding('database-connection-failed', 'warning', message, loc, { data: { kind: problem.kind } })],
    };
  }
}
