import type { Pair, YAMLMap } from 'yaml';
import type { Span } from '../../diagnostics';
import { spanOf } from '../../parse/ast';
import type { YNode } from '../../parse/ast';
import { lineStart, nextLineStart } from '../text';

/** The text to delete to remove `pair` from `map`: whole lines in a block map, the entry and its comma in a flow map. */
export function pairRemoval(text: string, map: YAMLMap<unknown, unknown>, pair: Pair<unknown, unknown>): Span {
  const items = map.items;
  const i = items.indexOf(pair);
  const key = spanOf(pair.key as YNode);
  const end = pair.value ? spanOf(pair.value as YNode).end : key.end;
  const next = items[i + 1];
  const nextKey = next ? spanOf(next.key as YNode).start : undefined;
  if (map.flow) {
    if (nextKey !== undefined) return { start: key.start, end: nextKey };
    const prev = items[i - 1];
    return prev ? { start: spanOf((prev.value ?? prev.key) as YNode).end, end } : { start: key.start, end };
  }
  const from = lineStart(text, key.start);
  if (/^\s*$/.test(text.slice(from, key.start))) return { start: from, end: nextLineStart(text, end) };
  return { start: key.start, end: nextKey ?? end };
}

/** The indentation (spaces) of the line that holds `offset`. */
export function indentAt(text: string, offset: number): string {
  const from = lineStart(text, offset);
  return /^ */.exec(text.slice(from))![0];
}
