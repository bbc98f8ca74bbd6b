import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CachingHost } from '../../../server/src/lsp/cachingHost';
import { memoryHost } from '../helpers/memoryHost';

test('CachingHost reads each file and folder once until invalidated (with the folders above it)', () => {
  const files: Record<string, string> = { '/r/a/b.yaml': 'one' };
  const disk = memoryHost(files);
  let reads = 0;
  const host = new CachingHost({ ...disk, readFile: (p) => (reads++, disk.readFile(p)) });
  assert.deepEqual(host.readFile('/r/a/b.yaml'), { kind: 'text', text: 'one' });
  files['/r/a/b.yaml'] = 'two';
  files['/r/c/d.yaml'] = 'new';
  assert.deepEqual(host.readFile('/r/a/b.yaml'), { kind: 'text', text: 'one' });
  assert.deepEqual(
    host.readDir('/r')?.map((e) => e.name),
    ['a', 'c'],
  );
  host.invalidate('/r/a/b.yaml');
  assert.deepEqual(host.readFile('/r/a/b.yaml'), { kind: 'text', text: 'two' });
  assert.equal(reads, 2);
  assert.deepEqual(
    host.readDir('/r')?.map((e) => e.name),
    ['a', 'c'],
  );
  files['/r/e/f.yaml'] = 'x';
  assert.deepEqual(
    host.readDir('/r')?.map((e) => e.name),
    ['a', 'c'],
  );
  host.invalidate('/r/e/f.yaml');
  assert.deepEqual(
    host.readDir('/r')?.map((e) => e.name),
    ['a', 'c', 'e'],
  );
});

test('CachingHost forgets a whole folder when the folder is invalidated (rename or delete)', () => {
  const files: Record<string, string> = { '/r/src/tables/a.yaml': 'one', '/r/src/tables/b.yaml': 'two' };
  const host = new CachingHost(memoryHost(files));
  assert.deepEqual(host.readFile('/r/src/tables/a.yaml'), { kind: 'text', text: 'one' });
  assert.deepEqual(
    host.readDir('/r/src/tables')?.map((e) => e.name),
    ['a.yaml', 'b.yaml'],
  );
  delete files['/r/src/tables/a.yaml'];
  delete files['/r/src/tables/b.yaml'];
  host.invalidate('/r/src');
  assert.deepEqual(host.readFile('/r/src/tables/a.yaml'), { kind: 'missing' });
  assert.equal(host.readDir('/r/src/tables'), undefined);
});
