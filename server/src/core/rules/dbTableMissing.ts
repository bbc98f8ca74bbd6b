import { viewOf, modelPlace } from '../db/modelViews';
import { didYouMean } from '../util/closest';
import { finding, tableRule } from './rule';

/** A tracked table or view that the source's database does not have. */
export const dbTableMissing = tableRule({
  codes: ['db-table-missing'],
  requires: 'databases',
  reads: ['databases'],
  checkTable: (t, { databases }) => {
    const view = viewOf(databases, t.source);
    const judged = view?.relation(t.table);
    if (!view || judged?.kind !== 'missing') return [];
    const message = `\`${t.key}\` is tracked, but ${modelPlace(view.model)} has no such table or view; the engine marks it inconsistent.${didYouMean(judged.suggestion)}`;
    return [
      finding('db-table-missing', 'error', message, t.tableLoc, {
        data: { source: t.source, table: t.key, ...(judged.suggestion ? { suggestion: judged.suggestion } : {}) },
      }),
    ];
  },
});
