import type { Project } from '../project/project';
import { directoryToMetadata } from './directory';
import type { BuiltMetadata } from './directory';
import type { JsonObject, JsonValue } from './json';
import { isJsonObject, listOf, objectOf, stringOf, textOf } from './json';
import type { JsonPath } from './jsonPath';
import type { SourceLoc } from './sourceMap';

/** An entry of `get_inconsistent_metadata`'s `inconsistent_objects` (or of a 400's `internal`). */
export interface InconsistentObjectLike {
  readonly type: string;
  readonly name?: string;
  readonly definition?: unknown;
  readonly reason?: unknown;
}

export interface InconsistencyLocation {
  /** The JSON path (in the metadata) of the object, e.g. `['sources', 0, 'tables', 3]`. */
  readonly path: JsonPath;
  readonly file: string;
  /** What to underline: the name of the object (or the `table:` key of a table file). */
  readonly span: { readonly start: number; readonly end: number };
  readonly loc: SourceLoc;
}

/**
 * Finds the local file and line that define an inconsistent object: a table, relationship, computed
 * field, remote relationship, permission, event trigger, function, source, remote schema, action,
 * custom type, cron trigger, inherited role, REST endpoint or query collection. Undefined when the
 * object is not in the directory (or its type is unknown).
 */
export function locateInconsistency(input: { readonly project: Project } | BuiltMetadata, object: InconsistentObjectLike): InconsistencyLocation | undefined {
  const built = 'sourceMap' in input ? input : directoryToMetadata(input);
  const target = objectPath(built.metadata, object);
  if (!target) return undefined;
  const refined = target.refine === undefined ? undefined : built.sourceMap.get([...target.path, target.refine]);
  const loc = refined ?? built.sourceMap.get(target.path);
  if (!loc) return undefined;
  const span = refined ? (target.preferKey && refined.key ? refined.key : refined.span) : loc.span;
  return { path: target.path, file: loc.file, span, loc };
}

interface Target {
  readonly path: JsonPath;
  /** A child key whose location is the better place to underline (the name, the role). */
  readonly refine?: string;
  readonly preferKey?: boolean;
}

type Finder = (metadata: JsonObject, def: JsonObject, object: InconsistentObjectLike) => Target | undefined;

const TABLE_LISTS: Readonly<Record<string, readonly [list: string, key: string]>> = {
  object_relation: ['object_relationships', 'name'],
  array_relation: ['array_relationships', 'name'],
  computed_field: ['computed_fields', 'name'],
  remote_relationship: ['remote_relationships', 'name'],
  event_trigger: ['event_triggers', 'name'],
  insert_permission: ['insert_permissions', 'role'],
  select_permission: ['select_permissions', 'role'],
  update_permission: ['update_permissions', 'role'],
  delete_permission: ['delete_permissions', 'role'],
};

const TOP_LISTS: Readonly<Record<string, readonly [list: string, key: string, defKey: string]>> = {
  remote_schema: ['remote_schemas', 'name', 'name'],
  action: ['actions', 'name', 'name'],
  cron_trigger: ['cron_triggers', 'name', 'name'],
  inherited_role: ['inherited_roles', 'role_name', 'role_name'],
  endpoint: ['rest_endpoints', 'name', 'name'],
  rest_endpoint: ['rest_endpoints', 'name', 'name'],
  query_collection: ['query_collections', 'name', 'name'],
  allowlist: ['allowlist', 'collection', 'collection'],
};

function objectPath(metadata: JsonObject, object: InconsistentObjectLike): Target | undefined {
  const def = objectOf(object.definition as JsonValue) ?? {};
  const finder = FINDERS[object.type] ?? (TABLE_LISTS[object.type] ? tableObject : TOP_LISTS[object.type] ? topListObject : undefined);
  return finder?.(metadata, def, object);
}

const FINDERS: Readonly<Record<string, Finder>> = {
  table: (metadata, def, object) => {
    const table = def.table ?? (def.name !== undefined ? def : (object.definition as JsonValue));
    const found = findTable(metadata, sourceName(def, object), table);
    return found && { path: found, refine: 'table', preferKey: true };
  },
  source: (metadata, def, object) => {
    const name = stringOf(def.name) ?? quotedName(object.name, 'source');
    const i = indexBy(metadata.sources, 'name', name);
    return i < 0 ? undefined : { path: ['sources', i], refine: 'name' };
  },
  function: (metadata, def, object) => functionPath(metadata, def, object),
  function_permission: (metadata, def, object) => {
    const fn = functionPath(metadata, def, object);
    const i = fn ? indexBy(listAt(metadata, fn.path).permissions, 'role', stringOf(def.role)) : -1;
    return fn && i >= 0 ? { path: [...fn.path, 'permissions', i], refine: 'role' } : fn;
  },
  action_permission: (metadata, def) => {
    const a = indexBy(metadata.actions, 'name', stringOf(def.action));
    if (a < 0) return undefined;
    const p = indexBy(objectOf(listOf(metadata.actions)[a])?.permissions, 'role', stringOf(def.role));
    return p < 0 ? { path: ['actions', a], refine: 'name' } : { path: ['actions', a, 'permissions', p], refine: 'role' };
  },
  remote_schema_permission: (metadata, def) => {
    const s = indexBy(metadata.remote_schemas, 'name', stringOf(def.remote_schema));
    if (s < 0) return undefined;
    const p = indexBy(objectOf(listOf(metadata.remote_schemas)[s])?.permissions, 'role', stringOf(def.role));
    return p < 0 ? { path: ['remote_schemas', s], refine: 'name' } : { path: ['remote_schemas', s, 'permissions', p], refine: 'role' };
  },
  custom_types: (metadata, _def, object) => customTypePath(metadata, object),
};

