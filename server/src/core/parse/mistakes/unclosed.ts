import { Parser } from 'yaml';
import type { CST, YAMLError } from 'yaml';
import type { Explained, MistakeContext } from './explain';
import { keyOf, restOfLine } from './lines';
import type { Lines } from './lines';

interface Opened {
  readonly offset: number;
  /** The opening character: a quote or a bracket. */
  readonly char: string;
}

interface Unclosed {
  readonly quotes: readonly Opened[];
  readonly brackets: readonly Opened[];
}

const unclosedOf = new WeakMap<MistakeContext, Unclosed>();

/** The quoted scalars and the outermost flow collections (`[`, `{`) that the CST shows unclosed, in text order (once per file). */
function unclosedTokens(ctx: MistakeContext): Unclosed {
  let found = unclosedOf.get(ctx);
  if (!found) {
    const all = scanUnclosed(ctx.cst ?? [...new Parser().parse(ctx.text)]);
    found = { quotes: all.filter((t) => t.char === '"' || t.char === "'"), brackets: all.filter((t) => t.char === '[' || t.char === '{') };
    unclosedOf.set(ctx, found);
  }
  return found;
}

function scanUnclosed(tokens: Iterable<CST.Token>): Opened[] {
  const out: Opened[] = [];
  const visit = (token: CST.Token | undefined, inFlow: boolean): void => {
    if (!token) return;
    if (token.type === 'double-quoted-scalar' || token.type === 'single-quoted-scalar') {
      if (!isClosedQuote(token.source)) out.push({ offset: token.offset, char: token.source[0]! });
    } else if (token.type === 'flow-collection') {
      const closer = token.start.source === '[' ? 'flow-seq-end' : 'flow-map-end';
      if (!inFlow && !token.end.some((t) => t.type === closer)) out.push({ offset: token.offset, char: token.start.source });
      for (const item of token.items) [item.key, item.value].forEach((t) => visit(t ?? undefined, true));
    } else if (token.type === 'document') visit(token.value, inFlow);
    else if (token.type === 'block-map' || token.type === 'block-seq') {
      for (const item of token.items) ['key' in item ? item.key : undefined, item.value].forEach((t) => visit(t ?? undefined, inFlow));
    }
  };
  for (const token of tokens) visit(token, false);
  return out;
}

/** A quoted scalar's source ends with its quote (not an escaped one: `\"`, or `''` inside single quotes). */
function isClosedQuote(source: string): boolean {
  const quote = source[0]!;
  if (source.length < 2 || source[source.length - 1] !== quote) return false;
  let run = 0;
  if (quote === '"') {
    for (let i = source.length - 2; i > 0 && source[i] === '\\'; i--) run++;
    return run % 2 === 0;
  }
  for (let i = source.length - 1; i > 0 && source[i] === "'"; i--) run++;
  return run % 2 === 1;
}

const CLOSER: Readonly<Record<string, string>> = { '[': ']', '{': '}', '"': '"', "'": "'" };
const WHAT: Readonly<Record<string, string>> = { '[': 'list', '{': 'mapping', '"': 'double quote', "'": 'single quote' };

