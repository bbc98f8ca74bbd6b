import type { Span } from '../diagnostics';
import type { DirEntry, FileSystemHost } from '../host';
import type { CompletionEntry } from './completion';
import type { FeatureInput } from './types';

/** Include paths: the folders and YAML files of the folder typed so far (relative to the including file), except files this file includes already. */
export function includePathCompletions(input: FeatureInput, dir: string, span: Span, host: FileSystemHost | undefined): CompletionEntry[] {
  const entries = host?.readDir(dir) ?? projectEntries(input, dir);
  const included = new Set(input.result.project.files.get(input.file)?.yaml?.includes.map((ref) => ref.target));
  return entries
    .filter((e) => e.isDirectory || (/\.ya?ml$/i.test(e.name) && `${dir}/${e.name}` !== input.file && !included.has(`${dir}/${e.name}`)))
    .filter((e) => !e.name.startsWith('.'))
    .sort((a, b) => Number(b.isDirectory) - Number(a.isDirectory) || (a.name < b.name ? -1 : 1))
    .map((e): CompletionEntry =>
      e.isDirectory ? { label: `${e.name}/`, kind: 'folder', insertText: `${e.name}/`, span } : { label: e.name, kind: 'file', insertText: e.name, span },
    );
}

/** Without a host: the project's files below `dir`. */
function projectEntries(input: FeatureInput, dir: string): DirEntry[] {
  const names = new Map<string, boolean>();
  for (const path of input.result.project.files.keys()) {
    if (!path.startsWith(`${dir}/`)) continue;
    const rest = path.slice(dir.length + 1);
    const first = rest.split('/')[0]!;
    names.set(first, (names.get(first) ?? false) || rest.includes('/'));
  }
  return [...names].map(([name, isDirectory]) => ({ name, isDirectory }));
}
