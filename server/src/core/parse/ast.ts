import { isMap, isPair, isScalar, isSeq } from 'yaml';
import type { Node, Pair, YAMLMap } from 'yaml';
import type { Span } from '../diagnostics';

/** Small, total helpers over the `yaml` AST: they never throw on unexpected shapes. */

export type YNode = Node | null | undefined;

/** The text a node covers; a block map or list ends at its last item, not at the next line. */
export function spanOf(node: YNode): Span {
  const range = node?.range;
  if (!range) return { start: 0, end: 0 };
  if ((isMap(node) || isSeq(node)) && !node.flow && node.items.length > 0) {
    const last = node.items[node.items.length - 1];
    const lastNode = (isPair(last) ? (last.value ?? last.key) : last) as YNode;
    const end = spanOf(lastNode).end;
    if (end > range[0]) return { start: range[0], end };
  }
  return { start: range[0], end: range[1] };
}

export function pairsOf(node: YNode): Pair<unknown, unknown>[] {
  return isMap(node) ? node.items.filter((p) => isPair(p)) : [];
}

export function keyText(pair: Pair<unknown, unknown>): string | undefined {
  const key = pair.key;
  return isScalar(key) && (typeof key.value === 'string' || typeof key.value === 'number') ? String(key.value) : undefined;
}

/** Maps with at least this many pairs get an index of their keys for findPair. */
const INDEX_FROM = 32;
/** Key text -> first pair with it, per map; a map whose length changed is indexed again. */
const keyIndex = new WeakMap<YAMLMap, { readonly length: number; readonly byKey: ReadonlyMap<string, Pair<unknown, unknown>> }>();

/**
 * The first pair whose key has this text. Parsed documents are never changed in place, so a large
 * map's keys are indexed on the first lookup: a scan per lookup made 10,000 unknown keys in one map
 * (10,000 schema findings, each locating its key) take seconds.
 */
export function findPair(node: YNode, key: string): Pair<unknown, unknown> | undefined {
  if (!isMap(node)) return undefined;
  if (node.items.length < INDEX_FROM) return pairsOf(node).find((p) => keyText(p) === key);
  let index = keyIndex.get(node);
  if (index?.length !== node.items.length) {
    const byKey = new Map<string, Pair<unknown, unknown>>();
    for (const pair of pairsOf(node)) {
      const text = keyText(pair);
      if (text !== undefined && !byKey.has(text)) byKey.set(text, pair);
    }
    index = { length: node.items.length, byKey };
    keyIndex.set(node, index);
  }
  return index.byKey.get(key);
}

export function get(node: YNode, key: string): YNode {
  return findPair(node, key)?.value as YNode;
}

const NO_ITEMS: readonly YNode[] = [];

/** A list's items, not copied: `itemsOf(list)[i]` is O(1) (the schema check locates each error in a list this way). */
export function itemsOf(node: YNode): readonly YNode[] {
  return isSeq(node) ? (node.items as readonly YNode[]) : NO_ITEMS;
}

export function stringValue(node: YNode): string | undefined {
  return isScalar(node) && typeof node.value === 'string' ? node.value : undefined;
}

/** A scalar's value as text (numbers and booleans too), e.g. for names written unquoted. */
export function scalarText(node: YNode): string | undefined {
  if (!isScalar(node)) return undefined;
  const v = node.value;
  return typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? String(v) : undefined;
}

export function keySpan(pair: Pair<unknown, unknown>): Span {
  return spanOf(pair.key as YNode);
}

export { isMap, isSeq, isScalar };
