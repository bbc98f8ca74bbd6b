import { isSeq, stringify } from 'yaml';
import type { Pair, YAMLMap, YAMLSeq } from 'yaml';
import type { Span } from '../diagnostics';
import { pairRemoval } from '../features/codeActions/yamlEdits';
import { columnOf, lineStart, nextLineStart } from '../features/text';
import { keyText, spanOf } from '../parse/ast';
import type { YNode } from '../parse/ast';
import type { TextEdit } from './types';

/**
 * Text edits on YAML files that keep everything else as written: spans come from the AST, new
 * items take their siblings' indentation, and new text is rendered block style (YAML 1.1-safe
 * quoting, so `yes`/`off` stay strings for every reader).
 */

export interface YamlText {
  readonly path: string;
  readonly text: string;
}

/** A value as block YAML lines (no trailing newline), each prefixed with `indent`. */
function renderLines(value: unknown, indent: string): string[] {
  const text = stringify(value, { version: '1.1', indent: 2, lineWidth: 0, minContentWidth: 0 }).replace(/\n$/, '');
  return text.split('\n').map((line) => (line === '' ? line : indent + line));
}

/** `key: value` lines at `indent`: scalars (block scalars too) and empty collections on the key's line, else a nested block. */
function renderPair(key: string, value: unknown, indent: string): string[] {
  return renderLines({ [key]: value }, indent);
}

/** A list item `- ...` at `indent` (the column of its dash), continuation lines two further in. */
export function renderItem(value: unknown, indent: string): string[] {
  const lines = renderLines(value, '');
  return lines.map((line, i) => (i === 0 ? `${indent}- ${line}` : line === '' ? line : `${indent}  ${line}`));
}

export function joinLines(lines: readonly string[]): string {
  return lines.map((l) => `${l}\n`).join('');
}

export function spaces(n: number): string {
  return ' '.repeat(n);
}

/** The column of the `-` of a block list item. */
function dashColumn(text: string, item: YNode): number {
  const start = spanOf(item).start;
  const dash = text.lastIndexOf('-', start - 1);
  return columnOf(text, dash < 0 ? start : dash);
}

/** The column of a map's keys (its first pair). */
export function keyColumn(text: string, map: YAMLMap<unknown, unknown>): number {
  const first = map.items[0];
  return first ? columnOf(text, spanOf(first.key as YNode).start) : 0;
}

/** Where a new line may be inserted after `node`: the start of the line after its end. */
function after(text: string, node: YNode): number {
  return nextLineStart(text, spanOf(node).end);
}

function insertAt(file: YamlText, at: number, lines: readonly string[]): TextEdit {
  const lead = at === file.text.length && file.text !== '' && !file.text.endsWith('\n') ? '\n' : '';
  return { file: file.path, span: { start: at, end: at }, newText: lead + joinLines(lines) };
}

/**
 * Appends `value` to a list: after the last item of a block list (same dash column), or by
 * turning an empty/flow list into a block list. `fallbackIndent`: dash column for an empty list.
 */
export function appendItem(file: YamlText, seq: YAMLSeq<unknown>, value: unknown, fallbackIndent: number): TextEdit {
  const items = seq.items as YNode[];
  const last = items[items.length - 1];
  if (!seq.flow && last) return insertAt(file, after(file.text, last), renderItem(value, spaces(dashColumn(file.text, items[0]))));
  const values = [...seq.toJSON(), value];
  return replaceCollection(file, seq, values, fallbackIndent);
}

/** Replaces a (flow or empty) collection node with a block rendering of `values` at `indent`. */
function replaceCollection(file: YamlText, node: YNode, values: unknown[], indent: number): TextEdit {
  const span = spanOf(node);
  const body = values.flatMap((v) => renderItem(v, spaces(indent))).join('\n');
  if (lineStart(file.text, span.start) === span.start) return { file: file.path, span, newText: body };
  let start = span.start;
  while (file.text[start - 1] === ' ') start--;
  return { file: file.path, span: { start, end: span.end }, newText: `\n${body}` };
}

