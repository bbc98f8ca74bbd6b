import { CST, isScalar, Parser } from 'yaml';
import type { Scalar } from 'yaml';
import type { Span } from '../diagnostics';
import type { YNode } from './ast';

/**
 * Where each character of a scalar's value comes from in the file, for every scalar style: plain
 * (multi-line folding), single-quoted (`''`, folding), double-quoted (escapes, escaped line breaks,
 * folding) and block scalars (`|` / `>`, indentation indicator, chomping). It re-reads the scalar the
 * way the `yaml` package does and checks the result against the node's value; when they differ
 * (`exact: false`) offsets are mapped one to one from the start of the value.
 */
export interface ScalarSourceMap {
  /** The value as re-read from the source (equal to the node's value when `exact`). */
  readonly value: string;
  readonly exact: boolean;
  /** The file offset of value offset `offset`; the value's length maps to the end of its source. */
  toFile(offset: number): number;
  /** The file span of the value characters `start`..`end` (escape sequences stay whole). */
  span(start: number, end: number): Span;
}

export function scalarSourceMap(node: YNode, text: string): ScalarSourceMap | undefined {
  if (!isScalar(node) || !node.range) return undefined;
  const [start, end] = node.range;
  const builder = new Builder();
  const contentEnd = readScalar(builder, node, text, start, end);
  const expected = (node as Scalar & { source?: unknown }).source;
  const want = typeof expected === 'string' ? expected : String(node.value);
  if (builder.value === want) return builder.done(contentEnd);
  return approximate(want, valueStart(node, text, start, end), end);
}

/** Reads the scalar into `b`; returns the file offset where its content ends. */
function readScalar(b: Builder, node: Scalar, text: string, start: number, end: number): number {
  switch (node.type) {
    case 'BLOCK_LITERAL':
    case 'BLOCK_FOLDED':
      return readBlock(b, text, start, end);
    case 'QUOTE_DOUBLE':
      readDoubleQuoted(b, text.slice(start, end), start);
      return end - 1;
    case 'QUOTE_SINGLE':
      unfold(b, text, start + 1, end - 1, true);
      return end - 1;
    default:
      unfold(b, text, start, end, false);
      return end;
  }
}

function valueStart(node: Scalar, text: string, start: number, end: number): number {
  if (node.type === 'QUOTE_DOUBLE' || node.type === 'QUOTE_SINGLE') return start + 1;
  if (node.type === 'BLOCK_LITERAL' || node.type === 'BLOCK_FOLDED') return blockContentStart(text, start, end);
  return start;
}

class Builder {
  value = '';
  private readonly from: number[] = [];
  private readonly to: number[] = [];

  /** Appends `chars`, every UTF-16 unit coming from the file span from..to. */
  push(chars: string, from: number, to: number): void {
    for (let i = 0; i < chars.length; i++) {
      this.from.push(from);
      this.to.push(to);
    }
    this.value += chars;
  }

  /** Appends text[from..to) verbatim; `base` is the file offset of `text` (when it is a slice). */
  copy(text: string, from: number, to: number, base = 0): void {
    for (let i = from; i < to; i++) this.push(text[i]!, base + i, base + i + 1);
  }

  done(contentEnd: number): ScalarSourceMap {
    const { from, to, value } = this;
    const endOffset = to.length > 0 ? to[to.length - 1]! : contentEnd;
    const toFile = (offset: number): number => (offset < from.length ? from[Math.max(0, offset)]! : endOffset);
    return {
      value,
      exact: true,
      toFile,
      span: (s, e) => (e > s && s < from.length ? { start: toFile(s), end: to[Math.min(e, to.length) - 1]! } : { start: toFile(s), end: toFile(s) }),
    };
  }
}

function approximate(value: string, first: number, last: number): ScalarSourceMap {
  const toFile = (offset: number): number => Math.min(first + Math.max(0, offset), last);
  return { value, exact: false, toFile, span: (s, e) => ({ start: toFile(s), end: toFile(Math.max(s, e)) }) };
}

// ---------------------------------------------------------------- plain and single-quoted

interface Line {
  readonly start: number;
  /** End of the line's text (before `\r\n` or `\n`). */
  readonly end: number;
  /** Offset of the line break after the line, or -1 on the last line. */
  readonly brk: number;
}

