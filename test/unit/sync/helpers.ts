import { checkRoot } from '../../../server/src/core/check';
import type { RootResult } from '../../../server/src/core/check';
import { ParseCache } from '../../../server/src/core/project/cache';
import { memoryHost } from '../helpers/memoryHost';

export const ROOT = '/p/metadata';

/** Loads and checks a project given as paths relative to /p/metadata -> text. */
export function load(files: Record<string, string>): RootResult {
  const abs = Object.fromEntries(Object.entries(files).map(([rel, text]) => [`${ROOT}/${rel}`, text]));
  return checkRoot(ROOT, { host: memoryHost(abs), cache: new ParseCache() });
}

/** The text of `file` covered by `span`. */
export function textAt(files: Record<string, string>, file: string, span: { start: number; end: number }): string {
  const rel = file.startsWith(`${ROOT}/`) ? file.slice(ROOT.length + 1) : file;
  return (files[rel] ?? '').slice(span.start, span.end);
}
