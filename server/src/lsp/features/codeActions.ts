import type { CodeAction, CodeActionParams, Diagnostic } from 'vscode-languageserver';
import { CodeActionKind } from 'vscode-languageserver';
import { databaseActions, quickFixes } from '../../core';
import type { Finding, RootResult, Severity, Span } from '../../core';
import { toDiagnostic } from '../convert';
import { uriToPath } from '../uri';
import type { FeatureContext } from './context';
import { rangedChange, toWorkspaceEdit } from './rangedChange';

const SOURCE = 'graphql-metadata';
const SEVERITIES: readonly Severity[] = ['error', 'warning', 'info', 'hint'];

/**
 * textDocument/codeAction: the quick fixes of the findings under the range, chosen by diagnostic code,
 * and (kind refactor) what the database model suggests in the file.
 * Findings come from the fresh check (current offsets) and from the request's diagnostics (their code
 * and data), which also carry findings outside any root (version-missing).
 */
export function onCodeAction(ctx: FeatureContext, params: CodeActionParams): CodeAction[] {
  const file = uriToPath(params.textDocument.uri);
  if (!file) return [];
  const doc = ctx.document(params.textDocument.uri);
  const wants = (kind: string): boolean => !params.context.only || params.context.only.some((only) => kind.startsWith(only));
  const fixes = wants(CodeActionKind.QuickFix) ? quickFixActions(ctx, doc?.result, file, params) : [];
  // What the database suggests here (track a table, add the relationships its foreign keys imply).
  const suggested = wants(CodeActionKind.Refactor) && doc ? databaseActions(doc.result, file) : [];
  return [
    ...fixes,
    ...suggested.map((fix) => ({ title: fix.title, kind: CodeActionKind.Refactor, edit: toWorkspaceEdit(rangedChange(ctx, doc?.result, fix.change)) })),
  ];
}

function quickFixActions(ctx: FeatureContext, result: RootResult | undefined, file: string, params: CodeActionParams): CodeAction[] {
  const fresh = result ? freshFindings(ctx, result, file, params) : [];
  const findings = [...fresh, ...params.context.diagnostics.flatMap((d) => rebuilt(d, file) ?? []).filter((f) => !fresh.some((g) => same(f, g)))];
  return findings.flatMap((finding) => {
    const diagnostic = toDiagnostic(finding, (path) => ctx.lines(result, path));
    return quickFixes({ finding, schemas: ctx.schemas, ...(result ? { result } : {}) }).map((fix) => ({
      title: fix.title,
      kind: CodeActionKind.QuickFix,
      diagnostics: [diagnostic],
      ...(fix.preferred ? { isPreferred: true } : {}),
      edit: toWorkspaceEdit(rangedChange(ctx, result, fix.change)),
    }));
  });
}

function freshFindings(ctx: FeatureContext, result: RootResult, file: string, params: CodeActionParams): Finding[] {
  const lines = ctx.lines(result, file);
  const start = lines.offsetAt(params.range.start);
  const end = lines.offsetAt(params.range.end);
  return result.findings.filter((f) => f.file === file && f.span.start <= end && f.span.end >= start);
}

/** A finding from a diagnostic this server published (toDiagnostic puts file and span into data). */
function rebuilt(d: Diagnostic, file: string): Finding | undefined {
  const data = d.data as (Record<string, unknown> & { file?: unknown; span?: Span }) | undefined;
  if (d.source !== SOURCE || typeof d.code !== 'string' || !data || data.file !== file || typeof data.span?.start !== 'number') return undefined;
  const { span, ...rest } = data;
  delete rest.file;
  return {
    code: d.code,
    severity: SEVERITIES[(d.severity ?? 1) - 1] ?? 'error',
    message: typeof d.message === 'string' ? d.message : d.message.value,
    file,
    span,
    data: rest,
  };
}

function same(a: Finding, b: Finding): boolean {
  return a.code === b.code && a.span.start === b.span.start && a.span.end === b.span.end;
}
