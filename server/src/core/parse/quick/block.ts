import { Scalar } from 'yaml';
import { NotPackable } from '../packed';
import { resolveToken, skipSpaces } from './scalar';

/**
 * A block scalar for the quick pack (quick/pack.ts): `|`, `|-`, `>` or `>-` alone on its line, then
 * lines indented deeper than the collection it is in, the first of them not blank. Its extent is
 * found here as yaml's lexer finds it for such text (up to the last line that is not blank); its
 * value is resolved by yaml's own `CST.resolveAsScalar`. Anything else throws NotPackable: a keep
 * (`+`) or indentation indicator, a comment after the header, lines of spaces only, leading blank
 * lines, a line between the collection's indent and the first line's.
 */
export interface BlockScalar {
  readonly type: Scalar['type'];
  readonly value: string;
  /** The end of its range: after the line break of its last line that is not blank. */
  readonly end: number;
}

const NEWLINE = 10;

/** The block scalar whose header is at `at`, in a collection whose items are at column `parent`. */
export function readBlockScalar(text: string, at: number, parent: number): BlockScalar {
  let bodyStart = at + 1;
  if (text.charCodeAt(bodyStart) === 45 /* - */) bodyStart++;
  if (parent < 0 || text.charCodeAt(bodyStart) !== NEWLINE) throw new NotPackable();
  const header = text.slice(at, bodyStart);
  bodyStart++;
  let indent = -1;
  let end = bodyStart;
  for (let line = bodyStart; line < text.length;) {
    const content = skipSpaces(text, line);
    if (content >= text.length || text.charCodeAt(content) === NEWLINE) {
      if (content !== line || indent < 0) throw new NotPackable();
      line = content + 1;
      continue;
    }
    const lineIndent = content - line;
    if (lineIndent < (indent < 0 ? parent + 1 : indent)) {
      if (indent < 0 || lineIndent > parent) throw new NotPackable();
      break;
    }
    if (indent < 0) indent = lineIndent;
    const newline = text.indexOf('\n', content);
    line = end = newline < 0 ? text.length : newline + 1;
  }
  if (indent < 0) throw new NotPackable();
  return { type: header[0] === '>' ? Scalar.BLOCK_FOLDED : Scalar.BLOCK_LITERAL, value: resolve(text, at, parent, header, bodyStart, end), end };
}

/** The value as yaml's composer resolves the block scalar token its lexer and parser would make. */
function resolve(text: string, at: number, parent: number, header: string, bodyStart: number, end: number): string {
  return resolveToken({
    type: 'block-scalar',
    offset: at,
    indent: parent,
    props: [
      { type: 'block-scalar-header', offset: at, indent: parent, source: header },
      { type: 'newline', offset: bodyStart - 1, indent: parent, source: '\n' },
    ],
    source: text.slice(bodyStart, end),
  });
}
