import { Document, isMap, isScalar, isSeq, Pair, Scalar, YAMLMap, YAMLSeq } from 'yaml';
import type { Node, Range } from 'yaml';
import { keyText } from './ast';
import type { YNode } from './ast';
import { includeOf, INCLUDE_TAG } from './include';
import type { IncludeRef } from './include';
import { interned, setFreshRange, SHARE_UP_TO } from './slimNodes';
import type { YamlFile } from './yamlFile';

/**
 * A parsed file as numbers, to send it from a worker thread to the thread that checks: an Int32Array
 * (transferred, not copied) and a table of short strings shared by the files of one message (each
 * key and name once). Rebuilding the nodes costs a fraction of parsing: no lexer, no CST, no
 * intermediate arrays, each shared string interned once. It keeps what compact.ts keeps (values,
 * ranges, styles, tags) and, like compact.ts, is made only for documents without errors,
 * warnings, anchors or aliases (a worker's other files are parsed again where they are checked).
 *
 * Each node, in document order: a header word (kind | scalar type << 2 | flow << 5 | tag << 6 |
 * value kind << 8 | include << 11), its range (3 words), then a scalar's value (a slice of the
 * text: offset and length; an index into `strings` or `numbers`; nothing for null and booleans;
 * then the index of a tag other than !include) or a collection's item count followed by its items
 * (a map: the key and the value of each pair).
 */
export interface PackedDoc {
  readonly ints: Int32Array;
  /** Shared by the documents of one message (the same array object). */
  readonly strings: readonly string[];
  readonly numbers: readonly number[];
}

const enum Kind {
  Empty = 0,
  Scalar = 1,
  Map = 2,
  Seq = 3,
}
const enum Value {
  Null = 0,
  True = 1,
  False = 2,
  Number = 3,
  Slice = 4,
  String = 5,
}
const enum Tag {
  None = 0,
  Include = 1,
  Other = 2,
}
const FLOW = 1 << 5;
const INCLUDE = 1 << 11;

const TYPES = [undefined, Scalar.PLAIN, Scalar.QUOTE_DOUBLE, Scalar.QUOTE_SINGLE, Scalar.BLOCK_LITERAL, Scalar.BLOCK_FOLDED] as const;
const TYPE_CODES = new Map<string | undefined, number>(TYPES.map((t, i) => [t, i]));

/** Thrown while packing a node the format does not hold (the file is then parsed where it is checked). */
export class NotPackable extends Error {}

/** What the packed form keeps of a scalar. */
export interface ScalarFacts {
  readonly type?: Scalar['type'];
  readonly tag?: string | undefined;
  readonly value: unknown;
}

/** Packs the documents of one message: their short strings go to one table. */
export class DocumentPacker {
  private readonly strings: string[] = [];
  private readonly numbers: number[] = [];
  private readonly stringIndex = new Map<string, number>();

  /** The packed form of a parsed file, or undefined when it has syntax findings, anchors, aliases or non-JSON values. */
  pack(file: YamlFile): PackedDoc | undefined {
    const { doc, text } = file;
    if (file.syntax.length > 0 || doc.errors.length > 0 || doc.warnings.length > 0) return undefined;
    const ints: number[] = [];
    const includes = new Set<unknown>(file.includes.map((ref) => ref.node));
    try {
      this.node(doc.contents, ints, text, includes);
    } catch (error) {
      if (error instanceof NotPackable) return undefined;
      throw error;
    }
    return this.finish(ints);
  }

  /** The packed document of `ints` (the words of one document), with this packer's tables. */
  finish(ints: readonly number[]): PackedDoc {
    return { ints: Int32Array.from(ints), strings: this.strings, numbers: this.numbers };
  }

  /** Appends the words of an empty document. */
  emptyWords(ints: number[]): void {
    ints.push(Kind.Empty);
  }

  /** Appends a collection's head with its range and count left open (closeCollection fills them in); returns where it is. */
  openCollection(ints: number[], map: boolean, flow: boolean): number {
    const at = ints.length;
    ints.push((map ? Kind.Map : Kind.Seq) | (flow ? FLOW : 0), 0, 0, 0, 0);
    return at;
  }

  /** Fills in the range and item count of the collection opened at `at`. */
  closeCollection(ints: number[], at: number, start: number, valueEnd: number, end: number, count: number): void {
    ints[at + 1] = start;
    ints[at + 2] = valueEnd;
    ints[at + 3] = end;
    ints[at + 4] = count;
  }

