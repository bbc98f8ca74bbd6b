import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, test } from 'node:test';
import { Alias, isAlias, isMap, isSeq, Lexer, parseDocument, Pair, Scalar, visit } from 'yaml';
import type { Document } from 'yaml';
import { MAX_ALIAS_EXPANSIONS, MAX_ALIAS_NODES } from '../../../server/src/core/parse/aliases';
import { findPair, itemsOf } from '../../../server/src/core/parse/ast';
import { MAX_NESTING, MAX_TOKENS, parseBounded } from '../../../server/src/core/parse/bounded';
import { INCLUDE_TAG } from '../../../server/src/core/parse/include';
import { MAX_SYNTAX_FINDINGS, parseYamlFile } from '../../../server/src/core/parse/yamlFile';
import { DEFAULT_CORPUS } from '../../fuzz/corpus';
import { check, path as inRoot } from '../helpers/project';

/** The options the parse layer had before it parsed token by token (yaml's own duplicate-key check). */
const YAML_OPTIONS = { customTags: [{ tag: INCLUDE_TAG, resolve: (value: string) => value }], prettyErrors: false, uniqueKeys: true, strict: true };

function corpusYaml(): string[] {
  return fs
    .readdirSync(DEFAULT_CORPUS, { recursive: true })
    .map(String)
    .filter((f) => /\.ya?ml$/.test(f))
    .sort()
    .map((f) => path.join(DEFAULT_CORPUS, f));
}

function lexemes(text: string): number {
  return Array.from(new Lexer().lex(text)).length;
}

/** Errors, warnings and the JSON value: what every later pass reads of a document. */
function summary(doc: Document.Parsed): unknown {
  const errors = (list: typeof doc.errors): unknown[] => list.map((e) => [e.code, e.pos, e.message]);
  return [errors(doc.errors), errors(doc.warnings), doc.toJS()];
}

function codesAndSpans(text: string): [string, number, number][] {
  return parseYamlFile('/f.yaml', text).syntax.map((f) => [f.code, f.span.start, f.span.end]);
}

const blockNesting = (levels: number): string => Array.from({ length: levels }, (_, i) => `${' '.repeat(i)}k${i}:\n`).join('');

