import { dirname } from '../core';
import type { DirEntry, FileSystemHost, ReadResult } from '../core';

/**
 * Remembers what the disk held until a file event says otherwise, so a keystroke re-check reads
 * nothing from the disk. The language server invalidates paths on watched-file events.
 */
export class CachingHost implements FileSystemHost {
  private readonly files = new Map<string, ReadResult>();
  private readonly dirs = new Map<string, readonly DirEntry[] | undefined>();
  private readonly reals = new Map<string, string>();

  constructor(private readonly disk: FileSystemHost) {}

  readFile(path: string): ReadResult {
    let result = this.files.get(path);
    if (!result) {
      result = this.disk.readFile(path);
      this.files.set(path, result);
    }
    return result;
  }

  readDir(path: string): readonly DirEntry[] | undefined {
    if (!this.dirs.has(path)) this.dirs.set(path, this.disk.readDir(path));
    return this.dirs.get(path);
  }

  realPath(path: string): string {
    let real = this.reals.get(path);
    if (real === undefined) {
      real = this.disk.realPath(path);
      this.reals.set(path, real);
    }
    return real;
  }

  /**
   * Reads again what is cached at or below `under` and forgets what the disk no longer agrees with
   * (a command may ask right after files were saved, before their file events arrive). Returns the
   * paths that changed: files whose read differs, and the entries that appeared in or left a folder.
   */
  refresh(under: string): string[] {
    const inside = (key: string): boolean => key === under || key.startsWith(`${under}/`);
    const changed = new Set<string>();
    for (const [path, before] of this.files) {
      if (inside(path) && !sameRead(before, this.disk.readFile(path))) changed.add(path);
    }
    for (const [dir, before] of this.dirs) {
      if (!inside(dir)) continue;
      const names = new Set((before ?? []).map((e) => e.name));
      const now = this.disk.readDir(dir) ?? [];
      for (const e of now) if (!names.delete(e.name)) changed.add(`${dir}/${e.name}`);
      for (const gone of names) changed.add(`${dir}/${gone}`);
    }
    for (const path of changed) this.invalidate(path);
    return [...changed];
  }

  /**
   * A file or folder was created, changed, renamed or deleted: forget it, everything below it (a
   * folder's files), and the listings of the folders above it.
   */
  invalidate(path: string): void {
    const below = `${path}/`;
    for (const key of [...this.files.keys()]) if (key === path || key.startsWith(below)) this.files.delete(key);
    for (const key of [...this.dirs.keys()]) if (key === path || key.startsWith(below)) this.dirs.delete(key);
    this.reals.clear();
    for (let dir = dirname(path); ; dir = dirname(dir)) {
      this.dirs.delete(dir);
      if (dir === '/' || dir === '.' || dir === dirname(dir)) break;
    }
  }
}

function sameRead(a: ReadResult, b: ReadResult): boolean {
  return a.kind === b.kind && (a.kind !== 'text' || (b.kind === 'text' && a.text === b.text));
}
