/** JSON paths as the engine writes them in errors: `$.args.metadata.sources[0].tables[15]`. */

export type PathSegment = string | number;
export type JsonPath = readonly PathSegment[];

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

export function formatJsonPath(path: JsonPath): string {
  return `$${path.map(formatSegment).join('')}`;
}

function formatSegment(segment: PathSegment): string {
  if (typeof segment === 'number') return `[${segment}]`;
  return IDENTIFIER.test(segment) ? `.${segment}` : `['${segment.replace(/[\\']/g, (c) => `\\${c}`)}']`;
}

/**
 * Parses `$.a.b[0]['c d']["e"]`; undefined when the text is not such a path. A `.key` runs to the
 * next `.` or `[`, so keys the engine prints unquoted (any character but those two) are read back.
 */
export function parseJsonPath(text: string): PathSegment[] | undefined {
  const trimmed = text.trim();
  if (!trimmed.startsWith('$')) return undefined;
  const out: PathSegment[] = [];
  let i = 1;
  while (i < trimmed.length) {
    const step = readSegment(trimmed, i);
    if (!step) return undefined;
    out.push(step.segment);
    i = step.next;
  }
  return out;
}

function readSegment(text: string, i: number): { segment: PathSegment; next: number } | undefined {
  if (text[i] === '.') {
    const match = /^[^.[]+/.exec(text.slice(i + 1));
    return match ? { segment: match[0], next: i + 1 + match[0].length } : undefined;
  }
  if (text[i] !== '[') return undefined;
  const index = /^\[(\d+)\]/.exec(text.slice(i));
  if (index) return { segment: Number(index[1]), next: i + index[0].length };
  return readQuoted(text, i + 1);
}

function readQuoted(text: string, i: number): { segment: PathSegment; next: number } | undefined {
  const quote = text[i];
  if (quote !== "'" && quote !== '"') return undefined;
  let key = '';
  for (let j = i + 1; j < text.length; j++) {
    const c = text[j]!;
    if (c === '\\' && j + 1 < text.length) key += text[++j];
    else if (c === quote) return text[j + 1] === ']' ? { segment: key, next: j + 2 } : undefined;
    else key += c;
  }
  return undefined;
}
