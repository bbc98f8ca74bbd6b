import type { YAMLError } from 'yaml';
import type { Explained, MistakeContext } from './explain';
import { holdsSomething, isListItem, keyOf, spaces, withoutComment } from './lines';
import type { Line, Lines } from './lines';

/** The lines between `parent` (exclusive; the text's start when undefined) and `line` that sit at the smallest indent: the siblings of `line`. */
function siblings(lines: Lines, parent: Line | undefined, line: Line): Line[] {
  const between: Line[] = [];
  for (let n = (parent?.number ?? 0) + 1; n < line.number; n++) {
    const l = lines.line(n);
    if (holdsSomething(l)) between.push(l);
  }
  const min = Math.min(...between.map((l) => l.indent));
  return between.filter((l) => l.indent === min);
}

const steps = new WeakMap<Lines, number>();

/** The usual indentation step of the file (2 when it cannot tell), once per file. */
function indentStep(lines: Lines): number {
  let step = steps.get(lines);
  if (step === undefined) steps.set(lines, (step = countSteps(lines)));
  return step;
}

function countSteps(lines: Lines): number {
  const counts = new Map<number, number>();
  let prev: Line | undefined;
  for (let n = 1; n <= lines.count; n++) {
    const line = lines.line(n);
    if (!holdsSomething(line)) continue;
    if (prev && line.indent > prev.indent) counts.set(line.indent - prev.indent, (counts.get(line.indent - prev.indent) ?? 0) + 1);
    prev = line;
  }
  let best = 2;
  for (const [step, count] of counts) if (count > (counts.get(best) ?? 0)) best = step;
  return best;
}

/** The column a line's key starts at (after `- ` for a list item). */
function keyColumn(line: Line): number {
  const dash = /^-\s+/.exec(line.content);
  return line.indent + (dash ? dash[0].length : 0);
}

const shift = (from: number, to: number): string => (to > from ? `Add ${spaces(to - from)}.` : `Remove ${spaces(from - to)}.`);
const lineSpan = (line: Line, from = line.indent): { start: number; end: number } => ({
  start: line.start + from,
  end: line.start + line.indent + line.content.length,
});

/** `All mapping items must start at the same column`: the key out of line with the other keys of its mapping. */
export const explainIndentation = (error: YAMLError, ctx: MistakeContext): Explained | undefined => {
  if (!error.message.startsWith('All mapping items must start at the same column')) return undefined;
  const { lines } = ctx;
  const line = lines.at(error.pos[0]);
  const key = keyOf(line);
  if (!key) return undefined;
  const parent = lines.outer(line, line.indent - 1);
  const found = siblings(lines, parent, line);
  const claims = { start: line.start, end: line.end + 1 };
  if (found.length === 0) return undefined;
  const sibling = found[found.length - 1]!;
  if (sibling.indent === line.indent && isListItem(sibling)) {
    return {
      span: keySpan(line, key),
      message: `\`${key}\` lines up with the list items above (\`${short(sibling.content)}\` on line ${sibling.number}) but has no \`-\`: write \`- ${line.content}\` to start a new item, or indent it to line up with the keys inside that item.`,
      claims,
    };
  }
  const first = found[0]!;
  const expected = parent ? keyColumn(parent) + indentStep(lines) : 0;
  if (first.indent !== expected && line.indent === expected && keyOf(first)) {
    const firstKey = keyOf(first)!;
    return {
      span: keySpan(first, firstKey),
      message: `\`${firstKey}\` is indented ${spaces(first.indent)}, but \`${key}\` after it in the same mapping (line ${line.number}) is indented ${line.indent}: keys of one mapping must line up. ${shift(first.indent, line.indent)}`,
      claims,
    };
  }
  const siblingKey = keyOf(sibling) ?? short(sibling.content);
  return {
    span: keySpan(line, key),
    message: `\`${key}\` is indented ${spaces(line.indent)}, but \`${siblingKey}\` before it in the same mapping (line ${sibling.number}) is indented ${sibling.indent}: keys of one mapping must line up. ${shift(line.indent, sibling.indent)}`,
    claims,
  };
};

function keySpan(line: Line, key: string): { start: number; end: number } {
  const start = line.start + keyColumn(line);
  return { start, end: start + key.length };
}

function short(text: string): string {
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
}

/**
 * A list item yaml cannot place (`A block sequence may not be used as an implicit map key`, and the
 * errors after it on the same line): a `-` among the keys of a mapping, or an item out of line with
 * the items before it.
 */
export const explainListItem = (error: YAMLError, ctx: MistakeContext): Explained | undefined => {
  const { lines } = ctx;
  const line = lines.at(error.pos[0]);
  const dash = line.start + line.indent;
  if (!isListItem(line) || error.pos[0] > dash) return undefined;
  const claims = { start: line.start, end: line.end + 1 };
  const span = { start: dash, end: dash + 1 };
  const parent = lines.outer(line, line.indent);
  if (parent && parent.indent === line.indent) {
    const parentKey = keyOf(parent);
    if (!parentKey || isListItem(parent)) return undefined;
    const itemKey = keyOf(line);
    const fix = line.content === '-' ? 'Remove it.' : itemKey ? `Remove the \`-\` to make \`${itemKey}\` a key.` : 'Remove the `-`.';
    return {
      span,
      message: `This \`-\` starts a list item among the keys of a mapping (\`${parentKey}\` on line ${parent.number} is at the same indent). ${fix}`,
      claims,
    };
  }
  const found = siblings(lines, parent, line);
  const sibling = found.length > 0 ? found[found.length - 1]! : undefined;
  if (!sibling || !isListItem(sibling) || sibling.indent === line.indent) return undefined;
  return {
    span,
    message: `This list item is indented ${spaces(line.indent)}, but the item before it (\`${short(sibling.content)}\` on line ${sibling.number}) is indented ${sibling.indent}: items of one list must line up. ${shift(line.indent, sibling.indent)}`,
    claims,
  };
};

/** `Tabs are not allowed as indentation`. */
export const explainTab = (error: YAMLError, ctx: MistakeContext): Explained | undefined => {
  const { lines, text } = ctx;
  const line = lines.at(error.pos[0]);
  let start = error.pos[0];
  while (start < line.end && text[start] !== '\t') start++;
  let end = start;
  while (end < line.end && text[end] === '\t') end++;
  if (start === end) return undefined;
  const before = text.slice(line.start, start);
  const where = /^ *$/.test(before) ? 'This line is indented with a tab' : `A tab follows \`${before.trim()}\` here`;
  return {
    span: { start, end },
    message: `${where}, and YAML allows only spaces for indentation. Replace the tab with spaces.`,
    claims: { start: line.start, end: line.end + 1 },
  };
};

/** A line meant as text of a block scalar (`query: |`) but not indented more than its key. */
export function blockScalarNotIndented(lines: Lines, line: Line): Explained | undefined {
  const prev = lines.near(line);
  if (!prev || line.indent > prev.indent || !/(?:^|\s)[|>][-+1-9]*$/.test(withoutComment(prev.content))) return undefined;
  const key = keyOf(prev);
  const needed = keyColumn(prev) + indentStep(lines) - line.indent;
  return {
    span: lineSpan(line),
    message: `The text of the block \`${prev.content}\` (line ${prev.number}) must be indented more than ${key ? `\`${key}\`` : 'that line'}: indent this line and the ones after it ${spaces(Math.max(needed, 1))} further.`,
    claims: { start: line.start, end: line.end + 1 },
  };
}
