import { GraphQLError, Kind, parse } from 'graphql';
import type { DocumentNode } from 'graphql';
import type { Span } from '../diagnostics';

export interface GraphqlSyntaxError {
  /** graphql-js's message, e.g. `Syntax Error: Expected Name, found <EOF>.` */
  readonly message: string;
  /** Where to underline, as offsets into the parsed text. */
  readonly span: Span;
}

export type ParsedGraphql = { readonly doc: DocumentNode; readonly error?: undefined } | { readonly doc?: undefined; readonly error: GraphqlSyntaxError };

const EMPTY: DocumentNode = { kind: Kind.DOCUMENT, definitions: [] };

/**
 * Parses a GraphQL document (SDL or executable) with graphql-js, as the CLI and the console do.
 * A text holding only whitespace and comments is an empty document.
 */
export function parseGraphql(text: string): ParsedGraphql {
  if (/^(?:\s|#[^\n\r]*)*$/.test(text)) return { doc: EMPTY };
  try {
    return { doc: parse(text) };
  } catch (error) {
    if (!(error instanceof GraphQLError)) throw error;
    const offset = error.positions?.[0] ?? 0;
    return { error: { message: error.message, span: tokenSpan(text, offset) } };
  }
}

const TOKEN_PATTERNS: readonly RegExp[] = [
  /[_A-Za-z][_0-9A-Za-z]*/y,
  /-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/y,
  /"""[\s\S]*?(?:"""|$)/y,
  /"(?:[^"\\\n\r]|\\.)*"?/y,
  /\.\.\./y,
];

/** The token starting at `offset` (a name, number, string or punctuator); at the end of the text, an empty span after its last token. */
export function tokenSpan(text: string, offset: number): Span {
  const contentEnd = text.trimEnd().length;
  if (offset >= contentEnd) return { start: contentEnd, end: contentEnd };
  for (const pattern of TOKEN_PATTERNS) {
    pattern.lastIndex = offset;
    const match = pattern.exec(text);
    if (match && match[0].length > 0) return { start: offset, end: offset + match[0].length };
  }
  return { start: offset, end: offset + 1 };
}
