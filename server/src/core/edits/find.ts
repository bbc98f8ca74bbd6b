import { isMap, isSeq } from 'yaml';
import type { Pair, YAMLMap, YAMLSeq } from 'yaml';
import type { RootResult } from '../check';
import { findPair } from '../parse/ast';
import type { YNode } from '../parse/ast';
import { tableKey } from '../project/index/tableRef';
import type { QualifiedTable, RelationshipFact, SourceFact, TableFact } from '../project/index/types';
import type { TableRef } from './operations';
import { join, relative } from '../util/paths';
import type { YamlText } from './yaml';

/** Finding what an operation names in a checked root, with messages for what is not there. */

export const DEFAULT_SOURCE = 'default';

export function qualified(table: TableRef): QualifiedTable {
  return typeof table === 'string' ? { schema: 'public', name: table } : { schema: table.schema, name: table.name };
}

function describeTable(table: TableRef): string {
  return tableKey(qualified(table));
}

export function databasesPath(result: RootResult): string {
  return join(result.root, 'databases/databases.yaml');
}

/** A parsed YAML file of the root, with its text and root node. */
export interface YamlDoc extends YamlText {
  readonly contents: YNode;
}

export function yamlDoc(result: RootResult, path: string): YamlDoc | undefined {
  const file = result.project.files.get(path);
  if (!file?.yaml) return undefined;
  return { path, text: file.text, contents: file.yaml.doc.contents as YNode };
}

export function findSource(result: RootResult, name: string): SourceFact | undefined {
  return result.index.sources.find((s) => s.name.name === name);
}

export type Found<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: string };

export function findTable(result: RootResult, source: string | undefined, table: TableRef): Found<TableFact> {
  const sourceName = source ?? DEFAULT_SOURCE;
  const key = describeTable(table);
  const fact = result.index.tables.find((t) => t.source === sourceName && t.key === key);
  if (fact) return { ok: true, value: fact };
  const where = findSource(result, sourceName) ? `source \`${sourceName}\`` : `the local files (no source \`${sourceName}\`)`;
  return { ok: false, error: `Table \`${key}\` is not tracked in ${where}.` };
}

export function findRelationship(table: TableFact, name: string): Found<RelationshipFact> {
  const rel = table.relationships.find((r) => (r.kind === 'object' || r.kind === 'array') && r.name.name === name);
  return rel ? { ok: true, value: rel } : { ok: false, error: `Table \`${table.key}\` has no object or array relationship \`${name}\` in the local files.` };
}

/** A list held by `key` of a block map in the same file (not through an include). */
export interface ListIn {
  readonly map: YAMLMap<unknown, unknown>;
  readonly pair: Pair<unknown, unknown>;
  readonly seq: YAMLSeq<unknown>;
}

export function listIn(map: YNode, key: string): ListIn | undefined {
  const pair = isMap(map) ? findPair(map, key) : undefined;
  return isMap(map) && pair && isSeq(pair.value) ? { map, pair, seq: pair.value } : undefined;
}

/** The table's map and its file, when the entry is a block map the edit can change. */
export function tableDoc(result: RootResult, table: TableFact): Found<{ doc: YamlDoc; map: YAMLMap<unknown, unknown> }> {
  const doc = yamlDoc(result, table.at.file);
  const map = table.at.node;
  if (!doc || !isMap(map)) return { ok: false, error: `The entry of table \`${table.key}\` is not a YAML mapping.` };
  if (map.flow)
    return {
      ok: false,
      error: `The entry of table \`${table.key}\` in ${relative(result.root, doc.path)} is written in flow style ({...}); change it by hand.`,
    };
  return { ok: true, value: { doc, map } };
}
