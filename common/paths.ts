/**
 * Paths as the core and the protocol carry them: absolute, with `/` (`/C:/x` on Windows), and their
 * conversion to and from the platform's own paths, for everything that touches the disk.
 */
import * as path from 'node:path';

export function toCorePath(native: string): string {
  const abs = path.resolve(native).replace(/\\/g, '/');
  return abs.startsWith('/') ? abs : `/${abs}`;
}

export function toNativePath(corePath: string): string {
  return process.platform === 'win32' ? corePath.replace(/^\/([A-Za-z]:)/, '$1').replace(/\//g, '\\') : corePath;
}

/** True when the core path `path` is `dir` itself or lies below it (the core's own copy is core/util/paths.ts). */
export function isInside(path: string, dir: string): boolean {
  return path === dir || path.startsWith(dir.endsWith('/') ? dir : `${dir}/`);
}
