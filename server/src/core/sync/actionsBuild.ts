import type { Span } from '../diagnostics';
import type { CustomTypeKind } from '../graphql/actionsSdl';
import type { At } from '../project/index/types';
import type { Project } from '../project/project';
import type { Entry, YamlToJson } from './convert';
import type { JsonObject, JsonValue } from './json';
import { isJsonObject, setKey } from './json';
import type { JsonPath } from './jsonPath';
import { readSdlDefinitions } from './sdlRead';
import type { SdlActionDef, SdlTypeDef, SdlValue } from './sdlRead';

/**
 * `actions` and `custom_types` as the CLI builds them (metadataobject/actions/actions.go `Build`):
 * the actions and types come from actions.graphql, in its order, with their arguments, output
 * types and fields; actions.yaml adds, by name, each action's kind, handler, headers, timeout,
 * transforms, permissions and comment, and each type's description and relationships.
 */

export const CUSTOM_TYPE_ORDER: readonly CustomTypeKind[] = ['enums', 'input_objects', 'objects', 'scalars'];

export interface ActionsJson {
  readonly actions?: JsonValue[];
  readonly customTypes?: JsonObject;
}

interface Sdl {
  readonly file: string;
  readonly actions: readonly SdlActionDef[];
  readonly types: readonly SdlTypeDef[];
}

export function buildActions(conv: YamlToJson, project: Project): ActionsJson {
  const yamlRoot = conv.root('actions.yaml');
  const sdl = readSdl(project);
  if (!sdl) return yamlOnly(conv, yamlRoot);
  const actions = sdl.actions.map((def, i) => action(conv, sdl.file, def, yamlEntry(conv, yamlRoot, ['actions'], def.name), ['actions', i]));
  const customTypes = buildCustomTypes(conv, sdl, yamlRoot);
  return { ...(actions.length > 0 ? { actions } : {}), ...(customTypes ? { customTypes } : {}) };
}

function readSdl(project: Project): Sdl | undefined {
  const file = project.files.get(`${project.root}/actions.graphql`);
  if (!file) return undefined;
  const defs = readSdlDefinitions(file.text);
  return defs ? { file: file.path, ...defs } : undefined;
}

/** Without a readable actions.graphql (the CLI refuses to build then), actions.yaml as written. */
function yamlOnly(conv: YamlToJson, root: At | undefined): ActionsJson {
  if (!root) return {};
  const out: { actions?: JsonValue[]; customTypes?: JsonObject } = {};
  for (const entry of conv.entries(root)) {
    const value = conv.value(entry.value, [entry.key === 'actions' ? 'actions' : entry.key], entry.keySpan);
    if (entry.key === 'actions' && Array.isArray(value) && value.length > 0) out.actions = value;
    if (entry.key === 'custom_types' && isJsonObject(value)) out.customTypes = value;
  }
  return out;
}

/** The entry named `name` in the list at `keys` of actions.yaml. */
function yamlEntry(conv: YamlToJson, root: At | undefined, keys: readonly string[], name: string): At | undefined {
  let at = root;
  for (const key of keys) at = at ? conv.entries(at).find((e) => e.key === key)?.value : undefined;
  return at ? conv.items(at).find((item) => conv.text(conv.entries(item).find((e) => e.key === 'name')?.value ?? item) === name) : undefined;
}

function entryOf(conv: YamlToJson, at: At | undefined, key: string): Entry | undefined {
  return at ? conv.entries(at).find((e) => e.key === key) : undefined;
}

function action(conv: YamlToJson, file: string, def: SdlActionDef, yaml: At | undefined, path: JsonPath): JsonObject {
  const mark = (p: JsonPath, span: Span): void => conv.sourceMap.set(p, { file, span });
  if (yaml) conv.mark(yaml, path);
  else mark(path, def.span);
  const yamlName = entryOf(conv, yaml, 'name');
  if (yamlName) conv.mark(yamlName.value, [...path, 'name'], yamlName.keySpan);
  else mark([...path, 'name'], def.nameSpan);
  const out: JsonObject = { name: def.name };
  const definition = entryOf(conv, yaml, 'definition');
  if (definition) conv.mark(definition.value, [...path, 'definition'], definition.keySpan);
  else mark([...path, 'definition'], def.span);
  out.definition = actionDefinition(conv, file, def, definition?.value, [...path, 'definition']);
  copyIf(conv, yaml, 'permissions', out, path, () => true);
  copyIf(conv, yaml, 'comment', out, path, (v) => v !== null && v !== '');
  return out;
}

