import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { valueOffset } from '../../../server/src/core/parse/mistakes/keys';
import { keyOf, withoutComment } from '../../../server/src/core/parse/mistakes/lines';

/** Every string of up to `length` characters from `alphabet`. */
function* strings(alphabet: readonly string[], length: number, prefix = ''): Generator<string> {
  yield prefix;
  if (prefix.length < length) for (const c of alphabet) yield* strings(alphabet, length, prefix + c);
}

// The expressions they replace: each tried every space of a run, so a line of 50,000 spaces took
// seconds to explain (fuzz seed 35000005, case 891: 5 s of CPU; test/fixtures/fuzz/6495d25908ba).
const oldKeyOf = (content: string): string | undefined => /^(?:-\s+)?([^\s#:'"[\]{},&*!|>%@`-][^:#]*?|-[^\s:#][^:#]*?)\s*:(?:\s|$)/.exec(content)?.[1];
const oldWithoutComment = (content: string): string => content.replace(/\s+#.*$/, '');
const oldValueOffset = (content: string): number => /^(?:-\s+)?(?:[^\s#:][^:#]*?\s*:\s+)?/.exec(content)![0].length;

describe('the line helpers of the YAML mistakes, in one pass over a line', () => {
  test('keyOf answers as the lazy expression did, on every string of up to 6 of `a- :#x\\t"|`', () => {
    let compared = 0;
    for (const s of strings(['a', '-', ' ', ':', '#', 'x', '\t', '"', '|'], 6)) {
      assert.equal(keyOf(s), oldKeyOf(s), JSON.stringify(s));
      compared++;
    }
    assert.equal(compared, 597_871);
    assert.equal(keyOf(`- key ${' '.repeat(50_000)}: 1`), 'key');
    assert.equal(keyOf(`a${' '.repeat(50_000)}x`), undefined);
  });

  test('valueOffset answers as the lazy expression did, on every string of up to 7 of `a- :#\t`', () => {
    for (const s of strings(['a', '-', ' ', ':', '#', '\t'], 7)) assert.equal(valueOffset({ content: s }), oldValueOffset(s), JSON.stringify(s));
    assert.equal(valueOffset({ content: `a${' '.repeat(50_000)}x` }), 0);
  });

  test('withoutComment answers as replace(/\\s+#.*$/) did, on every string of up to 7 of `a #|\\tx`', () => {
    for (const s of strings(['a', ' ', '#', '|', '\t', 'x'], 7)) assert.equal(withoutComment(s), oldWithoutComment(s), JSON.stringify(s));
    assert.equal(withoutComment(`q: |${' '.repeat(50_000)}# text`), 'q: |');
  });
});
