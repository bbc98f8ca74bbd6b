import type { Severity } from './diagnostics';

/** One code's section of docs/rules.md. */
export interface RuleDoc {
  readonly code: string;
  /** The severity the section starts with (`**error.**`). */
  readonly severity: Severity;
  /** The first sentence after the severity, as plain text. */
  readonly summary: string;
  /** The section's first paragraph without the severity, as plain text. */
  readonly description: string;
  /** The whole section below its heading, markdown. */
  readonly markdown: string;
}

/** `**error.**` opens a section (its sentence is the severity alone); `**error** for ...` starts a sentence. */
const SEVERITY = /^\*\*(error|warning|info|hint)(\.?)[^*]*\*\*\s*/;

/** Reads every `### <code>` section of docs/rules.md. */
export function parseRuleDocs(markdown: string): Map<string, RuleDoc> {
  const docs = new Map<string, RuleDoc>();
  const sections = markdown.split(/^(?=#{2,3} )/m);
  for (const section of sections) {
    const heading = /^### ([a-z0-9-]+)\n/.exec(section);
    if (!heading) continue;
    const body = section.slice(heading[0].length).trim();
    const severity = SEVERITY.exec(body);
    const text = severity?.[2] === '.' ? body.slice(severity[0].length) : body;
    const description = plainText(text.split(/\n\s*\n/)[0] ?? '');
    docs.set(heading[1]!, {
      code: heading[1]!,
      severity: (severity?.[1] ?? 'error') as Severity,
      summary: firstSentence(description),
      description,
      markdown: body,
    });
  }
  return docs;
}

function plainText(markdown: string): string {
  return markdown
    .replace(/\*\*([^*]*)\*\*/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}

function firstSentence(text: string): string {
  const end = /[.!?](?=\s+[A-Z`(]|$)/.exec(text);
  return end ? text.slice(0, end.index + 1) : text;
}

/** The README's table of rule codes, a row per code in the docs' order: its link, default severity and first sentence. */
export function ruleTableRows(docs: ReadonlyMap<string, RuleDoc>): string[] {
  return [...docs.values()].map((d) => `| [\`${d.code}\`](docs/rules.md#${d.code}) | ${d.severity} | ${d.summary.replace(/\|/g, '\\|')} |`);
}