/** The text to delete to remove `item` from a list: its whole lines in a block list, item and comma in a flow list. */
function itemRemoval(text: string, seq: YAMLSeq<unknown>, item: YNode): Span {
  const items = seq.items as YNode[];
  const i = items.indexOf(item);
  const span = spanOf(item);
  if (seq.flow) {
    const next = items[i + 1];
    if (next) return { start: span.start, end: spanOf(next).start };
    const prev = items[i - 1];
    return prev ? { start: spanOf(prev).end, end: span.end } : span;
  }
  const dash = text.lastIndexOf('-', span.start - 1);
  const from = lineStart(text, dash);
  if (/^\s*$/.test(text.slice(from, dash))) return { start: from, end: nextLineStart(text, span.end) };
  return { start: dash, end: span.end };
}

/**
 * Removes `remove` from the list `seq` held by `pair` of `map`. When nothing would be left, the
 * whole pair goes (the CLI writes no empty lists).
 */
export function removeItemsOrPair(file: YamlText, map: YAMLMap<unknown, unknown>, pair: Pair<unknown, unknown>, remove: readonly YNode[]): TextEdit[] {
  const seq = pair.value;
  if (!isSeq(seq)) return [];
  if (seq.items.every((item) => remove.includes(item as YNode))) return [{ file: file.path, span: pairRemoval(file.text, map, pair), newText: '' }];
  return removeItems(file, seq, remove);
}

/** Removes items of a list (never all of a top-level list: see {@link removeTopItems}). */
function removeItems(file: YamlText, seq: YAMLSeq<unknown>, remove: readonly YNode[]): TextEdit[] {
  return remove.map((item) => ({ file: file.path, span: itemRemoval(file.text, seq, item), newText: '' }));
}

/** Removes items of a file's top-level list; when none would be left, the file becomes `[]`. */
export function removeTopItems(file: YamlText, seq: YAMLSeq<unknown>, remove: readonly YNode[]): TextEdit[] {
  if (seq.items.every((item) => remove.includes(item as YNode))) {
    const span = spanOf(seq);
    return [{ file: file.path, span: { start: span.start, end: nextLineStart(file.text, span.end) }, newText: '[]\n' }];
  }
  return removeItems(file, seq, remove);
}

/**
 * Inserts `key: value` into a block map: before the first key that `order` puts after it, else
 * after the last pair. Keys `order` does not know sort last.
 */
export function insertPair(file: YamlText, map: YAMLMap<unknown, unknown>, key: string, value: unknown, order: readonly string[] = []): TextEdit | undefined {
  if (map.flow) return undefined;
  const indent = spaces(keyColumn(file.text, map));
  const lines = renderPair(key, value, indent);
  const rank = (k: string | undefined): number => {
    const i = k === undefined ? -1 : order.indexOf(k);
    return i < 0 ? order.length : i;
  };
  const before = order.includes(key) ? map.items.find((p) => rank(keyText(p)) > rank(key)) : undefined;
  if (before) return insertAt(file, lineStart(file.text, spanOf(before.key as YNode).start), lines);
  const last = map.items[map.items.length - 1];
  if (!last) return undefined;
  return insertAt(file, after(file.text, (last.value ?? last.key) as YNode), lines);
}

/**
 * Replaces the value of `pair` with `value` rendered as a nested block (or inline when small). A
 * comment after the old value moves to the key's line when the new value spans lines.
 */
export function replacePairValue(file: YamlText, map: YAMLMap<unknown, unknown>, pair: Pair<unknown, unknown>, value: unknown): TextEdit {
  const key = spanOf(pair.key as YNode);
  const end = pair.value ? spanOf(pair.value as YNode).end : key.end;
  const lines = renderPair(keyText(pair) ?? '', value, spaces(keyColumn(file.text, map)));
  const comment = /^[ \t]+#[^\n]*/.exec(file.text.slice(end))?.[0];
  if (comment === undefined || lines.length === 1) return { file: file.path, span: { start: key.start, end }, newText: lines.join('\n').trimStart() };
  const [first, ...rest] = lines;
  return { file: file.path, span: { start: key.start, end: end + comment.length }, newText: [`${first!}${comment}`, ...rest].join('\n').trimStart() };
}

export { pairRemoval };
