import type { Span } from '../diagnostics';
import { get, scalarText, spanOf, stringValue } from '../parse/ast';
import type { YNode } from '../parse/ast';
import type { SourceFact } from '../project/index/types';
import { POSTGRES_KINDS } from './migrations';

/**
 * Which database a source's model is read from, and where its URL comes from. Pure: the node layer
 * passes the environment lookup (the process environment, then the project's `.env`).
 */

export type DatabaseMode = 'auto' | 'migrations' | 'live' | 'off';
export const DATABASE_MODES: readonly DatabaseMode[] = ['auto', 'migrations', 'live', 'off'];

/** A source's `configuration.connection_info.database_url` in databases.yaml. */
type DatabaseUrlConfig =
  | { readonly kind: 'url'; readonly url: string }
  | { readonly kind: 'env'; readonly variable: string }
  | {
      readonly kind: 'params';
      readonly host: string;
      readonly port: string;
      readonly user: string;
      readonly password: string | undefined;
      readonly database: string;
    }
  | { readonly kind: 'unsupported'; readonly what: string }
  | { readonly kind: 'none' };

const isPostgres = (kind: string): boolean => POSTGRES_KINDS.has(kind.toLowerCase());

/** A source's connection as databases.yaml gives it, with where to point a connection problem. */
export interface SourceConnection {
  readonly source: string;
  readonly kind: string;
  readonly config: DatabaseUrlConfig;
  /** databases.yaml (or the file the source comes from) and the `database_url` value, else the source's name. */
  readonly file: string;
  readonly span: Span;
}

function readParams(node: YNode): DatabaseUrlConfig {
  const text = (key: string): string | undefined => scalarText(get(node, key));
  const [host, port, user, database] = [text('host'), text('port'), text('username'), text('database')];
  if (host === undefined || user === undefined || database === undefined)
    return { kind: 'unsupported', what: '`connection_parameters` without host, username and database' };
  return { kind: 'params', host, port: port ?? '5432', user, password: text('password'), database };
}

function readDatabaseUrl(node: YNode): DatabaseUrlConfig {
  if (node === undefined || node === null) return { kind: 'none' };
  const url = stringValue(node);
  if (url !== undefined) return url.trim() === '' ? { kind: 'none' } : { kind: 'url', url: url.trim() };
  const fromEnv = stringValue(get(node, 'from_env'));
  if (fromEnv !== undefined) return { kind: 'env', variable: fromEnv };
  const params = get(node, 'connection_parameters');
  if (params) return readParams(params);
  if (get(node, 'dynamic_from_file')) return { kind: 'unsupported', what: '`dynamic_from_file`' };
  return { kind: 'unsupported', what: 'this `database_url` form' };
}

/** The connection of each source of a root (every kind; callers keep the Postgres ones). */
export function sourceConnections(sources: readonly SourceFact[]): SourceConnection[] {
  return sources.map((source) => {
    const node = get(get(get(source.at.node, 'configuration'), 'connection_info'), 'database_url');
    return {
      source: source.name.name,
      kind: source.kind,
      config: readDatabaseUrl(node),
      file: node ? source.at.file : source.name.loc.file,
      span: node ? spanOf(node) : source.name.loc.span,
    };
  });
}

/** Looks a variable up: its value and where it was found (`environment`, `.env`), or undefined when unset or empty. */
export type EnvLookup = (name: string) => { readonly value: string; readonly where: string } | undefined;

type UrlResolution = { readonly kind: 'url'; readonly url: string; readonly from: string } | { readonly kind: 'none'; readonly why: string };

/** Explicit URLs (the setting or the CLI flag) by source name, with how to name their origin. */
export interface ExplicitUrls {
  readonly urls: Readonly<Record<string, string>>;
  /** E.g. `the setting graphqlMetadata.database.url`, `--database`. */
  readonly from: string;
}

function paramsUrl(c: Extract<DatabaseUrlConfig, { kind: 'params' }>): string {
  const auth = encodeURIComponent(c.user) + (c.password ? `:${encodeURIComponent(c.password)}` : '');
  const host = c.host.includes(':') && !c.host.startsWith('[') ? `[${c.host}]` : c.host;
  return `postgres://${auth}@${host}:${c.port}/${encodeURIComponent(c.database)}`;
}

/**
 * A source's URL, in order: an explicit one for it, else databases.yaml's `database_url` (a plain
 * string, `{from_env: X}` looked up with `env`, or `connection_parameters`). A `from_env` variable
 * that is unset or empty resolves to nothing.
 */
export function resolveSourceUrl(connection: SourceConnection, explicit: ExplicitUrls | undefined, env: EnvLookup): UrlResolution {
  const given = explicit?.urls[connection.source];
  if (given !== undefined && given.trim() !== '') return { kind: 'url', url: given.trim(), from: explicit!.from };
  const config = connection.config;
  switch (config.kind) {
    case 'url':
      return { kind: 'url', url: config.url, from: 'databases.yaml' };
    case 'params':
      return { kind: 'url', url: paramsUrl(config), from: 'databases.yaml (connection_parameters)' };
    case 'env': {
      const found = env(config.variable);
      return found
        ? { kind: 'url', url: found.value, from: `${config.variable} (${found.where})` }
        : { kind: 'none', why: `${config.variable} is not set in the environment or the project's .env` };
    }
    case 'unsupported':
      return { kind: 'none', why: `databases.yaml gives ${config.what}, which is not read here` };
    default:
      return { kind: 'none', why: 'databases.yaml gives no database_url' };
  }
}

export type ModelPlan =
  { readonly use: 'live'; readonly url: string; readonly from: string } | { readonly use: 'migrations' } | { readonly use: 'off'; readonly status: string };

/**
 * Where a source's model comes from. `auto`: live when a URL resolves (an explicit one, or
 * databases.yaml's, including a `from_env` variable that is set in the environment or the `.env`),
 * else the migrations (the caller says `no migrations` when there are none). `live` without a URL
 * is off, with the reason.
 */
export function planModel(mode: DatabaseMode, kind: string, resolution: UrlResolution): ModelPlan {
  if (!isPostgres(kind)) return { use: 'off', status: `no model for ${kind} sources` };
  if (mode === 'off') return { use: 'off', status: 'off' };
  if (mode === 'migrations') return { use: 'migrations' };
  if (resolution.kind === 'url') return { use: 'live', url: resolution.url, from: resolution.from };
  return mode === 'live' ? { use: 'off', status: `live: no database URL (${resolution.why})` } : { use: 'migrations' };
}

/**
 * The source a URL given without a source name (`--database postgres://...`) is for: `default`
 * when the root has a Postgres source of that name, else its only Postgres source; a message when
 * that is ambiguous or there is none.
 */
export function sourceForBareUrl(connections: readonly SourceConnection[]): { source: string } | { problem: string } {
  const postgres = connections.filter((c) => isPostgres(c.kind));
  if (postgres.some((c) => c.source === 'default')) return { source: 'default' };
  if (postgres.length === 1) return { source: postgres[0]!.source };
  if (postgres.length === 0) return { problem: 'the project has no Postgres source to connect the database URL to' };
  return {
    problem: `the project has several Postgres sources (${postgres.map((c) => c.source).join(', ')}) and none is named \`default\`: give --database SOURCE=URL for each`,
  };
}
