import assert from 'node:assert/strict';
import { test } from 'node:test';
import { LayeredMap } from '../../../server/src/core/util/layeredMap';

test('a layered map reads as its base with the changes applied, and leaves the base alone', () => {
  const base = new Map([
    ['a', 1],
    ['b', 2],
    ['c', 3],
  ]);
  const next = new LayeredMap(base);
  next.set('b', 20).set('d', 4);
  assert.equal(next.delete('a'), true);
  assert.equal(next.delete('zz'), false);
  assert.deepEqual(
    [...next],
    [
      ['b', 20],
      ['c', 3],
      ['d', 4],
    ],
  );
  assert.deepEqual([next.size, next.get('a'), next.has('a'), next.get('b'), next.has('d')], [3, undefined, false, 20, true]);
  assert.deepEqual(
    [...base],
    [
      ['a', 1],
      ['b', 2],
      ['c', 3],
    ],
  );
  const third = new LayeredMap(next);
  third.set('a', 10);
  third.delete('d');
  assert.deepEqual([...third.keys()], ['a', 'b', 'c']);
  assert.deepEqual([...third.values()], [10, 20, 3]);
  assert.deepEqual(
    [...next],
    [
      ['b', 20],
      ['c', 3],
      ['d', 4],
    ],
    'a layer on top does not change the one below',
  );
  const undefinedValue = new LayeredMap(new Map<string, number | undefined>([['x', 1]]));
  undefinedValue.set('x', undefined);
  assert.deepEqual([undefinedValue.has('x'), undefinedValue.get('x'), undefinedValue.size], [true, undefined, 1]);
});

test('changes pile up to a limit, then are folded into a plain base', () => {
  let map: LayeredMap<number, number> = new LayeredMap(new Map([[0, 0]]));
  for (let i = 1; i <= 3000; i++) map = new LayeredMap(map).set(i, i);
  assert.equal(map.size, 3001);
  assert.deepEqual([...map.keys()].slice(0, 3), [0, 1, 2]);
  assert.equal([...map.keys()].length, 3001);
  assert.equal(map.get(2999), 2999);
  let seen = 0;
  map.forEach((value, key) => (seen += value === key ? 1 : 0));
  assert.equal(seen, 3001);
});
