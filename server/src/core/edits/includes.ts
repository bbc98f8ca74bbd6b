import type { RootResult } from '../check';
import type { Span } from '../diagnostics';

/**
 * The files reached through includes from the part `span` of `file` (to any depth), limited to
 * those that nothing outside that part includes: the files that belong to it alone.
 */
export function filesOwnedBy(result: RootResult, file: string, span: Span): string[] {
  const reached = new Set<string>();
  const queue: string[] = [];
  const visit = (path: string, inside: (start: number) => boolean): void => {
    for (const ref of result.project.files.get(path)?.yaml?.includes ?? []) {
      const target = result.project.includeTargets.get(ref);
      if (!target || !inside(ref.span.start) || reached.has(target.path)) continue;
      reached.add(target.path);
      queue.push(target.path);
    }
  };
  visit(file, (start) => start >= span.start && start < span.end);
  while (queue.length > 0) visit(queue.shift()!, () => true);
  return [...reached].filter((path) => ownedBy(result, path, reached, file, span));
}

function ownedBy(result: RootResult, path: string, reached: ReadonlySet<string>, file: string, span: Span): boolean {
  const sites = result.project.files.get(path)?.includedBy ?? [];
  return sites.every((site) => reached.has(site.file) || (site.file === file && site.ref.span.start >= span.start && site.ref.span.start < span.end));
}
