import { isSeq } from 'yaml';
import type { RootResult } from '../../check';
import type { YNode } from '../../parse/ast';
import { join } from '../../util/paths';
import { yamlScalar } from '../text';
import { replaceName } from './replaceName';
import type { QuickFix } from './types';
import type { Fixer } from './types';

/** allow-list-unknown-collection: replace with the closest collection, or create the collection. */
export const fixUnknownCollection: Fixer = ({ finding, result }) => {
  const name = typeof finding.data?.collection === 'string' ? finding.data.collection : undefined;
  if (!result || name === undefined) return [];
  return [...replaceWithSuggestion(result, finding, name), ...createCollection(result, name)];
};

function replaceWithSuggestion(result: RootResult, finding: Parameters<Fixer>[0]['finding'], name: string): QuickFix[] {
  const suggestion = typeof finding.data?.suggestion === 'string' ? finding.data.suggestion : undefined;
  if (suggestion === undefined || result.index.allowList.some((e) => e.collection.name === suggestion)) return [];
  return replaceName(result, finding, name, suggestion);
}

function createCollection(result: RootResult, name: string): QuickFix[] {
  const path = join(result.root, 'query_collections.yaml');
  const title = `Create query collection \`${name}\` in query_collections.yaml`;
  const entry = (indent: string): string => `${indent}- name: ${yamlScalar(name)}\n${indent}  definition:\n${indent}    queries: []\n`;
  const file = result.project.files.get(path);
  if (!file) return [{ title, change: { edits: [], files: [{ kind: 'create', file: path, text: entry('') }] } }];
  const contents = file.yaml?.doc.contents as YNode;
  if (contents === null || contents === undefined || (isSeq(contents) && contents.items.length === 0)) {
    return [{ title, change: { edits: [{ file: path, span: { start: 0, end: file.text.length }, newText: entry('') }], files: [] } }];
  }
  if (!isSeq(contents) || contents.flow || file.yaml?.includeAt.has(contents)) return [];
  const first = (contents.items[0] as YNode)?.range?.[0] ?? 0;
  const indent = /^ */.exec(file.text.slice(file.text.lastIndexOf('\n', first - 1) + 1))![0];
  const newline = file.text.endsWith('\n') ? '' : '\n';
  return [
    { title, change: { edits: [{ file: path, span: { start: file.text.length, end: file.text.length }, newText: `${newline}${entry(indent)}` }], files: [] } },
  ];
}