function flowLines(text: string, start: number, end: number): Line[] {
  const lines: Line[] = [];
  let lineStart = start;
  for (let i = start; i < end; i++) {
    if (text[i] !== '\n') continue;
    const cr = i > lineStart && text[i - 1] === '\r' ? 1 : 0;
    lines.push({ start: lineStart, end: i - cr, brk: i - cr });
    lineStart = i + 1;
  }
  lines.push({ start: lineStart, end, brk: -1 });
  return lines;
}

const isBlank = (ch: string | undefined): boolean => ch === ' ' || ch === '\t';

function trimEnd(text: string, start: number, end: number): number {
  while (end > start && isBlank(text[end - 1])) end--;
  return end;
}

function trimStart(text: string, start: number, end: number): number {
  while (start < end && isBlank(text[start])) start++;
  return start;
}

/** Line folding of plain and single-quoted scalars: trimmed lines joined by a space, empty lines kept as newlines. */
function unfold(b: Builder, text: string, start: number, end: number, single: boolean): void {
  const lines = flowLines(text, start, end);
  const copy = (from: number, to: number): void => (single ? copySingle(b, text, from, to) : b.copy(text, from, to));
  if (lines.length === 1) return copy(start, end);
  const first = lines[0]!;
  copy(first.start, trimEnd(text, first.start, first.end));
  let sep = ' ';
  let sepAt = first.brk;
  for (let i = 1; i < lines.length - 1; i++) {
    const line = lines[i]!;
    const from = trimStart(text, line.start, line.end);
    const to = trimEnd(text, from, line.end);
    if (from === to) {
      if (sep === '\n') b.push('\n', sepAt, sepAt + 1);
      [sep, sepAt] = ['\n', line.brk];
      continue;
    }
    b.push(sep, sepAt, sepAt + 1);
    copy(from, to);
    [sep, sepAt] = [' ', line.brk];
  }
  const last = lines[lines.length - 1]!;
  b.push(sep, sepAt, sepAt + 1);
  copy(trimStart(text, last.start, last.end), last.end);
}

function copySingle(b: Builder, text: string, from: number, to: number): void {
  for (let i = from; i < to; i++) {
    if (text[i] === "'" && text[i + 1] === "'" && i + 1 < to) {
      b.push("'", i, i + 2);
      i++;
    } else b.push(text[i]!, i, i + 1);
  }
}

// ---------------------------------------------------------------- double-quoted

const ESCAPES: ReadonlyMap<string, string> = new Map([
  ['0', '\0'],
  ['a', '\x07'],
  ['b', '\b'],
  ['e', '\x1b'],
  ['f', '\f'],
  ['n', '\n'],
  ['r', '\r'],
  ['t', '\t'],
  ['v', '\v'],
  ['N', '\u0085'],
  ['_', '\u00a0'],
  ['L', '\u2028'],
  ['P', '\u2029'],
  [' ', ' '],
  ['"', '"'],
  ['/', '/'],
  ['\\', '\\'],
  ['\t', '\t'],
]);

/** `src` is the scalar's source including both quotes; `base` its file offset. */
function readDoubleQuoted(b: Builder, src: string, base: number): void {
  for (let i = 1; i < src.length - 1; ++i) {
    const ch = src[i]!;
    if (ch === '\r' && src[i + 1] === '\n') continue;
    if (ch === '\n') i = foldNewline(b, src, i, base);
    else if (ch === '\\') i = readEscape(b, src, i, base);
    else if (isBlank(ch)) i = readBlanks(b, src, i, base);
    else b.push(ch, base + i, base + i + 1);
  }
}

/** A line break folds into a space, or into one newline per empty line that follows it. */
function foldNewline(b: Builder, src: string, i: number, base: number): number {
  const first = i;
  const breaks: number[] = [];
  let ch = src[i + 1];
  while (isBlank(ch) || ch === '\n' || ch === '\r') {
    if (ch === '\r' && src[i + 2] !== '\n') break;
    if (ch === '\n') breaks.push(i + 1);
    i += 1;
    ch = src[i + 1];
  }
  if (breaks.length === 0) b.push(' ', base + first, base + first + 1);
  for (const p of breaks) b.push('\n', base + p, base + p + 1);
  return i;
}

