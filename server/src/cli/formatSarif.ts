import type { Severity } from '../core/diagnostics';
import type { Report } from './report';

const LEVEL: Record<Severity, string> = { error: 'error', warning: 'warning', info: 'note', hint: 'note' };

/** SARIF 2.1.0 for code-scanning tools; rule ids are the diagnostic codes. */
export function formatSarif(report: Report, version: string, docsUrl: string): string {
  const codes = [...new Set(report.diagnostics.map((d) => d.code))].sort();
  const sarif = {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: { driver: { name: 'graphql-metadata', version, informationUri: docsUrl, rules: codes.map((id) => ({ id, helpUri: `${docsUrl}#${id}` })) } },
        results: report.diagnostics.map((d) => ({
          ruleId: d.code,
          ruleIndex: codes.indexOf(d.code),
          level: LEVEL[d.severity],
          message: { text: d.message },
          locations: [{ physicalLocation: { artifactLocation: { uri: encodeURI(d.file) }, region: { startLine: d.line, startColumn: d.column, endLine: d.endLine, endColumn: d.endColumn } } }],
        })),
      },
    ],
  };
  return `${JSON.stringify(sarif, null, 2)}\n`;
}
