import { CST, isScalar, parseDocument, Scalar } from 'yaml';
import type { Schema, ScalarTag } from 'yaml';
import { NotPackable } from '../packed';
import { INCLUDE_TAG } from '../include';
import { PARSE_OPTIONS } from '../options';

/**
 * The scalars of the quick pack (quick/pack.ts): one line each, plain, single- or double-quoted,
 * optionally tagged `!include`, or an empty flow collection (`[]`, `{}`). Their values are resolved
 * as the yaml package composes them: a plain scalar by the first of its schema's tags whose test
 * matches (null, bool, int, float: the core schema and our `!include`), a double-quoted one with
 * escapes by yaml's own `CST.resolveAsScalar`. Anything else throws NotPackable.
 */

const SPACE = 32;
const NEWLINE = 10;
const HASH = 35;
const COLON = 58;

/** A scalar as the scanner found it. */
export interface Token {
  /** Where the node starts (after an `!include ` tag). */
  readonly start: number;
  /** Where its text ends (after the closing quote or bracket; before the spaces after a plain one). */
  readonly valueEnd: number;
  /** The first character after valueEnd that is not a space (on the same line). */
  readonly after: number;
  readonly type: Scalar['type'];
  readonly tag: string | undefined;
  readonly value: unknown;
  /** `[]` or `{}`: an empty flow collection, not a scalar. */
  readonly flow?: 'seq' | 'map';
}

const SINGLE_QUOTE = 39;
const DOUBLE_QUOTE = 34;
const BACKSLASH = 92;

/**
 * Where the quote opened at `start` closes, and whether an escape comes before (`''` in '…', `\`
 * in "…"); NotPackable when the line (or the text) ends first.
 */
function closingQuote(text: string, start: number): { close: number; escaped: boolean } {
  const quote = text.charCodeAt(start);
  let escaped = false;
  for (let i = start + 1; ; i++) {
    const c = text.charCodeAt(i);
    if (i >= text.length || c === NEWLINE) throw new NotPackable();
    if (quote === DOUBLE_QUOTE && c === BACKSLASH) {
      escaped = true;
      // The escaped character is part of the scalar (a line break there: a multi-line scalar, left to yaml).
      if (text.charCodeAt(++i) === NEWLINE) throw new NotPackable();
    } else if (c === quote) {
      if (quote === DOUBLE_QUOTE || text.charCodeAt(i + 1) !== SINGLE_QUOTE) return { close: i, escaped };
      escaped = true;
      i++;
    }
  }
}

/** Whether `text[at]` ends a token: a space, a line break or the end of the text. */
export function isBreak(text: string, at: number): boolean {
  if (at >= text.length) return true;
  const c = text.charCodeAt(at);
  return c === SPACE || c === NEWLINE;
}

/** The position of the first character at or after `at` that is not a space. */
export function skipSpaces(text: string, at: number): number {
  while (text.charCodeAt(at) === SPACE) at++;
  return at;
}

/** Characters that cannot start a plain scalar (YAML's indicators), or start one the quick pack leaves to yaml. */
const NOT_PLAIN_START = new Set([...'-?:,[]{}#&*!|>\'"%@` \n'].map((c) => c.charCodeAt(0)));

/** Reads the scalar tokens of one text; resolves plain values as yaml's schema does (memoized per short string). */
export class ScalarReader {
  constructor(private readonly text: string) {}

  /** The token at `at`; `atKey`: resolved as a mapping key (as yaml's composer marks it). */
  read(at: number, atKey: boolean): Token {
    const text = this.text;
    let tag: string | undefined;
    if (text.charCodeAt(at) === 33 /* ! */) {
      if (!text.startsWith(`${INCLUDE_TAG} `, at) || atKey) throw new NotPackable();
      at = skipSpaces(text, at + INCLUDE_TAG.length + 1);
      if (isBreak(text, at) || text.charCodeAt(at) === HASH) throw new NotPackable();
      tag = INCLUDE_TAG;
    }
    const c = text.charCodeAt(at);
    if (c === DOUBLE_QUOTE || c === SINGLE_QUOTE) return this.quoted(at, tag);
    if (c === 91 /* [ */ || c === 123 /* { */) return this.emptyFlow(at, tag, c === 91);
    if (NOT_PLAIN_START.has(c) && !(c === 45 /* - */ && !isBreak(text, at + 1))) throw new NotPackable();
    return this.plain(at, tag, atKey);
  }