function readEscape(b: Builder, src: string, i: number, base: number): number {
  const at = i;
  const next = src[++i];
  const code = next === undefined ? undefined : ESCAPES.get(next);
  if (code !== undefined) {
    b.push(code, base + at, base + i + 1);
  } else if (next === '\n' || (next === '\r' && src[i + 1] === '\n')) {
    if (next === '\r') ++i;
    while (isBlank(src[i + 1])) ++i;
  } else if (next === 'x' || next === 'u' || next === 'U') {
    const length = next === 'x' ? 2 : next === 'u' ? 4 : 8;
    b.push(charCode(src, i + 1, length), base + at, base + i + 1 + length);
    i += length;
  } else {
    b.push(src.substr(at, 2), base + at, base + at + 2);
  }
  return i;
}

function charCode(src: string, offset: number, length: number): string {
  const digits = src.substr(offset, length);
  const code = digits.length === length && /^[0-9a-fA-F]+$/.test(digits) ? parseInt(digits, 16) : NaN;
  try {
    return String.fromCodePoint(code);
  } catch {
    // Silent: not a code point: the escape is kept as written, as yaml does.
    return src.substr(offset - 2, length + 2);
  }
}

/** Blanks are kept unless they end a line. */
function readBlanks(b: Builder, src: string, i: number, base: number): number {
  const from = i;
  while (isBlank(src[i + 1])) i++;
  const next = src[i + 1];
  if (next !== '\n' && !(next === '\r' && src[i + 2] === '\n')) b.copy(src, from, i + 1, base);
  return i;
}

// ---------------------------------------------------------------- block scalars

interface BlockHeader {
  readonly folded: boolean;
  readonly indent: number;
  readonly chomp: '' | '-' | '+';
}

