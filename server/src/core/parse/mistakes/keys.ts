import { YAMLParseError } from 'yaml';
import type { YAMLError } from 'yaml';
import type { Span } from '../../diagnostics';
import type { Explained, MistakeContext } from './explain';
import { blockScalarNotIndented } from './indentation';
import { holdsSomething, keyOf, restOfLine, spaces } from './lines';
import type { Line } from './lines';

/** A key written twice in one mapping (found by parse/finish.ts), with where it and the first one are, and its text ('' for an empty key). */
export class DuplicateKeyError extends YAMLParseError {
  constructor(
    readonly key: Span,
    readonly first: Span,
    readonly keyText: string,
  ) {
    // At the key's start, as yaml's own uniqueKeys check puts it.
    super([key.start, key.start + 1], 'DUPLICATE_KEY', 'Map keys must be unique');
  }
}

export const explainDuplicateKey = (error: YAMLError, ctx: MistakeContext): Explained | undefined => {
  if (!(error instanceof DuplicateKeyError)) return undefined;
  const name = error.keyText;
  const firstLine = ctx.lines.at(error.first.start).number;
  const what = name === '' ? 'An empty key' : `\`${name}\``;
  return {
    span: error.key,
    message: `${what} is already a key of this mapping (line ${firstLine}). YAML allows a key once, and the engine CLI would keep only one of them: merge the two, or remove or rename one.`,
    related: [{ file: ctx.file, span: error.first, message: name === '' ? 'The first empty key' : `The first \`${name}\`` }],
  };
};

/** The text yaml read as a key (from the error to the end of its line) and what precedes it on the line. */
function keyText(error: YAMLError, ctx: MistakeContext): { line: Line; before: string; token: string } {
  const line = ctx.lines.at(error.pos[0]);
  return { line, before: ctx.text.slice(line.start + line.indent, error.pos[0]), token: restOfLine(ctx.lines, error.pos[0]) };
}

/**
 * yaml read a line as a key that is not one (`Implicit keys need to be on a single line`,
 * `Implicit map keys need to be followed by map values`): the text of a block scalar not indented,
 * a key indented past the one before it (so it continues that key's value), a missing space after
 * a colon, or a missing colon.
 */
