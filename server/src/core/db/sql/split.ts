/**
 * Splitting SQL text into statements the way psql does, keeping exact offsets (UTF-16 units) into
 * the text: quotes, dollar quotes, comments and parentheses hide their semicolons.
 */

interface SqlStatement {
  /** Offset of the statement's first character (leading whitespace and comments are not part of it). */
  readonly start: number;
  /** Offset just after its last token (the `;` and what follows it are not part of it). */
  readonly end: number;
  /** `text.slice(start, end)`. */
  readonly text: string;
  /** `meta`: a psql meta-command line (`\connect x`), which no server can run. */
  readonly kind: 'sql' | 'meta';
}

const IDENT = /[A-Za-z0-9_$\u0080-\uffff]/;
const TAG = /\$([A-Za-z_\u0080-\uffff][A-Za-z0-9_\u0080-\uffff]*)?\$/y;

export function splitSql(text: string): SqlStatement[] {
  const out: SqlStatement[] = [];
  let i = 0;
  while (i < text.length) {
    i = skipBlank(text, i);
    if (i >= text.length) break;
    if (text[i] === ';') {
      i++;
      continue;
    }
    if (text[i] === '\\') {
      const eol = lineEnd(text, i);
      const end = trimEnd(text, i, eol);
      out.push({ start: i, end, text: text.slice(i, end), kind: 'meta' });
      i = eol;
      continue;
    }
    const { end, next } = statementEnd(text, i);
    out.push({ start: i, end, text: text.slice(i, end), kind: 'sql' });
    i = next;
  }
  return out;
}

/** Skips whitespace and comments. */
function skipBlank(text: string, i: number): number {
  for (;;) {
    while (i < text.length && /\s/.test(text[i] ?? '')) i++;
    if (text.startsWith('--', i)) i = lineEnd(text, i);
    else if (text.startsWith('/*', i)) i = blockCommentEnd(text, i);
    else return i;
  }
}

function lineEnd(text: string, i: number): number {
  const eol = text.indexOf('\n', i);
  return eol < 0 ? text.length : eol;
}

function trimEnd(text: string, start: number, end: number): number {
  while (end > start && /\s/.test(text[end - 1] ?? '')) end--;
  return end;
}

/** Where the statement starting at `start` ends (after its last token) and where scanning goes on (after its `;`). */
function statementEnd(text: string, start: number): { end: number; next: number } {
  let i = start;
  let last = start;
  let depth = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === ';' && depth === 0) return { end: last, next: i + 1 };
    if (c !== undefined && /\s/.test(c)) {
      i++;
      continue;
    }
    const after = tokenEnd(text, i);
    if (after === i) {
      // A one-character token.
      if (c === '(') depth++;
      else if (c === ')' && depth > 0) depth--;
      i++;
      last = i;
    } else if (text.startsWith('--', i) || text.startsWith('/*', i)) {
      i = after;
    } else {
      i = after;
      last = after;
    }
  }
  return { end: last, next: text.length };
}

/** The end of a quoted, dollar-quoted or comment token starting at `i`, an identifier or word; `i` for anything else. */
function tokenEnd(text: string, i: number): number {
  const c = text[i];
  if (text.startsWith('--', i)) return lineEnd(text, i);
  if (text.startsWith('/*', i)) return blockCommentEnd(text, i);
  if (c === "'") return quoteEnd(text, i + 1, "'", false);
  if (c === '"') return quoteEnd(text, i + 1, '"', false);
  if (c === '$' && !IDENT.test(text[i - 1] ?? '')) {
    TAG.lastIndex = i;
    const tag = TAG.exec(text);
    if (tag !== null) {
      const close = text.indexOf(tag[0], i + tag[0].length);
      return close < 0 ? text.length : close + tag[0].length;
    }
  }
  if ((c === 'E' || c === 'e') && text[i + 1] === "'" && !IDENT.test(text[i - 1] ?? '')) return quoteEnd(text, i + 2, "'", true);
  if (c !== undefined && IDENT.test(c)) {
    let j = i + 1;
    while (j < text.length && IDENT.test(text[j] ?? '')) j++;
    return j;
  }
  return i;
}

/** After a quote opened just before `i`: the offset after its closing quote (a doubled quote is part of the text). */
function quoteEnd(text: string, i: number, quote: string, backslashes: boolean): number {
  while (i < text.length) {
    const c = text[i];
    if (backslashes && c === '\\') i += 2;
    else if (c === quote) {
      if (text[i + 1] === quote) i += 2;
      else return i + 1;
    } else i++;
  }
  return text.length;
}

/** After a `/*` at `i`: the offset after its matching `*\/` (they nest). */
function blockCommentEnd(text: string, i: number): number {
  let depth = 0;
  while (i < text.length) {
    if (text.startsWith('/*', i)) {
      depth++;
      i += 2;
    } else if (text.startsWith('*/', i)) {
      depth--;
      i += 2;
      if (depth === 0) return i;
    } else i++;
  }
  return text.length;
}

export interface SqlToken {
  /** `word`: a keyword or bare identifier (as written); `ident`: a quoted identifier (unquoted value); `string`: a quoted or dollar-quoted literal; `punct`: one character. */
  readonly kind: 'word' | 'ident' | 'string' | 'punct';
  readonly value: string;
  readonly start: number;
  readonly end: number;
}

/** The tokens of one statement's text (comments and whitespace left out). */
export function sqlTokens(text: string): SqlToken[] {
  const out: SqlToken[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i] ?? '';
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    const end = tokenEnd(text, i);
    if (end === i) out.push({ kind: 'punct', value: c, start: i, end: ++i });
    else if (text.startsWith('--', i) || text.startsWith('/*', i)) i = end;
    else {
      const string = c === "'" || (c === '$' && text[end - 1] === '$' && end - i > 1) || ((c === 'E' || c === 'e') && text[i + 1] === "'");
      out.push({
        kind: c === '"' ? 'ident' : string ? 'string' : 'word',
        value: c === '"' ? text.slice(i + 1, end - 1).replace(/""/g, '"') : text.slice(i, end),
        start: i,
        end,
      });
      i = end;
    }
  }
  return out;
}
