import type { FileSystemHost } from '../host';
import { isOwnedPath } from './plan';

/**
 * The files of the folder that an export owns (top-level metadata files, databases.yaml, and the
 * YAML files of databases/<source>/tables and /functions), relative path -> text.
 */
export function readOwnedFiles(host: FileSystemHost, dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const read = (rel: string): void => {
    const file = host.readFile(`${dir}/${rel}`);
    if (file.kind === 'text' && isOwnedPath(rel)) out.set(rel, file.text);
  };
  for (const entry of host.readDir(dir) ?? []) if (!entry.isDirectory) read(entry.name);
  read('databases/databases.yaml');
  for (const source of host.readDir(`${dir}/databases`) ?? []) {
    if (!source.isDirectory) continue;
    for (const folder of ['tables', 'functions']) {
      for (const entry of host.readDir(`${dir}/databases/${source.name}/${folder}`) ?? []) {
        if (!entry.isDirectory) read(`databases/${source.name}/${folder}/${entry.name}`);
      }
    }
  }
  return new Map([...out].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
