import type { Obj } from '../args';
import { expectObject, isObj, parseFailed, typeName } from '../args';

/** Checks a source `configuration` per kind (the fields the seed names), with parse-failed errors. */

export type SourceKind = 'postgres' | 'mssql' | 'bigquery';

const ISOLATION_LEVELS = ['read-committed', 'repeatable-read', 'serializable'];

function field(obj: Obj, key: string, path: string): unknown {
  if (obj[key] === undefined) throw parseFailed(`key "${key}" not found`, path);
  return obj[key];
}

/** A string, or `{from_env: <ENV_VAR_NAME>}`. */
function stringOrFromEnv(value: unknown, path: string): void {
  if (typeof value === 'string') return;
  if (isObj(value) && typeof value.from_env === 'string') return;
  throw parseFailed(`expected a String or an Object {from_env}, but encountered ${typeName(value)}`, path);
}

function optionalInts(obj: Obj, keys: string[], path: string): void {
  for (const key of keys) {
    const v = obj[key];
    if (v !== undefined && !(typeof v === 'number' && Number.isInteger(v))) {
      throw parseFailed(`expected Int, but encountered ${typeName(v)}`, `${path}.${key}`);
    }
  }
}

function checkPostgres(config: Obj, path: string): void {
  const p = `${path}.connection_info`;
  const info = expectObject(field(config, 'connection_info', path), p);
  if (!isObj(info.database_url) || info.database_url.connection_parameters === undefined) {
    stringOrFromEnv(field(info, 'database_url', p), `${p}.database_url`);
  }
  if (info.pool_settings !== undefined) {
    const pool = expectObject(info.pool_settings, `${p}.pool_settings`);
    optionalInts(pool, ['max_connections', 'idle_timeout', 'retries', 'pool_timeout', 'connection_lifetime'], `${p}.pool_settings`);
  }
  if (info.use_prepared_statements !== undefined && typeof info.use_prepared_statements !== 'boolean') {
    throw parseFailed(`expected Bool, but encountered ${typeName(info.use_prepared_statements)}`, `${p}.use_prepared_statements`);
  }
  const level = info.isolation_level;
  if (level !== undefined && !(typeof level === 'string' && ISOLATION_LEVELS.includes(level))) {
    throw parseFailed(`expected one of ${ISOLATION_LEVELS.join(', ')}`, `${p}.isolation_level`);
  }
}

function checkMssql(config: Obj, path: string): void {
  const p = `${path}.connection_info`;
  const info = expectObject(field(config, 'connection_info', path), p);
  stringOrFromEnv(field(info, 'connection_string', p), `${p}.connection_string`);
  if (info.pool_settings !== undefined) {
    optionalInts(expectObject(info.pool_settings, `${p}.pool_settings`), ['max_connections', 'idle_timeout'], `${p}.pool_settings`);
  }
}

function checkBigquery(config: Obj, path: string): void {
  const account = field(config, 'service_account', path);
  if (!isObj(account)) stringOrFromEnv(account, `${path}.service_account`);
  if (typeof field(config, 'project_id', path) !== 'string') {
    throw parseFailed(`expected String, but encountered ${typeName(config.project_id)}`, `${path}.project_id`);
  }
  const datasets = field(config, 'datasets', path);
  const ok = typeof datasets === 'string' || (Array.isArray(datasets) && datasets.every((d) => typeof d === 'string'));
  if (!ok) throw parseFailed(`expected a String or a list of Strings, but encountered ${typeName(datasets)}`, `${path}.datasets`);
}

const CHECKS: Record<SourceKind, (config: Obj, path: string) => void> = {
  postgres: checkPostgres,
  mssql: checkMssql,
  bigquery: checkBigquery,
};

export function checkConfiguration(kind: SourceKind, value: unknown, path: string): void {
  CHECKS[kind](expectObject(value, path), path);
}
