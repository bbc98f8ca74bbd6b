import type { Rng } from './rng';

/**
 * Random YAML texts near the plain block style the quick pack reads (core/parse/quick): nested
 * block mappings and sequences (indented and compact), block scalars, scalars of every resolution (numbers in each
 * notation, null and bool spellings, quoted with and without escapes, includes), with comments,
 * blank lines and trailing spaces in every place, and now and then something the quick pack must
 * leave to yaml (anchors, flow items, block scalars, tabs, duplicate keys, bad indents).
 */

const WORDS = [
  'name',
  'schema',
  'public',
  'role',
  'user',
  'table',
  'columns',
  'id',
  'x',
  'a b',
  'a:b',
  'http://h:8080/p',
  'X-Hasura-User-Id',
  '_eq',
  '-x',
  'x-',
  'é',
  '日本',
  'a#b',
  'a ,b',
  'a[0]',
  '<<',
];
const NUMBERS = [
  '0',
  '1',
  '-2',
  '+3',
  '007',
  '0x1F',
  '0o17',
  '0b1',
  '1.50',
  '-1.0',
  '.5',
  '1e3',
  '1E-2',
  '1_000',
  '12:30',
  '.inf',
  '-.Inf',
  '.nan',
  '-0',
  '1e400',
  '9007199254740993',
  '0.',
];
const SPECIAL = ['~', 'null', 'Null', 'NULL', 'nULL', 'true', 'False', 'TRUE', 'yes', 'on', 'y'];
const QUOTED = [
  "'it''s'",
  "''",
  '""',
  '"a\\"b"',
  '"esc\\n\\t\\u00e9\\x41"',
  '"bad \\q"',
  '"!include x.yaml"',
  "'!include x.yaml'",
  '" lead"',
  '"trail "',
  "'a # b'",
  '"a: b"',
  '"\\\\"',
];
const ODD = [
  '&a x',
  '*a',
  '|\n  block',
  '>-\n  folded',
  '[a, b]',
  '{a: 1}',
  '[ ]',
  '{ }',
  '!!str 1',
  '!x y',
  '? k',
  '@x',
  '`x',
  '%x',
  '!include',
  '! x',
  '{{ENV}}',
  '[]x',
  '- x',
];

