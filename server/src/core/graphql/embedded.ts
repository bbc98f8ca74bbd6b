import { isScalar } from 'yaml';
import type { Span } from '../diagnostics';
import { spanOf } from '../parse/ast';
import type { YNode } from '../parse/ast';
import { scalarSourceMap } from '../parse/scalarSourceMap';
import type { At } from '../project/index/types';
import type { Project } from '../project/project';
import { parseGraphql } from './parse';
import type { ParsedGraphql } from './parse';

/** GraphQL written in a YAML string (a collection query, a remote schema permission's SDL). */
export interface EmbeddedGraphql {
  readonly file: string;
  readonly parsed: ParsedGraphql;
  /** Maps a span of the GraphQL text to the file, through quotes, escapes, folding and indentation. */
  fileSpan(span: Span): Span;
}

/** Parses per YAML node: the parse cache keeps a node while its file is unchanged, so this is once per text. */
const parsedAt = new WeakMap<object, ParsedGraphql>();
/** And per text, so an edit elsewhere in a file (a new parse, new nodes) does not parse its other queries again. */
const parsedText = new Map<string, ParsedGraphql>();
const TEXT_CACHE_LIMIT = 20_000;

function parsedOf(text: string): ParsedGraphql {
  let parsed = parsedText.get(text);
  if (!parsed) {
    if (parsedText.size >= TEXT_CACHE_LIMIT) parsedText.clear();
    parsed = parseGraphql(text);
    parsedText.set(text, parsed);
  }
  return parsed;
}

export function embeddedGraphql(project: Project, at: At): EmbeddedGraphql | undefined {
  const node = at.node;
  if (!isScalar(node) || typeof node.value !== 'string') return undefined;
  let parsed = parsedAt.get(node);
  if (!parsed) {
    parsed = parsedOf(node.value);
    parsedAt.set(node, parsed);
  }
  const text = project.files.get(at.file)?.text ?? '';
  return { file: at.file, parsed, fileSpan: (span) => scalarSpan(node, text, span) };
}

/** A span of a scalar's value, in the file (the whole scalar when the node is not a scalar). */
export function scalarSpan(node: YNode, text: string, span: Span): Span {
  const map = scalarSourceMap(node, text);
  if (!map) return spanOf(node);
  if (span.end === span.start && span.start > 0) {
    const end = map.span(span.start - 1, span.start).end;
    return { start: end, end };
  }
  return map.span(span.start, span.end);
}
