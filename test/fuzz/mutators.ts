import { Lexer } from 'yaml';
import { MAX_NESTING, MAX_TOKENS } from '../../server/src/core/parse/bounded';
import { DEFAULT_MAX_FILE_BYTES } from '../../server/src/node/fsHost';
import type { Rng } from './rng';

/** What a mutator may use besides the file itself: the other files of its project. */
export interface MutationContext {
  /** Paths of the project's other files, relative to the mutated file's folder. */
  readonly siblings: readonly string[];
}

export interface Mutator {
  readonly name: string;
  apply(bytes: Uint8Array, rng: Rng, ctx: MutationContext): Uint8Array;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** A mutator over the text (lossy for bytes that are not UTF-8, which byte mutators cover). */
function textMutator(name: string, apply: (text: string, rng: Rng, ctx: MutationContext) => string): Mutator {
  return { name, apply: (bytes, rng, ctx) => encoder.encode(apply(decoder.decode(bytes), rng, ctx)) };
}

/** A mutator over the lines (each keeps its own line ending). */
function lineMutator(name: string, apply: (lines: string[], rng: Rng, ctx: MutationContext) => void): Mutator {
  return textMutator(name, (text, rng, ctx) => {
    const lines = text.split(/(?<=\n)/);
    apply(lines, rng, ctx);
    return lines.join('');
  });
}

const byteFlip: Mutator = {
  name: 'byte-flip',
  apply(bytes, rng) {
    const out = Uint8Array.from(bytes);
    if (out.length === 0) return Uint8Array.of(rng.int(256));
    for (let n = rng.range(1, 8); n > 0; n--) {
      const at = rng.int(out.length);
      out[at] = rng.chance(0.5) ? out[at]! ^ (1 << rng.int(8)) : rng.int(256);
    }
    return out;
  },
};

const truncate: Mutator = { name: 'truncate', apply: (bytes, rng) => bytes.slice(0, rng.int(bytes.length + 1)) };

const deleteLines = lineMutator('delete-lines', (lines, rng) => {
  lines.splice(rng.int(lines.length), rng.range(1, 5));
});

const duplicateLines = lineMutator('duplicate-lines', (lines, rng) => {
  const at = rng.int(lines.length);
  const chunk = lines.slice(at, at + rng.range(1, 6));
  lines.splice(rng.int(lines.length + 1), 0, ...(rng.chance(0.2) ? chunk.map((l) => (l.endsWith('\n') ? l : `${l}\n`)) : chunk));
});

const shiftIndent = lineMutator('shift-indent', (lines, rng) => {
  const at = rng.int(lines.length);
  const end = Math.min(lines.length, at + rng.range(1, 10));
  const delta = rng.pick([-4, -2, -1, 1, 2, 4, 8]);
  const tab = rng.chance(0.1);
  for (let i = at; i < end; i++) {
    const line = lines[i]!;
    lines[i] = delta > 0 ? (tab ? '\t' : ' '.repeat(delta)) + line : line.replace(new RegExp(`^ {0,${-delta}}`), '');
  }
});

const TAGS = [
  '!include',
  '!include ',
  '!!str',
  '!!int',
  '!!map',
  '!!seq',
  '!!binary',
  '!!set',
  '!!omap',
  '!foo',
  '!<tag:yaml.org,2002:str>',
  '!include ../../../../etc/passwd',
  '!include /etc/passwd',
  '"!include "',
  '!!null',
  '!!timestamp',
  '!!merge',
];

/** Puts something right after a `key:` or `- ` (or at a random point) of a random line. */
function insertAtValue(lines: string[], rng: Rng, what: string): void {
  if (lines.length === 0) {
    lines.push(what);
    return;
  }
  const i = rng.int(lines.length);
  const line = lines[i]!;
  const m = /^(\s*(?:- )?[^:#\n]*:\s?|\s*- )/.exec(line);
  const at = m && rng.chance(0.8) ? m[0].length : rng.int(line.length + 1);
  lines[i] = `${line.slice(0, at)}${what}${line.slice(at)}`;
}

const randomTag = lineMutator('random-tag', (lines, rng) => {
  for (let n = rng.range(1, 3); n > 0; n--) insertAtValue(lines, rng, `${rng.pick(TAGS)} `);
});

const anchorsAliases = lineMutator('anchors-aliases', (lines, rng) => {
  const names = ['a', 'b', 'x', 'self'];
  for (let n = rng.range(1, 4); n > 0; n--) insertAtValue(lines, rng, `&${rng.pick(names)} `);
  for (let n = rng.range(1, 4); n > 0; n--) {
    const alias = `*${rng.pick(names)}`;
    if (rng.chance(0.3)) insertAtValue(lines, rng, `${alias} `);
    else if (rng.chance(0.5)) insertAtValue(lines, rng, `<<: ${alias}\n`);
    else {
      const i = rng.int(lines.length + 1);
      lines.splice(i, 0, `${rng.chance(0.5) ? '- ' : 'k: '}${alias}\n`);
    }
  }
});

/** Ten levels of ten-fold aliases: a billion-laughs document in front of (or instead of) the file. */
const aliasBomb = textMutator('alias-bomb', (text, rng) => {
  const levels = 'abcdefghij'.split('');
  const bomb = levels
    .map(
      (l, i) =>
        `${l}: &${l} [${
          i === 0
            ? '"lol","lol","lol","lol","lol","lol","lol","lol","lol","lol"'
            : Array(10)
                .fill(`*${levels[i - 1]!}`)
                .join(',')
        }]\n`,
    )
    .join('');
  return rng.chance(0.5) ? bomb : `${bomb}${text}`;
});

const hugeScalar = lineMutator('huge-scalar', (lines, rng) => {
  const unit = rng.pick(['x', 'ab ', '\\u00e9', "'", '#', ': ']);
  const size = rng.pick([10_000, 100_000, 1_000_000]);
  const body = unit.repeat(Math.ceil(size / unit.length)).slice(0, size);
  const scalar = rng.pick([body, `"${body.replace(/"/g, '')}"`, `'${body.replace(/'/g, '')}'`, `|\n  ${body}`, `!include ${body}`]);
  insertAtValue(lines, rng, scalar);
});

const deepNesting = lineMutator('deep-nesting', (lines, rng) => {
  const depth = rng.pick([100, 1_000, 10_000, 50_000]);
  const kind = rng.int(4);
  const nest =
    kind === 0
      ? `${'['.repeat(depth)}${']'.repeat(depth)}`
      : kind === 1
        ? `${'{a: '.repeat(depth)}1${'}'.repeat(depth)}`
        : kind === 2
          ? `${'['.repeat(depth)}`
          : Array.from({ length: Math.min(depth, 2_000) }, (_, i) => `${' '.repeat(i)}k${i}:\n`).join('');
  if (kind === 3) lines.splice(rng.int(lines.length + 1), 0, nest);
  else insertAtValue(lines, rng, nest);
});

const includeSwap = lineMutator('include-swap', (lines, rng, ctx) => {
  const targets = [
    ...ctx.siblings,
    '.',
    '..',
    '',
    '../'.repeat(8) + 'etc/passwd',
    '/etc/passwd',
    'missing.yaml',
    'a/../../b.yaml',
    '%2e%2e/x.yaml',
    'x.yaml\u0000',
    '~/x.yaml',
    '\\\\server\\share.yaml',
  ];
  const target = rng.pick(targets);
  const withInclude = lines.map((l, i) => (/!include/.test(l) ? i : -1)).filter((i) => i >= 0);
  if (withInclude.length > 0 && rng.chance(0.7)) {
    const i = rng.pick(withInclude);
    lines[i] = lines[i]!.replace(/!include\s*[^"'\n]*/, `!include ${target}`);
  } else insertAtValue(lines, rng, rng.chance(0.5) ? `"!include ${target}"` : `!include ${target}`);
});

const SPECIALS = [
  '\t',
  '\r',
  '\r\n',
  '\u0000',
  '\ufeff',
  '\ud800',
  '\u2028',
  '\u00a0',
  '%YAML 1.1\n',
  '---\n',
  '...\n',
  '? ',
  ': ',
  '- ',
  '#',
  '"',
  "'",
  '|',
  '>',
  '{',
  '}',
  '[',
  ']',
  ',',
  '*',
  '&',
  '!',
  '@',
  '`',
  '\\',
];

const specialChars = textMutator('special-chars', (text, rng) => {
  let out = text;
  for (let n = rng.range(1, 6); n > 0; n--) {
    const at = rng.int(out.length + 1);
    const cut = rng.chance(0.3) ? 1 : 0;
    out = `${out.slice(0, at)}${rng.pick(SPECIALS)}${out.slice(at + cut)}`;
  }
  return out;
});

const swapLines = lineMutator('swap-lines', (lines, rng) => {
  if (lines.length < 2) return;
  const a = rng.int(lines.length);
  const b = rng.int(lines.length);
  [lines[a], lines[b]] = [lines[b]!, lines[a]!];
});

/** Thousands of copies of a few lines (keys numbered so most stay distinct): big maps and lists. */
const repeatLines = lineMutator('repeat-lines', (lines, rng) => {
  if (lines.length === 0) return;
  const at = rng.int(lines.length);
  const chunk = lines.slice(at, at + rng.range(1, 3)).map((l) => (l.endsWith('\n') ? l : `${l}\n`));
  const size = chunk.reduce((n, l) => n + l.length, 0);
  // At most ~4 MB: a line may already hold a 1 MB scalar.
  const copies = Math.max(1, Math.min(rng.pick([1_000, 10_000, 40_000]), Math.floor(4_000_000 / size)));
  const renumber = rng.chance(0.8);
  const out: string[] = [];
  for (let i = 0; i < copies; i++) for (const line of chunk) out.push(renumber ? line.replace(/^(\s*(?:- )?[\w-]+)(?=:)/, `$1_${i}`) : line);
  // One element: splicing 100,000 lines in as arguments would overflow a worker's stack.
  lines[at] = out.join('') + lines[at]!;
});

/**
 * How many copies of `unit(i)` fill a file to a share of the size limits: a fraction (mostly just
 * under 1, sometimes just over, to cross the limit) of the bytes a file may have (fsHost) and of the
 * tokens the parser takes (bounded.ts), whichever is reached first. Tokens are counted by yaml's
 * lexer on a sample of the copies (`within` the brackets they will be in).
 */
function copiesToLimit(unit: (i: number) => string, around: number, rng: Rng, within: readonly [string, string] = ['', '']): number {
  const share = rng.pick([0.25, 0.5, 0.9, 0.97, 0.99, 1.01]);
  // 64 copies, or fewer of a large unit (one holding a 1 MB scalar: lexing 64 of it took 7 s).
  const copies = Math.max(1, Math.min(64, Math.floor(65_536 / Math.max(1, unit(0).length))));
  const sample = Array.from({ length: copies }, (_, i) => unit(i)).join('');
  const tokens = tokenCount(`${within[0]}${sample}${within[1]}`);
  const bytesEach = encoder.encode(sample).length / copies;
  const tokensEach = Math.max(1, tokens / copies);
  return Math.max(1, Math.floor(Math.min((DEFAULT_MAX_FILE_BYTES * share - around) / bytesEach, (MAX_TOKENS * share) / tokensEach)));
}

/** The lexical tokens yaml's lexer makes of `text` (what bounded.ts counts against MAX_TOKENS). */
export function tokenCount(text: string): number {
  let tokens = 0;
  const lexer = new Lexer().lex(text);
  while (!lexer.next().done) tokens++;
  return tokens;
}

function repeated(unit: (i: number) => string, copies: number): string {
  const out: string[] = [];
  for (let i = 0; i < copies; i++) out.push(unit(i));
  return out.join('');
}

/** A few lines of the file repeated (keys numbered or not) until the file is at its size limits. */
const scaledLines = lineMutator('scaled-lines', (lines, rng) => {
  if (lines.length === 0) lines.push('k: v\n');
  const at = rng.int(lines.length);
  const chunk = lines.slice(at, at + rng.range(1, 4)).map((l) => (l.endsWith('\n') ? l : `${l}\n`));
  const renumber = rng.chance(0.5);
  const unit = (i: number): string => chunk.map((line) => (renumber ? line.replace(/^(\s*(?:- )?[\w-]+)(?=:)/, `$1_${i}`) : line)).join('');
  const size = lines.reduce((n, l) => n + l.length, 0);
  lines[at] = repeated(unit, copiesToLimit(unit, size, rng)) + lines[at]!;
});

const FLOW_ITEMS = ['1', 'x', '"q"', "'s'", '{a: 1}', '[1, 2]', 'k: v', '~', '"\\u00e9"', '!!str 7', '&a x', '*a', ''];

/** One flow collection (`[...]` or `{...}`) of as many items as the limits allow, on one line or many. */
const scaledFlow = lineMutator('scaled-flow', (lines, rng) => {
  const map = rng.chance(0.5);
  const item = rng.pick(FLOW_ITEMS);
  const separator = rng.pick([', ', ',', ',\n  ', ' , ']);
  const unit = (i: number): string => `${map ? `k${i}: ` : ''}${item}${separator}`;
  const size = lines.reduce((n, l) => n + l.length, 0);
  const body = repeated(unit, copiesToLimit(unit, size, rng, map ? ['{', '}'] : ['[', ']']));
  const closed = rng.chance(0.9);
  insertAtValue(lines, rng, `${map ? '{' : '['}${body}${closed ? (map ? '}' : ']') : ''}`);
});

/** Nesting around the parser's limit (MAX_NESTING), block or flow, repeated until the file is at its size limits. */
const scaledNesting = lineMutator('scaled-nesting', (lines, rng) => {
  const depth = rng.pick([MAX_NESTING / 4, MAX_NESTING / 2 - 8, MAX_NESTING - 8, MAX_NESTING + 8]);
  const kind = rng.int(4);
  const nest = (i: number): string =>
    kind === 0
      ? `n${i}: ${'['.repeat(depth)}${']'.repeat(depth)}\n`
      : kind === 1
        ? `n${i}: ${'{a: '.repeat(depth)}1${'}'.repeat(depth)}\n`
        : kind === 2
          ? `n${i}:\n${Array.from({ length: depth }, (_, d) => `${' '.repeat(d + 1)}k${d}:\n`).join('')}`
          : `n${i}:\n${Array.from({ length: depth }, (_, d) => `${'  '.repeat(d + 1)}- `).join('')}x\n`;
  const size = lines.reduce((n, l) => n + l.length, 0);
  lines.splice(rng.int(lines.length + 1), 0, repeated(nest, copiesToLimit(nest, size, rng)));
});

/** One scalar (plain, quoted, block, folded, multi-line, escaped) as long as the limits allow. */
const scaledScalar = lineMutator('scaled-scalar', (lines, rng) => {
  const style = rng.int(6);
  const piece = rng.pick(['word ', 'x', '\\n', 'é', '# ', ': ', "''"]);
  const unit =
    style === 0
      ? (): string => piece.replace(/[:#]/g, '')
      : style === 1
        ? (): string => piece.replace(/"/g, '')
        : style === 2
          ? (): string => piece.replace(/'/g, '')
          : (i: number): string => (i % 8 === 7 ? `${piece}\n  ` : piece);
  const size = lines.reduce((n, l) => n + l.length, 0);
  const body = repeated(unit, copiesToLimit(unit, size, rng));
  const scalar = [body, `"${body}"`, `'${body}'`, `|\n  ${body}`, `>-\n  ${body}`, body.replace(/\n {2}/g, '\n   ')][style]!;
  insertAtValue(lines, rng, scalar);
});

/** The file (or a line of it) as many YAML documents as the limits allow. */
const scaledDocuments = textMutator('scaled-documents', (text, rng) => {
  const line = text.split('\n')[0] ?? '';
  const body = rng.chance(0.3) && text.length < 8_000 ? text : line;
  const end = rng.pick(['', '...\n']);
  const unit = (): string => `---\n${body}\n${end}`;
  return repeated(unit, copiesToLimit(unit, 0, rng));
});

const emptyOrScalar = textMutator('replace-whole', (_text, rng) =>
  rng.pick(['', '\n', '~', 'null', '[]', '{}', '42', 'true', '"text"', '- ', ':', '!include', '--- |\n  x\n', '&a *a', '*a', '!!binary AAAA']),
);

export const MUTATORS: readonly Mutator[] = [
  byteFlip,
  truncate,
  deleteLines,
  duplicateLines,
  shiftIndent,
  randomTag,
  anchorsAliases,
  aliasBomb,
  hugeScalar,
  deepNesting,
  includeSwap,
  specialChars,
  swapLines,
  repeatLines,
  emptyOrScalar,
  scaledLines,
  scaledFlow,
  scaledNesting,
  scaledScalar,
  scaledDocuments,
];

/**
 * The common mutators weigh more; the heavy ones (huge, deep, bombs, repeats, whole replacement)
 * less; the ones that fill a file to the size limits least (about one case in 40 has one: each
 * takes up to a second to check).
 */
const WEIGHTS: Readonly<Record<string, number>> = {
  'alias-bomb': 1,
  'huge-scalar': 1,
  'deep-nesting': 1,
  'repeat-lines': 1,
  'replace-whole': 1,
  'scaled-lines': 0.15,
  'scaled-flow': 0.15,
  'scaled-nesting': 0.15,
  'scaled-scalar': 0.15,
  'scaled-documents': 0.15,
};

export function pickMutator(rng: Rng): Mutator {
  const total = MUTATORS.reduce((s, m) => s + (WEIGHTS[m.name] ?? 3), 0);
  let r = rng.next() * total;
  for (const m of MUTATORS) {
    r -= WEIGHTS[m.name] ?? 3;
    if (r < 0) return m;
  }
  return MUTATORS[MUTATORS.length - 1]!;
}
