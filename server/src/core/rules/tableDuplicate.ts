import { duplicates, finding, related } from './rule';
import type { Rule } from './rule';

/** A table tracked twice in one source. */
export const tableDuplicate: Rule = {
  codes: ['table-duplicate'],
  reads: ['tables'],
  check: ({ index }) => {
    // Without a duplicate every table has its own key: nothing to look at (the common case, per keystroke).
    if (index.tableKeys.size === index.tables.length) return [];
    return duplicates(index.tables, (t) => `${t.source}\u0000${t.key}`).map(([first, again]) =>
      finding(
        'table-duplicate',
        'error',
        `Table \`${again.key}\` is tracked more than once in source \`${again.source}\`.`,
        again.includeLoc ?? again.tableLoc,
        {
          related: [related(first.includeLoc ?? first.tableLoc, 'First tracked here')],
        },
      ),
    );
  },
};