  private node(node: YNode, ints: number[], text: string, includes: ReadonlySet<unknown>): void {
    if (node === null || node === undefined) {
      ints.push(Kind.Empty);
      return;
    }
    if ('anchor' in node && node.anchor !== undefined) throw new NotPackable();
    const range = node.range;
    if (!range) throw new NotPackable();
    if (isScalar(node)) return this.scalar(node, range, ints, text, includes.has(node));
    if (isMap(node)) {
      ints.push(Kind.Map | (node.flow === true ? FLOW : 0), range[0], range[1], range[2], node.items.length);
      for (const pair of node.items) {
        this.node(pair.key as YNode, ints, text, includes);
        this.node(pair.value as YNode, ints, text, includes);
      }
    } else if (isSeq(node)) {
      ints.push(Kind.Seq | (node.flow === true ? FLOW : 0), range[0], range[1], range[2], node.items.length);
      for (const item of node.items) this.node(item as YNode, ints, text, includes);
    } else throw new NotPackable();
  }

  private scalar(node: Scalar, range: Range, ints: number[], text: string, include: boolean): void {
    this.scalarWords(ints, node, include, range[0], range[1], range[2], text);
  }

  /**
   * Appends the words of a scalar with the range [start, valueEnd, end] in `text`; `include`:
   * whether it is an `!include` (either form) where includes count (not inside a key). Throws
   * NotPackable for a value or style the format does not hold.
   */
  scalarWords(ints: number[], scalar: ScalarFacts, include: boolean, start: number, valueEnd: number, end: number, text: string): void {
    const type = TYPE_CODES.get(scalar.type);
    if (type === undefined) throw new NotPackable();
    const tag = scalar.tag === undefined ? Tag.None : scalar.tag === INCLUDE_TAG ? Tag.Include : Tag.Other;
    const head = Kind.Scalar | (type << 2) | (tag << 6) | (include ? INCLUDE : 0);
    const value = scalar.value;
    if (value === null) ints.push(head | (Value.Null << 8), start, valueEnd, end);
    else if (value === true || value === false) ints.push(head | ((value ? Value.True : Value.False) << 8), start, valueEnd, end);
    else if (typeof value === 'number' && Number.isFinite(value) && !Object.is(value, -0))
      ints.push(head | (Value.Number << 8), start, valueEnd, end, this.numbers.push(value) - 1);
    else if (typeof value !== 'string') throw new NotPackable();
    else {
      const at = value.length > SHARE_UP_TO ? sliceAt(text, value, start, scalar.type) : undefined;
      if (at === undefined) ints.push(head | (Value.String << 8), start, valueEnd, end, this.string(value));
      else ints.push(head | (Value.Slice << 8), start, valueEnd, end, at, value.length);
    }
    if (tag === Tag.Other) ints.push(this.string(scalar.tag!));
  }

  private string(s: string): number {
    let index = this.stringIndex.get(s);
    if (index === undefined) this.stringIndex.set(s, (index = this.strings.push(s) - 1));
    return index;
  }
}

/** Where the text holds a long value as written (plain, or quoted without escapes), else undefined. */
function sliceAt(text: string, value: string, start: number, type: Scalar['type']): number | undefined {
  const at = type === Scalar.QUOTE_DOUBLE || type === Scalar.QUOTE_SINGLE ? start + 1 : start;
  return text.startsWith(value, at) ? at : undefined;
}

/** Each message's string table, interned once. */
const internedTables = new WeakMap<readonly string[], readonly string[]>();

function internedTable(strings: readonly string[]): readonly string[] {
  let table = internedTables.get(strings);
  if (!table) internedTables.set(strings, (table = strings.map((s) => (typeof s === 'string' ? interned(s) : s))));
  return table;
}

/**
 * The file `packed` describes (as composeYamlFile would give it: the same values, ranges, styles,
 * tags and includes), or undefined when it does not fit `text` (then the caller parses).
 * `intern`: share the strings with other files (false in the thread that packed it: its table is
 * still growing there, and each of its strings is already there once).
 */
