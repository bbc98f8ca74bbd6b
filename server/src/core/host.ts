/**
 * The only way the core touches the outside world. Hosts (node fs for the CLI and the language
 * server, in-memory for tests) implement it; the core never imports fs.
 */

export type ReadResult =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'missing' }
  | { readonly kind: 'directory' }
  | { readonly kind: 'binary'; readonly reason: string }
  /** `modified`: the file's modification time (ms), when the host knows it (a large migration is keyed by it, never read on the language server's thread). */
  | { readonly kind: 'too-large'; readonly size: number; readonly limit: number; readonly modified?: number }
  | { readonly kind: 'error'; readonly message: string };

export interface DirEntry {
  readonly name: string;
  readonly isDirectory: boolean;
}

export interface FileSystemHost {
  /** Reads a file as UTF-8 text; binary, non-UTF-8 and over-size files are reported, not decoded. */
  readFile(path: string): ReadResult;
  /** Lists a folder; undefined when it does not exist or cannot be read. */
  readDir(path: string): readonly DirEntry[] | undefined;
  /** The path with symbolic links resolved (used to keep includes inside the root). */
  realPath(path: string): string;
}
