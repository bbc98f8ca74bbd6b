import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { unifiedDiff } from '../../../server/src/core/sync/unifiedDiff';

const paths = { before: 'local/t.yaml', after: 'server/t.yaml' };

describe('unifiedDiff', () => {
  test('equal texts give nothing', () => assert.equal(unifiedDiff(paths, 'a\n', 'a\n'), ''));

  test('one hunk with three lines of context, removals before additions', () => {
    const before = ['1', '2', '3', '4', '5', '6', '7', '8', '9'].join('\n') + '\n';
    const after = ['1', '2', '3', '4', 'five', '6', '7', '8', '9', '10'].join('\n') + '\n';
    assert.equal(unifiedDiff(paths, before, after), '--- local/t.yaml\n+++ server/t.yaml\n@@ -2,8 +2,9 @@\n 2\n 3\n 4\n-5\n+five\n 6\n 7\n 8\n 9\n+10\n');
  });

  test('far apart changes give two hunks', () => {
    const lines = Array.from({ length: 20 }, (_, i) => `${i + 1}`);
    const changed = lines.map((l) => (l === '2' || l === '18' ? `${l}!` : l));
    const out = unifiedDiff(paths, `${lines.join('\n')}\n`, `${changed.join('\n')}\n`);
    assert.deepEqual(
      out.split('\n').filter((l) => l.startsWith('@@')),
      ['@@ -1,5 +1,5 @@', '@@ -15,6 +15,6 @@'],
    );
  });

  test('a file only on one side, and a missing final newline', () => {
    assert.equal(unifiedDiff(paths, undefined, 'x\n'), '--- /dev/null\n+++ server/t.yaml\n@@ -0,0 +1 @@\n+x\n');
    assert.equal(unifiedDiff(paths, 'x\n', undefined), '--- local/t.yaml\n+++ /dev/null\n@@ -1 +0,0 @@\n-x\n');
    assert.equal(unifiedDiff(paths, 'x', 'x\n'), '--- local/t.yaml\n+++ server/t.yaml\n@@ -1 +1 @@\n-x\n\\ No newline at end of file\n+x\n');
  });
});