export function unpackYamlFile(path: string, text: string, packed: PackedDoc, intern = true): YamlFile | undefined {
  const reader = new Reader(packed, intern ? internedTable(packed.strings) : packed.strings, path, text);
  try {
    const contents = reader.node();
    if (reader.at !== packed.ints.length) return undefined;
    const doc = new Document() as Document.Parsed;
    doc.contents = contents as Document.Parsed['contents'];
    doc.range = [0, text.length, text.length];
    const includes = reader.includes;
    return { path, text, doc, syntax: [], includes, includeAt: new Map(includes.map((ref) => [ref.node, ref])) };
  } catch (error) {
    if (error instanceof NotPackable) return undefined;
    throw error;
  }
}

class Reader {
  at = 0;
  readonly includes: IncludeRef[] = [];
  /** Keys and indexes from the root to the node being read (an include's path). */
  private readonly keys: (string | number)[] = [];
  private readonly ints: Int32Array;

  constructor(
    private readonly packed: PackedDoc,
    private readonly strings: readonly string[],
    private readonly path: string,
    private readonly text: string,
  ) {
    this.ints = packed.ints;
  }

  private next(): number {
    if (this.at >= this.ints.length) throw new NotPackable();
    return this.ints[this.at++]!;
  }

  node(): YNode {
    const head = this.next();
    const kind = (head & 3) as Kind;
    if (kind === Kind.Empty) return null;
    const at = this.at;
    if (kind === Kind.Scalar) {
      const scalar = this.range(this.scalar(head, at + 3), at);
      if (head & INCLUDE) this.include(scalar);
      return scalar;
    }
    this.at += 3;
    const count = this.next();
    if (count < 0 || count > this.ints.length) throw new NotPackable();
    return this.range(kind === Kind.Map ? this.map(head, count) : this.seq(head, count), at);
  }

  private map(head: number, count: number): YAMLMap {
    const node = new YAMLMap();
    if (head & FLOW) node.flow = true;
    const items = new Array<Pair>(count);
    for (let i = 0; i < count; i++) {
      const key = this.node();
      const pair = new Pair(key);
      this.keys.push(keyText(pair) ?? '?');
      pair.value = this.node();
      this.keys.pop();
      items[i] = pair;
    }
    node.items = items;
    return node;
  }

  private seq(head: number, count: number): YAMLSeq {
    const node = new YAMLSeq();
    if (head & FLOW) node.flow = true;
    const items = new Array<unknown>(count);
    for (let i = 0; i < count; i++) {
      this.keys.push(i);
      items[i] = this.node();
      this.keys.pop();
    }
    node.items = items;
    return node;
  }

  /** Gives `node` the range at `at` (start, value end, end). */
  private range<T extends Node>(node: T, at: number): T {
    if (at + 3 > this.ints.length) throw new NotPackable();
    const start = this.ints[at]!;
    const valueEnd = this.ints[at + 1]!;
    const end = this.ints[at + 2]!;
    if (start < 0 || valueEnd < start || end < valueEnd || end > this.text.length) throw new NotPackable();
    setFreshRange(node, start, valueEnd, end);
    return node;
  }

  /** A scalar whose range is at `this.at` (read by the caller); its value follows at `payload`. */
  private scalar(head: number, payload: number): Scalar {
    if (payload > this.ints.length) throw new NotPackable();
    this.at = payload;
    const scalar = new Scalar(this.value((head >> 8) & 7));
    const type = TYPES[(head >> 2) & 7];
    if (type !== undefined) scalar.type = type;
    const tag = ((head >> 6) & 3) as Tag;
    if (tag === Tag.Include) scalar.tag = INCLUDE_TAG;
    else if (tag === Tag.Other) scalar.tag = this.string(this.next());
    return scalar;
  }

  private include(scalar: Scalar): void {
    const ref = includeOf(scalar, this.path, this.text, this.keys);
    if (!ref) throw new NotPackable();
    this.includes.push(ref);
  }

  private value(kind: number): unknown {
    switch (kind as Value) {
      case Value.Null:
        return null;
      case Value.True:
        return true;
      case Value.False:
        return false;
      case Value.Number: {
        const n = this.packed.numbers[this.next()];
        if (typeof n !== 'number') throw new NotPackable();
        return n;
      }
      case Value.Slice: {
        const start = this.next();
        const length = this.next();
        if (start < 0 || length < 0 || start + length > this.text.length) throw new NotPackable();
        return this.text.slice(start, start + length);
      }
      case Value.String:
        return this.string(this.next());
      default:
        throw new NotPackable();
    }
  }

  private string(index: number): string {
    const s = this.strings[index];
    if (typeof s !== 'string') throw new NotPackable();
    return s;
  }
}
