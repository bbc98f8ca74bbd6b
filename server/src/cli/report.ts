import { LineIndex, relative, SEVERITY_ORDER } from '../core';
import type { FileSystemHost, Finding, Severity } from '../core';

/** One finding as the CLI prints it: 1-based lines and columns, path relative to the cwd. */
export interface ReportEntry {
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly endLine: number;
  readonly endColumn: number;
  readonly severity: Severity;
  readonly code: string;
  readonly message: string;
}

export interface Summary {
  readonly errors: number;
  readonly warnings: number;
  readonly infos: number;
  readonly hints: number;
  readonly files: number;
}

export interface Report {
  readonly diagnostics: ReportEntry[];
  readonly summary: Summary;
}

export function buildReport(findings: readonly Finding[], filesChecked: number, cwd: string, host: FileSystemHost, texts: ReadonlyMap<string, string>): Report {
  const indexes = new Map<string, LineIndex>();
  const indexOf = (file: string): LineIndex => {
    let index = indexes.get(file);
    if (!index) {
      const read = texts.get(file) ?? readText(host, file);
      index = new LineIndex(read);
      indexes.set(file, index);
    }
    return index;
  };
  const diagnostics = findings.map((f) => {
    const lines = indexOf(f.file);
    const start = lines.positionAt(f.span.start);
    const end = lines.positionAt(f.span.end);
    return {
      file: relative(cwd, f.file),
      line: start.line + 1,
      column: start.character + 1,
      endLine: end.line + 1,
      endColumn: end.character + 1,
      severity: f.severity,
      code: f.code,
      message: f.message,
    };
  });
  const count = (s: Severity): number => findings.filter((f) => f.severity === s).length;
  return { diagnostics, summary: { errors: count('error'), warnings: count('warning'), infos: count('info'), hints: count('hint'), files: filesChecked } };
}

function readText(host: FileSystemHost, file: string): string {
  const read = host.readFile(file);
  return read.kind === 'text' ? read.text : '';
}

/** The report listing only findings at `least` or more severe (the summary still counts every one). */
export function listed(report: Report, least: Severity): Report {
  return { ...report, diagnostics: report.diagnostics.filter((d) => SEVERITY_ORDER[d.severity] <= SEVERITY_ORDER[least]) };
}