export const explainImplicitKey = (error: YAMLError, ctx: MistakeContext): Explained | undefined => {
  const { lines } = ctx;
  const { line, before, token } = keyText(error, ctx);
  const startsLine = before === '' || /^-\s+$/.test(before);
  const claims = { start: line.start, end: lines.at(Math.max(error.pos[1] - 1, error.pos[0])).end + 1 };
  if (startsLine) {
    const block = blockScalarNotIndented(lines, line);
    if (block) return block;
  }
  const next = lines.near(line, 1);
  if (!startsLine && next && next.indent > line.indent && keyOf(next) && keyOf(line)) return indentedPast(line, next, error);
  if (!startsLine || token === '') return undefined;
  const span = { start: error.pos[0], end: error.pos[0] + token.length };
  const glued = /^([^\s:#]+):(\S.*)$/.exec(token);
  if (glued) return { span, message: `\`${token}\` needs a space after the colon: write \`${glued[1]}: ${glued[2]}\`.`, claims };
  if (token.includes(': ')) return undefined;
  const words = /^(\S+)\s+(.+)$/.exec(token);
  if (words) return { span, message: `\`${token}\` has no colon between the key and its value: write \`${words[1]}: ${words[2]}\`.`, claims };
  const nested = next && next.indent > line.indent ? ', so the lines below it cannot be its value' : '';
  return { span, message: `\`${token}\` has no colon${nested}: write \`${token}:\`.`, claims };
};

function indentedPast(line: Line, next: Line, error: YAMLError): Explained {
  const key = keyOf(line)!;
  const nextKey = keyOf(next)!;
  const column = line.indent + (line.content.indexOf(key) > 0 ? line.content.indexOf(key) : 0);
  const start = next.start + next.indent;
  return {
    span: { start, end: start + nextKey.length },
    message: `\`${nextKey}\` is indented ${spaces(next.indent)}, but \`${key}\` on line ${line.number} is indented ${column}, so YAML reads \`${nextKey}\` as more of the value of \`${key}\`. Keys of one mapping must line up: remove ${spaces(next.indent - column)}.`,
    claims: { start: error.pos[0], end: next.end + 1 },
  };
}

/** `Nested mappings are not allowed in compact mappings`: `: ` inside a value on one line. */
export const explainCompactMapping = (error: YAMLError, ctx: MistakeContext): Explained | undefined => {
  if (!error.message.startsWith('Nested mappings')) return undefined;
  const { line, token } = keyText(error, ctx);
  if (!token.includes(': ')) return undefined;
  const key = keyOf(line);
  const quoted = token.includes('"') ? `'${token.replace(/'/g, "''")}'` : `"${token}"`;
  return {
    span: { start: error.pos[0], end: error.pos[0] + token.length },
    message: `This value holds \`: \`, which starts a second key on the same line. Quote the value (\`${key ? `${key}: ` : ''}${quoted}\`), or put each key on its own line.`,
    claims: { start: line.start, end: line.end + 1 },
  };
};

/** `Unexpected scalar at node end`: an unquoted `{{ENV}}` template, or text after a closing quote or bracket. */
export const explainTextAfterValue = (error: YAMLError, ctx: MistakeContext): Explained | undefined => {
  if (!error.message.startsWith('Unexpected scalar at node end')) return undefined;
  const { lines, text } = ctx;
  const line = lines.at(error.pos[0]);
  const claims = { start: line.start, end: line.end + 1 };
  const valueStart = line.start + line.indent + valueOffset(line);
  const value = restOfLine(lines, valueStart);
  if (value.startsWith('{{')) return { span: { start: valueStart, end: valueStart + value.length }, message: unquotedTemplate(value, keyOf(line)), claims };
  const extra = restOfLine(lines, error.pos[0]);
  if (error.pos[0] === line.start + line.indent) return linesUpWithNothing(ctx, line, extra);
  const quoted = /(["'])((?:(?!\1).)*)\1\s*$/.exec(text.slice(valueStart, error.pos[0]));
  const fix = quoted ? `put it inside the quotes (\`${quoted[1]}${quoted[2]} ${extra}${quoted[1]}\`) or remove it` : 'remove it, or quote the whole value';
  return {
    span: { start: error.pos[0], end: error.pos[0] + extra.length },
    message: `\`${extra}\` follows a value that is already complete: ${fix}.`,
    claims,
  };
};

/** A line less indented than everything before it: the first key of the file is indented, or this line is out of line. */
function linesUpWithNothing(ctx: MistakeContext, line: Line, extra: string): Explained {
  const { lines, text } = ctx;
  const claims = { start: line.start, end: text.length + 1 };
  let first = lines.line(1);
  if (!holdsSomething(first)) first = lines.near(first, 1) ?? first;
  const firstKey = keyOf(first);
  if (first.number < line.number && first.indent > line.indent && firstKey) {
    const start = first.start + first.indent;
    return {
      span: { start, end: start + firstKey.length },
      message: `\`${firstKey}\` is indented ${spaces(first.indent)}, but it is the first key of the file, and \`${keyOf(line) ?? extra}\` on line ${line.number} is indented ${line.indent}: keys of one mapping must line up. Remove ${spaces(first.indent - line.indent)}.`,
      claims,
    };
  }
  const start = line.start + line.indent;
  const message = `This line lines up with no key above it (it is indented ${spaces(line.indent)}), so YAML cannot place it and stops reading the file here. Indent it like the keys it belongs with.`;
  return { span: { start, end: start + extra.length }, message, claims };
}

/** `Block collections are not allowed within flow collections`: a `- ` item inside `[ ]`, or a missing comma in `{ }`. */
export const explainBlockInFlow = (error: YAMLError, ctx: MistakeContext): Explained | undefined => {
  const token = restOfLine(ctx.lines, error.pos[0]).replace(/[,\]}].*$/, '');
  const span = { start: error.pos[0], end: error.pos[0] + token.length };
  if (/^-(\s|$)/.test(token))
    return {
      span,
      message: 'A `- ` list item cannot be inside `[ ]` or `{ }`: write the items as `[a, b]`, or drop the brackets and write one `- ` item per line.',
    };
  const pair = /^(.*\S)\s+([^\s:,]+):(\s|$)/.exec(token);
  if (!pair) return undefined;
  return { span, message: `A comma is missing before \`${pair[2]}\`: the items of \`{ }\` are separated by commas, as in \`${pair[1]}, ${pair[2]}:\`.` };
};

/** Where a line's value starts, after `key: ` or `- ` (0 when it has neither). */
export function valueOffset(line: Pick<Line, 'content'>): number {
  // Greedy: a lazy `[^:#]*?\s*:` tried every space of a run (as keyOf's did, see lines.ts).
  const match = /^(?:-\s+)?(?:[^\s#:][^:#]*:\s+)?/.exec(line.content);
  return match ? match[0].length : 0;
}

export function unquotedTemplate(value: string, key: string | undefined): string {
  return `\`${value}\` must be quoted: unquoted, \`{\` starts a YAML mapping, not text. Write \`${key ? `${key}: ` : ''}"${value}"\`.`;
}

/** `Plain value cannot start with reserved character @` (and `` ` ``, `%`). */
export const explainScalarStart = (error: YAMLError, ctx: MistakeContext): Explained | undefined => {
  const { line, token } = keyText(error, ctx);
  if (token === '') return undefined;
  const key = keyOf(line);
  return {
    span: { start: error.pos[0], end: error.pos[0] + token.length },
    message: `A value cannot start with \`${token[0]}\` unless it is quoted: write \`${key ? `${key}: ` : ''}"${token.replace(/"/g, '\\"')}"\`.`,
    claims: { start: line.start, end: line.end + 1 },
  };
};

/** `Invalid escape sequence \p` in a double-quoted value. */
export const explainEscape = (error: YAMLError, ctx: MistakeContext): Explained | undefined => {
  const sequence = ctx.text.slice(error.pos[0], error.pos[0] + 2);
  if (sequence[0] !== '\\' || sequence.length < 2) return undefined;
  return {
    span: { start: error.pos[0], end: error.pos[0] + 2 },
    message: `\`${sequence}\` is not an escape sequence, and inside double quotes \`\\\` always starts one. Write \`\\${sequence}\` for a backslash, or use single quotes, where \`\\\` is an ordinary character.`,
  };
};
