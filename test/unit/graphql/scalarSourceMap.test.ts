import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { isMap, isScalar, isSeq, stringify } from 'yaml';
import type { Node } from 'yaml';
import { scalarSourceMap } from '../../../server/src/core/parse/scalarSourceMap';
import type { ScalarSourceMap } from '../../../server/src/core/parse/scalarSourceMap';
import { parseYamlFile } from '../../../server/src/core/parse/yamlFile';
import { unmark } from '../helpers/marked';

/** The map of the value of key `k` (the first scalar value found) in `text`. */
function mapOf(text: string): { map: ScalarSourceMap; node: Node } {
  const file = parseYamlFile('/t.yaml', text);
  assert.deepEqual(file.syntax, [], `YAML errors in ${JSON.stringify(text)}`);
  const node = findValue(file.doc.contents);
  assert.ok(node, 'no scalar value in the test text');
  const map = scalarSourceMap(node, text);
  assert.ok(map);
  return { map, node };
}

function findValue(node: Node | null | undefined): Node | undefined {
  if (isScalar(node)) return node;
  if (isMap(node)) {
    for (const pair of node.items) {
      const found = findValue(pair.value as Node);
      if (found) return found;
    }
  }
  if (isSeq(node)) {
    for (const item of node.items) {
      const found = findValue(item as Node);
      if (found) return found;
    }
  }
  return undefined;
}

/**
 * `marked` is YAML with `⟦…⟧` around the source of the value characters `needle` (found in the value);
 * asserts the map is exact and `span` of those characters is the marked text.
 */
function assertSpan(marked: string, needle: string, nth = 0): ScalarSourceMap {
  const { text, spans } = unmark(marked);
  const { map, node } = mapOf(text);
  assert.equal(map.exact, true, 'the re-read value differs from the parsed one');
  assert.equal(map.value, (node as { source?: string }).source ?? String((node as { value: unknown }).value));
  let at = -1;
  for (let i = 0; i <= nth; i++) at = map.value.indexOf(needle, at + 1);
  assert.ok(at >= 0, `${JSON.stringify(needle)} not in ${JSON.stringify(map.value)}`);
  assert.deepEqual(map.span(at, at + needle.length), spans[0]);
  return map;
}

/** Every value character comes from its own source text, an escape, a quote pair or a line break. */
function assertFaithful(text: string, map: ScalarSourceMap): void {
  let last = -1;
  for (let i = 0; i < map.value.length; i++) {
    const { start, end } = map.span(i, i + 1);
    assert.ok(start >= last, `offsets go backwards at value index ${i} in ${JSON.stringify(text)}`);
    last = start;
    const src = text.slice(start, end);
    const ch = map.value[i]!;
    const ok = src === ch || src.startsWith('\\') || (src === "''" && ch === "'") || ((src === '\n' || src === '\r') && (ch === ' ' || ch === '\n'));
    assert.ok(ok, `value[${i}] = ${JSON.stringify(ch)} maps to ${JSON.stringify(src)} in ${JSON.stringify(text)}`);
  }
}

describe('scalarSourceMap: plain scalars', () => {
  test('single line', () => {
    assertSpan('k: query { ⟦author⟧ }\n', 'author');
  });
  test('multi-line plain: continuation lines lose their indentation, the line break becomes a space', () => {
    const map = assertSpan('k: query a {\n    ⟦author⟧ { id }\n  }\n', 'author');
    assert.equal(map.value, 'query a { author { id } }');
    assert.deepEqual(map.span(9, 10), { start: 12, end: 13 });
  });
  test('an empty line in a plain scalar is a newline', () => {
    const map = assertSpan('k: a\n\n   ⟦b⟧c\n', 'b');
    assert.equal(map.value, 'a\nbc');
  });
  test('the end of the value maps to the end of the scalar', () => {
    const { map } = mapOf('k: abc   # comment\n');
    assert.equal(map.toFile(3), 6);
  });
});

