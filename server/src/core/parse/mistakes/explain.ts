import type { CST, ErrorCode, YAMLError } from 'yaml';
import type { Finding, RelatedInfo, Severity, Span } from '../../diagnostics';
import { explainSecondDocument } from './documents';
import { explainIndentation, explainListItem, explainTab } from './indentation';
import {
  explainBlockInFlow,
  explainCompactMapping,
  explainDuplicateKey,
  explainEscape,
  explainImplicitKey,
  explainScalarStart,
  explainTextAfterValue,
} from './keys';
import { Lines } from './lines';
import { explainTemplate } from './templates';
import { explainMissingQuoteOrBracket, explainStrayCloser, explainUnclosedFlow } from './unclosed';

/** What a YAML error means, said as a person would, at the place of the mistake. */
export interface Explained {
  readonly span: Span;
  readonly message: string;
  readonly related?: readonly RelatedInfo[];
  /** The text whose other errors are consequences of this mistake: they are not listed. */
  readonly claims?: Span;
}

export interface MistakeContext {
  readonly file: string;
  readonly text: string;
  readonly lines: Lines;
  /** The parser's tokens of the text, when the parse kept them (else they are made again when needed). */
  readonly cst: readonly CST.Token[] | undefined;
}

type Explainer = (error: YAMLError, ctx: MistakeContext) => Explained | undefined;

/** Per yaml error code, the explainers to try in order (the first that recognizes the mistake wins). */
const EXPLAINERS: Partial<Record<ErrorCode, readonly Explainer[]>> = {
  MISSING_CHAR: [explainMissingQuoteOrBracket, explainListItem, explainImplicitKey],
  BAD_INDENT: [explainUnclosedFlow, explainIndentation],
  UNEXPECTED_TOKEN: [explainStrayCloser, explainTextAfterValue],
  BLOCK_IN_FLOW: [explainBlockInFlow],
  BLOCK_AS_IMPLICIT_KEY: [explainListItem, explainCompactMapping, explainImplicitKey],
  MULTILINE_IMPLICIT_KEY: [explainListItem, explainImplicitKey],
  TAB_AS_INDENT: [explainTab],
  DUPLICATE_KEY: [explainDuplicateKey],
  MULTIPLE_DOCS: [explainSecondDocument],
  BAD_SCALAR_START: [explainTemplate, explainScalarStart],
  BAD_DQ_ESCAPE: [explainEscape],
};

/** A file with more YAML errors than this lists the first ones and how many more there are. */
export const MAX_SYNTAX_FINDINGS = 100;

/**
 * The findings of a file's YAML errors (or warnings): each explained where an explainer recognizes
 * the mistake, the errors that follow from an explained one left out, the first MAX_SYNTAX_FINDINGS
 * listed and the rest counted. Runs only for files that have errors.
 */
export function syntaxFindings(file: string, text: string, errors: readonly YAMLError[], severity: Severity, cst?: readonly CST.Token[]): Finding[] {
  if (errors.length === 0) return [];
  const ctx: MistakeContext = { file, text, lines: new Lines(text), cst };
  const claimed: Span[] = [];
  const isClaimed = (e: YAMLError): boolean => claimed.some((c) => e.pos[0] >= c.start && e.pos[0] < c.end);
  const out: Finding[] = [];
  let i = 0;
  for (; i < errors.length && out.length < MAX_SYNTAX_FINDINGS; i++) {
    const error = errors[i]!;
    if (isClaimed(error)) continue;
    const explained = explain(error, ctx);
    if (explained.claims) claimed.push(explained.claims);
    const finding = findingOf(file, error, explained, severity);
    // Two errors of one mistake (yaml reports some twice) explained the same way: said once.
    const last = out[out.length - 1];
    if (!last || last.message !== finding.message || last.span.start !== finding.span.start) out.push(finding);
  }
  const rest = errors.slice(i).filter((e) => !isClaimed(e));
  if (rest.length === 0) return out;
  const next = explain(rest[0]!, ctx);
  if (rest.length === 1) out.push(findingOf(file, rest[0]!, next, severity));
  else out.push({ code: 'yaml-syntax', severity, message: `${rest.length} more YAML ${severity}s from here on are not listed.`, file, span: next.span });
  return out;
}

function explain(error: YAMLError, ctx: MistakeContext): Explained {
  for (const explainer of EXPLAINERS[error.code] ?? []) {
    const explained = explainer(error, ctx);
    if (explained) return explained;
  }
  return { span: fallbackSpan(ctx.text, error), message: cleanMessage(error.message) };
}

function findingOf(file: string, error: YAMLError, explained: Explained, severity: Severity): Finding {
  return {
    code: error.code === 'DUPLICATE_KEY' ? 'yaml-duplicate-key' : 'yaml-syntax',
    severity,
    message: explained.message,
    file,
    span: explained.span,
    ...(explained.related ? { related: explained.related } : {}),
    data: { yamlCode: 'yamlCode' in error ? error.yamlCode : error.code },
  };
}

/** yaml's own position: at least one character, a whole word when it starts one. */
function fallbackSpan(text: string, error: YAMLError): Span {
  const start = Math.min(error.pos[0], text.length);
  let end = Math.max(Math.min(error.pos[1], text.length), Math.min(start + 1, text.length));
  const word = /[^\s:,[\]{}]/;
  if (end - start <= 1 && word.test(text[start] ?? ' ')) while (end < text.length && word.test(text[end]!)) end++;
  return { start, end };
}

/** yaml's messages end with " at line N, column M" and a code frame; we give positions ourselves. */
function cleanMessage(message: string): string {
  return message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');
}
