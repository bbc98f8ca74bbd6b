/** Findings are what every pass of the check produces: offsets into one file, plus a stable code. */

export type Severity = 'error' | 'warning' | 'info' | 'hint';

export interface Span {
  readonly start: number;
  readonly end: number;
}

export interface RelatedInfo {
  readonly file: string;
  readonly span: Span;
  readonly message: string;
}

export interface Finding {
  /** Stable kebab-case id of the rule; code actions dispatch on it. */
  readonly code: string;
  readonly severity: Severity;
  readonly message: string;
  /** Absolute path of the file the finding is in. */
  readonly file: string;
  readonly span: Span;
  readonly related?: readonly RelatedInfo[];
  /** Extra facts for quick fixes (e.g. the include path, the closest name). */
  readonly data?: Readonly<Record<string, unknown>>;
}

export const SEVERITY_ORDER: Readonly<Record<Severity, number>> = { error: 0, warning: 1, info: 2, hint: 3 };

export function compareFindings(a: Finding, b: Finding): number {
  return a.file < b.file
    ? -1
    : a.file > b.file
      ? 1
      : a.span.start - b.span.start ||
        a.span.end - b.span.end ||
        (a.code < b.code ? -1 : a.code > b.code ? 1 : 0) ||
        (a.message < b.message ? -1 : a.message > b.message ? 1 : 0);
}
