import type { Finding, Span } from '../../../server/src/core/diagnostics';

/**
 * Test vocabulary: files are written with `⟦` and `⟧` around the text a finding must underline.
 * `unmark` returns the plain text and the marked spans, in order.
 */
export function unmark(marked: string): { text: string; spans: Span[] } {
  const spans: Span[] = [];
  let text = '';
  let open = -1;
  for (const ch of marked) {
    if (ch === '⟦') open = text.length;
    else if (ch === '⟧') {
      spans.push({ start: open, end: text.length });
      open = -1;
    } else text += ch;
  }
  return { text, spans };
}

export interface MarkedProject {
  readonly files: Record<string, string>;
  /** Marked spans per file path. */
  readonly spans: Record<string, Span[]>;
}

/** Builds a project from marked files; paths are relative to `root`. */
export function markedProject(root: string, marked: Record<string, string>): MarkedProject {
  const files: Record<string, string> = {};
  const spans: Record<string, Span[]> = {};
  for (const [rel, content] of Object.entries(marked)) {
    const { text, spans: s } = unmark(content);
    files[`${root}/${rel}`] = text;
    if (s.length > 0) spans[`${root}/${rel}`] = s;
  }
  return { files, spans };
}

/** A comparable summary of a finding: code, file, exact span. */
export function where(f: Finding): string {
  return `${f.code} ${f.file} ${f.span.start}-${f.span.end}`;
}

export function expected(code: string, file: string, span: Span): string {
  return `${code} ${file} ${span.start}-${span.end}`;
}
