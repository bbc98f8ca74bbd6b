import { Scalar } from 'yaml';
import { MAX_TOKENS } from '../bounded';
import { isIncludeScalar } from '../include';
import { NotPackable } from '../packed';
import type { DocumentPacker, PackedDoc, ScalarFacts } from '../packed';
import { readBlockScalar } from './block';
import { isBreak, ScalarReader, skipSpaces } from './scalar';
import type { Token } from './scalar';

/**
 * The packed form of a YAML text (core/parse/packed.ts), read straight from the text for the plain
 * block style nearly every metadata file is written in: block mappings and sequences, one-line
 * scalars, block scalars in their common forms (quick/block.ts), `!include`, `[]` and `{}`, comments
 * and blank lines. For such a text it is exactly what `DocumentPacker.pack(composeYamlFile(text))`
 * gives (the same words, in the same order) at a fraction of the cost: no lexer tokens, no CST, no
 * Document. Anything else (flow collections with items, multi-line flow scalars, anchors, aliases,
 * other tags, explicit keys, document markers, tabs, CR line ends, duplicate keys, any syntax error,
 * a comment placed where yaml attaches it to a node's range) gives undefined, and the caller parses
 * the text with yaml.
 *
 * What it must match is yaml's own reading; tests compare it with yaml's on every file of the
 * corpus and on generated variations (test/unit/core/quickPack.test.ts).
 */
export function quickPack(text: string, packer: DocumentPacker): PackedDoc | undefined {
  // A text long enough to reach the token limit is left to yaml, which counts (parse/bounded.ts).
  if (2 * text.length + 16 >= MAX_TOKENS || !plainCharacters(text)) return undefined;
  try {
    return packer.finish(new QuickReader(text, packer).document());
  } catch (error) {
    if (error instanceof NotPackable) return undefined;
    throw error;
  }
}

/** An empty value (`key:` and nothing after it). */
const NULL_SCALAR: ScalarFacts = { type: Scalar.PLAIN, tag: undefined, value: null };

/** Deeper than this, yaml's own parse decides (its nesting limit is parse/bounded.ts's). */
const MAX_DEPTH = 64;
/** yaml requires the `:` of an implicit key within 1024 characters of its start. */
const MAX_KEY = 1000;

/** No tab, CR, control, NEL, line or paragraph separator, byte order mark or DEL: what yaml treats apart. */
function plainCharacters(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 32 ? c !== 10 : c >= 127 && (c <= 160 || c === 0x2028 || c === 0x2029 || c === 0xfeff)) return false;
  }
  return true;
}

class QuickReader {
  private readonly ints: number[] = [];
  private readonly scalars: ScalarReader;
  /** The next content line (not blank, not a comment): where it starts and its indent; -1 at the end. */
  private line = -1;
  private indent = -1;
  /** Whether comment lines were passed on the way to `line`, and the least indent of one. */
  private commented = false;
  private shallowestComment = -1;

  constructor(
    private readonly text: string,
    private readonly packer: DocumentPacker,
  ) {
    this.scalars = new ScalarReader(text);
  }

  document(): number[] {
    this.nextLine(0);
    if (this.line < 0) this.packer.emptyWords(this.ints);
    else {
      if (this.indent !== 0) throw new NotPackable();
      this.node(this.line, 0, -1, 0);
      if (this.line >= 0) throw new NotPackable();
    }
    return this.ints;
  }

  /**
   * Moves to the first content line at or after the line starting at `from`. Comment lines on the
   * way must not be indented deeper than it (yaml would end a node's range after them).
   */
  private nextLine(from: number): void {
    const text = this.text;
    let deepestComment = -1;
    let at = from;
    this.commented = false;
    while (at < text.length) {
      const content = skipSpaces(text, at);
      const c = text.charCodeAt(content);
      if (content === at && (text.startsWith('---', at) || text.startsWith('...', at) || c === 37) /* % */) throw new NotPackable();
      if (content < text.length && c !== 10 && c !== 35 /* # */) {
        if (deepestComment > content - at) throw new NotPackable();
        this.line = at;
        this.indent = content - at;
        return;
      }
      if (c === 35) {
        deepestComment = Math.max(deepestComment, content - at);
        this.shallowestComment = this.commented ? Math.min(this.shallowestComment, content - at) : content - at;
        this.commented = true;
      }
      at = lineAfter(text, content);
    }
    if (deepestComment > 0) throw new NotPackable();
    this.line = -1;
    this.indent = -1;
  }

  /** A block node starting at `at` (column `column`) inside a collection at `parent`; returns its range's end. */
  private node(at: number, column: number, parent: number, depth: number): number {
    if (depth > MAX_DEPTH) throw new NotPackable();
    if (this.isDash(at)) return this.seq(at, column, depth);
    if (this.isBlockHeader(at)) return this.block(at, parent);
    const token = this.scalars.read(at, false);
    if (this.isColon(token.after)) return this.map(this.keyToken(at, token), column, depth);
    return this.value(token, parent);
  }

  /** Whether the line ends at `at` (a line break, the text's end, or a comment after spaces since `from`). */
  private endsLine(at: number, from: number): boolean {
    const c = this.text.charCodeAt(at);
    return at >= this.text.length || c === 10 || (c === 35 && at > from);
  }

  private isDash(at: number): boolean {
    return this.text.charCodeAt(at) === 45 && isBreak(this.text, at + 1);
  }

  /** Whether a block scalar's header (`|` or `>`) is at `at`. */
  private isBlockHeader(at: number): boolean {
    const c = this.text.charAt(at);
    return c === '|' || c === '>';
  }

