import { checkRoot } from '../../../server/src/core/check';
import type { RootResult } from '../../../server/src/core/check';
import type { Span } from '../../../server/src/core/diagnostics';
import type { FeatureInput } from '../../../server/src/core/features/types';
import { unmark } from './marked';
import { BASE, ROOT, servicesFor } from './project';
import type { CheckOptions } from './project';

/** The cursor marker of feature tests: `‸` stands where the caret is (it is not part of the text). */
export const CARET = '‸';

export interface CaretProject {
  readonly result: RootResult;
  /** The file with the caret and the caret's offset. */
  readonly input: FeatureInput;
  /** `⟦…⟧` spans per absolute path. */
  readonly spans: Record<string, Span[]>;
  /** The project's files (absolute path -> text), to apply changes to. */
  readonly files: Map<string, string>;
}

/** BASE overlaid with `marked` (null deletes), one `‸` somewhere, `⟦…⟧` around expected ranges. */
export function caretProject(marked: Record<string, string | null>, options: CheckOptions = {}): CaretProject {
  const merged: Record<string, string> = { ...BASE };
  for (const [k, v] of Object.entries(marked)) {
    if (v === null) delete merged[k];
    else merged[k] = v;
  }
  const files = new Map<string, string>();
  const spans: Record<string, Span[]> = {};
  let input: { file: string; offset: number } | undefined;
  for (const [rel, content] of Object.entries(merged)) {
    const path = `${ROOT}/${rel}`;
    const caret = content.indexOf(CARET);
    if (caret >= 0) input = { file: path, offset: unmark(content.slice(0, caret)).text.length };
    const { text, spans: s } = unmark(content.replace(CARET, ''));
    files.set(path, text);
    if (s.length > 0) spans[path] = s;
  }
  const result = checkFiles(files, options);
  return { result, input: { result, file: input?.file ?? '', offset: input?.offset ?? -1 }, spans, files };
}

/** Checks a whole in-memory project (absolute paths) as the editor would. */
export function checkFiles(files: ReadonlyMap<string, string>, options: CheckOptions = {}): RootResult {
  return checkRoot(ROOT, servicesFor(Object.fromEntries(files), options));
}

/** `path@start-end` of a location, relative to the root, for readable comparisons. */
export function at(loc: { file: string; span: Span }): string {
  return `${loc.file.slice(ROOT.length + 1)}@${loc.span.start}-${loc.span.end}`;
}

/** The marked spans as `at` strings, in order of file then offset. */
export function marked(spans: Record<string, Span[]>): string[] {
  return Object.entries(spans)
    .flatMap(([file, list]) => list.map((span) => ({ file, span })))
    .sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.span.start - b.span.start))
    .map(at);
}
