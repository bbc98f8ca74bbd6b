import type { Span } from '../diagnostics';
import type { PathSegment } from './locate';

/** A list item in a path (the first; parentPath counts the items before it). */
export const ITEM = 0;

/**
 * Where the cursor is in a YAML file that is being typed (so it may not parse): found from the
 * text's indentation, the way block YAML nests.
 */
export interface CursorContext {
  /** `key`: a key of the map at `path`; `value`: the value of `key` in the map at `path`; `item`: an item of the list at `path`. */
  readonly position: 'key' | 'value' | 'item';
  readonly path: PathSegment[];
  readonly key?: string;
  /** The text a completion replaces (the word around the cursor). */
  readonly word: Span;
  /** True on a fresh list item (`- |`): the item may be a scalar as well as a map. */
  readonly newItem: boolean;
  /** The other keys of the same map, with their scalar values ('' when not scalar). */
  readonly siblings: ReadonlyMap<string, string>;
  /** After `!include `: the folder part of the path typed so far. */
  readonly includeDir?: string;
}

interface Line {
  readonly dashes: number[];
  readonly contentCol: number;
  readonly content: string;
  readonly blank: boolean;
}

const KEY_VALUE = /^("[^"]*"|'[^']*'|[^\s#'"{[\]},:][^#]*?)\s*:(?:\s+(.*))?$/;
const WORD = /[\w\-./@$]/;

function parseLine(raw: string): Line {
  const dashes: number[] = [];
  let i = 0;
  for (;;) {
    while (raw[i] === ' ') i++;
    if (raw[i] === '-' && (raw[i + 1] === ' ' || i + 1 === raw.length)) {
      dashes.push(i);
      i++;
    } else break;
  }
  const content = raw.slice(i).replace(/\s+#.*$/, '');
  return { dashes, contentCol: i, content, blank: content.trim() === '' || content.startsWith('#') };
}

function keyValue(content: string): { key: string; value: string } | undefined {
  const m = KEY_VALUE.exec(content.trimEnd());
  return m ? { key: m[1]!.replace(/^["']|["']$/g, ''), value: (m[2] ?? '').trim() } : undefined;
}

export function cursorContext(text: string, offset: number): CursorContext | undefined {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  const before = text.slice(lineStart, offset);
  if (/(^|\s)#/.test(before)) return undefined;
  let end = offset;
  while (end < text.length && WORD.test(text[end]!)) end++;
  const lines = text.slice(0, lineStart).split('\n');
  lines.pop();
  const include = /!include\s+([^"'\s]*)$/.exec(before);
  if (include) {
    const partial = include[1]!;
    const dir = partial.slice(0, partial.lastIndexOf('/') + 1);
    return { position: 'value', path: [], word: { start: offset - partial.length + dir.length, end }, newItem: false, siblings: new Map(), includeDir: dir };
  }
  const line = parseLine(before);
  const path = parentPath(lines, line.dashes[0] ?? line.contentCol, line.dashes.length);
  if (!path) return undefined;
  const siblings = siblingKeys(text, lines, line, offset);
  const kv = keyValue(line.content);
  if (kv) return valueContext(kv, path, offset, end, siblings);
  if (line.content.includes(':')) return undefined;
  const word = line.content.replace(/^["']/, '');
  return { position: 'key', path, word: { start: offset - word.length, end }, newItem: line.dashes.length > 0, siblings };
}

function valueContext(
  kv: { key: string; value: string },
  path: PathSegment[],
  offset: number,
  end: number,
  siblings: ReadonlyMap<string, string>,
): CursorContext | undefined {
  if (kv.value.startsWith('[')) {
    const partial = kv.value
      .slice(Math.max(kv.value.lastIndexOf(','), kv.value.lastIndexOf('[')) + 1)
      .trimStart()
      .replace(/^["']/, '');
    return { position: 'item', path: [...path, kv.key], word: { start: offset - partial.length, end }, newItem: false, siblings };
  }
  if (/^[{|>&*!]/.test(kv.value)) return undefined;
  const partial = kv.value.replace(/^["']/, '');
  return { position: 'value', path, key: kv.key, word: { start: offset - partial.length, end }, newItem: false, siblings };
}

/**
 * The keys and list items that enclose a line whose content starts at column `target`, before the
 * line's own list items (`own`). Items are counted, so `path` has real indexes. A list may sit at its
 * key's own column (`key:` then `- item`), so the owner of a list item may be at `target`.
 */
function parentPath(lines: readonly string[], target: number, own: number): PathSegment[] | undefined {
  const path: PathSegment[] = Array.from({ length: own }, () => ITEM);
  let dashTarget = own > 0;
  for (let l = lines.length - 1; l >= 0 && (target > 0 || dashTarget); l--) {
    const line = parseLine(lines[l]!);
    if (line.blank && line.dashes.length === 0) continue;
    const first = line.dashes[0] ?? line.contentCol;
    const compactOwner = dashTarget && line.dashes.length === 0 && line.contentCol === target;
    if (dashTarget && first === target && line.dashes.length > 0) path[0] = (path[0] as number) + 1;
    if (first > target || (first === target && !compactOwner)) continue;
    if (line.contentCol < target || compactOwner) {
      const kv = keyValue(line.content);
      if (!kv || kv.value !== '') return undefined;
      path.unshift(kv.key);
      target = line.contentCol;
      dashTarget = false;
    }
    for (const dash of [...line.dashes].reverse()) {
      if (dash < target) {
        path.unshift(ITEM);
        target = dash;
        dashTarget = true;
      }
    }
  }
  return path;
}

/** Keys at the same column in the same map, above (up to the item's start) and below the cursor. */
function siblingKeys(text: string, above: readonly string[], current: Line, offset: number): Map<string, string> {
  const col = current.contentCol;
  const out = new Map<string, string>();
  const add = (line: Line): void => {
    const kv = keyValue(line.content);
    if (kv) out.set(kv.key, kv.value.replace(/^["']|["']$/g, ''));
  };
  if (current.dashes.length === 0) {
    for (let l = above.length - 1; l >= 0; l--) {
      const line = parseLine(above[l]!);
      if (line.blank) continue;
      if (line.contentCol === col) add(line);
      if ((line.dashes[0] ?? line.contentCol) < col) break;
    }
  }
  const below = text.slice(text.indexOf('\n', offset) + 1 || text.length).split('\n');
  for (const raw of text.indexOf('\n', offset) < 0 ? [] : below) {
    const line = parseLine(raw);
    if (line.blank) continue;
    const first = line.dashes[0] ?? line.contentCol;
    if (first < col) break;
    if (first === col) add(line);
  }
  return out;
}
