import { isMap, isPair, isScalar, isSeq } from 'yaml';
import type { Document, Scalar, YAMLError } from 'yaml';
import type { Span } from '../diagnostics';
import { keyText } from './ast';
import { withoutStackTraces } from './bounded';
import { includeOf } from './include';
import type { IncludeRef } from './include';
import { DuplicateKeyError } from './mistakes/keys';
import { interned } from './slimNodes';

/**
 * The one pass over a freshly parsed document (each node once, however many things it is for):
 * - duplicate keys: yaml's `uniqueKeys` rule (two scalar keys whose values are ===) in linear time
 *   (yaml compares each key with every earlier one: a billion comparisons for a 50,000-key map),
 *   merged into `doc.errors` in document order as DUPLICATE_KEY at the later key, with the first one;
 * - the `!include`s of the document's values, in document order, with their key paths;
 * - memory: lists and maps get exactly sized item arrays and short strings are shared (see slimNodes).
 */
export function finishDocument(doc: Document.Parsed, filePath: string, text: string): IncludeRef[] {
  const includes: IncludeRef[] = [];
  const duplicates: DuplicateKeyError[] = [];
  const at: (string | number)[] = [];
  const visit = (node: unknown, value: boolean): void => {
    if (isScalar(node)) return scalar(node, value);
    if (isMap(node)) {
      node.items = node.items.slice();
      const seen = new Map<unknown, Scalar>();
      for (const pair of node.items) {
        if (!isPair(pair)) continue;
        const key = pair.key;
        const range = isScalar(key) ? key.range : undefined;
        if (isScalar(key) && range && !Number.isNaN(key.value)) {
          const first = seen.get(key.value);
          if (first) duplicates.push(duplicateOf(range, first, text));
          else seen.set(key.value, key);
        }
        visit(key, false);
        at.push(keyText(pair) ?? '?');
        visit(pair.value, value);
        at.pop();
      }
    } else if (isSeq(node)) {
      node.items = node.items.slice();
      node.items.forEach((item, i) => {
        at.push(i);
        // A pair straight inside a list (`!!pairs`, `!!omap`): its keys count for duplicates, an include there does not.
        if (isPair(item)) {
          visit(item.key, false);
          visit(item.value, false);
        } else visit(item, value);
        at.pop();
      });
    }
  };
  const scalar = (node: Scalar, value: boolean): void => {
    if (typeof node.value === 'string') {
      const shared = interned(node.value);
      if (node.source === node.value) node.source = shared;
      node.value = shared;
    }
    const ref = value ? includeOf(node, filePath, text, at) : undefined;
    if (ref) includes.push(ref);
  };
  visit(doc.contents, true);
  mergeErrors(doc, duplicates);
  return includes;
}

function duplicateOf(range: readonly number[], first: Scalar, text: string): DuplicateKeyError {
  const [start = 0, end = start] = first.range ?? [];
  // Without a stack trace: capturing one was most of the cost of a file of 100,000 duplicates.
  return withoutStackTraces(() => new DuplicateKeyError(keySpan(range[0]!, range[1]!, text), keySpan(start, end, text), text.slice(range[0], range[1])));
}

/**
 * A key's span; an empty key (`: 1`, `&a : 1`, `? `, an anchor alone at the end of the file) has no
 * text of its own, so it is the word written just before it (its anchor, tag or `?`) and the `:`
 * right after it, else one character next to it: never past the end of the file. Only that word is
 * looked at (a line of 10,000 empty keys costs each its own characters).
 */
function keySpan(start: number, end: number, text: string): Span {
  if (end > start) return { start, end };
  let from = start;
  while (from > 0 && (text[from - 1] === ' ' || text[from - 1] === '\t')) from--;
  const word = from;
  while (from > 0 && !SEPARATOR.test(text[from - 1]!)) from--;
  if (from === word) from = start;
  let to = text[start] === ':' ? start + 1 : start;
  while (to > from && /\s/.test(text[to - 1]!)) to--;
  if (to > from) return { start: from, end: to };
  return start < text.length ? { start, end: start + 1 } : { start: Math.max(0, text.length - 1), end: text.length };
}

const SEPARATOR = /[\s,[\]{}]/;

/** Adds errors found after parsing to `doc.errors`, in document order. */
export function mergeErrors(doc: Document.Parsed, found: readonly YAMLError[]): void {
  if (found.length === 0) return;
  const merged: YAMLError[] = [];
  let next = 0;
  for (const error of doc.errors) {
    while (next < found.length && found[next]!.pos[0] < error.pos[0]) merged.push(found[next++]!);
    merged.push(error);
  }
  merged.push(...found.slice(next));
  doc.errors.splice(0, doc.errors.length, ...merged);
}
