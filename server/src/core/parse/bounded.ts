import { Composer, Lexer, Parser, YAMLParseError } from 'yaml';
import type { CST, Document, DocumentOptions, ParseOptions, SchemaOptions } from 'yaml';
import type { Span } from '../diagnostics';

/**
 * How deep the YAML parser may nest (its stack of open collections and keys) before a file is
 * refused. Real metadata stays under 25 (the 26 corpus projects: 20 at most); past a few thousand
 * levels the parser and every recursive walk after it run out of stack, and text that keeps the
 * stack deep (`[[[[...`, `: : : ...`) costs the parser seconds per megabyte.
 */
export const MAX_NESTING = 256;

/**
 * How many lexical tokens (keys, values, indicators, spaces, line breaks) a file may have. The parser
 * costs about a microsecond per token, more when each one is an error; the largest corpus file
 * (44 kB) has 11,384, so this is about 700 kB of real metadata.
 */
export const MAX_TOKENS = 200_000;

export type BoundedParse =
  | { readonly kind: 'parsed'; readonly doc: Document.Parsed }
  | { readonly kind: 'too-deep'; readonly span: Span }
  | { readonly kind: 'too-large'; readonly tokens: number };

export interface ParseLimits {
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
  const parser = new Parser();
  let stopped: BoundedParse | undefined;
  let count = 0;
  function* tokens(): Generator<CST.Token> {
    for (const lexeme of new Lexer().lex(text)) {
      if (++count > limits.maxTokens) {
        stopped = { kind: 'too-large', tokens: count };
        return;
      }
      const offset = parser.offset;
      yield* parser.next(lexeme);
      // The parser's stack holds the document, then one entry per level.
      if (parser.stack.length - 1 > limits.maxNesting) {
        stopped = { kind: 'too-deep', span: { start: offset, end: Math.min(text.length, offset + Math.max(1, lexeme.length)) } };
        return;
      }
    }
    yield* parser.end();
  }
  const doc = withoutStackTraces(() => {
    let first: Document.Parsed | undefined;
    for (const next of new Composer(options).compose(tokens(), true, text.length)) {
      if (stopped) break;
      if (!first) first = next;
      else {
        // As parseDocument does: one document per file.
        first.errors.push(new YAMLParseError([next.range[0], next.range[1]], 'MULTIPLE_DOCS', 'Source contains multiple documents; please use YAML.parseAllDocuments()'));
        break;
      }
    }
    return first;
  });
  return stopped ?? { kind: 'parsed', doc: doc! };
}

type V8ErrorConstructor = ErrorConstructor & { stackTraceLimit?: number };

/**
 * Runs `fn` with V8's stack traces off: the composer makes an Error object per YAML error, and
 * capturing its stack is most of its cost (6 µs instead of 1 µs each, in a file of 100,000 errors).
 * The errors only carry positions and messages.
 */
function withoutStackTraces<T>(fn: () => T): T {
  const errors = Error as V8ErrorConstructor;
  const saved = errors.stackTraceLimit;
  errors.stackTraceLimit = 0;
  try {
    return fn();
  } finally {
    errors.stackTraceLimit = saved;
  }
}
