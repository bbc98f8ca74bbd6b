import type { WorkspaceChange } from '../features/types';
import type { FileSystemHost } from '../host';
import { dirname, isInside, relative } from '../util/paths';
import type { WritePlan } from './plan';

/**
 * The folders under databases/ that writing an export leaves empty: they hold nothing but files the
 * plan deletes and folders so emptied, and the plan writes nothing into them (a dropped source's
 * `databases/<source>/tables`, then `databases/<source>`). Relative to `root`, deepest first; the
 * folders' contents are read through `host` as they are before the export. The one policy for the
 * CLI's `export`, the language server's export plan and the extension's Export From Server, and for
 * the local edits of operations (`foldersEmptiedBy`: Drop Source, Rename Source), which only remove
 * them (each one only if it is empty by then).
 */
export function emptiedFolders(host: Pick<FileSystemHost, 'readDir'>, root: string, plan: Pick<WritePlan, 'create' | 'update' | 'delete'>): string[] {
  const gone = new Set(plan.delete);
  const written = [...plan.create, ...plan.update];
  const candidates = new Set<string>();
  for (const rel of plan.delete) {
    for (let folder = dirname(rel); folder.startsWith('databases/'); folder = dirname(folder)) candidates.add(folder);
  }
  const deepestFirst = [...candidates].sort((a, b) => b.split('/').length - a.split('/').length || (a < b ? -1 : a > b ? 1 : 0));
  const emptied: string[] = [];
  for (const folder of deepestFirst) {
    if (written.some((rel) => isInside(rel, folder))) continue;
    const entries = host.readDir(`${root}/${folder}`);
    if (entries === undefined || !entries.every((e) => gone.has(`${folder}/${e.name}`))) continue;
    gone.add(folder);
    emptied.push(folder);
  }
  return emptied;
}

/**
 * The folders under databases/ a workspace change leaves empty (a dropped source's files deleted,
 * a renamed source's files moved away), as absolute paths, deepest first: the change's deletes and
 * the old paths of its renames are gone, its creates, new paths and edited files are written.
 */
export function foldersEmptiedBy(host: Pick<FileSystemHost, 'readDir'>, root: string, change: Pick<WorkspaceChange, 'edits' | 'files'>): string[] {
  const rel = (file: string): string => relative(root, file);
  const plan = {
    create: change.files.flatMap((f) => (f.kind === 'create' ? [rel(f.file)] : f.kind === 'rename' ? [rel(f.to)] : [])),
    update: change.edits.map((e) => rel(e.file)),
    delete: change.files.flatMap((f) => (f.kind === 'delete' ? [rel(f.file)] : f.kind === 'rename' ? [rel(f.from)] : [])),
  };
  return emptiedFolders(host, root, plan).map((folder) => `${root}/${folder}`);
}