/** `Missing closing "quote`: at the opening quote, with the value closed as it most likely ends. */
export const explainMissingQuoteOrBracket = (error: YAMLError, ctx: MistakeContext): Explained | undefined => {
  if (!/^Missing closing ["']quote/.test(error.message)) return undefined;
  const opened = lastBefore(unclosedTokens(ctx).quotes, error.pos[0]);
  if (!opened) return undefined;
  const value = restOfLine(ctx.lines, opened.offset);
  const line = ctx.lines.at(opened.offset);
  // Inside `[ ]` or `{ }` the value ends before a bracket or a comma, which one cannot tell.
  const inFlow = /[[{,]\s*$/.test(ctx.text.slice(line.start, opened.offset));
  const sure = value.length > 1 && !inFlow;
  const suggestion = sure ? ` Close it where the value ends: \`${value}${opened.char}\`.` : ` Close it with another ${opened.char} where the value ends.`;
  return {
    span: { start: opened.offset, end: opened.offset + value.length },
    message: `This ${WHAT[opened.char]} is never closed, so YAML reads the lines after line ${line.number} as part of the value.${suggestion}`,
    claims: { start: opened.offset, end: Math.max(error.pos[1], error.pos[0] + 1) },
  };
};

/**
 * `Flow sequence/map in block collection must be sufficiently indented and end with a ]`: at the
 * bracket never closed; or, when it is closed on a later line, at the line that is not indented
 * enough to continue it.
 */
export const explainUnclosedFlow = (error: YAMLError, ctx: MistakeContext): Explained | undefined => {
  if (!/^Flow (sequence|map) in block collection/.test(error.message)) return undefined;
  const opened = lastBefore(unclosedTokens(ctx).brackets, error.pos[0] + 1);
  if (!opened) return undefined;
  const { lines } = ctx;
  const line = lines.at(opened.offset);
  const closedAt = closingOffset(ctx.text, opened.offset);
  if (closedAt !== undefined && lines.at(closedAt).number > line.number) return continuedTooLittle(ctx, opened, line.number, closedAt);
  const value = restOfLine(lines, opened.offset);
  const closers = missingClosers(value);
  const key = keyOf(line);
  const example = closers === undefined ? '' : `, as in \`${key ? `${key}: ` : ''}${value}${closers}\``;
  return {
    span: { start: opened.offset, end: opened.offset + value.length },
    message: `This \`${opened.char}\` is never closed: end the ${WHAT[opened.char]} with \`${CLOSER[opened.char]}\`${example}.`,
    claims: { start: opened.offset, end: Math.max(error.pos[1], lines.at(error.pos[0]).end + 1) },
  };
};

function continuedTooLittle(ctx: MistakeContext, opened: Opened, openLine: number, closedAt: number): Explained {
  const { lines } = ctx;
  const first = lines.line(openLine);
  const last = lines.at(closedAt);
  let line = lines.near(first, 1) ?? last;
  while (line.indent > first.indent && line.number < last.number) line = lines.near(line, 1) ?? last;
  const key = keyOf(first);
  const under = key ? `\`${key}\`` : `line ${openLine}`;
  return {
    span: { start: line.start + line.indent, end: line.start + line.indent + line.content.length },
    message: `This line continues the \`${opened.char}\` opened on line ${openLine}, so it must be indented more than ${under}: indent it, or join it to line ${openLine}.`,
    claims: { start: opened.offset, end: closedAt + 1 },
  };
}

/** `Unexpected flow-seq-end token in YAML stream: "]"`: a closing bracket with nothing to close; YAML reads no further. */
export const explainStrayCloser = (error: YAMLError, ctx: MistakeContext): Explained | undefined => {
  const match = /^Unexpected flow-(seq|map)-end token in YAML stream/.exec(error.message);
  if (!match) return undefined;
  const [closer, opener] = match[1] === 'seq' ? [']', '['] : ['}', '{'];
  return {
    span: { start: error.pos[0], end: error.pos[0] + 1 },
    message: `This \`${closer}\` has no \`${opener}\` to close. Remove it: YAML stops reading the file here.`,
    claims: everythingAfter(ctx.lines, error.pos[0]),
  };
};

/** From `offset` to the end of the text. */
export function everythingAfter(lines: Lines, offset: number): { start: number; end: number } {
  return { start: offset, end: lines.text.length + 1 };
}

/** The last of `tokens` (in text order) that starts before `offset`. */
function lastBefore(tokens: readonly Opened[], offset: number): Opened | undefined {
  let lo = 0;
  let hi = tokens.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (tokens[mid]!.offset < offset) lo = mid + 1;
    else hi = mid;
  }
  return tokens[lo - 1];
}

/** How far a bracket's closing one is looked for (a flow collection is a few lines; this keeps many unclosed ones linear). */
const CLOSING_REACH = 16_384;

/** Where the bracket at `offset` is closed, skipping quoted text; undefined when never (or not near). */
function closingOffset(text: string, offset: number): number | undefined {
  let depth = 0;
  for (let i = offset; i < Math.min(text.length, offset + CLOSING_REACH); i++) {
    const c = text[i]!;
    if (c === '"' || c === "'") i = quoteEnd(text, i);
    else if (c === '[' || c === '{') depth++;
    else if ((c === ']' || c === '}') && --depth === 0) return i;
  }
  return undefined;
}

function quoteEnd(text: string, at: number): number {
  const quote = text[at]!;
  for (let i = at + 1; i < text.length; i++) {
    if (quote === '"' && text[i] === '\\') i++;
    else if (text[i] === quote) return i;
    else if (text[i] === '\n') return i;
  }
  return text.length;
}

/** The closing brackets `value` lacks, innermost first; undefined when a bracket in it closes the wrong one. */
function missingClosers(value: string): string | undefined {
  const open: string[] = [];
  for (let i = 0; i < value.length; i++) {
    const c = value[i]!;
    if (c === '"' || c === "'") i = quoteEnd(value, i);
    else if (c === '[' || c === '{') open.push(CLOSER[c]!);
    else if ((c === ']' || c === '}') && open.pop() !== c) return undefined;
  }
  return open.reverse().join('');
}
