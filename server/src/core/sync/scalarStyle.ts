/**
 * How the engine's CLI writes a string (go-yaml v3 behind CUE's JSON -> YAML step, see
 * cli/internal/metadatautil/json.go): multi-line strings as literal blocks, strings that would read
 * back as something else (`true`, `12`, `""`, `null`, YAML 1.1 words like `yes`, dates) double-quoted,
 * everything else plain; the emitter then falls back to single and double quotes when a style is
 * not allowed for the characters in the string (go-yaml `yaml_emitter_analyze_scalar`).
 */

export type ScalarStyle = 'plain' | 'single' | 'double' | 'literal';

export function scalarStyle(value: string, isKey: boolean): ScalarStyle {
  const a = analyze(value);
  let style: ScalarStyle = value.includes('\n') ? 'literal' : mustQuote(value) ? 'double' : 'plain';
  if (isKey && a.multiline) style = 'double';
  if (style === 'plain' && (!a.plainAllowed || (value === '' && isKey))) style = 'single';
  if (style === 'single' && !a.singleAllowed) style = 'double';
  if (style === 'literal' && (!a.blockAllowed || isKey)) style = 'double';
  return style;
}

/** YAML 1.1 words that CUE's encoder quotes (`legacyStrings`). */
const LEGACY = new Set(['y', 'Y', 'yes', 'Yes', 'YES', 'n', 'N', 'no', 'No', 'NO', 'on', 'On', 'ON', 'off', 'Off', 'OFF', '.Nan']);
/** CUE's `useQuote`: anything like a date, a time or a base-60 number, and hex numbers. */
const CUE_QUOTE = /^[-+0-9:. \t]+([-:]|[tT])[-+0-9:. \t]+[zZ]?$|^0x[a-fA-F0-9]+$/;
/** go-yaml v3 `resolveMap`: plain words that are not strings. */
const RESOLVED = new Set([
  '',
  '~',
  'true',
  'True',
  'TRUE',
  'false',
  'False',
  'FALSE',
  'null',
  'Null',
  'NULL',
  '.nan',
  '.NaN',
  '.NAN',
  '.inf',
  '.Inf',
  '.INF',
  '+.inf',
  '+.Inf',
  '+.INF',
  '-.inf',
  '-.Inf',
  '-.INF',
  '<<',
]);
const INT = /^[-+]?(?:0[xX][0-9a-fA-F]+|0[oO][0-7]+|0[bB][01]+|0[0-7]*|[1-9][0-9]*)$/;
const FLOAT = /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?$/;
const BINARY = /^-?0b[01]+$/;
const OCTAL = /^-?0o[0-7]+$/;

/** True when the string, written plain, would read back as a non-string (or CUE quotes it). */
function mustQuote(value: string): boolean {
  if (RESOLVED.has(value) || LEGACY.has(value) || CUE_QUOTE.test(value)) return true;
  const first = value[0] ?? '';
  if (first === '.') return /^\.[0-9]+(?:[eE][-+]?[0-9]+)?$/.test(value);
  if (!/[-+0-9]/.test(first)) return false;
  const plain = value.replace(/_/g, '');
  return INT.test(plain) || FLOAT.test(plain) || BINARY.test(plain) || OCTAL.test(plain);
}

interface Analysis {
  readonly multiline: boolean;
  readonly plainAllowed: boolean;
  readonly singleAllowed: boolean;
  readonly blockAllowed: boolean;
}

/** go-yaml's analysis of a scalar, for block context (flow collections are never written). */
function analyze(value: string): Analysis {
  if (value === '') return { multiline: false, plainAllowed: true, singleAllowed: true, blockAllowed: false };
  const f = flags(value);
  const spaceOrSpecial = f.spaceBreak || f.special;
  return {
    multiline: f.lineBreaks,
    plainAllowed: !(
      f.leadingSpace ||
      f.leadingBreak ||
      f.trailingSpace ||
      f.trailingBreak ||
      f.breakSpace ||
      spaceOrSpecial ||
      f.tabs ||
      f.lineBreaks ||
      f.blockIndicators
    ),
    singleAllowed: !(f.breakSpace || spaceOrSpecial || f.tabs),
    blockAllowed: !(f.trailingSpace || spaceOrSpecial),
  };
}

interface Flags {
  blockIndicators: boolean;
  lineBreaks: boolean;
  special: boolean;
  tabs: boolean;
  leadingSpace: boolean;
  leadingBreak: boolean;
  trailingSpace: boolean;
  trailingBreak: boolean;
  breakSpace: boolean;
  spaceBreak: boolean;
}

function flags(value: string): Flags {
  const chars = [...value];
  const f: Flags = {
    blockIndicators: /^(?:---|\.\.\.)/.test(value),
    lineBreaks: false,
    special: false,
    tabs: false,
    leadingSpace: false,
    leadingBreak: false,
    trailingSpace: false,
    trailingBreak: false,
    breakSpace: false,
    spaceBreak: false,
  };
  let precededByWhitespace = true;
  let previousSpace = false;
  let previousBreak = false;
  chars.forEach((c, i) => {
    const last = i === chars.length - 1;
    const followedByWhitespace = last || chars[i + 1] === ' ' || chars[i + 1] === '\t';
    if (indicates(c, i === 0, followedByWhitespace, precededByWhitespace)) f.blockIndicators = true;
    if (c === '\t') f.tabs = true;
    else if (!printable(c)) f.special = true;
    if (c === ' ') {
      if (i === 0) f.leadingSpace = true;
      if (last) f.trailingSpace = true;
      if (previousBreak) f.breakSpace = true;
      [previousSpace, previousBreak] = [true, false];
    } else if (c === '\n') {
      f.lineBreaks = true;
      if (i === 0) f.leadingBreak = true;
      if (last) f.trailingBreak = true;
      if (previousSpace) f.spaceBreak = true;
      [previousSpace, previousBreak] = [false, true];
    } else [previousSpace, previousBreak] = [false, false];
    precededByWhitespace = c === ' ' || c === '\t' || c === '\n' || c === '\0';
  });
  return f;
}

/** Block indicators of go-yaml's analysis (the flow indicators do not matter in block context). */
function indicates(c: string, first: boolean, followedByWhitespace: boolean, precededByWhitespace: boolean): boolean {
  if (first) {
    if ('#,[]{}&*!|>\'"%@`'.includes(c)) return true;
    return (c === '?' || c === ':' || c === '-') && followedByWhitespace;
  }
  if (c === ':') return followedByWhitespace;
  return c === '#' && precededByWhitespace;
}

/**
 * go-yaml's `is_printable`: LF, printable ASCII, U+00A0..U+D7FF and U+E000..U+FFFD without the BOM.
 * Characters beyond the BMP are not printable for go-yaml (they get written as `\U` escapes).
 * U+2028/U+2029 count as not printable here, so such strings are double-quoted.
 */
export function printable(c: string): boolean {
  const cp = c.codePointAt(0) ?? 0;
  if (cp === 0x0a || (cp >= 0x20 && cp <= 0x7e)) return true;
  if (cp === 0x2028 || cp === 0x2029 || cp === 0xfeff) return false;
  return (cp >= 0xa0 && cp <= 0xd7ff) || (cp >= 0xe000 && cp <= 0xfffd);
}