  /** A block scalar whose header is at `at`, in a collection at `parent` (quick/block.ts). */
  private block(at: number, parent: number): number {
    const block = readBlockScalar(this.text, at, parent);
    this.packer.scalarWords(this.ints, block, isIncludeScalar(undefined, block.value), at, block.end, block.end, this.text);
    this.nextLine(block.end);
    if (this.line >= 0 && this.indent > parent) throw new NotPackable();
    return block.end;
  }

  private isColon(at: number): boolean {
    return this.text.charCodeAt(at) === 58 && isBreak(this.text, at + 1);
  }

  /** The key at `at`, read again as a key when it was read as a value (a plain key resolves as a key). */
  private keyToken(at: number, token: Token): Token {
    if (!isKey(token)) throw new NotPackable();
    return token.type === Scalar.PLAIN ? this.scalars.read(at, true) : token;
  }

  /**
   * The node on the next content line, the value of a key or item at `column` that has nothing after
   * its indicator. Comment lines before it must be at its indent: yaml reads a less indented one as
   * the end of the value's indentation (it then continues a plain scalar over the next item).
   */
  private nested(column: number, depth: number): number {
    if (this.commented && this.shallowestComment !== this.indent) throw new NotPackable();
    return this.node(this.line + this.indent, this.indent, column, depth + 1);
  }

  /** A block mapping whose first key is `first`, its keys at `column`. */
  private map(first: Token, column: number, depth: number): number {
    const head = this.packer.openCollection(this.ints, true, false);
    const keys = new Set<unknown>();
    let key = first;
    let count = 0;
    let end: number;
    for (;;) {
      if (keys.has(key.value)) throw new NotPackable();
      if (!Number.isNaN(key.value)) keys.add(key.value);
      this.packer.scalarWords(this.ints, key, false, key.start, key.valueEnd, key.valueEnd, this.text);
      end = this.mapValue(key.after, column, depth);
      count++;
      if (this.line < 0 || this.indent < column) break;
      const at = this.line + column;
      if (this.indent > column || this.isDash(at)) throw new NotPackable();
      key = this.scalars.read(at, true);
      if (!this.isColon(key.after) || !isKey(key)) throw new NotPackable();
    }
    this.packer.closeCollection(this.ints, head, first.start, end, end, count);
    return end;
  }

  /** The value after the `:` at `colon` of a key at `column`. */
  private mapValue(colon: number, column: number, depth: number): number {
    const text = this.text;
    const at = skipSpaces(text, colon + 1);
    if (!this.endsLine(at, colon + 1)) {
      if (this.isDash(at)) throw new NotPackable();
      if (this.isBlockHeader(at)) return this.block(at, column);
      const token = this.scalars.read(at, false);
      if (this.isColon(token.after)) throw new NotPackable();
      return this.value(token, column);
    }
    this.nextLine(lineAfter(text, at));
    if (this.line >= 0 && (this.indent > column || (this.indent === column && this.isDash(this.line + column)))) return this.nested(column, depth);
    // `key:` and nothing: null. yaml ends its range at a comment after it, or at spaces: left to yaml.
    if (at !== colon + 1 || this.commented) throw new NotPackable();
    this.packer.scalarWords(this.ints, NULL_SCALAR, false, at, at, at, text);
    return at;
  }

  /** A block sequence whose first `-` is at `start` (column `column`). */
  private seq(start: number, column: number, depth: number): number {
    const head = this.packer.openCollection(this.ints, false, false);
    const text = this.text;
    let dash = start;
    let count = 0;
    let end: number;
    for (;;) {
      const at = skipSpaces(text, dash + 1);
      if (!this.endsLine(at, dash + 1)) end = this.node(at, column + (at - dash), column, depth + 1);
      else {
        this.nextLine(lineAfter(text, at));
        if (this.line < 0 || this.indent <= column) throw new NotPackable();
        end = this.nested(column, depth);
      }
      count++;
      if (this.line < 0 || this.indent < column) break;
      if (this.indent > column) throw new NotPackable();
      dash = this.line + column;
      if (this.isDash(dash)) continue;
      // yaml reads `-x` where the next item would be as a key of the list's level: an error.
      if (text.charCodeAt(dash) === 45) throw new NotPackable();
      // A key at the list's own column (a compact list in a mapping): yaml counts comments before it in the list's range.
      if (this.commented) throw new NotPackable();
      break;
    }
    this.packer.closeCollection(this.ints, head, start, end, end, count);
    return end;
  }

  /**
   * A scalar (or `[]`, `{}`) that ends its line, in a collection at `parent`: its range runs to the
   * end of the line (spaces, a comment, the line break). The next content line must not be deeper
   * (a multi-line scalar, or an error: left to yaml).
   */
  private value(token: Token, parent: number): number {
    const text = this.text;
    if (!this.endsLine(token.after, token.valueEnd)) throw new NotPackable();
    const end = lineAfter(text, token.after);
    if (token.flow !== undefined) {
      const head = this.packer.openCollection(this.ints, token.flow === 'map', true);
      this.packer.closeCollection(this.ints, head, token.start, token.valueEnd, end, 0);
    } else {
      this.packer.scalarWords(this.ints, token, isIncludeScalar(token.tag, token.value), token.start, token.valueEnd, end, text);
    }
    this.nextLine(end);
    if (this.line >= 0 && this.indent > parent) throw new NotPackable();
    return end;
  }
}

/** Whether a token can be a key here: a scalar without a tag, not too long. */
function isKey(token: Token): boolean {
  return token.tag === undefined && token.flow === undefined && token.after - token.start <= MAX_KEY;
}

/** The start of the line after the one `at` is on (the text's length on the last line). */
function lineAfter(text: string, at: number): number {
  const newline = text.indexOf('\n', at);
  return newline < 0 ? text.length : newline + 1;
}
