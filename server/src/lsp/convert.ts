import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Diagnostic, DiagnosticRelatedInformation } from 'vscode-languageserver';
import { DiagnosticSeverity, DiagnosticTag } from 'vscode-languageserver';
import { DOCS_URL } from '../core';
import type { Finding, LineIndex, Severity } from '../core';
import { findPackageFile } from '../node/packageFile';
import { pathToUri } from './uri';

/**
 * Where a diagnostic's code links to: the diagnostics reference shipped with the server
 * (docs/rules.md beside dist/, so the page exists wherever the extension or the package is
 * installed), or the web copy when that file is missing.
 */
const RULE_DOCS = localRuleDocs();

function localRuleDocs(): string {
  try {
    return pathToFileURL(findPackageFile(path.join('docs', 'rules.md'))).href;
  } catch {
    // Silent: no docs/rules.md beside the bundle: the web copy is linked.
    return DOCS_URL;
  }
}

const SEVERITY: Record<Severity, DiagnosticSeverity> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  info: DiagnosticSeverity.Information,
  hint: DiagnosticSeverity.Hint,
};

/** Offsets -> LSP ranges, in one place (positions exist only at this edge). */
export function toDiagnostic(finding: Finding, lines: (file: string) => LineIndex): Diagnostic {
  const index = lines(finding.file);
  const relatedInformation: DiagnosticRelatedInformation[] = (finding.related ?? []).map((r) => ({
    location: { uri: pathToUri(r.file), range: rangeOf(lines(r.file), r.span) },
    message: r.message,
  }));
  return {
    range: rangeOf(index, finding.span),
    severity: SEVERITY[finding.severity],
    code: finding.code,
    codeDescription: { href: `${RULE_DOCS}#${finding.code}` },
    source: 'graphql-metadata',
    message: finding.message,
    ...(relatedInformation.length > 0 ? { relatedInformation } : {}),
    ...(finding.code === 'table-file-unreferenced' ? { tags: [DiagnosticTag.Unnecessary] } : {}),
    data: { ...(finding.data ?? {}), file: finding.file, span: finding.span },
  };
}

export function rangeOf(index: LineIndex, span: { start: number; end: number }): Diagnostic['range'] {
  return { start: index.positionAt(span.start), end: index.positionAt(span.end) };
}
