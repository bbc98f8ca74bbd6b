import { parseDocument } from 'yaml';
import { isMap, isSeq, itemsOf, keyText, pairsOf } from './ast';
import type { YNode } from './ast';
import type { Document, DocumentOptions, ParseOptions, SchemaOptions, YAMLError } from 'yaml';
import type { Finding, Severity } from '../diagnostics';
import { includeOf, INCLUDE_TAG } from './include';
import type { IncludeRef } from './include';

export interface YamlFile {
  readonly path: string;
  readonly text: string;
  readonly doc: Document.Parsed;
  /** YAML syntax errors and warnings as findings (code `yaml-syntax`). */
  readonly syntax: readonly Finding[];
  readonly includes: readonly IncludeRef[];
  /** The include of a node, for following includes while walking the AST. */
  readonly includeAt: ReadonlyMap<unknown, IncludeRef>;
}

const PARSE_OPTIONS: ParseOptions & DocumentOptions & SchemaOptions = {
  customTags: [{ tag: INCLUDE_TAG, resolve: (value: string) => value }],
  prettyErrors: false,
  uniqueKeys: true,
  strict: true,
};

export function parseYamlFile(path: string, text: string): YamlFile {
  try {
    return parseText(path, text);
  } catch (error) {
    // The yaml parser recurses per nesting level: thousands of levels exhaust the stack.
    if (!(error instanceof RangeError)) throw error;
    const empty = parseText(path, '');
    const finding: Finding = { code: 'yaml-syntax', severity: 'error', message: 'This file nests too deeply to be parsed; it is not checked.', file: path, span: { start: 0, end: Math.min(1, text.length) } };
    return { ...empty, text, syntax: [finding] };
  }
}

function parseText(path: string, text: string): YamlFile {
  const doc = parseDocument(text, PARSE_OPTIONS);
  const syntax = [...doc.errors.map((e) => yamlFinding(path, text, e, 'error')), ...doc.warnings.map((e) => yamlFinding(path, text, e, 'warning'))];
  const includes = collectIncludes(doc, path, text);
  return { path, text, doc, syntax, includes, includeAt: new Map(includes.map((ref) => [ref.node, ref])) };
}

/** The file of a document parsed by an earlier process (restored from a ParseStore: it had no errors, warnings or aliases). */
export function yamlFileOf(path: string, text: string, doc: Document.Parsed): YamlFile {
  const includes = collectIncludes(doc, path, text);
  return { path, text, doc, syntax: [], includes, includeAt: new Map(includes.map((ref) => [ref.node, ref])) };
}

function collectIncludes(doc: Document.Parsed, path: string, text: string): IncludeRef[] {
  const out: IncludeRef[] = [];
  const walk = (node: YNode, at: (string | number)[]): void => {
    const ref = includeOf(node ?? undefined, path, text, at);
    if (ref) out.push(ref);
    else if (isMap(node)) for (const pair of pairsOf(node)) walk(pair.value as YNode, [...at, keyText(pair) ?? '?']);
    else if (isSeq(node)) itemsOf(node).forEach((item, i) => walk(item, [...at, i]));
  };
  walk(doc.contents, []);
  return out;
}

function yamlFinding(file: string, text: string, error: YAMLError, severity: Severity): Finding {
  const [start, rawEnd] = error.pos;
  let end = Math.max(Math.min(rawEnd, text.length), Math.min(start + 1, text.length));
  const word = /[^\s:,[\]{}]/;
  if (end - start <= 1 && word.test(text[start] ?? ' ')) while (end < text.length && word.test(text[end]!)) end++;
  return {
    code: error.code === 'DUPLICATE_KEY' ? 'yaml-duplicate-key' : 'yaml-syntax',
    severity,
    message: cleanMessage(error.message),
    file,
    span: { start: Math.min(start, text.length), end },
    data: { yamlCode: error.code },
  };
}

/** yaml's messages end with " at line N, column M" and a code frame; we give positions ourselves. */
function cleanMessage(message: string): string {
  return message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');
}

