import { Composer, Lexer, parseDocument, Parser, YAMLParseError } from 'yaml';
import type { CST, Document, DocumentOptions, ParseOptions, SchemaOptions } from 'yaml';
import type { Span } from '../diagnostics';
import './parserFix';

/**
 * How deep the YAML parser may nest (its stack of open collections and keys) before a file is
 * refused. Real metadata stays under 25 (the 26 corpus projects: 20 at most); past a few thousand
 * levels the parser and every recursive walk after it run out of stack, and text that keeps the
 * stack deep (`[[[[...`, `: : : ...`) costs the parser seconds per megabyte.
 */
export const MAX_NESTING = 256;

/**
 * How many lexical tokens (keys, values, indicators, spaces, line breaks) a file may have. The parser
 * costs 2-7 µs per token on a loaded 2-core machine, more when each one is an error or a bracket;
 * the largest corpus file (44 kB) has 11,384, so this is about 400 kB of real metadata (10 times the
 * largest; a tables.yaml of 30,000 tables). 120,000, not 200,000: a 1.4 MB tables.yaml of 40,000
 * includes (170,000 tokens) took 1.0-1.25 s of CPU to check, 137 kB of nested brackets 1.0 s, over
 * the 1 s no file under the limits may take (npm run fuzz).
 */
export const MAX_TOKENS = 120_000;

type BoundedParse =
  /** `cst`: the parser's tokens, kept when the document has errors (parse/mistakes reads them). */
  | { readonly kind: 'parsed'; readonly doc: Document.Parsed; readonly cst?: readonly CST.Token[] }
  | { readonly kind: 'too-deep'; readonly span: Span }
  | { readonly kind: 'too-large'; readonly tokens: number };

interface ParseLimits {
  readonly maxNesting: number;
  readonly maxTokens: number;
}

const LIMITS: ParseLimits = { maxNesting: MAX_NESTING, maxTokens: MAX_TOKENS };

/**
 * `parseDocument` of the yaml package, token by token: lexer, parser and composer are the same, but
 * the parse stops as soon as the parser's stack passes `maxNesting` (before anything recurses that
 * deep) or the text passes `maxTokens`.
 */
export function parseBounded(text: string, options: ParseOptions & DocumentOptions & SchemaOptions, limits = LIMITS): BoundedParse {
  // Nearly every file: nothing to watch, the yaml package's own parse (no token-by-token wrapper).
  // The bound holds for well-formed YAML only: error recovery keeps levels open across lines (each
  // `a: b: c` line, each bad dedent adds one), so a text that has errors is parsed again, watched.
  if (withinLimits(text, limits)) {
    const doc = withoutStackTraces(() => parseDocument(text, options));
    if (doc.errors.length === 0) return { kind: 'parsed', doc };
  }
  const parser = new Parser();
  let stopped: BoundedParse | undefined;
  let count = 0;
  const cst: CST.Token[] = [];
  function* kept(from: Generator<CST.Token>): Generator<CST.Token> {
    for (const token of from) {
      cst.push(token);
      yield token;
    }
  }
  function* tokens(): Generator<CST.Token> {
    for (const lexeme of new Lexer().lex(text)) {
      if (++count > limits.maxTokens) {
        stopped = { kind: 'too-large', tokens: count };
        return;
      }
      const offset = parser.offset;
      yield* kept(parser.next(lexeme));
      // The parser's stack holds the document, then one entry per level.
      if (parser.stack.length - 1 > limits.maxNesting) {
        stopped = { kind: 'too-deep', span: { start: offset, end: Math.min(text.length, offset + Math.max(1, lexeme.length)) } };
        return;
      }
    }
    yield* kept(parser.end());
  }
  const doc = withoutStackTraces(() => {
    let first: Document.Parsed | undefined;
    for (const next of new Composer(options).compose(tokens(), true, text.length)) {
      if (stopped) break;
      if (!first) first = next;
      else {
        // As parseDocument does: one document per file.
        first.errors.push(
          new YAMLParseError([next.range[0], next.range[1]], 'MULTIPLE_DOCS', 'Source contains multiple documents; please use YAML.parseAllDocuments()'),
        );
        break;
      }
    }
    return first;
  });
  return stopped ?? { kind: 'parsed', doc: doc!, ...(doc!.errors.length > 0 ? { cst } : {}) };
}

/**
 * Whether `text` cannot reach either limit, by a bound that is cheap to take (one pass over the
 * characters): a token takes at least one character, and the parser's stack grows only by an
 * indentation step, by an indicator on the same line (`-`, `?`, `:`) or by a flow bracket, so it
 * stays under twice their sum. Brackets inside strings count too (the bound is only ever too high).
 */
export function withinLimits(text: string, limits: ParseLimits = LIMITS): boolean {
  if (2 * text.length + 16 >= limits.maxTokens) return false;
  let indent = 0;
  let maxIndent = 0;
  let atLineStart = true;
  let indicators = 0;
  let maxIndicators = 0;
  let flow = 0;
  let maxFlow = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || c === 13) {
      atLineStart = true;
      indent = 0;
      indicators = 0;
      continue;
    }
    if (atLineStart && (c === 32 || c === 9)) {
      maxIndent = Math.max(maxIndent, ++indent);
      continue;
    }
    atLineStart = false;
    if (c === 45 || c === 63 || c === 58) maxIndicators = Math.max(maxIndicators, ++indicators);
    else if (c === 91 || c === 123) maxFlow = Math.max(maxFlow, ++flow);
    else if ((c === 93 || c === 125) && flow > 0) flow--;
  }
  return 2 * (maxIndent + maxIndicators + maxFlow) + 8 < limits.maxNesting;
}

type V8ErrorConstructor = ErrorConstructor & { stackTraceLimit?: number };

/**
 * Runs `fn` with V8's stack traces off: the composer makes an Error object per YAML error, and
 * capturing its stack is most of its cost (6 µs instead of 1 µs each, in a file of 100,000 errors).
 * The errors only carry positions and messages.
 */
export function withoutStackTraces<T>(fn: () => T): T {
  const errors = Error as V8ErrorConstructor;
  const saved = errors.stackTraceLimit;
  errors.stackTraceLimit = 0;
  try {
    return fn();
  } finally {
    errors.stackTraceLimit = saved;
  }
}