  private plain(start: number, tag: string | undefined, atKey: boolean): Token {
    const text = this.text;
    let i = start;
    for (; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === NEWLINE || (c === COLON && isBreak(text, i + 1)) || (c === HASH && text.charCodeAt(i - 1) === SPACE)) break;
    }
    let valueEnd = i;
    while (text.charCodeAt(valueEnd - 1) === SPACE) valueEnd--;
    const source = text.slice(start, valueEnd);
    const value = tag === undefined ? this.resolvePlain(source, atKey) : source;
    return { start, valueEnd, after: skipSpaces(text, valueEnd), type: Scalar.PLAIN, tag, value };
  }

  /** A quoted scalar on one line: its value as written, or with its escapes resolved (`''` in '…', `\\` in "…"). */
  private quoted(start: number, tag: string | undefined): Token {
    const text = this.text;
    const single = text.charCodeAt(start) === SINGLE_QUOTE;
    const { close, escaped } = closingQuote(text, start);
    const inner = text.slice(start + 1, close);
    const valueEnd = close + 1;
    const value = !escaped ? inner : single ? inner.replaceAll("''", "'") : resolveEscapes(text.slice(start, valueEnd), start);
    return { start, valueEnd, after: skipSpaces(text, valueEnd), type: single ? Scalar.QUOTE_SINGLE : Scalar.QUOTE_DOUBLE, tag, value };
  }

  private emptyFlow(start: number, tag: string | undefined, seq: boolean): Token {
    if (tag !== undefined || this.text.charCodeAt(start + 1) !== (seq ? 93 : 125)) throw new NotPackable();
    return { start, valueEnd: start + 2, after: skipSpaces(this.text, start + 2), type: undefined, tag, value: undefined, flow: seq ? 'seq' : 'map' };
  }

  private resolvePlain(source: string, atKey: boolean): unknown {
    if (source.length > MEMO_UP_TO) return resolveImplicit(source, atKey);
    const memo = atKey ? keyValues : plainValues;
    const known = memo.get(source);
    if (known !== undefined || memo.has(source)) return known;
    const value = resolveImplicit(source, atKey);
    if (memo.size >= MEMO_SIZE) memo.clear();
    memo.set(source, value);
    return value;
  }
}

/** Plain scalars longer than this are resolved each time (they rarely repeat). */
const MEMO_UP_TO = 64;
/** The memos are emptied when they reach this size (a process may read many projects). */
const MEMO_SIZE = 100_000;
/** Resolved values of short plain scalars (keys, names, numbers): a pure function of the text. */
const plainValues = new Map<string, unknown>();
const keyValues = new Map<string, unknown>();

let schema: Schema | undefined;

/** The schema documents are composed with (the same options as parseYamlFile's). */
function composeSchema(): Schema {
  return (schema ??= parseDocument('', PARSE_OPTIONS).schema);
}

/** A plain scalar's value as yaml's composer gives it: the first default tag whose test matches, else the string. */
function resolveImplicit(source: string, atKey: boolean): unknown {
  // Only scalar tags have a test (a collection tag's matches no scalar).
  const tag = composeSchema().tags.find((t) => (t.default === true || (atKey && t.default === 'key')) && t.test?.test(source) === true) as
    ScalarTag | undefined;
  if (!tag?.resolve) return source;
  let failed = false;
  const resolved: unknown = tag.resolve(
    source,
    () => {
      failed = true;
    },
    PARSE_OPTIONS,
  );
  if (failed) throw new NotPackable();
  return isScalar(resolved) ? resolved.value : resolved;
}

/** A double-quoted scalar's value, its escapes resolved by the yaml package; NotPackable when it reports an error. */
function resolveEscapes(source: string, offset: number): string {
  return resolveToken({ type: 'double-quoted-scalar', offset, indent: 0, source });
}

/**
 * The string value yaml's composer gives a scalar token (its escapes, a block scalar's lines),
 * resolved by the yaml package (`CST.resolveAsScalar`); NotPackable when yaml reports an error.
 */
export function resolveToken(token: CST.FlowScalar | CST.BlockScalar): string {
  let failed = false;
  const resolved = CST.resolveAsScalar(token, true, () => {
    failed = true;
  });
  if (failed || !resolved || typeof resolved.value !== 'string') throw new NotPackable();
  return resolved.value;
}