function readHeader(text: string, start: number): BlockHeader {
  let indent = 0;
  let chomp: BlockHeader['chomp'] = '';
  for (let i = start + 1; i < text.length && !/[\s#]/.test(text[i]!); i++) {
    const ch = text[i]!;
    if (!chomp && (ch === '-' || ch === '+')) chomp = ch;
    else if (!indent && Number(ch)) indent = Number(ch);
  }
  return { folded: text[start] === '>', indent, chomp };
}

function blockContentStart(text: string, start: number, end: number): number {
  const newline = text.indexOf('\n', start);
  return newline === -1 || newline >= end ? end : newline + 1;
}

interface BlockLine {
  /** Offset of the line's first character (its indentation). */
  readonly start: number;
  /** Leading spaces. */
  readonly indent: number;
  /** Offset after the content, before a trailing `\r`. */
  readonly contentEnd: number;
  /** Offset of the `\n` after the line, or -1. */
  readonly brk: number;
}

function blockLines(text: string, from: number, end: number): BlockLine[] {
  if (from >= end) return [];
  const lines: BlockLine[] = [];
  let lineStart = from;
  for (;;) {
    const nl = text.indexOf('\n', lineStart);
    const lineEnd = nl === -1 || nl >= end ? end : nl;
    let indent = 0;
    while (text[lineStart + indent] === ' ' && lineStart + indent < lineEnd) indent++;
    const cr = lineEnd > lineStart + indent && text[lineEnd - 1] === '\r' ? 1 : 0;
    lines.push({ start: lineStart, indent, contentEnd: lineEnd - cr, brk: lineEnd < end ? lineEnd : -1 });
    if (lineEnd >= end) return lines;
    lineStart = lineEnd + 1;
  }
}

const isEmptyLine = (line: BlockLine): boolean => line.start + line.indent >= line.contentEnd;

/** Mirrors the `yaml` package's block scalar resolution, recording where each character comes from. */
function readBlock(b: Builder, text: string, start: number, end: number): number {
  const header = readHeader(text, start);
  const from = blockContentStart(text, start, end);
  const lines = blockLines(text, from, end);
  let chompStart = trailingContent(lines);
  if (chompStart === 0) return emptyBlock(b, header, lines, from);
  const { trimIndent, contentStart } = indentation(text, start, header, lines, chompStart);
  for (let i = lines.length - 1; i >= chompStart; --i) if (lines[i]!.indent > trimIndent) chompStart = i + 1;
  for (let i = 0; i < contentStart; ++i) {
    const line = lines[i]!;
    b.copy(text, line.start + Math.min(trimIndent, line.indent), line.start + line.indent);
    pushBreak(b, line);
  }
  (header.folded ? foldedBody : literalBody)(b, text, lines, contentStart, chompStart, trimIndent);
  chompTail(b, header, lines, chompStart, trimIndent, text);
  return end;
}

/** The index after the last line with content (a lone `\r` is no content). */
function trailingContent(lines: readonly BlockLine[]): number {
  let chompStart = lines.length;
  while (chompStart > 0 && isEmptyLine(lines[chompStart - 1]!)) chompStart--;
  return chompStart;
}

function emptyBlock(b: Builder, header: BlockHeader, lines: readonly BlockLine[], from: number): number {
  if (header.chomp === '+' && lines.length > 0) {
    const count = Math.max(1, lines.length - 1);
    for (let i = 0; i < count; i++) {
      const brk = lines[i]?.brk ?? -1;
      b.push('\n', brk === -1 ? from : brk, brk === -1 ? from : brk + 1);
    }
  }
  return from;
}

function indentation(
  text: string,
  start: number,
  header: BlockHeader,
  lines: readonly BlockLine[],
  chompStart: number,
): { trimIndent: number; contentStart: number } {
  let trimIndent = header.indent === 0 ? 0 : parentIndent(text, start) + header.indent;
  for (let i = 0; i < chompStart; ++i) {
    const line = lines[i]!;
    if (isEmptyLine(line)) {
      if (header.indent === 0 && line.indent > trimIndent) trimIndent = line.indent;
    } else {
      if (header.indent === 0) trimIndent = line.indent;
      return { trimIndent, contentStart: i };
    }
  }
  return { trimIndent, contentStart: 0 };
}

/** The indentation the parser gave a block scalar (only needed with an explicit indentation indicator). */
function parentIndent(text: string, offset: number): number {
  let found = 0;
  for (const token of new Parser().parse(text)) {
    if (token.type !== 'document') continue;
    CST.visit(token, (item) => {
      const value = item.value;
      if (value?.type === 'block-scalar' && value.offset === offset) {
        found = value.indent;
        return CST.visit.BREAK;
      }
      return undefined;
    });
  }
  return found;
}

function pushBreak(b: Builder, line: BlockLine): void {
  const at = line.brk === -1 ? line.contentEnd : line.brk;
  b.push('\n', at, at + 1);
}

/** The line break before line `i` (where a separator between two lines comes from). */
function breakBefore(lines: readonly BlockLine[], i: number): number {
  const prev = lines[i - 1];
  return prev ? (prev.brk === -1 ? prev.contentEnd : prev.brk) : lines[i]!.start;
}

/** The line without the block's indentation (a less indented line, an error, keeps its content only). */
function lineBody(b: Builder, text: string, line: BlockLine, trimIndent: number): void {
  b.copy(text, line.start + Math.min(trimIndent, line.indent), line.contentEnd);
}

function literalBody(b: Builder, text: string, lines: readonly BlockLine[], first: number, stop: number, trimIndent: number): void {
  for (let i = first; i < stop; ++i) {
    if (i > first) b.push('\n', breakBefore(lines, i), breakBefore(lines, i) + 1);
    lineBody(b, text, lines[i]!, trimIndent);
  }
}

function foldedBody(b: Builder, text: string, lines: readonly BlockLine[], first: number, stop: number, trimIndent: number): void {
  let sep = '';
  let prevMoreIndented = false;
  for (let i = first; i < stop; ++i) {
    const line = lines[i]!;
    const at = breakBefore(lines, i);
    const content = text.slice(line.start + line.indent, line.contentEnd);
    if (line.indent > trimIndent || content[0] === '\t') {
      if (sep === ' ') sep = '\n';
      else if (!prevMoreIndented && sep === '\n') sep = '\n\n';
      b.push(sep, at, at + 1);
      lineBody(b, text, line, trimIndent);
      [sep, prevMoreIndented] = ['\n', true];
    } else if (content === '') {
      if (sep === '\n') b.push('\n', at, at + 1);
      else sep = '\n';
    } else {
      b.push(sep, at, at + 1);
      b.copy(text, line.start + line.indent, line.contentEnd);
      [sep, prevMoreIndented] = [' ', false];
    }
  }
}

function chompTail(b: Builder, header: BlockHeader, lines: readonly BlockLine[], chompStart: number, trimIndent: number, text: string): void {
  const lastContent = lines[chompStart - 1]!;
  if (header.chomp === '-') return;
  if (header.chomp === '') return pushBreak(b, lastContent);
  for (let i = chompStart; i < lines.length; ++i) {
    const line = lines[i]!;
    const at = breakBefore(lines, i);
    b.push('\n', at, at + 1);
    b.copy(text, line.start + Math.min(trimIndent, line.indent), line.start + line.indent);
  }
  if (!b.value.endsWith('\n')) pushBreak(b, lines[lines.length - 1]!);
}