export function blockYaml(rng: Rng): string {
  const step = rng.pick([1, 2, 2, 2, 3, 4]);
  // Half the texts without what the quick pack leaves to yaml (they exercise what it reads).
  const clean = rng.int(2) === 0;
  const lines: string[] = [];
  const out = (line: string): void => {
    lines.push(line);
    if (rng.int(8) === 0) lines.push(rng.pick(['', ' ', '   ', `${' '.repeat(rng.int(8))}# note`, '#', '# x: y']));
  };
  if (rng.int(6) === 0) out(clean ? '# header' : rng.pick(['---', '%YAML 1.2\n---', '  # indented']));
  const scalar = (): string => {
    const r = rng.int(100);
    const body =
      clean && r >= 88
        ? rng.pick(WORDS)
        : r < 45
          ? rng.pick(WORDS)
          : r < 60
            ? rng.pick(NUMBERS)
            : r < 70
              ? rng.pick(SPECIAL)
              : r < 82
                ? rng.pick(QUOTED)
                : r < 88
                  ? `!include ${rng.pick(['a.yaml', '"b c.yaml"', "'d.yaml'", '  e.yaml'])}`
                  : r < 92
                    ? rng.pick(['[]', '{}'])
                    : rng.pick(ODD);
    return body + trailer();
  };
  const trailer = (): string => (clean ? rng.pick(['', '', '', '', ' ', '  ', ' # c', ' #']) : rng.pick(['', '', ' ', ' # c', '# c', ' #', '\t']));
  const key = (used: string[]): string => {
    const k =
      rng.int(10) === 0 && used.length > 0
        ? rng.pick(used)
        : rng.int(8) === 0
          ? rng.pick([...NUMBERS, ...SPECIAL, ...QUOTED])
          : rng.pick(WORDS) + (rng.int(3) === 0 ? String(rng.int(9)) : '');
    used.push(k);
    return k + (rng.int(15) === 0 ? ' ' : '');
  };
  const node = (indent: number, depth: number, inline: string | undefined): void => {
    // Mostly collections near the root, scalars deeper down.
    const kind = depth > 5 ? 2 : depth === 0 ? (rng.int(4) === 0 ? 1 : 0) : rng.int(depth + 3) >= 3 ? 2 : rng.int(2);
    if (kind === 2) {
      out(`${inline ?? ' '.repeat(indent)}${scalar()}`);
      return;
    }
    const count = 1 + rng.int(depth === 0 ? 8 : 5);
    const used: string[] = [];
    for (let i = 0; i < count; i++) {
      const lead = i === 0 && inline !== undefined ? inline : ' '.repeat(indent + (rng.int(40) === 0 ? 1 : 0));
      const head = kind === 0 ? `${lead}${key(used)}:` : `${lead}-`;
      const r = rng.int(10);
      if (r < 1) blockScalar(head, lead.length);
      else if (r < 5) out(`${head} ${scalar()}`);
      else if (r < 6) out(`${head}${trailer()}`);
      else if (kind === 1 && r < 8) node(lead.length + 2, depth + 1, `${head} `);
      else {
        out(`${head}${rng.pick(['', '', ' # c', ' '])}`);
        const compact = kind === 0 && rng.int(4) === 0;
        if (compact) seqAt(lead.length, depth + 1);
        else node(lead.length + step, depth + 1, undefined);
      }
    }
  };
  /** `head |` and its lines: mostly well indented, now and then with what yaml reads differently. */
  const blockScalar = (head: string, column: number): void => {
    const indicator = clean ? rng.pick(['|', '|-', '>', '>-']) : rng.pick(['|', '>-', '|+', '|2', '| # c', '|\t', '>']);
    lines.push(`${head} ${indicator}`);
    const indent = column + (clean ? rng.pick([1, 2, 2, 4]) : rng.pick([0, 1, 2, 3]));
    const count = 1 + rng.int(5);
    for (let i = 0; i < count; i++) {
      const deeper = rng.int(5) === 0 ? ' '.repeat(1 + rng.int(3)) : '';
      lines.push(`${' '.repeat(indent)}${deeper}${rng.pick(['query {', 'a b', '# not a comment', '}', 'x: y', '- z', "it's", '"q"'])}`);
      if (rng.int(6) === 0) lines.push(clean ? '' : rng.pick(['', ' ', ' '.repeat(indent + 2)]));
    }
    if (rng.int(3) === 0) lines.push('');
  };
  const seqAt = (indent: number, depth: number): void => {
    const count = 1 + rng.int(3);
    for (let i = 0; i < count; i++) {
      if (rng.int(3) === 0) node(indent + 2, depth + 1, `${' '.repeat(indent)}- `);
      else out(`${' '.repeat(indent)}- ${scalar()}`);
    }
  };
  node(0, 0, undefined);
  if (rng.int(5) === 0) out(rng.pick(['# end', '  # end', '...', '']));
  return lines.join('\n') + (clean ? rng.pick(['\n', '\n', '', '\n\n']) : rng.pick(['\n', '', '\r\n']));
}

/** The text with one character inserted, deleted or replaced (a character YAML reads as syntax). */
export function nudge(rng: Rng, text: string): string {
  const at = rng.int(text.length + 1);
  const c = rng.pick([' ', ':', '-', '#', '\n', "'", '"', '\\', '!', '&', '*', '[', ']', '{', '}', '|', '>', '?', ',', 'x', '\t']);
  const r = rng.int(3);
  return r === 0 ? text.slice(0, at) + c + text.slice(at) : r === 1 ? text.slice(0, at) + text.slice(at + 1) : text.slice(0, at) + c + text.slice(at + 1);
}