describe('the bounded parse', () => {
  test('is parseDocument with uniqueKeys on every corpus file and on duplicate keys, aliases and errors of every form', () => {
    const samples = [
      'a: 1\na: 2\n',
      '{a: 1, a: 2}\n',
      '!!str a: 1\n!!str a: 2\n',
      '&x a: 1\na: 2\n',
      '? a\n: 1\n? a\n: 2\n',
      ': 1\n: 2\n',
      '1: a\n"1": b\n1: c\n',
      'a:\n  b: 1\n  b: 2\na: 3\n',
      '[a: 1, a: 2]\n',
      'x: [ {a: 1, a: 2} ]\n',
      '- a: 1\n  a: 2\n- a: 3\n',
      '~: 1\nnull: 2\n',
      'a: 1\n---\na: 2\na: 3\n',
      '.nan: 1\n.nan: 2\n',
      'a: 1\nb: [\na: 2\n',
      'k: v: w\nk: x\n',
      '"a": 1\n\'a\': 2\na: 3\n',
      'a: &a 1\n*a : 2\n*a : 3\n',
      '!include x: 1\n!include x: 2\n',
      'a: &x 1\nb: *x\nc: &x [2, 3]\nd: *x\n',
      '%YAML 1.1\n---\na: 1\n',
      '',
    ];
    const files = corpusYaml();
    assert.ok(files.length > 1000);
    for (const [name, text] of [...files.map((f) => [f, fs.readFileSync(f, 'utf8')]), ...samples.map((s) => [JSON.stringify(s), s])] as [string, string][]) {
      const bounded = parseBounded(text, { ...YAML_OPTIONS, uniqueKeys: false });
      assert.equal(bounded.kind, 'parsed', name);
      assert.deepEqual(summary(parseYamlFile('/f.yaml', text).doc), summary(parseDocument(text, YAML_OPTIONS)), name);
    }
  });

  test(`nesting: ${MAX_NESTING} levels are parsed; one more is yaml-too-deep where it passes the limit, and nothing else is reported`, () => {
    const flow = (n: number): string => `${'['.repeat(n)}${']'.repeat(n)}`;
    assert.deepEqual([codesAndSpans(flow(MAX_NESTING)), codesAndSpans(blockNesting(MAX_NESTING))], [[], []]);
    assert.deepEqual(codesAndSpans(flow(MAX_NESTING + 1)), [['yaml-too-deep', MAX_NESTING, MAX_NESTING + 1]]);
    const block = blockNesting(MAX_NESTING + 1);
    assert.deepEqual(codesAndSpans(block), [
      ['yaml-too-deep', block.indexOf(`k${MAX_NESTING}:`), block.indexOf(`k${MAX_NESTING}:`) + `k${MAX_NESTING}`.length],
    ]);
    // `a: b: c` on one line nests in the parser: 1 MB of ': ' was 1.8 s of parsing.
    const colons = `!include ${': '.repeat(500_000)}`;
    assert.deepEqual(
      codesAndSpans(colons).map(([code]) => code),
      ['yaml-too-deep'],
    );
    const file = parseYamlFile('/f.yaml', flow(50_000));
    assert.equal(file.syntax[0]!.message, `This file nests more than ${MAX_NESTING} levels deep here; it is not checked.`);
    assert.deepEqual([file.doc.contents, file.includes], [null, []]);
  });

  test('error recovery nests too (a level per `a: b: c` line or bad dedent): short such texts are yaml-too-deep as long ones are', () => {
    const colonLines = 'a: b: c\n'.repeat(MAX_NESTING + 50);
    const dedents = 'k:\n  - a\n - b\n'.repeat(MAX_NESTING + 50);
    assert.deepEqual([codesAndSpans(colonLines).map(([code]) => code), codesAndSpans(dedents).map(([code]) => code)], [['yaml-too-deep'], ['yaml-too-deep']]);
    assert.deepEqual(
      codesAndSpans('a: b: c\n'.repeat(3)).map(([code]) => code),
      ['yaml-syntax', 'yaml-syntax', 'yaml-syntax'],
    );
  });

  test('a file too deep gives that one finding in a whole check (no file-empty, no schema finding)', () => {
    const { result } = check({ 'api_limits.yaml': `disabled: false\nrate_limit: ${'{a: '.repeat(5000)}` }, { schemas: true });
    assert.deepEqual(
      result.findings.filter((f) => f.file === inRoot('api_limits.yaml')).map((f) => f.code),
      ['yaml-too-deep'],
    );
  });

  test(`tokens: a file of exactly the limit is parsed, one token more is not; a real file repeated 10 times (113,000 tokens) is within ${MAX_TOKENS}`, () => {
    const text = `- ${'x, '.repeat(1000)}\n`;
    const n = lexemes(text);
    assert.equal(parseBounded(text, YAML_OPTIONS, { maxNesting: MAX_NESTING, maxTokens: n }).kind, 'parsed');
    assert.deepEqual(parseBounded(text, YAML_OPTIONS, { maxNesting: MAX_NESTING, maxTokens: n - 1 }), { kind: 'too-large', tokens: n });
    const flood = '{}\n'.concat('['.repeat(MAX_TOKENS));
    const file = parseYamlFile('/f.yaml', flood);
    assert.deepEqual(
      file.syntax.map((f) => [f.code, f.span, f.message]),
      [['yaml-too-large', { start: 0, end: 1 }, 'This file has more than 120,000 YAML tokens (keys, values, indicators); it is too large to check.']],
    );
    const largest = fs.readFileSync(path.join(DEFAULT_CORPUS, '5stackgg__api/metadata/actions.yaml'), 'utf8');
    const list = Array.from({ length: 10 }, () => `- ${largest.trimEnd().split('\n').join('\n  ')}\n`).join('');
    assert.ok(lexemes(list) > 110_000 && lexemes(list) < MAX_TOKENS, String(lexemes(list)));
    assert.deepEqual(parseYamlFile('/f.yaml', list).syntax, []);
  });

  test(`errors: the first ${MAX_SYNTAX_FINDINGS} are listed, then how many more there are at the next one`, () => {
    const line = '- "C:\\data"\n';
    const text = line.repeat(150);
    const syntax = parseYamlFile('/f.yaml', text).syntax;
    assert.equal(syntax.length, MAX_SYNTAX_FINDINGS + 1);
    const message =
      '`\\d` is not an escape sequence, and inside double quotes `\\` always starts one. Write `\\\\d` for a backslash, or use single quotes, where `\\` is an ordinary character.';
    assert.deepEqual(syntax[0], {
      code: 'yaml-syntax',
      severity: 'error',
      message,
      file: '/f.yaml',
      span: { start: 5, end: 7 },
      data: { yamlCode: 'BAD_DQ_ESCAPE' },
    });
    const at = MAX_SYNTAX_FINDINGS * line.length + 5;
    assert.deepEqual(syntax[MAX_SYNTAX_FINDINGS], {
      code: 'yaml-syntax',
      severity: 'error',
      message: '50 more YAML errors from here on are not listed.',
      file: '/f.yaml',
      span: { start: at, end: at + 2 },
    });
    assert.equal(parseYamlFile('/f.yaml', line.repeat(101)).syntax.length, 101, 'one more error is listed, not summarized');
  });

  test('errors that follow from an explained one are not listed: after a stray `]`, yaml reads every later token as unexpected', () => {
    const text = `a: 1\n${']\n'.repeat(150)}`;
    assert.deepEqual(
      parseYamlFile('/f.yaml', text).syntax.map((f) => [f.span.start, f.span.end, f.message]),
      [[5, 6, 'This `]` has no `[` to close. Remove it: YAML stops reading the file here.']],
    );
  });

  test("duplicate keys are found in a map of 16,000 keys, at the later key (yaml's own check compares every pair: 0.8 s)", () => {
    const keys = Array.from({ length: 16_000 }, (_, i) => `k${i}: ${i}\n`).join('');
    const text = `${keys}k17: again\n`;
    assert.deepEqual(
      parseYamlFile('/f.yaml', text).syntax.map((f) => [f.code, f.span.start, f.span.end, f.message]),
      [
        [
          'yaml-duplicate-key',
          keys.length,
          keys.length + 3,
          '`k17` is already a key of this mapping (line 18). YAML allows a key once, and the engine CLI would keep only one of them: merge the two, or remove or rename one.',
        ],
      ],
    );
  });
});

