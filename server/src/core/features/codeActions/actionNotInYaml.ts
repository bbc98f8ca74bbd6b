import { isScalar, isSeq } from 'yaml';
import type { RootResult } from '../../check';
import type { Finding } from '../../diagnostics';
import { findPair, keySpan, spanOf } from '../../parse/ast';
import type { YNode } from '../../parse/ast';
import { join } from '../../util/paths';
import { nextLineStart } from '../text';
import type { TextEdit } from '../types';
import type { Fixer, QuickFix } from './types';
import { indentAt } from './yamlEdits';

/**
 * action-not-in-yaml: rename the field to the close action actions.yaml has, or add an entry for it
 * to actions.yaml (`kind: ""` for a query as the CLI writes it, `synchronous` for a mutation, and a
 * handler under `{{ACTION_BASE_URL}}` to fill in).
 */
export const fixActionNotInYaml: Fixer = ({ finding, result }) => {
  const name = typeof finding.data?.action === 'string' ? finding.data.action : undefined;
  if (!result || name === undefined) return [];
  const suggestion = typeof finding.data?.suggestion === 'string' ? finding.data.suggestion : undefined;
  const rename: QuickFix[] =
    suggestion === undefined
      ? []
      : [
          {
            title: `Rename the field to \`${suggestion}\` (the action in actions.yaml)`,
            change: { edits: [{ file: finding.file, span: finding.span, newText: suggestion }], files: [] },
            preferred: true,
          },
        ];
  return [...rename, ...addEntry(result, finding, name)];
};

function entry(name: string, query: boolean, indent: string): string {
  return `${indent}- name: ${name}\n${indent}  definition:\n${indent}    kind: ${query ? '""' : 'synchronous'}\n${indent}    handler: "{{ACTION_BASE_URL}}/${name}"\n`;
}

function addEntry(result: RootResult, finding: Finding, name: string): QuickFix[] {
  const path = join(result.root, 'actions.yaml');
  const query = finding.data?.operation === 'query';
  const title = `Add \`${name}\` to actions.yaml`;
  const file = result.project.files.get(path);
  if (!file) return [{ title, change: { edits: [], files: [{ kind: 'create', file: path, text: `actions:\n${entry(name, query, '  ')}` }] } }];
  const edit = insertEntry(path, file.text, file.yaml?.doc.contents, entry(name, query, ''));
  return edit ? [{ title, change: { edits: [edit], files: [] } }] : [];
}

/** Where the entry goes: after the last action, in place of an empty `actions:`, or a new `actions:` on top. */
function insertEntry(path: string, text: string, root: YNode, block: string): TextEdit | undefined {
  const indented = (indent: string): string => block.replace(/^(?=.)/gm, indent);
  if (root === null || root === undefined) return { file: path, span: { start: 0, end: text.length }, newText: `actions:\n${indented('  ')}` };
  const pair = findPair(root, 'actions');
  if (!pair) return (root as { flow?: boolean }).flow ? undefined : { file: path, span: { start: 0, end: 0 }, newText: `actions:\n${indented('  ')}` };
  const list = pair.value as YNode;
  if (isSeq(list) && list.items.length > 0) {
    if (list.flow) return undefined;
    const items = list.items as YNode[];
    const at = nextLineStart(text, spanOf(items[items.length - 1]).end);
    return {
      file: path,
      span: { start: at, end: at },
      newText: `${at === text.length && !text.endsWith('\n') ? '\n' : ''}${indented(indentAt(text, spanOf(items[0]).start))}`,
    };
  }
  if (list && !isSeq(list) && !(isScalar(list) && list.value === null)) return undefined;
  const from = keySpan(pair).end;
  const lineEnd = text.indexOf('\n', from);
  return { file: path, span: { start: from, end: lineEnd < 0 ? text.length : lineEnd }, newText: `:\n${indented('  ').replace(/\n$/, '')}` };
}
