import type { QuickFix, FixContext } from './types';

/**
 * operation-invalid on an unknown field: change it to the field meant (the column a migration renamed
 * it to, else the closest field of that type). The name is written as is inside the YAML string (a
 * GraphQL name needs no escape in any style); nothing is offered when the text there is not the name.
 */
export function fixOperationField({ finding, result }: FixContext): QuickFix[] {
  const field = finding.data?.['field'];
  const suggestion = finding.data?.['suggestion'];
  if (typeof field !== 'string' || typeof suggestion !== 'string' || !result) return [];
  const text = result.project.files.get(finding.file)?.text ?? '';
  if (text.slice(finding.span.start, finding.span.end) !== field) return [];
  return [
    {
      title: `Change to \`${suggestion}\``,
      change: { edits: [{ file: finding.file, span: finding.span, newText: suggestion }], files: [] },
      preferred: true,
    },
  ];
}
