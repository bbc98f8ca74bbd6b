import { SOURCE_KEYS } from './directory';
import { emitYaml } from './emitYaml';
import type { JsonObject, JsonValue } from './json';
import { metadataFileName } from '../project/tableFileName';
import { isJsonObject, listOf, objectOf, setKey, stringOf, textOf } from './json';
import { actionsGraphql } from './sdlWrite';

/** A name in the metadata that cannot become a file name (it would leave its folder, or clash). */
export class ExportPathError extends Error {}

/** Files the CLI writes with a default when the metadata has no such key: `[]` or `{}`. */
export const DEFAULT_FILES: readonly (readonly [key: string, file: string, empty: '[]' | '{}'])[] = [
  ['allowlist', 'allow_list.yaml', '[]'],
  ['api_limits', 'api_limits.yaml', '{}'],
  ['backend_configs', 'backend_configs.yaml', '{}'],
  ['cron_triggers', 'cron_triggers.yaml', '[]'],
  ['graphql_schema_introspection', 'graphql_schema_introspection.yaml', '{}'],
  ['inherited_roles', 'inherited_roles.yaml', '[]'],
  ['metrics_config', 'metrics_config.yaml', '{}'],
  ['network', 'network.yaml', '{}'],
  ['opentelemetry', 'opentelemetry.yaml', '{}'],
  ['query_collections', 'query_collections.yaml', '[]'],
  ['remote_schemas', 'remote_schemas.yaml', '[]'],
  ['rest_endpoints', 'rest_endpoints.yaml', '[]'],
];

/** Keys `metadataToFiles` writes somewhere; others (e.g. config v2 `tables`) are reported by `unexportedKeys`. */
const WRITTEN_KEYS = new Set(['version', 'sources', 'actions', 'custom_types', ...DEFAULT_FILES.map(([key]) => key)]);

/**
 * JSON -> directory, in the CLI's layout and file names (`hasura metadata export`): paths relative
 * to the metadata folder -> file text. Pure; the same metadata always gives the same bytes.
 */
