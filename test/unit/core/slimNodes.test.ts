import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as v8 from 'node:v8';
import * as vm from 'node:vm';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';
import * as yaml from 'yaml';
import { INCLUDE_TAG } from '../../../server/src/core/parse/include';
import { interned } from '../../../server/src/core/parse/slimNodes';
import { composeYamlFile, parseYamlFile } from '../../../server/src/core/parse/yamlFile';
import { DEFAULT_CORPUS } from '../../fuzz/corpus';

type Yaml = typeof yaml;

/** The yaml package's ES module build: a second instance of its classes, without the slim ranges. */
async function plainYaml(): Promise<Yaml> {
  const esm = path.join(path.dirname(require.resolve('yaml/package.json')), 'browser/dist/index.js');
  return (await import(pathToFileURL(esm).href)) as Yaml;
}

const OPTIONS = { customTags: [{ tag: INCLUDE_TAG, resolve: (value: string) => value }], prettyErrors: false, uniqueKeys: false, strict: true };

/**
 * Every node of a document in order with what yaml gives it (range, value, type, tag, source; a
 * collection's size and style), then the document's range. `withSource` false: without the scalars'
 * source and the document's range, which a file read by the quick pack does not have (nothing reads them).
 */
function nodesOf(y: Yaml, doc: yaml.Document, withSource = true): unknown[] {
  const out: unknown[] = [];
  const visit = (node: unknown): void => {
    if (y.isPair(node)) {
      out.push(['pair']);
      visit(node.key);
      visit(node.value);
    } else if (y.isScalar(node)) out.push(['scalar', node.range, node.value, node.type, node.tag, ...(withSource ? [node.source] : [])]);
    else if (y.isAlias(node)) out.push(['alias', node.range, node.source]);
    else if (y.isCollection(node)) {
      out.push([y.isMap(node) ? 'map' : 'seq', node.range, node.items.length, node.flow === true, node.tag]);
      node.items.forEach(visit);
    } else out.push([node]);
  };
  visit(doc.contents);
  if (withSource) out.push(['document', doc.range]);
  return out;
}

const SAMPLES = [
  'a: 1\nb: [x, {c: d}]\n',
  'a:\n  - b\n  - c: !include x.yaml\n',
  'k: # only a comment\nl: 2\n',
  '- &x a\n- *x\n',
  '"a": \'b\'\nc: |\n  block\n',
  '? [a, b]\n: c\n',
  'a: 1\na: 2\n',
  '[a: 1, b: 2]\n',
  'x: {',
  '',
  'm:\n  a: 1\n  b: # c\nz: 2\n',
  'a: # c\n',
  '- # c\n- x\n',
];

test('nodes keep the range, value, type, tag and source the yaml package gives them, and the quick pack gives the same but the source (every corpus file and samples)', async () => {
  const plain = await plainYaml();
  assert.notEqual(plain.Scalar, yaml.Scalar, 'a second instance of the classes');
  const files = fs
    .readdirSync(DEFAULT_CORPUS, { recursive: true })
    .map(String)
    .filter((f) => /\.ya?ml$/.test(f))
    .sort();
  assert.ok(files.length > 1000);
  const texts = [...files.map((f) => fs.readFileSync(path.join(DEFAULT_CORPUS, f), 'utf8')), ...SAMPLES];
  let compared = 0;
  for (const text of texts) {
    const theirs = plain.parseDocument(text, OPTIONS);
    const ours = nodesOf(yaml, composeYamlFile('/p/f.yaml', text).doc);
    compared += ours.length;
    assert.deepEqual(ours, nodesOf(plain, theirs), text.slice(0, 200));
    assert.deepEqual(nodesOf(yaml, parseYamlFile('/p/f.yaml', text).doc, false), nodesOf(plain, theirs, false), text.slice(0, 200));
  }
  assert.ok(compared > 100_000, `${compared} nodes`);
});

test('a range written into a node reads back as written, and clone() copies it; an empty node keeps its array, which yaml may write into', () => {
  const empty = new yaml.Scalar(null);
  empty.range = [4, 4, 4];
  empty.range[2] = 9;
  assert.deepEqual(empty.range, [4, 4, 9]);
  const scalar = new yaml.Scalar('v');
  assert.equal(scalar.range, undefined);
  scalar.range = [3, 4, 6];
  assert.deepEqual(
    [scalar.range, scalar.clone().range],
    [
      [3, 4, 6],
      [3, 4, 6],
    ],
  );
  const map = new yaml.YAMLMap();
  map.range = [0, 9, 10];
  assert.deepEqual(map.clone().range, [0, 9, 10]);
  assert.equal(Object.keys(scalar).includes('range'), false, 'no array kept on the node');
});

test('interned strings are equal to what they are given, long or short', () => {
  const long = 'x'.repeat(200);
  assert.deepEqual(['role', 'role', long, ''].map(interned), ['role', 'role', long, '']);
});

test('a shared string does not keep the text it was cut from (50 texts of 1 MB are freed)', () => {
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc') as () => void;
  gc();
  const before = process.memoryUsage().heapUsed;
  const shared: string[] = [];
  for (let i = 0; i < 50; i++) {
    const text = `a_key_longer_than_13_${i}: ${'x'.repeat(1 << 20)}`;
    shared.push(interned(text.slice(0, 24)));
  }
  gc();
  const retainedMb = (process.memoryUsage().heapUsed - before) / 1e6;
  assert.ok(retainedMb < 10, `${retainedMb.toFixed(1)} MB kept`);
  assert.deepEqual(shared.slice(0, 2), ['a_key_longer_than_13_0: ', 'a_key_longer_than_13_1: ']);
});
