import { tableKey } from '../project/index/tableRef';
import { finding, tableRule } from './rule';

/** A relationship pointing at a table that its source does not track. */
export const relationshipTargetUntracked = tableRule({
  codes: ['relationship-target-untracked'],
  reads: ['tableKeys'],
  checkTable: (t, { index }) =>
    t.relationships.flatMap((r) => {
      if (!r.target || index.tableKeys.has(`${t.source}\u0000${tableKey(r.target)}`)) return [];
      return [
        finding(
          'relationship-target-untracked',
          'error',
          `Relationship \`${r.name.name}\` points at table \`${tableKey(r.target)}\`, which source \`${t.source}\` does not track.`,
          r.target.loc,
          {
            data: { schema: r.target.schema, name: r.target.name, source: t.source },
          },
        ),
      ];
    }),
});
