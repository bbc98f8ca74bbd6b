import { isScalar } from 'yaml';
import type { RootResult } from '../../check';
import type { Finding } from '../../diagnostics';
import { Walk } from '../../project/index/walk';
import { join } from '../../util/paths';
import { nameSpan, quoteAround, replacementFor } from '../text';
import type { Fixer, QuickFix } from './types';

const GRAPHQL_NAME = /^[_A-Za-z][_0-9A-Za-z]*$/;

/**
 * action-not-in-graphql: use the field actions.graphql has under a close name, or declare the action
 * there, the way the CLI writes it (one `type Query`/`type Mutation` block per action; a query when
 * the action's `kind` is the `""` the CLI writes for queries).
 */
export const fixActionNotInGraphql: Fixer = ({ finding, result }) => {
  const name = typeof finding.data?.action === 'string' ? finding.data.action : undefined;
  if (!result || name === undefined) return [];
  return [...useSuggestion(result, finding, name), ...declare(result, finding, name)];
};

function useSuggestion(result: RootResult, finding: Finding, name: string): QuickFix[] {
  const suggestion = typeof finding.data?.suggestion === 'string' ? finding.data.suggestion : undefined;
  const text = result.project.files.get(finding.file)?.text ?? '';
  const inner = nameSpan(text, finding.span, name);
  if (suggestion === undefined || !inner.exact) return [];
  return [
    {
      title: `Change to \`${suggestion}\` (declared in actions.graphql)`,
      change: { edits: [{ file: finding.file, span: inner.span, newText: replacementFor(quoteAround(text, inner.span), suggestion) }], files: [] },
      preferred: true,
    },
  ];
}

function declare(result: RootResult, finding: Finding, name: string): QuickFix[] {
  if (!GRAPHQL_NAME.test(name)) return [];
  const root = isQuery(result, finding) ? 'Query' : 'Mutation';
  const block = `type ${root} {\n  ${name}: String\n}\n`;
  const path = join(result.root, 'actions.graphql');
  const title = `Declare \`${name}\` in actions.graphql (type ${root}, returns String)`;
  const file = result.project.files.get(path);
  if (!file) return [{ title, change: { edits: [], files: [{ kind: 'create', file: path, text: block }] } }];
  const text = file.text;
  const gap = text === '' || text.endsWith('\n\n') ? '' : text.endsWith('\n') ? '\n' : '\n\n';
  return [{ title, change: { edits: [{ file: path, span: { start: text.length, end: text.length }, newText: `${gap}${block}` }], files: [] } }];
}

/** The CLI writes `kind: ""` for query actions. */
function isQuery(result: RootResult, finding: Finding): boolean {
  const action = result.index.actions.find((a) => a.name.loc.file === finding.file && a.name.loc.span.start === finding.span.start);
  const walk = new Walk(result.project);
  const kind = action ? walk.get(walk.get(action.at, 'definition'), 'kind').node : undefined;
  return isScalar(kind) && kind.value === '';
}
