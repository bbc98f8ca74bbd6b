import { parseDocument, YAMLParseError } from 'yaml';
import type { Document, DocumentOptions, ParseOptions, SchemaOptions, YAMLError } from 'yaml';
import type { Finding, Severity, Span } from '../diagnostics';
import { checkAliases, MAX_ALIAS_EXPANSIONS, MAX_ALIAS_NODES } from './aliases';
import type { AliasProblem } from './aliases';
import { MAX_NESTING, MAX_TOKENS, parseBounded } from './bounded';
import { INCLUDE_TAG } from './include';
import type { IncludeRef } from './include';
import { finishDocument } from './finish';

export interface YamlFile {
  readonly path: string;
  readonly text: string;
  readonly doc: Document.Parsed;
  /** YAML syntax errors and warnings as findings (`yaml-syntax`, `yaml-duplicate-key`), and the limits (`yaml-too-deep`, `yaml-alias-limit`). */
  readonly syntax: readonly Finding[];
  readonly includes: readonly IncludeRef[];
  /** The include of a node, for following includes while walking the AST. */
  readonly includeAt: ReadonlyMap<unknown, IncludeRef>;
}

const PARSE_OPTIONS: ParseOptions & DocumentOptions & SchemaOptions = {
  customTags: [{ tag: INCLUDE_TAG, resolve: (value: string) => value }],
  prettyErrors: false,
  // Duplicate keys are found by finishDocument (the same rule, in linear time).
  uniqueKeys: false,
  strict: true,
};

/** A file with more YAML errors than this lists the first ones and how many more there are. */
export const MAX_SYNTAX_FINDINGS = 100;

export function parseYamlFile(path: string, text: string): YamlFile {
  try {
    return parseText(path, text);
  } catch (error) {
    // A last resort: the nesting limit keeps every recursion far from the stack's end.
    if (!(error instanceof RangeError)) throw error;
    return unparsed(path, text, tooDeep(path, { start: 0, end: Math.min(1, text.length) }));
  }
}

function parseText(path: string, text: string): YamlFile {
  const parsed = parseBounded(text, PARSE_OPTIONS);
  if (parsed.kind === 'too-deep') return unparsed(path, text, tooDeep(path, parsed.span));
  if (parsed.kind === 'too-large') return unparsed(path, text, tooLarge(path, text));
  const doc = parsed.doc;
  const includes = finishDocument(doc, path, text);
  const syntax = [...findingsOf(path, text, doc.errors, 'error'), ...findingsOf(path, text, doc.warnings, 'warning')];
  // An alias is written `*name`: a text without `*` has none (most files), nothing to count.
  const aliasProblem = text.includes('*') ? checkAliases(doc) : undefined;
  if (aliasProblem) {
    const finding = aliasFinding(path, aliasProblem);
    syntax.push(finding);
    // Nothing expands the aliases of a document with errors (the schema check skips it).
    doc.errors.push(new YAMLParseError([finding.span.start, finding.span.end], 'RESOURCE_EXHAUSTION', finding.message));
  }
  return { path, text, doc, syntax, includes, includeAt: new Map(includes.map((ref) => [ref.node, ref])) };
}

/** The first MAX_SYNTAX_FINDINGS errors as findings, then one that says how many more there are (pasted binary text has 100,000). */
function findingsOf(path: string, text: string, errors: readonly YAMLError[], severity: Severity): Finding[] {
  if (errors.length <= MAX_SYNTAX_FINDINGS + 1) return errors.map((e) => yamlFinding(path, text, e, severity));
  const shown = errors.slice(0, MAX_SYNTAX_FINDINGS).map((e) => yamlFinding(path, text, e, severity));
  const { span } = yamlFinding(path, text, errors[MAX_SYNTAX_FINDINGS]!, severity);
  const message = `${errors.length - MAX_SYNTAX_FINDINGS} more YAML ${severity}s from here on are not listed.`;
  return [...shown, { code: 'yaml-syntax', severity, message, file: path, span }];
}

/** A file that is not parsed: an empty document marked with an error (so no later pass reads it) and one finding. */
function unparsed(path: string, text: string, finding: Finding): YamlFile {
  const doc = parseDocument('', PARSE_OPTIONS);
  doc.errors.push(new YAMLParseError([finding.span.start, finding.span.end], 'RESOURCE_EXHAUSTION', finding.message));
  return { path, text, doc, syntax: [finding], includes: [], includeAt: new Map() };
}

function tooLarge(path: string, text: string): Finding {
  return { code: 'yaml-too-large', severity: 'error', message: `This file has more than ${MAX_TOKENS.toLocaleString('en-US')} YAML tokens (keys, values, indicators); it is too large to check.`, file: path, span: { start: 0, end: Math.min(1, text.length) } };
}

function tooDeep(path: string, span: Span): Finding {
  return { code: 'yaml-too-deep', severity: 'error', message: `This file nests more than ${MAX_NESTING} levels deep here; it is not checked.`, file: path, span };
}

function aliasFinding(path: string, problem: AliasProblem): Finding {
  const count = (n: number): string => n.toLocaleString('en-US');
  const message = problem.kind === 'cycle'
    ? `The alias *${problem.alias.source} is inside the node it names, so it expands forever; this file is not checked further.`
    : problem.expansions > MAX_ALIAS_EXPANSIONS
      ? `The aliases of this file expand more than ${count(MAX_ALIAS_EXPANSIONS)} times (an alias bomb); it is not checked further.`
      : `The aliases of this file expand into more than ${count(MAX_ALIAS_NODES)} nodes (an alias bomb); it is not checked further.`;
  return { code: 'yaml-alias-limit', severity: 'error', message, file: path, span: problem.span };
}

/** The file of a document parsed by an earlier process (restored from a ParseStore: it had no errors, warnings or aliases). */
export function yamlFileOf(path: string, text: string, doc: Document.Parsed): YamlFile {
  const includes = finishDocument(doc, path, text);
  return { path, text, doc, syntax: [], includes, includeAt: new Map(includes.map((ref) => [ref.node, ref])) };
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

