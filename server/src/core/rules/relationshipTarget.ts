import { tableKey } from '../project/index/tableRef';
import { finding } from './rule';
import type { Rule } from './rule';

/** A relationship pointing at a table that its source does not track. */
export const relationshipTargetUntracked: Rule = {
  codes: ['relationship-target-untracked'],
  check: ({ index }) => {
    const tracked = new Set(index.tables.map((t) => `${t.source}\u0000${t.key}`));
    return index.tables.flatMap((t) =>
      t.relationships.flatMap((r) => {
        if (!r.target || tracked.has(`${t.source}\u0000${tableKey(r.target)}`)) return [];
        return [
          finding('relationship-target-untracked', 'error', `Relationship \`${r.name.name}\` points at table \`${tableKey(r.target)}\`, which source \`${t.source}\` does not track.`, r.target.loc, {
            data: { schema: r.target.schema, name: r.target.name, source: t.source },
          }),
        ];
      }),
    );
  },
};
