import * as fs from 'node:fs';
import { basename, dirname, join } from '../core';
import type { WritePlan } from '../core';
import { toNativePath } from '../../../common/paths';

/** The file operations an export needs; tests inject one that fails. Paths are core (POSIX) paths. */
export interface TreeFs {
  exists(path: string): boolean;
  copyDir(from: string, to: string): void;
  mkdir(path: string): void;
  writeFile(path: string, text: string): void;
  remove(path: string): void;
  rename(from: string, to: string): void;
  isEmptyDir(path: string): boolean;
}

export function nodeTreeFs(): TreeFs {
  const n = toNativePath;
  return {
    exists: (p) => fs.existsSync(n(p)),
    copyDir: (from, to) => fs.cpSync(n(from), n(to), { recursive: true, verbatimSymlinks: true, errorOnExist: true, force: false }),
    mkdir: (p) => void fs.mkdirSync(n(p), { recursive: true }),
    writeFile: (p, text) => fs.writeFileSync(n(p), text, 'utf8'),
    remove: (p) => fs.rmSync(n(p), { recursive: true, force: true }),
    rename: (from, to) => fs.renameSync(n(from), n(to)),
    isEmptyDir: (p) => {
      try {
        return fs.readdirSync(n(p)).length === 0;
      } catch {
        // Silent: not there or not a folder: not an empty folder.
        return false;
      }
    },
  };
}

/**
 * Applies a plan all or nothing: the folder is copied to a temporary folder beside it, the plan is
 * applied to the copy (then the folders it empties, core/sync/emptied.ts, are removed), and the copy
 * is renamed into place (the old folder is kept until then and put back if the rename fails). Any
 * failure before the swap leaves the folder exactly as it was.
 */
export function writeAtomically(tree: TreeFs, dir: string, files: ReadonlyMap<string, string>, plan: WritePlan, emptied: readonly string[]): void {
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  const temp = join(dirname(dir), `.${basename(dir)}.graphql-metadata-${stamp}.tmp`);
  const existed = tree.exists(dir);
  try {
    if (existed) tree.copyDir(dir, temp);
    else tree.mkdir(temp);
    applyPlan(tree, temp, files, plan, emptied);
  } catch (error) {
    tree.remove(temp);
    throw error;
  }
  swap(tree, dir, temp, existed, stamp);
}

function applyPlan(tree: TreeFs, root: string, files: ReadonlyMap<string, string>, plan: WritePlan, emptied: readonly string[]): void {
  for (const rel of [...plan.create, ...plan.update]) {
    const path = join(root, rel);
    tree.mkdir(dirname(path));
    tree.writeFile(path, files.get(rel) ?? '');
  }
  for (const rel of plan.delete) tree.remove(join(root, rel));
  // Deepest first; a folder that still holds something (it changed since the plan) is left alone.
  for (const rel of emptied) if (tree.isEmptyDir(join(root, rel))) tree.remove(join(root, rel));
}

function swap(tree: TreeFs, dir: string, temp: string, existed: boolean, stamp: string): void {
  if (!existed) {
    tree.mkdir(dirname(dir));
    tree.rename(temp, dir);
    return;
  }
  const old = join(dirname(dir), `.${basename(dir)}.graphql-metadata-${stamp}.old`);
  tree.rename(dir, old);
  try {
    tree.rename(temp, dir);
  } catch (error) {
    tree.rename(old, dir);
    tree.remove(temp);
    throw error;
  }
  tree.remove(old);
}
