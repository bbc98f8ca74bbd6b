import { isSeq } from 'yaml';
import { spanOf } from '../../parse/ast';
import type { YNode } from '../../parse/ast';
import type { ProjectFile } from '../../project/project';
import { basename } from '../../util/paths';
import { lineStart, nextLineStart } from '../text';
import type { TextEdit } from '../types';
import { indentAt } from './yamlEdits';
import type { Fixer } from './types';

/** table-file-unreferenced: include the file in its tables.yaml (functions.yaml), in name order. */
export const includeInList: Fixer = ({ finding, result }) => {
  const list = typeof finding.data?.list === 'string' ? result?.project.files.get(finding.data.list) : undefined;
  const entry = typeof finding.data?.entry === 'string' ? finding.data.entry : undefined;
  if (!list?.yaml || entry === undefined) return [];
  const edit = insertInclude(list, entry);
  return edit ? [{ title: `Include ${entry} in ${basename(list.path)}`, change: { edits: [edit], files: [] }, preferred: true }] : [];
};

/** The include of `entry` in a tables.yaml (functions.yaml), in name order and in the form the file uses. */
export function insertInclude(list: ProjectFile, entry: string): TextEdit | undefined {
  return insertIncludes(list, [entry])?.[0];
}

/**
 * The includes of `entries` (sorted, none listed yet) in a tables.yaml (functions.yaml), each in
 * name order and in the form the file uses: one insertion per place, so the edits never overlap.
 * Undefined when the file is not a block list (a flow list, a map).
 */
export function insertIncludes(list: ProjectFile, entries: readonly string[]): TextEdit[] | undefined {
  const yaml = list.yaml!;
  const contents = yaml.doc.contents as YNode;
  const tagged = yaml.includes.length > 0 && yaml.includes.every((r) => r.form === 'tag');
  const item = (entry: string): string => (tagged ? `!include ${entry}` : `"!include ${entry}"`);
  if (contents === null || contents === undefined || (isSeq(contents) && contents.items.length === 0)) {
    return [{ file: list.path, span: { start: 0, end: list.text.length }, newText: entries.map((e) => `- ${item(e)}\n`).join('') }];
  }
  if (!isSeq(contents) || contents.flow) return undefined;
  const items = contents.items as YNode[];
  const indent = indentAt(list.text, spanOf(items[0]).start);
  const end = nextLineStart(list.text, spanOf(items[items.length - 1]).end);
  const places = new Map<number, string[]>();
  for (const entry of entries) {
    const after = items.find((node) => (yaml.includeAt.get(node)?.raw ?? '') > entry);
    const at = after ? lineStart(list.text, spanOf(after).start) : end;
    places.set(at, [...(places.get(at) ?? []), `${indent}- ${item(entry)}\n`]);
  }
  return [...places].map(([at, lines]) => {
    const newline = at === list.text.length && !list.text.endsWith('\n') ? '\n' : '';
    return { file: list.path, span: { start: at, end: at }, newText: newline + lines.join('') };
  });
}