export function metadataToFiles(metadata: JsonObject): Map<string, string> {
  const files = new Map<string, string>();
  if (metadata.version !== undefined) files.set('version.yaml', emitYaml({ version: metadata.version }));
  if (metadata.sources !== undefined && metadata.sources !== null) writeSources(metadata.sources, files);
  files.set('actions.yaml', emitYaml(actionsYaml(metadata.actions, metadata.custom_types)));
  files.set('actions.graphql', actionsGraphql(metadata.actions, metadata.custom_types));
  for (const [key, file, empty] of DEFAULT_FILES) {
    const value = key === 'cron_triggers' ? includedCronTriggers(metadata[key]) : metadata[key];
    files.set(file, value === undefined ? `${empty}\n` : emitYaml(value));
  }
  return new Map([...files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** Top-level keys of the metadata that no file holds (they would be lost by an export). */
export function unexportedKeys(metadata: JsonObject): string[] {
  return Object.keys(metadata).filter((key) => !WRITTEN_KEYS.has(key));
}

/** The engine exports only cron triggers with `include_in_metadata: true`; others live in its database. */
function includedCronTriggers(value: JsonValue | undefined): JsonValue | undefined {
  return Array.isArray(value) ? value.filter((t) => isJsonObject(t) && t.include_in_metadata === true) : value;
}

function writeSources(sources: JsonValue, files: Map<string, string>): void {
  const list = listOf(sources).map((source) => (isJsonObject(source) ? writeSource(source, files) : source));
  files.set('databases/databases.yaml', emitYaml(Array.isArray(sources) ? list : sources));
}

function writeSource(source: JsonObject, files: Map<string, string>): JsonObject {
  const name = safeName(stringOf(source.name) ?? '', 'source');
  const out: JsonObject = {};
  const rest = Object.keys(source).filter((k) => !SOURCE_KEYS.includes(k) && k !== 'tables' && k !== 'functions');
  for (const key of [...SOURCE_KEYS, ...rest]) if (source[key] !== undefined) setKey(out, key, source[key]);
  if (source.tables !== undefined) out.tables = writeList(source.tables, `databases/${name}/tables`, 'tables.yaml', tableFileName, files);
  if (source.functions !== undefined) out.functions = writeFunctions(source.functions, name, files);
  return out;
}

function writeFunctions(functions: JsonValue, source: string, files: Map<string, string>): JsonValue {
  if (Array.isArray(functions) && functions.length === 0) return functions;
  return writeList(functions, `databases/${source}/functions`, 'functions.yaml', functionFileName, files);
}

/** One file per item, a list of includes, and the `"!include <folder>/<list>"` string for databases.yaml. */
function writeList(value: JsonValue, folder: string, listFile: string, fileName: (item: JsonObject) => string, files: Map<string, string>): JsonValue {
  if (!Array.isArray(value)) return value;
  const includes: string[] = [];
  for (const item of value) {
    const name = isJsonObject(item) ? safeName(fileName(item), 'file') : undefined;
    if (name === undefined) continue;
    const path = `${folder}/${name}`;
    if (files.has(path)) throw new ExportPathError(`Two entries of ${folder} would both be written to ${name}; rename one of them on the server.`);
    files.set(path, emitYaml(item));
    includes.push(`!include ${name}`);
  }
  files.set(`${folder}/${listFile}`, emitYaml(includes));
  return `!include ${folder.replace(/^databases\//, '')}/${listFile}`;
}

/** The table's file, as the engine CLI names it (project/tableFileName.ts). */
export function tableFileName(entry: JsonObject): string {
  return qualifiedFileName(entry.table);
}

export function functionFileName(entry: JsonObject): string {
  return qualifiedFileName(entry.function);
}

function qualifiedFileName(name: JsonValue | undefined): string {
  if (Array.isArray(name)) return metadataFileName(name.map(textOf));
  const obj = objectOf(name);
  if (!obj) return metadataFileName(textOf(name));
  return metadataFileName({ schema: stringOf(obj.schema), dataset: stringOf(obj.dataset), name: textOf(obj.name) });
}

function safeName(name: string, what: string): string {
  if (name === '' || name === '.' || name === '..' || /[/\\\0]/.test(name)) {
    throw new ExportPathError(`The ${what} name ${JSON.stringify(name)} cannot be used as a file or folder name.`);
  }
  return name;
}

/** actions.yaml: the CLI's `Common` struct after `SetExportDefault` (arguments, types and fields live in actions.graphql). */
function actionsYaml(actions: JsonValue | undefined, customTypes: JsonValue | undefined): JsonObject {
  const types = objectOf(customTypes);
  const outTypes: JsonObject = {};
  for (const kind of ['enums', 'input_objects', 'objects', 'scalars']) outTypes[kind] = listOf(types?.[kind]).filter(isJsonObject).map(exportType);
  return { actions: listOf(actions).filter(isJsonObject).map(exportAction), custom_types: outTypes };
}

/** `ActionDef` fields the CLI keeps; `kind` and `handler` are written even when empty (as `""`). */
const DEFINITION_KEYS: readonly string[] = ['kind', 'handler', 'forward_client_headers', 'headers', 'timeout', 'request_transform', 'response_transform'];

function exportAction(action: JsonObject): JsonObject {
  const definition = objectOf(action.definition) ?? {};
  const outDef: JsonObject = {};
  for (const key of DEFINITION_KEYS) {
    const v = definition[key] ?? (key === 'kind' || key === 'handler' ? '' : undefined);
    if (v === undefined || (key === 'forward_client_headers' && v !== true) || (key === 'timeout' && (v === 0 || v === null))) continue;
    setKey(outDef, key, v);
  }
  const out: JsonObject = { name: action.name ?? '', definition: outDef };
  if (action.permissions !== undefined) out.permissions = action.permissions;
  if (action.comment !== undefined && action.comment !== null && action.comment !== '') out.comment = action.comment;
  return out;
}

function exportType(type: JsonObject): JsonObject {
  const out: JsonObject = { name: type.name ?? '' };
  if (typeof type.description === 'string') out.description = type.description;
  if (Array.isArray(type.values) && type.values.length > 0) out.values = type.values;
  if (type.relationships !== undefined && type.relationships !== null) out.relationships = type.relationships;
  return out;
}