function actionDefinition(conv: YamlToJson, file: string, def: SdlActionDef, yaml: At | undefined, path: JsonPath): JsonObject {
  const mark = (key: string, span: Span): void => conv.sourceMap.set([...path, key], { file, span });
  const out: JsonObject = {};
  copyIf(conv, yaml, 'kind', out, path, () => true);
  out.type = def.operation;
  mark('type', def.rootSpan);
  copyIf(conv, yaml, 'handler', out, path, () => true);
  if (def.arguments.length > 0) {
    mark('arguments', spanAround(def.arguments));
    out.arguments = def.arguments.map((a, i) => sdlValue(conv, file, a, [...path, 'arguments', i], 'type'));
  }
  out.output_type = def.outputType;
  mark('output_type', def.typeSpan);
  copyIf(conv, yaml, 'forward_client_headers', out, path, (v) => v === true);
  copyIf(conv, yaml, 'headers', out, path, () => true);
  copyIf(conv, yaml, 'timeout', out, path, (v) => v !== 0);
  copyIf(conv, yaml, 'request_transform', out, path, () => true);
  copyIf(conv, yaml, 'response_transform', out, path, () => true);
  return out;
}

/** Copies `key` of the YAML mapping at `from` into `out` when it is there and `keep` accepts it. */
function copyIf(conv: YamlToJson, from: At | undefined, key: string, out: JsonObject, path: JsonPath, keep: (v: JsonValue) => boolean): void {
  const entry = entryOf(conv, from, key);
  if (!entry) return;
  const value = conv.value(entry.value, [...path, key], entry.keySpan);
  if (keep(value)) setKey(out, key, value);
}

function sdlValue(conv: YamlToJson, file: string, value: SdlValue, path: JsonPath, typeKey: 'type' | 'value'): JsonObject {
  conv.sourceMap.set(path, { file, span: value.span });
  conv.sourceMap.set([...path, typeKey === 'type' ? 'name' : 'value'], { file, span: value.nameSpan });
  if (typeKey === 'value') return { value: value.name, description: value.description };
  conv.sourceMap.set([...path, 'type'], { file, span: value.typeSpan });
  return { name: value.name, type: value.type, description: value.description };
}

function spanAround(values: readonly SdlValue[]): Span {
  return { start: values[0]!.span.start, end: values[values.length - 1]!.span.end };
}

function buildCustomTypes(conv: YamlToJson, sdl: Sdl, yamlRoot: At | undefined): JsonObject | undefined {
  const out: JsonObject = {};
  let count = 0;
  for (const kind of CUSTOM_TYPE_ORDER) {
    const defs = sdl.types.filter((t) => t.kind === kind);
    count += defs.length;
    out[kind] = defs.map((def, i) => customType(conv, sdl.file, def, yamlEntry(conv, yamlRoot, ['custom_types', kind], def.name), ['custom_types', kind, i]));
  }
  return count > 0 ? out : undefined;
}

function customType(conv: YamlToJson, file: string, def: SdlTypeDef, yaml: At | undefined, path: JsonPath): JsonObject {
  if (yaml) conv.mark(yaml, path);
  else conv.sourceMap.set(path, { file, span: def.span });
  const yamlName = entryOf(conv, yaml, 'name');
  if (yamlName) conv.mark(yamlName.value, [...path, 'name'], yamlName.keySpan);
  else conv.sourceMap.set([...path, 'name'], { file, span: def.nameSpan });
  const out: JsonObject = { name: def.name };
  copyIf(conv, yaml, 'description', out, path, (v) => typeof v === 'string');
  if (def.kind === 'enums' && def.fields.length > 0) out.values = def.fields.map((v, i) => sdlValue(conv, file, v, [...path, 'values', i], 'value'));
  else if (def.kind !== 'enums' && def.fields.length > 0) out.fields = def.fields.map((f, i) => sdlValue(conv, file, f, [...path, 'fields', i], 'type'));
  copyIf(conv, yaml, 'relationships', out, path, () => true);
  return out;
}
