import type { At } from '../project/index/types';
import type { Project } from '../project/project';
import { buildActions } from './actionsBuild';
import { YamlToJson } from './convert';
import type { JsonObject, JsonValue } from './json';
import { isEmptyJson, setKey } from './json';
import type { SourceMap } from './sourceMap';

/** The metadata JSON a directory describes, and where each part of it was written. */
export interface BuiltMetadata {
  readonly metadata: JsonObject;
  readonly sourceMap: SourceMap;
}

/** Source keys in the order of the CLI's `Source` struct (sources/sources.go); tables and functions last. */
export const SOURCE_KEYS: readonly string[] = [
  'name',
  'kind',
  'configuration',
  'query_tags',
  'customization',
  'health_check',
  'logical_models',
  'native_queries',
  'stored_procedures',
];

/** api_limits keys in the order of the CLI's `apiLimitsObject`. */
const API_LIMIT_KEYS: readonly string[] = ['disabled', 'rate_limit', 'depth_limit', 'node_limit', 'time_limit', 'batch_limit'];

/**
 * Top-level metadata keys in the order of the CLI's `Metadata` struct (projectmetadata/handler.go),
 * with the file each comes from. `sources`, `actions` and `custom_types` are built separately.
 */
export const TOP_LEVEL: readonly (readonly [key: string, file: string])[] = [
  ['remote_schemas', 'remote_schemas.yaml'],
  ['query_collections', 'query_collections.yaml'],
  ['allowlist', 'allow_list.yaml'],
  ['cron_triggers', 'cron_triggers.yaml'],
  ['network', 'network.yaml'],
  ['api_limits', 'api_limits.yaml'],
  ['rest_endpoints', 'rest_endpoints.yaml'],
  ['inherited_roles', 'inherited_roles.yaml'],
  ['opentelemetry', 'opentelemetry.yaml'],
  ['backend_configs', 'backend_configs.yaml'],
  ['graphql_schema_introspection', 'graphql_schema_introspection.yaml'],
  ['metrics_config', 'metrics_config.yaml'],
];

/**
 * Directory -> JSON, as `hasura metadata apply` sends it: every include resolved, actions.graphql
 * merged into the actions and custom types, `allow_list.yaml` under the key `allowlist`, and empty
 * lists and objects left out (the CLI's `omitempty`). `sourceMap: false` leaves the source map empty.
 */
export function directoryToMetadata(result: { readonly project: Project }, options: { readonly sourceMap?: boolean } = {}): BuiltMetadata {
  const conv = new YamlToJson(result.project, options.sourceMap !== false);
  const metadata: JsonObject = { version: version(conv) };
  const put = (key: string, value: JsonValue | undefined): void => {
    if (value !== undefined && value !== null && !isEmptyJson(value)) setKey(metadata, key, value);
  };
  put('sources', sources(conv));
  const actions = buildActions(conv, result.project);
  put('actions', actions.actions);
  put('custom_types', actions.customTypes);
  for (const [key, file] of TOP_LEVEL) put(key, topLevel(conv, key, file));
  return { metadata, sourceMap: conv.sourceMap };
}

function version(conv: YamlToJson): JsonValue {
  const root = conv.root('version.yaml');
  const entry = root ? conv.entries(root).find((e) => e.key === 'version') : undefined;
  if (!entry) return 3;
  const value = conv.value(entry.value, ['version'], entry.keySpan);
  return typeof value === 'number' ? value : 3;
}

function sources(conv: YamlToJson): JsonValue[] | undefined {
  const root = conv.root('databases/databases.yaml');
  if (!root) return undefined;
  conv.mark(root, ['sources']);
  return conv.items(root).map((at, i) => source(conv, at, ['sources', i]));
}

function source(conv: YamlToJson, at: At, path: readonly (string | number)[]): JsonValue {
  conv.mark(at, path);
  const entries = conv.entries(at);
  const out: JsonObject = {};
  const order = [
    ...SOURCE_KEYS,
    ...entries.map((e) => e.key).filter((k) => !SOURCE_KEYS.includes(k) && k !== 'tables' && k !== 'functions'),
    'tables',
    'functions',
  ];
  for (const key of order) {
    const entry = entries.find((e) => e.key === key);
    if (entry) setKey(out, key, conv.value(entry.value, [...path, key], entry.keySpan));
  }
  return out;
}

function topLevel(conv: YamlToJson, key: string, file: string): JsonValue | undefined {
  const root = conv.root(file);
  if (!root) return undefined;
  if (key !== 'api_limits') return conv.value(root, [key]);
  conv.mark(root, [key]);
  const entries = conv.entries(root);
  const out: JsonObject = {};
  const order = [...API_LIMIT_KEYS, ...entries.map((e) => e.key).filter((k) => !API_LIMIT_KEYS.includes(k))];
  for (const k of order) {
    const entry = entries.find((e) => e.key === k);
    if (entry) setKey(out, k, conv.value(entry.value, [key, k], entry.keySpan));
  }
  return out;
}
