import { findPair, keySpan, scalarText } from '../parse/ast';
import type { YNode } from '../parse/ast';
import { finding, tableRule } from './rule';

/** `foreign_key_constraint_on: {table, column}`: the deprecated single-column form. */
export const relationshipDeprecatedColumn = tableRule({
  codes: ['relationship-deprecated-column'],
  checkTable: (t, { walk }) =>
    t.relationships.flatMap((r) => {
      if (!r.using) return [];
      const fk = walk.get(r.using, 'foreign_key_constraint_on');
      const pair = findPair(fk.node, 'column');
      if (!pair || !findPair(fk.node, 'table')) return [];
      return [
        finding(
          'relationship-deprecated-column',
          'hint',
          '`column` is deprecated here; use `columns` with a list.',
          { file: fk.file, span: keySpan(pair) },
          {
            data: { column: scalarText(pair.value as YNode) },
          },
        ),
      ];
    }),
});
