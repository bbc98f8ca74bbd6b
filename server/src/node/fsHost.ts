import * as fs from 'node:fs';
import * as path from 'node:path';
import { toCorePath, toNativePath } from '../../../common/paths';
import type { DirEntry, FileSystemHost, ReadResult } from '../core';

/**
 * Files over this size are reported, not read (a 50k-line YAML must not freeze anything). The largest
 * file of the 26 corpus projects is 44 kB; YAML is also bounded by its token count (core/parse/bounded.ts),
 * so this bounds what that cannot see: one huge scalar (an 8 MB GraphQL query took 1.1 s to check),
 * and actions.graphql.
 */
export const DEFAULT_MAX_FILE_BYTES = 2 * 1024 * 1024;

const decoder = new TextDecoder('utf-8', { fatal: true });

/** Decodes file bytes the way the core expects: UTF-8, no BOM, no NUL bytes. */
export function decodeText(bytes: Uint8Array): ReadResult {
  if (bytes.subarray(0, 8192).includes(0)) return { kind: 'binary', reason: 'it contains NUL bytes' };
  try {
    const text = decoder.decode(bytes);
    return { kind: 'text', text: text.charCodeAt(0) === 0xfeff ? text.slice(1) : text };
  } catch {
    // Silent: the decoder's only error is invalid UTF-8, which the result says.
    return { kind: 'binary', reason: 'it is not valid UTF-8' };
  }
}

export function createNodeHost(maxBytes = DEFAULT_MAX_FILE_BYTES): FileSystemHost {
  return {
    readFile(p: string): ReadResult {
      const native = toNativePath(p);
      try {
        const stat = fs.statSync(native);
        if (stat.isDirectory()) return { kind: 'directory' };
        if (stat.size > maxBytes) return { kind: 'too-large', size: stat.size, limit: maxBytes, modified: stat.mtimeMs };
        return decodeText(fs.readFileSync(native));
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'ENOENT' || code === 'ENOTDIR') return { kind: 'missing' };
        return { kind: 'error', message: code ?? String(error) };
      }
    },
    readDir(p: string): readonly DirEntry[] | undefined {
      try {
        return fs.readdirSync(toNativePath(p), { withFileTypes: true }).map((d) => ({ name: d.name, isDirectory: isDirectory(p, d) }));
      } catch {
        // Silent: undefined is the host's answer for 'not a readable folder' (FileSystemHost.readDir).
        return undefined;
      }
    },
    realPath(p: string): string {
      try {
        return toCorePath(fs.realpathSync.native(toNativePath(p)));
      } catch {
        // Silent: a path that cannot be resolved is kept as given (FileSystemHost.realPath).
        return p;
      }
    },
  };
}

function isDirectory(parent: string, entry: fs.Dirent): boolean {
  if (entry.isDirectory()) return true;
  if (!entry.isSymbolicLink()) return false;
  try {
    return fs.statSync(path.join(toNativePath(parent), entry.name)).isDirectory();
  } catch {
    // Silent: a broken or unreadable link is not a folder to descend into.
    return false;
  }
}
