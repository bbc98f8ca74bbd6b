import type { RuleDoc, Severity } from '../core';
import type { Report } from './report';

const LEVEL: Record<Severity, 'error' | 'warning' | 'note'> = { error: 'error', warning: 'warning', info: 'note', hint: 'note' };

export interface SarifOptions {
  readonly version: string;
  readonly docsUrl: string;
  /** Every diagnostic code (each becomes a rule of the driver, documented or not). */
  readonly codes: readonly string[];
  /** docs/rules.md, parsed. */
  readonly docs: ReadonlyMap<string, RuleDoc>;
  /** Absolute core path (`/...`, `/C:/...`) the result paths are relative to (the `%SRCROOT%` base). */
  readonly cwd: string;
}

/**
 * SARIF 2.1.0 for code-scanning tools: one rule per diagnostic code (descriptions and help from
 * docs/rules.md), results with paths relative to `%SRCROOT%` (the folder the check ran in).
 */
export function formatSarif(report: Report, options: SarifOptions): string {
  const codes = [...new Set([...options.codes, ...report.diagnostics.map((d) => d.code)])].sort();
  const index = new Map(codes.map((code, i) => [code, i]));
  const sarif = {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: { name: 'graphql-metadata', version: options.version, informationUri: options.docsUrl, rules: codes.map((id) => sarifRule(id, options)) },
        },
        originalUriBaseIds: { '%SRCROOT%': { uri: directoryUri(options.cwd) } },
        results: report.diagnostics.map((d) => ({
          ruleId: d.code,
          ruleIndex: index.get(d.code),
          level: LEVEL[d.severity],
          message: { text: d.message },
          locations: [
            {
              physicalLocation: {
                artifactLocation: { uri: encodeURI(d.file), uriBaseId: '%SRCROOT%' },
                region: { startLine: d.line, startColumn: d.column, endLine: d.endLine, endColumn: d.endColumn },
              },
            },
          ],
        })),
      },
    ],
  };
  return `${JSON.stringify(sarif, null, 2)}\n`;
}

function sarifRule(id: string, { docs, docsUrl }: SarifOptions): object {
  const doc = docs.get(id);
  const helpUri = `${docsUrl}#${id}`;
  if (!doc) return { id, helpUri, shortDescription: { text: id }, defaultConfiguration: { level: 'error' } };
  return {
    id,
    helpUri,
    shortDescription: { text: doc.summary },
    fullDescription: { text: doc.description },
    help: { text: doc.description, markdown: `${doc.markdown}\n\n[${id} in the diagnostics reference](${helpUri})` },
    defaultConfiguration: { level: LEVEL[doc.severity] },
  };
}

function directoryUri(dir: string): string {
  const withSlash = dir.endsWith('/') ? dir : `${dir}/`;
  return `file://${encodeURI(withSlash)}`;
}
