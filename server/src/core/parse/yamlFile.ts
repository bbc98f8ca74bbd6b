import { parseDocument, YAMLParseError } from 'yaml';
import type { Document } from 'yaml';
import type { Finding, Span } from '../diagnostics';
import { checkAliases, MAX_ALIAS_EXPANSIONS, MAX_ALIAS_NODES } from './aliases';
import type { AliasProblem } from './aliases';
import { MAX_NESTING, MAX_TOKENS, parseBounded } from './bounded';
import type { IncludeRef } from './include';
import { finishDocument, mergeErrors } from './finish';
import { PARSE_OPTIONS } from './options';
import { DocumentPacker, unpackYamlFile } from './packed';
import { quickPack } from './quick/pack';
import { syntaxFindings } from './mistakes/explain';
import { unquotedTemplates } from './mistakes/templates';

export { MAX_SYNTAX_FINDINGS } from './mistakes/explain';

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

/**
 * A metadata file parsed: read straight into nodes when it is in the plain block style nearly every
 * file is written in (quick/pack.ts: the same nodes as yaml's, about a tenth of the cost), else
 * parsed by the yaml package (composeYamlFile).
 */
export function parseYamlFile(path: string, text: string): YamlFile {
  return quickYamlFile(path, text) ?? composeYamlFile(path, text);
}

/** The file read by the quick pack, or undefined when it leaves the text to yaml. */
export function quickYamlFile(path: string, text: string): YamlFile | undefined {
  const quick = quickPack(text, new DocumentPacker());
  const file = quick && unpackYamlFile(path, text, quick);
  if (file) quickRead.add(file);
  return file;
}

/** Files the quick pack read (a store keeps only the others: ParseCache.storable). */
const quickRead = new WeakSet<YamlFile>();

/** Whether the quick pack read this file (it reads such a text again faster than a store restores it). */
export function readByQuickPack(file: YamlFile): boolean {
  return quickRead.has(file);
}

/** A metadata file parsed by the yaml package (lexer, parser, composer), with its syntax findings. */
export function composeYamlFile(path: string, text: string): YamlFile {
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
  mergeErrors(doc, unquotedTemplates(doc, text));
  // Explained only when there are errors (parse/mistakes): most files have none.
  const syntax = [...syntaxFindings(path, text, doc.errors, 'error', parsed.cst), ...syntaxFindings(path, text, doc.warnings, 'warning', parsed.cst)];
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

/** A file that is not parsed: an empty document marked with an error (so no later pass reads it) and one finding. */
function unparsed(path: string, text: string, finding: Finding): YamlFile {
  const doc = parseDocument('', PARSE_OPTIONS);
  doc.errors.push(new YAMLParseError([finding.span.start, finding.span.end], 'RESOURCE_EXHAUSTION', finding.message));
  return { path, text, doc, syntax: [finding], includes: [], includeAt: new Map() };
}

function tooLarge(path: string, text: string): Finding {
  return {
    code: 'yaml-too-large',
    severity: 'error',
    message: `This file has more than ${MAX_TOKENS.toLocaleString('en-US')} YAML tokens (keys, values, indicators); it is too large to check.`,
    file: path,
    span: { start: 0, end: Math.min(1, text.length) },
  };
}

function tooDeep(path: string, span: Span): Finding {
  return {
    code: 'yaml-too-deep',
    severity: 'error',
    message: `This file nests more than ${MAX_NESTING} levels deep here; it is not checked.`,
    file: path,
    span,
  };
}

function aliasFinding(path: string, problem: AliasProblem): Finding {
  const count = (n: number): string => n.toLocaleString('en-US');
  if (problem.kind === 'unknown') {
    const message = `\`*${problem.alias.source}\` names no anchor: this file has no \`&${problem.alias.source}\` before it. Define the anchor on the value to repeat, or write the value here.`;
    return { code: 'yaml-syntax', severity: 'error', message, file: path, span: problem.span, data: { yamlCode: 'UNKNOWN_ALIAS' } };
  }
  const message =
    problem.kind === 'cycle'
      ? `The alias *${problem.alias.source} is inside the node it names, so it expands forever; this file is not checked further.`
      : problem.expansions > MAX_ALIAS_EXPANSIONS
        ? `The aliases of this file expand more than ${count(MAX_ALIAS_EXPANSIONS)} times (an alias bomb); it is not checked further.`
        : `The aliases of this file expand into more than ${count(MAX_ALIAS_NODES)} nodes (an alias bomb); it is not checked further.`;
  return { code: 'yaml-alias-limit', severity: 'error', message, file: path, span: problem.span };
}

/** The file of a document parsed by an earlier process (restored from a ParseStore: it had no errors, warnings or aliases). */
export function yamlFileOf(path: string, text: string, doc: Document.Parsed): YamlFile {
  // A store written before unquoted templates were errors may hold such a file.
  if (unquotedTemplates(doc, text).length > 0) return composeYamlFile(path, text);
  const includes = finishDocument(doc, path, text);
  return { path, text, doc, syntax: [], includes, includeAt: new Map(includes.map((ref) => [ref.node, ref])) };
}