function tableObject(metadata: JsonObject, def: JsonObject, object: InconsistentObjectLike): Target | undefined {
  const [list, key] = TABLE_LISTS[object.type]!;
  const table = findTable(metadata, sourceName(def, object), def.table);
  if (!table) return undefined;
  const name = stringOf(def[key]) ?? stringOf(def.name) ?? stringOf(objectOf(def.configuration)?.name) ?? quotedName(object.name, object.type);
  const i = indexBy(listAt(metadata, table)[list], key, name);
  return i < 0 ? { path: table, refine: 'table', preferKey: true } : { path: [...table, list, i], refine: key };
}

function topListObject(metadata: JsonObject, def: JsonObject, object: InconsistentObjectLike): Target | undefined {
  const [list, key, defKey] = TOP_LISTS[object.type]!;
  const name = stringOf(def[defKey]) ?? stringOf(def.name) ?? stringOf(def.role) ?? quotedName(object.name, object.type);
  const i = indexBy(metadata[list], key, name);
  return i < 0 ? undefined : { path: [list, i], refine: key };
}

function functionPath(metadata: JsonObject, def: JsonObject, object: InconsistentObjectLike): Target | undefined {
  const fn = def.function ?? (def.name !== undefined ? def : undefined);
  const sources = listOf(metadata.sources);
  const wanted = sourceName(def, object);
  for (let s = 0; s < sources.length; s++) {
    const source = objectOf(sources[s]);
    if (!source || (wanted !== undefined && source.name !== wanted)) continue;
    const i = listOf(source.functions).findIndex((f) => sameName(objectOf(f)?.function, fn));
    if (i >= 0) return { path: ['sources', s, 'functions', i], refine: 'function', preferKey: true };
  }
  return undefined;
}

/** custom_types inconsistencies name no type; the first custom type quoted in the reason, else the whole key. */
function customTypePath(metadata: JsonObject, object: InconsistentObjectLike): Target | undefined {
  const types = objectOf(metadata.custom_types);
  if (!types) return undefined;
  const reason = typeof object.reason === 'string' ? object.reason : '';
  const quoted = [...reason.matchAll(/"([_A-Za-z][_0-9A-Za-z]*)"/g)].map((m) => m[1]);
  for (const name of quoted) {
    for (const kind of ['enums', 'input_objects', 'objects', 'scalars']) {
      const i = indexBy(types[kind], 'name', name);
      if (i >= 0) return { path: ['custom_types', kind, i], refine: 'name' };
    }
  }
  return { path: ['custom_types'] };
}

function findTable(metadata: JsonObject, source: string | undefined, table: JsonValue | undefined): JsonPath | undefined {
  const sources = listOf(metadata.sources);
  for (let s = 0; s < sources.length; s++) {
    const entry = objectOf(sources[s]);
    if (!entry || (source !== undefined && entry.name !== source)) continue;
    const i = listOf(entry.tables).findIndex((t) => sameName(objectOf(t)?.table, table));
    if (i >= 0) return ['sources', s, 'tables', i];
  }
  return undefined;
}

/** Table or function names: `t` = `{schema: public, name: t}`; BigQuery datasets; data connector arrays. */
function sameName(a: JsonValue | undefined, b: JsonValue | undefined): boolean {
  const key = (v: JsonValue | undefined): string | undefined => {
    if (typeof v === 'string') return `public.${v}`;
    if (Array.isArray(v)) return v.map(textOf).join('.');
    const o = objectOf(v);
    return o ? `${stringOf(o.schema) ?? stringOf(o.dataset) ?? 'public'}.${textOf(o.name)}` : undefined;
  };
  const ka = key(a);
  return ka !== undefined && ka === key(b);
}

/** The source of an object: its definition's `source`, else `... in source "x"` in its name. */
function sourceName(def: JsonObject, object: InconsistentObjectLike): string | undefined {
  const source = stringOf(def.source);
  if (source !== undefined) return source;
  const match = / in source "?([^"]*?)"?$/.exec(object.name ?? '');
  return match ? match[1] : undefined;
}

/** `<type> "name" ...` or `<type> name ...` in the engine's object name. */
function quotedName(name: string | undefined, type: string): string | undefined {
  if (!name?.startsWith(`${type} `)) return undefined;
  const rest = name.slice(type.length + 1);
  const quoted = /^"([^"]*)"/.exec(rest);
  return quoted ? quoted[1] : rest.split(' ')[0];
}

function listAt(metadata: JsonObject, path: JsonPath): JsonObject {
  let value: JsonValue | undefined = metadata;
  for (const segment of path) value = Array.isArray(value) ? value[segment as number] : isJsonObject(value) ? value[segment as string] : undefined;
  return objectOf(value) ?? {};
}

function indexBy(list: JsonValue | undefined, key: string, name: string | undefined): number {
  if (name === undefined) return -1;
  return listOf(list).findIndex((item) => objectOf(item)?.[key] === name);
}
