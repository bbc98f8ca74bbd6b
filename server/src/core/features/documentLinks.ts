import type { RootResult } from '../check';
import type { Span } from '../diagnostics';

export interface DocumentLink {
  /** The include path text. */
  readonly span: Span;
  /** Absolute path of the included file. */
  readonly target: string;
}

/** Every include of a file that resolves to a file of the project, as a link on its path. */
export function documentLinks(result: RootResult, file: string): DocumentLink[] {
  const yaml = result.project.files.get(file)?.yaml;
  return (yaml?.includes ?? []).flatMap((ref) => {
    const target = result.project.includeTargets.get(ref);
    return target ? [{ span: ref.span, target: target.path }] : [];
  });
}
