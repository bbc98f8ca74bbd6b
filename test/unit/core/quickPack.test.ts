import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import type { Scalar, YAMLMap } from 'yaml';
import { MAX_TOKENS } from '../../../server/src/core/parse/bounded';
import { DocumentPacker } from '../../../server/src/core/parse/packed';
import type { PackedDoc } from '../../../server/src/core/parse/packed';
import { quickPack } from '../../../server/src/core/parse/quick/pack';
import { composeYamlFile, parseYamlFile, readByQuickPack } from '../../../server/src/core/parse/yamlFile';
import { blockYaml, nudge } from '../../fuzz/blockYaml';
import { DEFAULT_CORPUS } from '../../fuzz/corpus';
import { Rng } from '../../fuzz/rng';

/** What yaml's parse packs to, or undefined (syntax findings, anchors, ...), and what the quick pack gives. */
function both(text: string): { yaml: PackedDoc | undefined; quick: PackedDoc | undefined } {
  return { yaml: new DocumentPacker().pack(composeYamlFile('/p/tables/t.yaml', text)), quick: quickPack(text, new DocumentPacker()) };
}

/** The words and tables, comparable with deepEqual. */
function plain(doc: PackedDoc | undefined): unknown {
  return doc && { ints: [...doc.ints], strings: doc.strings, numbers: doc.numbers };
}

/** Checks that the quick pack, when it reads `text`, reads it as yaml does; returns whether it read it. */
function agrees(text: string): boolean {
  const { yaml, quick } = both(text);
  if (!quick) return false;
  assert.ok(yaml, `the quick pack read a text yaml does not pack: ${JSON.stringify(text)}`);
  assert.deepEqual(plain(quick), plain(yaml), JSON.stringify(text));
  return true;
}

test('every corpus file the quick pack reads, it reads as yaml does: the same words, strings and numbers; it reads 99% of them', () => {
  const files = fs
    .readdirSync(DEFAULT_CORPUS, { recursive: true })
    .map(String)
    .filter((f) => /\.ya?ml$/.test(f))
    .sort();
  assert.ok(files.length > 1400, `${files.length} files`);
  const read = files.filter((f) => agrees(fs.readFileSync(path.join(DEFAULT_CORPUS, f), 'utf8')));
  assert.ok(read.length >= 0.99 * files.length, `${read.length} of ${files.length} read`);
});

test('10,000 generated block-style texts and one-character edits of them: what the quick pack reads, it reads as yaml does (and it reads many)', () => {
  let read = 0;
  let nudged = 0;
  const cases = 5_000;
  for (let i = 0; i < cases; i++) {
    const rng = Rng.forCase(17, i);
    const text = blockYaml(rng);
    if (agrees(text)) read++;
    if (agrees(nudge(rng, text))) nudged++;
  }
  assert.ok(read > cases * 0.1, `${read} of ${cases} generated texts read`);
  assert.ok(nudged > cases * 0.05, `${nudged} of ${cases} edited texts read`);
});

test('exact words for a table file: ranges as yaml gives them (a value runs to its line end, a collection to its last value), includes flagged', () => {
  const text = 'table:\n  name: t # c\n  schema: public\nlist:\n- 1\n- !include x.yaml\nempty:\n';
  const { ints, strings } = quickPack(text, new DocumentPacker())!;
  // Map 2 | range | count, then each key and value: scalar head, range, payload.
  const S = 1 | (1 << 2) | (5 << 8); // a plain scalar holding a string from the table
  assert.deepEqual(
    [...ints],
    [
      ...[2, 0, 72, 72, 3], // the file's mapping: its last value ends it
      ...[S, 0, 5, 5, 0], // table
      ...[2, 9, 38, 38, 2],
      ...[S, 9, 13, 13, 1],
      ...[S, 15, 16, 21, 2], // t: its range runs over the comment and the line break
      ...[S, 23, 29, 29, 3],
      ...[S, 31, 37, 38, 4],
      ...[S, 38, 42, 42, 5], // list
      ...[3, 44, 66, 66, 2], // a compact sequence
      ...[1 | (1 << 2) | (3 << 8), 46, 47, 48, 0], // 1: numbers[0]
      ...[S | (1 << 6) | (1 << 11), 59, 65, 66, 6], // !include x.yaml: the tag and the include flag; the range starts at the path
      ...[S, 66, 71, 71, 7], // empty
      ...[1 | (1 << 2), 72, 72, 72], // null, right after the colon
    ],
  );
  assert.deepEqual(strings, ['table', 'name', 't', 'schema', 'public', 'list', 'x.yaml', 'empty']);
  assert.ok(agrees(text));
});

