import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { EntryKind, FileAccess } from '../../../client/src/rollback';
import { blockerOf, DiskSnapshot } from '../../../client/src/rollback';

/** A file system in memory: files (path -> text) and folders; parents of a file are folders. */
class MemoryFiles implements FileAccess {
  readonly files = new Map<string, Uint8Array>();
  readonly folders = new Set<string>(['/']);

  constructor(files: Record<string, string>) {
    for (const [path, text] of Object.entries(files)) this.writeText(path, text);
  }

  writeText(path: string, text: string): void {
    this.mkdirSync(parent(path));
    this.files.set(path, new TextEncoder().encode(text));
  }

  mkdirSync(path: string): void {
    for (let p = path; p !== '/'; p = parent(p)) {
      if (this.files.has(p)) throw new Error(`ENOTDIR ${p}`);
      this.folders.add(p);
    }
  }

  /** Everything, as `path` (folders) and `path=text` (files), sorted. */
  dump(): string[] {
    const decoder = new TextDecoder();
    return [...[...this.folders].filter((f) => f !== '/'), ...[...this.files].map(([p, b]) => `${p}=${decoder.decode(b)}`)].sort();
  }

  kind(path: string): Promise<EntryKind | undefined> {
    return Promise.resolve(this.files.has(path) ? 'file' : this.folders.has(path) ? 'directory' : undefined);
  }

  read(path: string): Promise<Uint8Array> {
    const bytes = this.files.get(path);
    return bytes ? Promise.resolve(bytes) : Promise.reject(new Error(`ENOENT ${path}`));
  }

  list(dir: string): Promise<string[]> {
    const prefix = dir === '/' ? '/' : `${dir}/`;
    return Promise.resolve(
      [...this.folders, ...this.files.keys()]
        .filter((p) => p !== dir && p.startsWith(prefix) && !p.slice(prefix.length).includes('/'))
        .map((p) => p.slice(prefix.length)),
    );
  }

  write(path: string, bytes: Uint8Array): Promise<void> {
    if (this.folders.has(path)) return Promise.reject(new Error(`EISDIR ${path}`));
    this.mkdirSync(parent(path));
    this.files.set(path, bytes);
    return Promise.resolve();
  }

  mkdir(path: string): Promise<void> {
    this.mkdirSync(path);
    return Promise.resolve();
  }

  remove(path: string): Promise<void> {
    for (const f of [...this.files.keys()]) if (f === path || f.startsWith(`${path}/`)) this.files.delete(f);
    for (const d of [...this.folders]) if (d === path || d.startsWith(`${path}/`)) this.folders.delete(d);
    return Promise.resolve();
  }
}

function parent(path: string): string {
  const i = path.lastIndexOf('/');
  return i <= 0 ? '/' : path.slice(0, i);
}

const M = '/w/metadata';

describe('DiskSnapshot: put back what a failed edit did', () => {
  test('changed, deleted and created files, a folder where a file was, a file where a folder was: all as before, created folders removed', async () => {
    const fs = new MemoryFiles({ [`${M}/tables.yaml`]: 'old tables\n', [`${M}/old.yaml`]: 'old\n', [`${M}/a/keep.yaml`]: 'keep\n', [`${M}/b.yaml`]: 'b\n' });
    const before = fs.dump();
    const targets = [`${M}/tables.yaml`, `${M}/old.yaml`, `${M}/new/deep/x.yaml`, `${M}/a`, `${M}/b.yaml`, `${M}/fresh.yaml`];
    const snapshot = await DiskSnapshot.take(fs, targets);

    // What an edit could leave half way:
    fs.writeText(`${M}/tables.yaml`, 'new tables\n');
    await fs.remove(`${M}/old.yaml`);
    fs.writeText(`${M}/new/deep/x.yaml`, 'x\n');
    await fs.remove(`${M}/a`);
    fs.writeText(`${M}/a`, 'a file where the folder was\n');
    await fs.remove(`${M}/b.yaml`);
    fs.mkdirSync(`${M}/b.yaml`);
    fs.writeText(`${M}/fresh.yaml`, 'fresh\n');

    assert.deepEqual((await snapshot.differing()).sort(), [...targets].sort());
    assert.deepEqual(await snapshot.restore(), []);
    assert.deepEqual(fs.dump(), before);
  });

  test('a path already as it was is not rewritten; files outside the targets are left alone, and so is a created folder they live in', async () => {
    const fs = new MemoryFiles({ [`${M}/same.yaml`]: 'same\n' });
    const writes: string[] = [];
    const write = fs.write.bind(fs);
    fs.write = async (path, bytes) => {
      writes.push(path);
      await write(path, bytes);
    };
    const snapshot = await DiskSnapshot.take(fs, [`${M}/same.yaml`, `${M}/src/tables/tables.yaml`]);
    fs.writeText(`${M}/src/tables/tables.yaml`, '[]\n');
    fs.writeText(`${M}/src/notes.md`, 'someone else\n');
    assert.deepEqual(await snapshot.restore(), [`${M}/src/tables/tables.yaml`], 'its created folder could not go: it is reported');
    assert.deepEqual(writes, []);
    assert.deepEqual(fs.dump(), [`${M}`, `${M}/same.yaml=same\n`, `${M}/src`, `${M}/src/notes.md=someone else\n`, '/w'].sort());
  });

  test('bytesOf: the bytes of a file, nothing for a folder or an absent path', async () => {
    const fs = new MemoryFiles({ [`${M}/f.yaml`]: 'f\n', [`${M}/d/g.yaml`]: 'g\n' });
    const snapshot = await DiskSnapshot.take(fs, [`${M}/f.yaml`, `${M}/d`, `${M}/none.yaml`]);
    assert.equal(new TextDecoder().decode(snapshot.bytesOf(`${M}/f.yaml`)), 'f\n');
    assert.equal(snapshot.bytesOf(`${M}/d`), undefined);
    assert.equal(snapshot.bytesOf(`${M}/none.yaml`), undefined);
  });
});

describe('blockerOf: what stands where a file must be written', () => {
  const fs = new MemoryFiles({ [`${M}/databases/analytics`]: 'a file\n', [`${M}/rest_endpoints.yaml/keep.txt`]: 'k\n' });
  test('a folder at the path', async () =>
    assert.deepEqual(await blockerOf(fs, `${M}/rest_endpoints.yaml`), { path: `${M}/rest_endpoints.yaml`, is: 'folder' }));
  test('a file where one of its folders must be', async () =>
    assert.deepEqual(await blockerOf(fs, `${M}/databases/analytics/tables/tables.yaml`), { path: `${M}/databases/analytics`, is: 'file' }));
  test('nothing in the way', async () => assert.equal(await blockerOf(fs, `${M}/databases/other/tables/tables.yaml`), undefined));
});
