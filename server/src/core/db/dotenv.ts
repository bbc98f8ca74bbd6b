/**
 * A `.env` file as the engine CLI (godotenv) and Node's dotenv read it: `KEY=value` lines, an
 * optional `export ` prefix, `#` comments (a whole line, or after an unquoted value following a
 * space), single-quoted values taken literally, double-quoted values with `\n \r \t \" \\ \$`
 * escapes, backquoted values literally; quoted values may span lines. `${NAME}` and `$NAME` in
 * unquoted and double-quoted values are replaced by an earlier key of the file, else by `env`
 * (else nothing). A later line with the same key wins. Lines that are not assignments are skipped.
 */

const KEY = /^[ \t]*(?:export[ \t]+)?([A-Za-z_][A-Za-z0-9_.-]*)[ \t]*=[ \t]*/;
const ESCAPES: Readonly<Record<string, string>> = { n: '\n', r: '\r', t: '\t', '"': '"', '\\': '\\', $: '$' };

type Lookup = (name: string) => string | undefined;

function expand(value: string, lookup: Lookup): string {
  return value.replace(/\$(?:\{([A-Za-z_][A-Za-z0-9_]*)\}|([A-Za-z_][A-Za-z0-9_]*))/g, (_m, braced?: string, bare?: string) => lookup((braced ?? bare)!) ?? '');
}

/** The value starting at `start` (after `KEY=`) and the offset after its line. */
function readValue(text: string, start: number, lookup: Lookup): { value: string; next: number } {
  const quote = text[start];
  if (quote === '"' || quote === "'" || quote === '`') {
    let i = start + 1;
    // Double quotes: `pending` is expanded when an escape (never expanded itself) or the end comes.
    let value = '';
    let pending = '';
    while (i < text.length && text[i] !== quote) {
      if (quote === '"' && text[i] === '\\' && i + 1 < text.length) {
        const escaped = text[i + 1]!;
        value += expand(pending, lookup) + (ESCAPES[escaped] ?? `\\${escaped}`);
        pending = '';
        i += 2;
      } else pending += text[i++];
    }
    if (i < text.length) {
      const eol = text.indexOf('\n', i);
      return { value: quote === '"' ? value + expand(pending, lookup) : pending, next: eol < 0 ? text.length : eol + 1 };
    }
    // No closing quote: the rest of the line is the value, as written.
  }
  const eol = text.indexOf('\n', start);
  const line = text.slice(start, eol < 0 ? text.length : eol).replace(/\r$/, '');
  const comment = /(^|[ \t])#/.exec(line);
  const value = (comment ? line.slice(0, comment.index) : line).trim();
  return { value: expand(value, lookup), next: eol < 0 ? text.length : eol + 1 };
}

/** The variables a `.env` text sets, in file order (`env` supplies `${NAME}` the file does not set). */
export function parseDotenv(text: string, env: Lookup = () => undefined): Map<string, string> {
  const vars = new Map<string, string>();
  const lookup: Lookup = (name) => vars.get(name) ?? env(name);
  let offset = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  while (offset < text.length) {
    const eol = text.indexOf('\n', offset);
    const line = text.slice(offset, eol < 0 ? text.length : eol);
    const key = KEY.exec(line);
    if (!key) {
      offset = eol < 0 ? text.length : eol + 1;
      continue;
    }
    const { value, next } = readValue(text, offset + key[0].length, lookup);
    vars.set(key[1]!, value);
    offset = next;
  }
  return vars;
}