describe('scalarSourceMap: double-quoted scalars', () => {
  test('escapes \\n \\t \\" \\\\ stay whole', () => {
    assertSpan('k: "a⟦\\n⟧b\\tc"\n', '\n');
    assertSpan('k: "a\\nb⟦\\t⟧c"\n', '\t');
    assertSpan('k: "say ⟦\\"⟧hi\\""\n', '"');
    assertSpan('k: "x\\\\y ⟦z⟧"\n', 'z');
  });
  test('\\u, \\x and \\U escapes, characters after them', () => {
    assertSpan('k: "caf⟦\\u00e9⟧ au lait"\n', 'é');
    assertSpan('k: "caf\\u00e9 ⟦au⟧ lait"\n', 'au');
    assertSpan('k: "⟦\\x41⟧B"\n', 'A');
    assertSpan('k: "⟦\\U0001F600⟧!"\n', '😀');
    assertSpan('k: "\\U0001F600⟦!⟧"\n', '!');
  });
  test('line folding: a line break is a space, an empty line a newline, blanks before a break are dropped', () => {
    const map = assertSpan('k: "query {   \n    ⟦author⟧\n\n    }"\n', 'author');
    assert.equal(map.value, 'query { author\n}');
  });
  test('an escaped line break joins the lines without a space', () => {
    const map = assertSpan('k: "abc\\\n     ⟦def⟧"\n', 'def');
    assert.equal(map.value, 'abcdef');
  });
  test('a span across an escape covers the escape', () => {
    const { text, spans } = unmark('k: "a⟦b\\tc⟧d"\n');
    const { map } = mapOf(text);
    assert.deepEqual(map.span(1, 4), spans[0]);
  });
});

describe('scalarSourceMap: single-quoted scalars', () => {
  test("'' is one quote", () => {
    assertSpan("k: 'it⟦''⟧s ok'\n", "'");
    assertSpan("k: 'it''s ⟦ok⟧'\n", 'ok');
  });
  test('folding like plain scalars', () => {
    const map = assertSpan("k: 'query {\n    it''s\n\n    ⟦x⟧ }'\n", 'x');
    assert.equal(map.value, "query { it's\nx }");
  });
});

describe('scalarSourceMap: block scalars', () => {
  test('literal |: indentation is removed, lines kept', () => {
    const map = assertSpan('k: |\n  query {\n    ⟦author⟧\n  }\nnext: 1\n', 'author');
    assert.equal(map.value, 'query {\n  author\n}\n');
  });
  test('literal |-: strip chomping, the end maps to the end of the last line', () => {
    const { text, spans } = unmark('k: |-\n  query {\n  }⟦⟧\n\nnext: 1\n');
    const { map } = mapOf(text);
    assert.equal(map.value, 'query {\n}');
    assert.equal(map.toFile(map.value.length), spans[0]!.start);
  });
  test('literal |+: keep chomping keeps trailing empty lines', () => {
    const map = assertSpan('k: |+\n  a\n  ⟦b⟧\n\n\nnext: 1\n', 'b');
    assert.equal(map.value, 'a\nb\n\n\n');
  });
  test('indentation indicator: more-indented first line', () => {
    const map = assertSpan('a:\n  k: |2\n       query\n     ⟦x⟧\n', 'x');
    assert.equal(map.value, '   query\n x\n');
  });
  test('indentation indicator with chomping in either order, in a sequence', () => {
    assertSpan('- k: |1-\n     ⟦a⟧\n', 'a');
    assertSpan('- k: |-1\n     ⟦a⟧\n', 'a');
    const map = assertSpan('- |2+\n    ⟦a⟧\n\n', 'a');
    assert.equal(map.value, '  a\n\n');
  });
  test('folded >: lines joined by spaces, more-indented lines and empty lines kept', () => {
    const map = assertSpan('k: >\n  query {\n  author\n\n    ⟦indented⟧\n  }\n', 'indented');
    assert.equal(map.value, 'query { author\n\n  indented\n}\n');
  });
  test('a comment after the header', () => {
    assertSpan('k: | # the query\n  query { ⟦a⟧ }\n', 'a');
  });
  test('CRLF line ends', () => {
    const map = assertSpan('k: |\r\n  query {\r\n    ⟦a⟧\r\n  }\r\n', 'a');
    assert.equal(map.value, 'query {\n  a\n}\n');
  });
  test('leading empty lines inside a literal block are kept', () => {
    const map = assertSpan('k: |\n\n  ⟦a⟧\n', 'a');
    assert.equal(map.value, '\na\n');
  });
});

/** A small deterministic random source for generated cases. */
function randomSource(seed: number): { pick<T>(list: readonly T[]): T; int(n: number): number } {
  const int = (n: number): number => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return Math.floor((seed / 2147483648) * n);
  };
  return { int, pick: (list) => list[int(list.length)]! };
}

function assertRoundTrip(text: string, types: Map<string, number>): void {
  const file = parseYamlFile('/t.yaml', text);
  if (file.syntax.length > 0) return;
  const node = findValue(file.doc.contents);
  const map = scalarSourceMap(node, text);
  assert.ok(map && node);
  assert.equal(map.exact, true, `not exact for ${JSON.stringify(text)}: ${JSON.stringify(map.value)}`);
  assertFaithful(text, map);
  const type = (node as { type?: string }).type ?? '?';
  types.set(type, (types.get(type) ?? 0) + 1);
  if (/k: [|>][-+]?\d/.test(text)) types.set('indicator', (types.get('indicator') ?? 0) + 1);
}

