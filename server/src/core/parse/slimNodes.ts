import { Alias, Scalar, YAMLMap, YAMLSeq } from 'yaml';
import type { Range } from 'yaml';

/**
 * Memory of the yaml AST, which the checker keeps for every file (about 18 times the text: 97 kB
 * for a 5 kB table file, most of a 10,000-table project's heap). Two measures, together with the
 * exactly sized item arrays of finish.ts, bring that to about 51 kB:
 *
 * - A node's `range` is kept as three small-integer fields instead of an array (an array and its
 *   backing store cost about 50 bytes per node). `node.range` still reads and writes a
 *   `[start, valueEnd, nodeEnd]` array; reading makes a fresh one. yaml writes into a range in one
 *   place: an empty value followed by a comment gets the comment's end as nodeEnd
 *   (`node.range[2] = end`), which its parent's range is then built from. An empty node therefore
 *   keeps its array (rare: `key:` with nothing after it), so that write works as in yaml.
 * - Short scalar strings (keys, role and column names) are shared between nodes and files.
 *
 * Installed once per process, when the parse layer is loaded, on the yaml package's node classes.
 */
function installSlimRanges(): void {
  for (const type of [Scalar, YAMLMap, YAMLSeq, Alias]) {
    const proto = type.prototype as object;
    if (Object.prototype.hasOwnProperty.call(proto, 'range')) continue;
    Object.defineProperty(proto, 'range', { configurable: true, enumerable: false, get: getRange, set: setRange });
  }
}

interface Packed {
  rangeStart?: number;
  rangeValueEnd?: number;
  rangeEnd?: number;
}

/** The ranges of empty nodes, kept as the arrays they were given (yaml may write into them). */
const emptyRanges = new WeakMap<object, Range>();

function getRange(this: Packed): Range | undefined {
  return this.rangeStart === undefined ? emptyRanges.get(this) : [this.rangeStart, this.rangeValueEnd!, this.rangeEnd!];
}

function setRange(this: Packed, range: Range | null | undefined): void {
  const empty = range !== null && range !== undefined && range[0] === range[1];
  if (empty) emptyRanges.set(this, range);
  else emptyRanges.delete(this);
  this.rangeStart = empty ? undefined : range?.[0];
  this.rangeValueEnd = empty ? undefined : range?.[1];
  this.rangeEnd = empty ? undefined : range?.[2];
}

/**
 * Gives a node made outside the parser (parse/packed.ts) its range without making a range array:
 * the same fields `node.range = [start, valueEnd, end]` sets.
 */
export function setFreshRange(node: object, start: number, valueEnd: number, end: number): void {
  if (start === valueEnd) {
    (node as { range: Range }).range = [start, valueEnd, end];
    return;
  }
  const packed = node as Packed;
  packed.rangeStart = start;
  packed.rangeValueEnd = valueEnd;
  packed.rangeEnd = end;
}

/** Strings up to this length are shared (longer ones are rarely repeated: descriptions, queries). */
export const SHARE_UP_TO = 64;
/** Forgotten when it holds this many (a long-lived language server sees ever new names). */
const TABLE_LIMIT = 200_000;
let table = new Map<string, string>();

/** The one copy of `s` every node shares (for short strings). */
export function interned(s: string): string {
  if (s.length > SHARE_UP_TO) return s;
  const known = table.get(s);
  if (known !== undefined) return known;
  if (table.size >= TABLE_LIMIT) table = new Map();
  const own = detached(s);
  table.set(own, own);
  return own;
}

/** Strings this long or longer can be slices that keep the whole text they were cut from (V8's SlicedString). */
const SLICE_FROM = 13;

/**
 * `s` without a hold on the text it was cut from: a value sliced out of a file keeps all of that
 * file's text alive, and the table outlives the file's versions (a long-lived server would keep
 * every version of an edited file). Concatenating makes a new string, which slicing flattens.
 */
function detached(s: string): string {
  return s.length < SLICE_FROM ? s : ` ${s}`.slice(1);
}

installSlimRanges();
