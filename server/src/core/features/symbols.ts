import { isMap, isScalar, isSeq } from 'yaml';
import type { Pair } from 'yaml';
import type { RootResult } from '../check';
import type { Span } from '../diagnostics';
import { get, keyText, scalarText, spanOf } from '../parse/ast';
import type { YNode } from '../parse/ast';
import type { YamlFile } from '../parse/yamlFile';
import { actionsSdl } from '../graphql/actionsSdl';

export type OutlineKind = 'object' | 'array' | 'property' | 'module' | 'function' | 'class' | 'enum' | 'struct';

export interface OutlineSymbol {
  readonly name: string;
  readonly detail?: string;
  readonly kind: OutlineKind;
  /** The whole entry. */
  readonly span: Span;
  /** The part to select and show: the key, or the name of a list item. */
  readonly selectionSpan: Span;
  readonly children: OutlineSymbol[];
}

/** Keys whose values are expressions, not structure: shown as one entry, not expanded. */
const LEAVES = new Set(['filter', 'check', 'set', '_where', 'column_mapping', 'payload', 'headers', 'request_transform', 'response_transform']);
const LABEL_KEYS = ['name', 'role', 'role_name', 'collection', 'function'];
const MAX_DEPTH = 12;

/** The outline of a metadata file: keys and named list items (tables, relationships, permissions by role, …). */
export function documentSymbols(result: RootResult, file: string): OutlineSymbol[] {
  const projectFile = result.project.files.get(file);
  if (projectFile?.kind === 'actions_graphql') return graphqlSymbols(result);
  const yaml = projectFile?.yaml;
  return yaml ? outline(yaml, yaml.doc.contents, 0) : [];
}

function outline(yaml: YamlFile, node: YNode, depth: number): OutlineSymbol[] {
  if (depth > MAX_DEPTH) return [];
  if (isMap(node)) return node.items.map((pair) => pairSymbol(yaml, pair, depth));
  if (isSeq(node)) return node.items.flatMap((item) => itemSymbol(yaml, item as YNode, depth) ?? []);
  return [];
}

function pairSymbol(yaml: YamlFile, pair: Pair<unknown, unknown>, depth: number): OutlineSymbol {
  const key = keyText(pair) ?? '?';
  const value = pair.value as YNode;
  const keySpan = spanOf(pair.key as YNode);
  const span = { start: keySpan.start, end: value ? Math.max(spanOf(value).end, keySpan.end) : keySpan.end };
  const include = value ? yaml.includeAt.get(value) : undefined;
  const base = { name: key, span, selectionSpan: keySpan };
  if (include) return { ...base, kind: 'module', detail: `!include ${include.raw}`, children: [] };
  if (isSeq(value)) return { ...base, kind: 'array', detail: `${value.items.length}`, children: LEAVES.has(key) ? [] : outline(yaml, value, depth + 1) };
  if (isMap(value)) return { ...base, kind: 'object', children: LEAVES.has(key) ? [] : outline(yaml, value, depth + 1) };
  const text = scalarText(value);
  return { ...base, kind: 'property', ...(text !== undefined ? { detail: text.length > 60 ? `${text.slice(0, 57)}...` : text } : {}), children: [] };
}

function itemSymbol(yaml: YamlFile, item: YNode, depth: number): OutlineSymbol | undefined {
  const span = spanOf(item);
  const include = item ? yaml.includeAt.get(item) : undefined;
  if (include) return { name: include.raw, kind: 'module', span, selectionSpan: include.span, children: [] };
  if (!isMap(item)) return undefined;
  const label = labelOf(item);
  return { name: label?.name ?? '(item)', kind: 'struct', span, selectionSpan: label?.span ?? span, children: outline(yaml, item, depth + 1) };
}

function labelOf(item: YNode): { name: string; span: Span } | undefined {
  for (const key of LABEL_KEYS) {
    const node = get(item, key);
    const text = scalarText(node);
    if (text !== undefined) return { name: text, span: spanOf(node) };
  }
  const table = get(item, 'table');
  if (isScalar(table)) return { name: scalarText(table) ?? '?', span: spanOf(table) };
  const name = scalarText(get(table, 'name'));
  if (name === undefined) return undefined;
  const schema = scalarText(get(table, 'schema')) ?? scalarText(get(table, 'dataset'));
  return { name: schema ? `${schema}.${name}` : name, span: spanOf(table) };
}

function graphqlSymbols(result: RootResult): OutlineSymbol[] {
  const graphql = actionsSdl(result.project);
  if (!graphql) return [];
  const kinds = { objects: 'class', input_objects: 'struct', enums: 'enum', scalars: 'property' } as const;
  return [
    ...graphql.actions.map((f): OutlineSymbol => ({ name: f.name, detail: f.operation, kind: 'function', span: f.full, selectionSpan: f.span, children: [] })),
    ...graphql.types.map((t): OutlineSymbol => ({
      name: t.name,
      detail: t.kind.replace('_', ' '),
      kind: kinds[t.kind],
      span: t.full,
      selectionSpan: t.span,
      children: [],
    })),
  ].sort((a, b) => a.span.start - b.span.start);
}
