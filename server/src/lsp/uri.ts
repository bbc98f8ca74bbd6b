import { fileURLToPath, pathToFileURL } from 'node:url';
import { toCorePath, toNativePath } from '../../../common/paths';

/** file: URIs <-> core paths. Only file: URIs are the server's business. */
export function uriToPath(uri: string): string | undefined {
  if (!uri.startsWith('file:')) return undefined;
  try {
    return toCorePath(fileURLToPath(uri));
  } catch {
    // Silent: not a file path the server can read: no path (the caller ignores the document).
    return undefined;
  }
}

export function pathToUri(path: string): string {
  return pathToFileURL(toNativePath(path)).href;
}
