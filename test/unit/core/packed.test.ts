import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, test } from 'node:test';
import { isMap, isPair, isScalar, isSeq } from 'yaml';
import type { YNode } from '../../../server/src/core/parse/ast';
import { DocumentPacker, unpackYamlFile } from '../../../server/src/core/parse/packed';
import type { PackedDoc } from '../../../server/src/core/parse/packed';
import { parseYamlFile } from '../../../server/src/core/parse/yamlFile';
import type { YamlFile } from '../../../server/src/core/parse/yamlFile';
import { CORPUS, corpusProject } from '../helpers/corpus';

/** Every property of a node the core reads: kind, value, range, style, tag, flow, items. */
function shape(node: YNode): unknown {
  if (node === null || node === undefined) return null;
  if (isScalar(node)) return { value: node.value, range: node.range, type: node.type, tag: node.tag };
  if (isMap(node))
    return {
      map: node.items.map((p) => (isPair(p) ? [shape(p.key as YNode), shape(p.value as YNode)] : 'not a pair')),
      range: node.range,
      flow: node.flow === true,
      size: node.items.length,
    };
  if (isSeq(node)) return { seq: node.items.map((i) => shape(i as YNode)), range: node.range, flow: node.flow === true };
  return { other: String(node) };
}

const includes = (file: YamlFile): unknown =>
  file.includes.map((r) => ({ raw: r.raw, target: r.target, span: r.span, form: r.form, path: r.path, node: file.includeAt.get(r.node) === r }));

function roundTrip(path: string, text: string): { parsed: YamlFile; packed: PackedDoc | undefined; unpacked: YamlFile | undefined } {
  const parsed = parseYamlFile(path, text);
  const packed = new DocumentPacker().pack(parsed);
  // Through a structured clone, as between threads.
  const sent = packed ? structuredClone(packed) : undefined;
  return { parsed, packed, unpacked: sent ? unpackYamlFile(path, text, sent) : undefined };
}

describe('packed parses (worker threads hand parses over as numbers)', () => {
  test('every YAML file of the corpus unpacks to the same nodes, ranges, styles, tags and includes as its parse', () => {
    let packedFiles = 0;
    let notPacked = 0;
    for (const project of fs.readdirSync(CORPUS).filter((name) => fs.existsSync(path.join(CORPUS, name, 'metadata', 'version.yaml')))) {
      for (const [file, text] of Object.entries(corpusProject(project).files)) {
        if (!/\.ya?ml$/.test(file)) continue;
        const { parsed, unpacked } = roundTrip(file, text);
        if (!unpacked) {
          notPacked++;
          continue;
        }
        packedFiles++;
        assert.deepEqual(shape(unpacked.doc.contents), shape(parsed.doc.contents), file);
        assert.deepEqual(includes(unpacked), includes(parsed), file);
        assert.deepEqual(unpacked.syntax, [], file);
      }
    }
    assert.ok(packedFiles > 1300, `${packedFiles} files packed`);
    assert.ok(notPacked < 20, `${notPacked} files not packed`);
  });

  test('values of every kind and style: plain, quoted with escapes, block, numbers, booleans, null, tags, flow, includes', () => {
    const text =
      [
        'a: plain',
        'b: "with \\"escapes\\" \\u00e9"',
        "c: 'single ''quoted'''",
        'd: |',
        '  literal',
        '  block',
        'e: >',
        '  folded',
        '  block',
        'f: 42',
        'g: -1.5',
        'h: true',
        'i: null',
        'j:',
        'k: !!str 12',
        'l: [x, {y: 1}]',
        'm: !include other.yaml',
        `n: "!include ${'long/'.repeat(20)}name.yaml"`,
        `o: ${'a long plain value that is longer than sixty-four characters, kept as a slice'}`,
        '- not: valid here',
      ]
        .slice(0, -1)
        .join('\n') + '\n';
    const { parsed, unpacked } = roundTrip('/p/metadata/x.yaml', text);
    assert.ok(unpacked);
    assert.deepEqual(shape(unpacked.doc.contents), shape(parsed.doc.contents));
    assert.deepEqual(includes(unpacked), includes(parsed));
    assert.equal(unpacked.includes.length, 2);
    assert.equal((unpacked.doc.toJS() as { b: string }).b, 'with "escapes" é');
  });

  test('files with syntax findings, anchors or aliases are not packed (they are parsed where they are checked)', () => {
    for (const text of ['a: [1, 2\n', 'a: &x 1\nb: *x\n', 'a: 1\na: 2\n', 'url: {{URL}}\n']) assert.equal(roundTrip('/p/x.yaml', text).packed, undefined, text);
  });

  test('a packed parse that does not fit the text (damaged, or another text) is refused, not trusted', () => {
    const text = 'table:\n  name: author\n  schema: public\n';
    const { packed } = roundTrip('/p/x.yaml', text);
    assert.ok(packed);
    assert.equal(unpackYamlFile('/p/x.yaml', 'short', packed), undefined);
    assert.equal(unpackYamlFile('/p/x.yaml', text, { ...packed, ints: packed.ints.slice(0, packed.ints.length - 3) }), undefined);
    assert.equal(unpackYamlFile('/p/x.yaml', text, { ...packed, ints: Int32Array.from([...packed.ints, 0]) }), undefined);
    assert.equal(unpackYamlFile('/p/x.yaml', text, { ...packed, strings: [] }), undefined);
  });
});
