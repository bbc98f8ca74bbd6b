import { nameSpan, replacementFor, quoteAround } from '../text';
import type { Fixer } from './types';

/** relationship-name-duplicate: give the second one a free name (`author_2`); F2 can then pick a better one. */
export const renameDuplicateRelationship: Fixer = ({ finding, result }) => {
  const name = typeof finding.data?.name === 'string' ? finding.data.name : undefined;
  const table = result?.index.tables.find((t) => t.relationships.some((r) => r.name.loc.file === finding.file && r.name.loc.span.start === finding.span.start));
  if (!result || !table || name === undefined) return [];
  const taken = (candidate: string): boolean => table.relationships.some((r) => r.name.name === candidate) || table.columns.has(candidate);
  let n = 2;
  while (taken(`${name}_${n}`)) n++;
  const fresh = `${name}_${n}`;
  const text = result.project.files.get(finding.file)?.text ?? '';
  const inner = nameSpan(text, finding.span, name);
  if (!inner.exact) return [];
  return [
    {
      title: `Rename this one to \`${fresh}\``,
      change: { edits: [{ file: finding.file, span: inner.span, newText: replacementFor(quoteAround(text, inner.span), fresh) }], files: [] },
      preferred: true,
    },
  ];
};
