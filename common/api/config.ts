/**
 * The config record of `GET /v1alpha1/config`, parsed tolerantly: every field of the seed's
 * record, `jwt` as one object (seed), a list (engine v2), null or absent, and extra fields kept.
 */

export interface JwtConfig {
  claims_namespace?: string;
  claims_format?: string;
  [key: string]: unknown;
}

export interface QueryBatching {
  batch_size?: number;
  refetch_delay?: number;
}

export type JwtShape = 'object' | 'array' | 'null' | 'absent';

export interface ConfigRecord {
  version?: string;
  is_function_permissions_inferred?: boolean;
  is_remote_schema_permissions_enabled?: boolean;
  is_admin_secret_set?: boolean;
  is_auth_hook_set?: boolean;
  is_jwt_set?: boolean;
  /** Always a list: one object becomes a list of one; null or absent an empty list. */
  jwt: JwtConfig[];
  /** How `jwt` came on the wire. */
  jwtShape: JwtShape;
  is_allow_list_enabled?: boolean;
  live_queries?: QueryBatching;
  /** Fields beyond the seed's record (streaming_queries, experimental_features, ...), as sent. */
  extra: Record<string, unknown>;
  /** Fields of the seed's record that came with an unexpected type (and were left out). */
  warnings: string[];
}

export type ConfigParseResult = { ok: true; record: ConfigRecord } | { ok: false; message: string };

const BOOLEAN_FIELDS = [
  'is_function_permissions_inferred',
  'is_remote_schema_permissions_enabled',
  'is_admin_secret_set',
  'is_auth_hook_set',
  'is_jwt_set',
  'is_allow_list_enabled',
] as const;
const KNOWN_FIELDS = new Set<string>(['version', 'jwt', 'live_queries', ...BOOLEAN_FIELDS]);

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

export function parseConfigRecord(value: unknown): ConfigParseResult {
  if (!isObject(value)) return { ok: false, message: 'The config API answered with something that is not a JSON object.' };
  const record: ConfigRecord = { jwt: [], jwtShape: 'absent', extra: {}, warnings: [] };
  if (typeof value.version === 'string') record.version = value.version;
  else if (value.version !== undefined) record.warnings.push('version is not a string');
  for (const key of BOOLEAN_FIELDS) readBoolean(value, key, record);
  readJwt(value, record);
  readLiveQueries(value, record);
  for (const [key, v] of Object.entries(value)) if (!KNOWN_FIELDS.has(key)) record.extra[key] = v;
  return { ok: true, record };
}

function readBoolean(value: Record<string, unknown>, key: (typeof BOOLEAN_FIELDS)[number], record: ConfigRecord): void {
  const v = value[key];
  if (typeof v === 'boolean') record[key] = v;
  else if (v !== undefined) record.warnings.push(`${key} is not a boolean`);
}

function readJwt(value: Record<string, unknown>, record: ConfigRecord): void {
  const jwt = value.jwt;
  if (!('jwt' in value) || jwt === undefined) return;
  if (jwt === null) {
    record.jwtShape = 'null';
  } else if (Array.isArray(jwt)) {
    record.jwtShape = 'array';
    record.jwt = jwt.filter(isObject);
    if (record.jwt.length !== jwt.length) record.warnings.push('jwt has entries that are not objects');
  } else if (isObject(jwt)) {
    record.jwtShape = 'object';
    record.jwt = [jwt];
  } else {
    record.warnings.push('jwt is neither an object, a list nor null');
  }
}

function readLiveQueries(value: Record<string, unknown>, record: ConfigRecord): void {
  const lq = value.live_queries;
  if (lq === undefined) return;
  if (!isObject(lq)) {
    record.warnings.push('live_queries is not an object');
    return;
  }
  record.live_queries = {};
  if (typeof lq.batch_size === 'number') record.live_queries.batch_size = lq.batch_size;
  if (typeof lq.refetch_delay === 'number') record.live_queries.refetch_delay = lq.refetch_delay;
}
