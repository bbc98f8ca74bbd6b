import { modelPlace, viewOf } from '../db/modelViews';
import { finding, tableRule } from './rule';

/**
 * A relationship, computed field or remote relationship named like a column of its table in the
 * database. Columns the metadata itself names are `relationship-name-conflicts-column` already
 * (relationshipColumn.ts); this adds the ones only the database knows.
 */
export const dbRelationshipColumn = tableRule({
  codes: ['relationship-name-conflicts-column'],
  requires: 'databases',
  reads: ['databases'],
  checkTable: (t, { databases }) => {
    const view = viewOf(databases, t.source);
    const relation = view?.find(t.table);
    if (!view || !relation || !view.canJudge(t.table.schema, t.table.name)) return [];
    return t.relationships.flatMap((r) => {
      if (t.columns.has(r.name.name) || view.isUncertain(r.name.name) || !relation.columns.some((c) => c.name === r.name.name)) return [];
      const message = `\`${r.name.name}\` is also a column of \`${t.key}\` in ${modelPlace(view.model)}; a relationship may not share a column's name (the engine reports "field definition conflicts with postgres column").`;
      return [finding('relationship-name-conflicts-column', 'error', message, r.name.loc, { data: { name: r.name.name } })];
    });
  },
});