describe('aliases', () => {
  const BOMB = [
    'a: &a ["x","x","x","x","x","x","x","x","x","x"]',
    ...'bcdefghi'.split('').map((l, i) => `${l}: &${l} [${Array(10).fill(`*${'abcdefgh'[i]!}`).join(',')}]`),
  ].join('\n');

  test('an alias bomb is yaml-alias-limit on its first alias, and its document is marked so nothing expands it', () => {
    const file = parseYamlFile('/f.yaml', BOMB);
    assert.deepEqual(
      file.syntax.map((f) => [f.code, f.span, f.message]),
      [
        [
          'yaml-alias-limit',
          { start: BOMB.indexOf('*a'), end: BOMB.indexOf('*a') + 2 },
          `The aliases of this file expand more than 10,000 times (an alias bomb); it is not checked further.`,
        ],
      ],
    );
    assert.deepEqual(
      file.doc.errors.map((e) => e.code),
      ['RESOURCE_EXHAUSTION'],
    );
  });

  test(`limits: ${MAX_ALIAS_EXPANSIONS} expansions and ${MAX_ALIAS_NODES} added nodes pass, one more does not`, () => {
    const expansions = (n: number): string => `a: &a x\nb: [${Array(n).fill('*a').join(', ')}]\n`;
    assert.deepEqual(codesAndSpans(expansions(MAX_ALIAS_EXPANSIONS)), []);
    assert.deepEqual(codesAndSpans(expansions(MAX_ALIAS_EXPANSIONS + 1)), [['yaml-alias-limit', 12, 14]]);
    // A list of 999 items is 1,000 nodes: 200 aliases of it add 200,000.
    const nodes = (n: number): string => `a: &a [${Array(999).fill('1').join(',')}]\nb: [${Array(n).fill('*a').join(', ')}]\n`;
    assert.deepEqual(codesAndSpans(nodes(200)), []);
    assert.deepEqual(
      parseYamlFile('/f.yaml', nodes(201)).syntax.map((f) => f.message),
      ['The aliases of this file expand into more than 200,000 nodes (an alias bomb); it is not checked further.'],
    );
  });

  test('an alias inside the node it names expands forever: reported on that alias', () => {
    const text = 'a: &ok 1\nb: *ok\nc: &loop\n  d: [1, *loop]\n';
    assert.deepEqual(
      parseYamlFile('/f.yaml', text).syntax.map((f) => [f.code, f.span.start, f.message]),
      [['yaml-alias-limit', text.indexOf('*loop'), 'The alias *loop is inside the node it names, so it expands forever; this file is not checked further.']],
    );
  });

  test('every alias resolves to the node yaml finds (the last anchor before it), without walking the document', () => {
    const text = 'a: &x 1\nb: *x\nc: &x [2, 3]\nd: *x\ne: &y {k: *x}\nf: *y\n';
    const doc = parseYamlFile('/f.yaml', text).doc;
    const aliases: Alias[] = [];
    visit(doc, { Alias: (_, node) => void aliases.push(node) });
    assert.equal(aliases.length, 4);
    for (const alias of aliases) assert.equal(alias.resolve(doc), Alias.prototype.resolve.call(alias, doc));
    assert.ok(aliases.every((a) => isAlias(a) && Object.prototype.hasOwnProperty.call(a, 'resolve')));
    assert.deepEqual(doc.toJS(), { a: 1, b: 1, c: [2, 3], d: [2, 3], e: { k: [2, 3] }, f: { k: [2, 3] } });
  });

  test('the schema check reads through aliases within the limits', () => {
    const { result } = check(
      {
        'api_limits.yaml':
          'disabled: &off false\nrate_limit:\n  global: &g {unique_params: IP, max_reqs_per_min: 10}\n  per_role:\n    user: *g\ndepth_limit:\n  global: *off\n',
      },
      { schemas: true },
    );
    const schema = result.findings.filter((f) => f.file === inRoot('api_limits.yaml'));
    assert.deepEqual(
      schema.map((f) => f.code),
      ['schema-type'],
    );
  });
});

