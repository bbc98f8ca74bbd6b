import type { DirEntry, FileSystemHost, ReadResult } from '../core';

/** The disk, except for documents open in the editor: their unsaved text wins. */
export class OverlayHost implements FileSystemHost {
  private readonly open = new Map<string, string>();

  constructor(private readonly disk: FileSystemHost) {}

  set(path: string, text: string): void {
    this.open.set(path, text);
  }

  delete(path: string): void {
    this.open.delete(path);
  }

  readFile(path: string): ReadResult {
    const text = this.open.get(path);
    return text === undefined ? this.disk.readFile(path) : { kind: 'text', text };
  }

  readDir(path: string): readonly DirEntry[] | undefined {
    return this.disk.readDir(path);
  }

  realPath(path: string): string {
    return this.disk.realPath(path);
  }
}
