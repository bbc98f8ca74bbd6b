import { findPair, keySpan, spanOf } from '../../parse/ast';
import type { YNode } from '../../parse/ast';
import { Walk } from '../../project/index/walk';
import { columnOf } from '../text';
import type { Fixer } from './types';

/** relationship-deprecated-column: `column: x` -> `columns: [x]` (a block list in a block mapping). */
export const columnToColumns: Fixer = ({ finding, result }) => {
  if (!result) return [];
  const walk = new Walk(result.project);
  for (const table of result.index.tables) {
    for (const rel of table.relationships) {
      if (!rel.using) continue;
      const fk = walk.get(rel.using, 'foreign_key_constraint_on');
      const pair = findPair(fk.node, 'column');
      if (!pair || fk.file !== finding.file || keySpan(pair).start !== finding.span.start || !pair.value) continue;
      const text = result.project.files.get(fk.file)?.text ?? '';
      const key = keySpan(pair);
      const value = spanOf(pair.value as YNode);
      const written = text.slice(value.start, value.end);
      const flow = (fk.node as { flow?: boolean }).flow === true;
      const newText = flow ? `columns: [${written}]` : `columns:\n${' '.repeat(columnOf(text, key.start) + 2)}- ${written}`;
      return [
        {
          title: 'Use `columns` with a list',
          change: { edits: [{ file: fk.file, span: { start: key.start, end: value.end }, newText }], files: [] },
          preferred: true,
        },
      ];
    }
  }
  return [];
};
