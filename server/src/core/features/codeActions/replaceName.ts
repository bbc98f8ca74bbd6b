import type { RootResult } from '../../check';
import type { Finding } from '../../diagnostics';
import { nameSpan, quoteAround, replacementFor } from '../text';
import type { QuickFix } from './types';

/** `Change to `suggestion``: replaces the name the finding underlines (inside its quotes, quoting as needed). */
export function replaceName(result: RootResult, finding: Finding, name: string, suggestion: string): QuickFix[] {
  const text = result.project.files.get(finding.file)?.text ?? '';
  const inner = nameSpan(text, finding.span, name);
  if (!inner.exact) return [];
  const newText = replacementFor(quoteAround(text, inner.span), suggestion);
  return [{ title: `Change to \`${suggestion}\``, change: { edits: [{ file: finding.file, span: inner.span, newText }], files: [] }, preferred: true }];
}
