import assert from 'node:assert/strict';
import { test } from 'node:test';
import { closest, editDistance } from '../../../server/src/core/util/closest';

/** The plain definition: the first candidate at the smallest distance, if within max(2, length / 3). */
function reference(word: string, candidates: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    if (candidate === word) continue;
    const d = editDistance(word.toLowerCase(), candidate.toLowerCase());
    if (d < bestDistance) [best, bestDistance] = [candidate, d];
  }
  return best !== undefined && bestDistance <= Math.max(2, Math.floor(word.length / 3)) ? best : undefined;
}

test('closest skips candidates by length and stops at an exact match, with the same answers as the plain definition', () => {
  let seed = 7;
  const next = (n: number): number => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff), seed % n);
  const word = (): string => Array.from({ length: 1 + next(12) }, () => 'abcdeAB_'[next(8)]).join('');
  let suggested = 0;
  for (let i = 0; i < 3000; i++) {
    const w = word();
    const candidates = Array.from({ length: next(30) }, word);
    const expected = reference(w, candidates);
    assert.equal(closest(w, candidates), expected, `${w} in ${candidates.join(',')}`);
    if (expected !== undefined) suggested++;
  }
  assert.ok(suggested > 300, `${suggested} suggestions`);
  assert.equal(closest('author', ['Author', 'authors']), 'Author');
});

test('editDistance with a bound gives the distance up to it and bound + 1 past it', () => {
  let seed = 11;
  const next = (n: number): number => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff), seed % n);
  const word = (): string => Array.from({ length: next(14) }, () => 'abcAB_'[next(6)]).join('');
  for (let i = 0; i < 3000; i++) {
    const [a, b, max] = [word(), word(), next(6)];
    assert.equal(editDistance(a, b, max), Math.min(editDistance(a, b), max + 1), `${a} ${b} ${max}`);
  }
  assert.equal(editDistance('kitten', 'sitting'), 3);
  assert.equal(editDistance('kitten', 'sitting', 1), 2);
});
