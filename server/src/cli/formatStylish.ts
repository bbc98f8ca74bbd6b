import type { Report, ReportEntry } from './report';

const COLORS = { error: '\u001b[31m', warning: '\u001b[33m', info: '\u001b[36m', hint: '\u001b[90m', dim: '\u001b[2m', bold: '\u001b[1m', reset: '\u001b[0m' };

/** `path:line:col  severity  message  code`, grouped per file, then a summary line (that counts what is not listed too). */
export function formatStylish(report: Report, color: boolean): string {
  const paint = (c: keyof typeof COLORS, s: string): string => (color ? `${COLORS[c]}${s}${COLORS.reset}` : s);
  const byFile = new Map<string, ReportEntry[]>();
  for (const d of report.diagnostics) byFile.set(d.file, [...(byFile.get(d.file) ?? []), d]);
  const out: string[] = [];
  for (const [file, entries] of byFile) {
    out.push(paint('bold', file));
    for (const d of entries) out.push(`  ${file}:${d.line}:${d.column}  ${paint(d.severity, d.severity.padEnd(7))}  ${d.message}  ${paint('dim', d.code)}`);
    out.push('');
  }
  out.push(summaryLine(report));
  return `${out.join('\n')}\n`;
}

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

function summaryLine({ summary: s, diagnostics }: Report): string {
  const problems = s.errors + s.warnings + s.infos;
  const head =
    problems === 0
      ? '✔ No problems'
      : `✖ ${plural(problems, 'problem')} (${plural(s.errors, 'error')}, ${plural(s.warnings, 'warning')}, ${plural(s.infos, 'info')})`;
  const hidden = notListed(s, diagnostics);
  return `${head} in ${plural(s.files, 'file')}${hidden ? `; ${hidden} not shown` : ''}.`;
}

/** `2 warnings and 1 hint`: what the summary counts and the listing leaves out. */
function notListed(s: Report['summary'], diagnostics: readonly ReportEntry[]): string {
  const count = (severity: ReportEntry['severity']): number => diagnostics.filter((d) => d.severity === severity).length;
  const parts = (
    [
      ['warning', s.warnings],
      ['info', s.infos],
      ['hint', s.hints],
    ] as const
  )
    .map(([severity, total]) => [severity, total - count(severity)] as const)
    .filter(([, n]) => n > 0)
    .map(([severity, n]) => plural(n, severity));
  return parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]!}`;
}
