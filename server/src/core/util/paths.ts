/**
 * POSIX-style path helpers for the core. Paths inside the core are absolute and use `/`;
 * hosts convert native paths at the edge (see server/src/node/fsHost.ts).
 */

export function normalize(path: string): string {
  const absolute = path.startsWith('/');
  const out: string[] = [];
  for (const part of path.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (out.length > 0 && out[out.length - 1] !== '..') out.pop();
      else if (!absolute) out.push('..');
      continue;
    }
    out.push(part);
  }
  const joined = out.join('/');
  return absolute ? `/${joined}` : joined || '.';
}

export function join(...parts: string[]): string {
  return normalize(parts.filter((p) => p !== '').join('/'));
}

export function dirname(path: string): string {
  const i = path.lastIndexOf('/');
  if (i < 0) return '.';
  return i === 0 ? '/' : path.slice(0, i);
}

export function basename(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/** Resolves `target` against the folder `base`; an absolute target stays absolute. */
export function resolve(base: string, target: string): string {
  return target.startsWith('/') ? normalize(target) : join(base, target);
}

/** True when `path` is `dir` itself or lies below it. Both must be normalized. */
export function isInside(path: string, dir: string): boolean {
  if (path === dir) return true;
  const prefix = dir.endsWith('/') ? dir : `${dir}/`;
  return path.startsWith(prefix);
}

/** `path` relative to `from` (both absolute, normalized), with `/`. */
export function relative(from: string, path: string): string {
  const a = from.split('/').filter(Boolean);
  const b = path.split('/').filter(Boolean);
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  const ups = a.slice(i).map(() => '..');
  return [...ups, ...b.slice(i)].join('/') || '.';
}