describe('scalarSourceMap: generated scalars in every style', () => {
  test('values written by the yaml package in each style', () => {
    const r = randomSource(7);
    const pieces = ['query', 'a', 'b', ' ', ' ', '\n', '\n', '\t', '"', "'", '\\', '#', ':', '-', '{', '}', 'é', '😀', '\u0085', '  ', 'x y'];
    const types = new Map<string, number>();
    for (let round = 0; round < 300; round++) {
      const value = Array.from({ length: 1 + r.int(40) }, () => r.pick(pieces)).join('');
      const style = r.pick(['PLAIN', 'QUOTE_DOUBLE', 'QUOTE_SINGLE', 'BLOCK_LITERAL', 'BLOCK_FOLDED'] as const);
      const nested = round % 3 === 0 ? { outer: [{ k: value }] } : { k: value };
      assertRoundTrip(stringify(nested, { defaultStringType: style, defaultKeyType: 'PLAIN', lineWidth: 20, minContentWidth: 5 }), types);
    }
    assert.ok((types.get('QUOTE_DOUBLE') ?? 0) > 50 && (types.get('BLOCK_LITERAL') ?? 0) > 20, JSON.stringify([...types]));
  });

  test('hand-shaped sources: plain, quoted and block scalars with folding, escapes, indicators and chomping', () => {
    const r = randomSource(99);
    const words = ['query', 'q', '{', '}', '$id', 'a_b', 'é', '😀', '(x:', '1)'];
    const plain = (): string =>
      r.pick(words) + Array.from({ length: r.int(8) }, () => r.pick([' ', '  ', '\n    ', '\n\n    ', '\n      ', '  \n    ']) + r.pick(words)).join('');
    const dq = [
      'a',
      'b c',
      ' ',
      '\\n',
      '\\t',
      '\\"',
      '\\\\',
      '\\u00e9',
      '\\x41',
      '\\U0001F600',
      '\\/',
      '\\ ',
      '\n    ',
      '\n\n    ',
      '  \n    ',
      '\\\n    ',
      "'",
      '#',
      '\r\n    ',
    ];
    const sq = ['a', 'b c', ' ', "''", '\n    ', '\n\n    ', '  \n    ', '"', '\\', '#'];
    const quoted = (q: string, parts: readonly string[]): string => q + Array.from({ length: r.int(12) }, () => r.pick(parts)).join('') + q;
    const block = (): string => {
      const header = r.pick(['|', '|-', '|+', '>', '>-', '>+', '|2', '|1-', '|-2', '>2', '>+1']);
      const indicator = Number(/\d/.exec(header)?.[0] ?? '0');
      const base = 2 + (indicator ? indicator : r.int(3));
      const lines = Array.from({ length: 1 + r.int(6) }, () =>
        r.pick(['', ' '.repeat(base) + r.pick(words), ' '.repeat(base + 1 + r.int(3)) + r.pick(words), ' '.repeat(base) + r.pick(words) + ' ' + r.pick(words)]),
      );
      if (!lines.some((l) => l.trim() !== '')) lines.push(' '.repeat(base) + 'z');
      if (indicator === 0) lines.unshift(' '.repeat(base) + r.pick(words));
      return `${header}${r.pick(['', ' # c'])}\n${lines.join('\n')}\n${r.pick(['', '\n', '\n\n'])}`;
    };
    const types = new Map<string, number>();
    for (let round = 0; round < 600; round++) {
      const kind = round % 4;
      const value = kind === 0 ? plain() : kind === 1 ? quoted('"', dq) : kind === 2 ? quoted("'", sq) : block();
      const prefix = r.pick(['', 'outer:\n  ', '- ']);
      const indented = prefix === 'outer:\n  ' ? value.replace(/\n(?=.)/g, '\n  ') : value;
      assertRoundTrip(`${prefix}k: ${indented}${indented.endsWith('\n') ? '' : '\n'}next: 1\n`.replace('- k: ', '- k: '), types);
    }
    for (const style of ['PLAIN', 'QUOTE_DOUBLE', 'QUOTE_SINGLE', 'BLOCK_LITERAL', 'BLOCK_FOLDED', 'indicator'])
      assert.ok((types.get(style) ?? 0) >= 40, JSON.stringify([...types]));
  });
});
