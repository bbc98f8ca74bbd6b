import type { DirEntry, FileSystemHost, ReadResult } from '../../../server/src/core/host';

/** An in-memory file tree for tests: absolute POSIX paths -> contents (string, or bytes for binary). */
export function memoryHost(files: Record<string, string | Uint8Array>, options: { maxBytes?: number; links?: Record<string, string> } = {}): FileSystemHost {
  const links = options.links ?? {};
  const real = (p: string): string => {
    for (const [link, target] of Object.entries(links)) if (p === link || p.startsWith(`${link}/`)) return target + p.slice(link.length);
    return p;
  };
  const isDir = (p: string): boolean => Object.keys(files).some((f) => f.startsWith(`${p}/`));
  return {
    readFile(path: string): ReadResult {
      const content = files[real(path)];
      if (content === undefined) return isDir(real(path)) ? { kind: 'directory' } : { kind: 'missing' };
      if (typeof content !== 'string') return { kind: 'binary', reason: 'it contains NUL bytes' };
      if (options.maxBytes !== undefined && content.length > options.maxBytes) return { kind: 'too-large', size: content.length, limit: options.maxBytes };
      return { kind: 'text', text: content };
    },
    readDir(path: string): readonly DirEntry[] | undefined {
      const dir = real(path);
      const names = new Map<string, boolean>();
      for (const f of Object.keys(files)) {
        if (!f.startsWith(`${dir}/`)) continue;
        const rest = f.slice(dir.length + 1).split('/');
        names.set(rest[0]!, (names.get(rest[0]!) ?? false) || rest.length > 1);
      }
      return names.size === 0 ? undefined : [...names].map(([name, isDirectory]) => ({ name, isDirectory }));
    },
    realPath: real,
  };
}
