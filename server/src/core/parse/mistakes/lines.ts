import { LineIndex } from '../../util/lineIndex';

/** One line of a text, as the explanations of YAML mistakes look at it. */
export interface Line {
  /** 1-based, as people count lines. */
  readonly number: number;
  readonly start: number;
  /** The offset of the line break (or of the text's end). */
  readonly end: number;
  /** Leading spaces (a tab ends the indentation). */
  readonly indent: number;
  /** The text after the indentation, without trailing white space. */
  readonly content: string;
}

/** A text split into lines (as editors count them: util/lineIndex), made only when a file has YAML errors. */
export class Lines {
  private readonly index: LineIndex;

  constructor(readonly text: string) {
    this.index = new LineIndex(text);
  }

  get count(): number {
    return this.index.lineCount;
  }

  /** The line holding `offset` (the text's end belongs to the last line). */
  at(offset: number): Line {
    return this.line(this.index.positionAt(offset).line + 1);
  }

  line(number: number): Line {
    // A byte order mark is not part of the first line's text.
    const start = this.index.offsetAt({ line: number - 1, character: 0 }) + (number === 1 && this.text.charCodeAt(0) === 0xfeff ? 1 : 0);
    let end = number < this.count ? this.index.offsetAt({ line: number, character: 0 }) - 1 : this.text.length;
    if (end > start && this.text[end - 1] === '\r') end--;
    let indent = 0;
    while (this.text[start + indent] === ' ') indent++;
    const content = this.text.slice(start + indent, end).trimEnd();
    return { number, start, end, indent, content };
  }

  /** The nearest line before `line` (after it, with `step` 1) that holds more than white space or a comment. */
  near(line: Line, step: -1 | 1 = -1): Line | undefined {
    for (let n = line.number + step; n >= 1 && n <= this.count; n += step) {
      const candidate = this.line(n);
      if (holdsSomething(candidate)) return candidate;
    }
    return undefined;
  }

  /** The nearest line before `line` that holds something and is indented at most `indent`. */
  outer(line: Line, indent: number): Line | undefined {
    for (let l = this.near(line); l; l = this.near(l)) if (l.indent <= indent) return l;
    return undefined;
  }
}

export function holdsSomething(line: Line): boolean {
  return line.content !== '' && !line.content.startsWith('#');
}

/** The key a line starts with (`name` of `name: x`, `- name: x` or `name:`), when it has one. */
export function keyOf(line: Line | string): string | undefined {
  const content = typeof line === 'string' ? line : line.content;
  // Greedy, then trimmed: a lazy `[^:#]*?\s*:` tried every space of a run (a line of 50,000 spaces: 2.6 s).
  return /^(?:-\s+)?([^\s#:'"[\]{},&*!|>%@`-][^:#]*|-[^\s:#][^:#]*):(?:\s|$)/.exec(content)?.[1]?.trimEnd();
}

/** Whether a line is a list item (`- x` or a lone `-`). */
export function isListItem(line: Line): boolean {
  return /^-(?:\s|$)/.test(line.content);
}

/** `n space(s)`. */
export function spaces(n: number): string {
  return n === 1 ? '1 space' : `${n} spaces`;
}

/** A line's text after `offset`, to its end, without a trailing comment (` #...`) or white space. */
export function restOfLine(lines: Lines, offset: number): string {
  const line = lines.at(offset);
  const rest = lines.text.slice(offset, line.end);
  const comment = rest.search(/\s#/);
  return (comment < 0 ? rest : rest.slice(0, comment)).trimEnd();
}

/**
 * A line's content without its comment (from the first `#` after a space), as `replace(/\s+#.*$/, '')`
 * would give, in one pass: that regular expression tries every space of a run, so a line of 100,000
 * spaces took seconds (fuzz seed 35000005, case 891).
 */
export function withoutComment(content: string): string {
  const at = content.search(/\s#/);
  return at < 0 ? content : content.slice(0, at).trimEnd();
}
