/**
 * The disk side of a safe write: the state of every path an edit may touch, taken before the edit,
 * and put back byte for byte when the edit failed half way (VS Code does not roll back a workspace
 * edit whose file operation fails). Pure: the file system is injected, paths are core paths
 * (absolute, `/`), so the rules are tested in plain node.
 */
import { posix } from 'node:path';

export type EntryKind = 'file' | 'directory';

/** The file system as the rollback needs it (VS Code's `workspace.fs` in the extension). */
export interface FileAccess {
  kind(path: string): Promise<EntryKind | undefined>;
  read(path: string): Promise<Uint8Array>;
  /** Names in a folder. */
  list(dir: string): Promise<string[]>;
  /** Writes a file, creating its folders. */
  write(path: string, bytes: Uint8Array): Promise<void>;
  mkdir(path: string): Promise<void>;
  /** Removes a file or a folder with its contents. */
  remove(path: string): Promise<void>;
}

type Saved =
  /** `created`: the topmost of its folders that did not exist either (removed again when empty). */
  | { readonly kind: 'absent'; readonly created: string | undefined }
  | { readonly kind: 'file'; readonly bytes: Uint8Array }
  | { readonly kind: 'directory'; readonly children: ReadonlyMap<string, Saved> };

export class DiskSnapshot {
  private constructor(
    private readonly access: FileAccess,
    private readonly saved: ReadonlyMap<string, Saved>,
  ) {}

  /** The current state of each path (a folder with everything in it). */
  static async take(access: FileAccess, paths: Iterable<string>): Promise<DiskSnapshot> {
    const saved = new Map<string, Saved>();
    for (const path of new Set(paths)) saved.set(path, await capture(access, path));
    return new DiskSnapshot(access, saved);
  }

  get paths(): readonly string[] {
    return [...this.saved.keys()];
  }

  /** The bytes of `path` when it was a file. */
  bytesOf(path: string): Uint8Array | undefined {
    const saved = this.saved.get(path);
    return saved?.kind === 'file' ? saved.bytes : undefined;
  }

  /** Puts every path back: created files and folders removed, changed or deleted files rewritten. Returns the paths still different. */
  async restore(): Promise<string[]> {
    for (const [path, saved] of this.saved) {
      if (saved.kind === 'absent' && (await this.access.kind(path)) !== undefined) await this.access.remove(path);
    }
    for (const [path, saved] of this.saved) if (saved.kind !== 'absent') await put(this.access, path, saved);
    for (const [path, saved] of this.saved) if (saved.kind === 'absent') await removeCreatedFolders(this.access, path, saved.created);
    return this.differing();
  }

  /** The paths whose state is not the one in the snapshot. */
  async differing(): Promise<string[]> {
    const out: string[] = [];
    for (const [path, saved] of this.saved) if (!(await same(this.access, path, saved))) out.push(path);
    return out;
  }
}

async function capture(access: FileAccess, path: string): Promise<Saved> {
  const kind = await access.kind(path);
  if (kind === 'file') return { kind, bytes: await access.read(path) };
  if (kind === 'directory') {
    const children = new Map<string, Saved>();
    for (const name of await access.list(path)) children.set(name, await capture(access, `${path}/${name}`));
    return { kind, children };
  }
  return { kind: 'absent', created: await topmostMissing(access, path) };
}

async function topmostMissing(access: FileAccess, path: string): Promise<string | undefined> {
  let missing: string | undefined;
  for (let dir = posix.dirname(path); dir !== '/' && dir !== '.' && (await access.kind(dir)) === undefined; dir = posix.dirname(dir)) missing = dir;
  return missing;
}

async function put(access: FileAccess, path: string, saved: Exclude<Saved, { kind: 'absent' }>): Promise<void> {
  const now = await access.kind(path);
  if (saved.kind === 'file') {
    if (now === 'file' && equalBytes(await access.read(path), saved.bytes)) return;
    if (now === 'directory') await access.remove(path);
    await access.write(path, saved.bytes);
    return;
  }
  if (now === 'file') await access.remove(path);
  if (now !== 'directory') await access.mkdir(path);
  for (const [name, child] of saved.children) if (child.kind !== 'absent') await put(access, `${path}/${name}`, child);
}

/** Removes the folders the edit created above `path` (from its parent up to `created`), while they are empty. */
async function removeCreatedFolders(access: FileAccess, path: string, created: string | undefined): Promise<void> {
  if (created === undefined) return;
  for (let dir = posix.dirname(path); ; dir = posix.dirname(dir)) {
    if ((await access.kind(dir)) !== 'directory' || (await access.list(dir)).length > 0) return;
    await access.remove(dir);
    if (dir === created) return;
  }
}

async function same(access: FileAccess, path: string, saved: Saved): Promise<boolean> {
  const now = await access.kind(path);
  if (saved.kind === 'absent') return now === undefined && (saved.created === undefined || (await access.kind(saved.created)) === undefined);
  if (saved.kind === 'file') return now === 'file' && equalBytes(await access.read(path), saved.bytes);
  if (now !== 'directory') return false;
  const names = new Set(await access.list(path));
  for (const [name, child] of saved.children) if (!(await same(access, `${path}/${name}`, child))) return false;
  return [...names].every((name) => saved.children.has(name));
}

function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}

/** What stands where a file must be written: a folder at its path, or a file where one of its folders must be. */
export interface Blocker {
  readonly path: string;
  readonly is: 'folder' | 'file';
}

/** Why writing a file at `path` cannot work, when the disk says so. */
export async function blockerOf(access: FileAccess, path: string): Promise<Blocker | undefined> {
  if ((await access.kind(path)) === 'directory') return { path, is: 'folder' };
  for (let dir = posix.dirname(path); dir !== '/' && dir !== '.'; dir = posix.dirname(dir)) {
    const kind = await access.kind(dir);
    if (kind === 'file') return { path: dir, is: 'file' };
    if (kind === 'directory') return undefined;
  }
  return undefined;
}