describe('include paths', () => {
  test('a path after a long run of quotes is found at its place (the quote trim and the search are linear)', () => {
    const text = `- "!include ${"'".repeat(200_000)}public_x.yaml"\n`;
    const [ref] = parseYamlFile('/p/tables.yaml', text).includes;
    assert.deepEqual(
      [ref!.raw, ref!.target, ref!.span],
      ['public_x.yaml', '/p/public_x.yaml', { start: text.indexOf('public_x'), end: text.indexOf('public_x') + 'public_x.yaml'.length }],
    );
    const tagged = `k: !include '${"''".repeat(300_000)}{}'\n`;
    const [quotes] = parseYamlFile('/p/tables.yaml', tagged).includes;
    const quoted = `${"'".repeat(300_000)}{}`;
    assert.deepEqual([quotes!.raw, quotes!.span], [quoted, { start: tagged.length - 2 - quoted.length, end: tagged.length - 2 }]);
  });
});

describe('ast helpers', () => {
  test('in a large map (indexed) it finds the first pair with the key text, as in a small one, and sees pairs added later', () => {
    for (const size of [5, 100]) {
      const text = `${Array.from({ length: size }, (_, i) => `k${i}: ${i}`).join('\n')}\n1: number\n"1": string\n`;
      const map = parseYamlFile('/f.yaml', text).doc.contents;
      assert.ok(isMap(map));
      const value = (key: string): unknown => (findPair(map, key)?.value as Scalar | undefined)?.value;
      assert.deepEqual([value(`k${size - 1}`), value('1'), value('missing')], [size - 1, 'number', undefined]);
      (map.items as Pair[]).push(new Pair(new Scalar('added'), new Scalar(true)));
      assert.equal(value('added'), true);
    }
  });

  test("itemsOf gives a list's own items without copying them (an index into a 40,000-item list is O(1))", () => {
    const list = parseYamlFile('/f.yaml', '- a\n- b\n').doc.contents;
    assert.ok(isSeq(list));
    assert.equal(itemsOf(list), list.items);
    assert.deepEqual([itemsOf(null), itemsOf(new Scalar('x'))], [[], []]);
  });
});
