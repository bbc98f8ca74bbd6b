import { directColumnRefs } from '../db/columnRefs';
import type { ColumnRef } from '../db/columnRefs';
import type { DatabaseModels } from '../db/model';
import { modelPlace, viewOf } from '../db/modelViews';
import type { Finding } from '../diagnostics';
import { tableKey } from '../project/index/tableRef';
import { didYouMean } from '../util/closest';
import { finding, tableRule } from './rule';

/** A column the table's entry names (permissions, presets, column config, triggers, relationships) that its table does not have. */
export const dbColumnMissing = tableRule({
  codes: ['db-column-missing'],
  requires: 'databases',
  reads: ['databases'],
  checkTable: (t, { databases, walk }) => missingColumns(directColumnRefs(t, walk), databases),
});

/** `db-column-missing` for each reference to a column its table lacks (tables the model has; references it can judge). */
export function missingColumns(refs: readonly ColumnRef[], databases: DatabaseModels): Finding[] {
  return refs.flatMap((ref) => {
    const view = viewOf(databases, ref.source);
    const relation = view?.find(ref.table);
    const judged = view && relation && view.column(relation, ref.column);
    if (!view || judged?.kind !== 'missing') return [];
    const table = tableKey(ref.table);
    const message = `\`${table}\` has no column \`${ref.column}\` in ${modelPlace(view.model)} (named by ${ref.via}).${didYouMean(judged.suggestion)}`;
    return [
      finding('db-column-missing', 'error', message, ref.loc, {
        data: { source: ref.source, table, column: ref.column, ...(judged.suggestion ? { suggestion: judged.suggestion } : {}) },
      }),
    ];
  });
}
