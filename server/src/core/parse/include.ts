import { isScalar } from 'yaml';
import type { Node, Scalar } from 'yaml';
import type { Span } from '../diagnostics';
import { dirname, resolve } from '../util/paths';

export const INCLUDE_TAG = '!include';

/** One `!include` in a file: the node, the path as written, and where that path text is. */
export interface IncludeRef {
  readonly node: Scalar;
  /** The path as written after `!include`. */
  readonly raw: string;
  /** The absolute, normalized target path. */
  readonly target: string;
  /** The span of the path text inside the file (inside the quotes for the string form). */
  readonly span: Span;
  readonly form: 'tag' | 'string';
  /** Keys and indexes from the file's root to the include node. */
  readonly path: readonly (string | number)[];
}

/** The string form: `"!include path"`. */
const STRING_FORM = /^\s*!include\s+(.*)$/s;

/** Whether a scalar with this tag and value is an include (includeOf gives its reference when it is). */
export function isIncludeScalar(tag: string | undefined, value: unknown): boolean {
  return tag === INCLUDE_TAG || (typeof value === 'string' && STRING_FORM.test(value));
}

/**
 * Recognizes both forms the engine's CLI accepts: the YAML tag (`!include path`) and a string whose
 * value starts with `!include ` (the form the CLI writes: `"!include default/tables/tables.yaml"`).
 */
export function includeOf(node: Node | null | undefined, filePath: string, text: string, path: readonly (string | number)[] = []): IncludeRef | undefined {
  if (!isScalar(node)) return undefined;
  if (node.tag === INCLUDE_TAG) {
    const raw = typeof node.value === 'string' ? node.value.trim() : '';
    return refOf(node, raw, 'tag', filePath, text, path);
  }
  if (typeof node.value !== 'string') return undefined;
  const match = STRING_FORM.exec(node.value);
  return match ? refOf(node, trimQuotes(match[1]!.trim()), 'string', filePath, text, path) : undefined;
}

function refOf(
  node: Scalar,
  raw: string,
  form: IncludeRef['form'],
  filePath: string,
  text: string,
  path: readonly (string | number)[],
): IncludeRef | undefined {
  const range = node.range;
  if (!range) return undefined;
  return { node, raw, target: resolve(dirname(filePath), raw), span: spanOfText(text, range[0], range[1], raw), form, path: [...path] };
}

/** Drops quote characters at both ends (a loop: the regex `["']+$` is quadratic on long runs of quotes). */
function trimQuotes(s: string): string {
  const isQuote = (i: number): boolean => s[i] === '"' || s[i] === "'";
  let start = 0;
  let end = s.length;
  while (start < end && isQuote(start)) start++;
  while (end > start && isQuote(end - 1)) end--;
  return s.slice(start, end);
}

/**
 * The span of `needle` inside text[start, end), or the whole node when escapes hide it. The path
 * normally ends the node's text (before a closing quote): that is checked without a search, and the
 * search for any other place is bounded (String#lastIndexOf is quadratic on long repetitive text).
 */
function spanOfText(text: string, start: number, end: number, needle: string): Span {
  if (needle === '') return { start, end };
  let last = end;
  while (last > start && /[\s"']/.test(text[last - 1]!)) last--;
  for (const at of [end - needle.length, last - needle.length]) if (at >= start && text.startsWith(needle, at)) return { start: at, end: at + needle.length };
  const at = needle.length <= 256 && end - start <= 65_536 ? text.slice(start, end).lastIndexOf(needle) : -1;
  return at < 0 ? { start, end } : { start: start + at, end: start + at + needle.length };
}