test('a block scalar: the value yaml resolves, the range from the header to its last line that is not blank, then the next key', () => {
  const text = 'q: |\n  query {\n    a\n  }\n\nn: 1\nf: >-\n  one\n  two\n';
  assert.ok(agrees(text));
  const file = parseYamlFile('/p/query_collections.yaml', text);
  assert.ok(readByQuickPack(file));
  const [q, n, f] = (file.doc.contents as YAMLMap<Scalar, Scalar>).items;
  assert.deepEqual(
    [q!.value!.value, q!.value!.type, q!.value!.range, n!.key.range, f!.value!.value, f!.value!.type, f!.value!.range],
    ['query {\n  a\n}\n', 'BLOCK_LITERAL', [3, 25, 25], [26, 27, 27], 'one two', 'BLOCK_FOLDED', [34, 49, 49]],
  );
});

test('what the quick pack leaves to yaml: each of these texts gives undefined, and parseYamlFile still parses it with yaml', () => {
  const left = [
    'a: &x 1\nb: *x\n',
    'a: [1, 2]\n',
    'a: {b: 1}\n',
    'a: |+\n  text\n\n',
    'a: |2\n   text\n',
    'a: | # note\n  text\n',
    'a: |\n\n  text\n',
    'a: |\n  text\n  \n  more\n',
    'a: |\n  text\n more\n',
    'a: "two\n  lines"\n',
    'a: two\n  lines\n',
    'a:\tb\n',
    'a: 1\r\nb: 2\r\n',
    '---\na: 1\n',
    'a: 1\na: 2\n',
    '? a\n: 1\n',
    'a: !!str 1\n',
    'a: # note\n',
    'a:\n  b: 1\n  # trailing, deeper than what follows\nc: 2\n',
    'a: b: c\n',
    '- a\nb: 1\n',
    'a:\n- 1\n  - 2\n',
    'url: {{HOST}}\n',
    // A comment less indented than the value after it: yaml reads the value differently, or not at all.
    'a:\n#x\n h\nb: z\n',
    '-\n#x\n h\n- z\n',
    // `-x` where the next item would be: yaml reads a key at the list's level (an error).
    'a:\n - 1\n -x:\n  v\n',
    // A comment between a compact list and the next key at its column: yaml ends the list's range after it.
    'a:\n  k:\n  - 1\n  # z\n  m: 2\n',
    '\uFEFFa: 1\n',
    // Past yaml's token limit: yaml's parse counts them and refuses the file (yaml-too-large).
    Array.from({ length: MAX_TOKENS / 5 }, (_, i) => `k${i}: 1\n`).join(''),
  ];
  for (const text of left) {
    assert.equal(quickPack(text, new DocumentPacker()), undefined, JSON.stringify(text));
    const [parsed, composed] = [parseYamlFile('/p/a.yaml', text), composeYamlFile('/p/a.yaml', text)];
    assert.deepEqual([parsed.doc.toJS(), parsed.syntax], [composed.doc.toJS(), composed.syntax], JSON.stringify(text.slice(0, 100)));
  }
  assert.deepEqual(
    parseYamlFile('/p/a.yaml', left.at(-1)!).syntax.map((f) => f.code),
    ['yaml-too-large'],
  );
});
