import type { Report, ReportEntry } from './report';

const COLORS = { error: '\u001b[31m', warning: '\u001b[33m', info: '\u001b[36m', hint: '\u001b[90m', dim: '\u001b[2m', bold: '\u001b[1m', reset: '\u001b[0m' };

/** `path:line:col  severity  message  code`, grouped per file, then a summary line (hints are counted, not listed). */
export function formatStylish(report: Report, color: boolean): string {
  const paint = (c: keyof typeof COLORS, s: string): string => (color ? `${COLORS[c]}${s}${COLORS.reset}` : s);
  const shown = report.diagnostics.filter((d) => d.severity !== 'hint');
  const byFile = new Map<string, ReportEntry[]>();
  for (const d of shown) byFile.set(d.file, [...(byFile.get(d.file) ?? []), d]);
  const out: string[] = [];
  for (const [file, entries] of byFile) {
    out.push(paint('bold', file));
    for (const d of entries) out.push(`  ${file}:${d.line}:${d.column}  ${paint(d.severity, d.severity.padEnd(7))}  ${d.message}  ${paint('dim', d.code)}`);
    out.push('');
  }
  out.push(summaryLine(report));
  return `${out.join('\n')}\n`;
}

export function summaryLine({ summary: s }: Report): string {
  const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;
  const problems = s.errors + s.warnings + s.infos;
  const head = problems === 0 ? '✔ No problems' : `✖ ${plural(problems, 'problem')} (${plural(s.errors, 'error')}, ${plural(s.warnings, 'warning')}, ${plural(s.infos, 'info')})`;
  return `${head} in ${plural(s.files, 'file')}${s.hints > 0 ? `; ${plural(s.hints, 'hint')} not shown` : ''}.`;
}
