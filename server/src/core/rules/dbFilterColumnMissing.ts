import { boolExpColumnRefs } from '../db/columnRefs';
import { boolExpTables } from '../db/views';
import { missingColumns } from './dbColumnMissing';
import type { Rule } from './rule';

/**
 * Columns that permission `filter` / `check` expressions name, on the table the expression is about
 * at that point (through relationships and `_exists`). It reads every table's relationships, so it
 * runs over the project when any table changes.
 */
export const dbFilterColumnMissing: Rule = {
  codes: ['db-column-missing'],
  requires: 'databases',
  reads: ['tables', 'databases'],
  check: (ctx) => {
    if (ctx.databases.size === 0) return [];
    const tables = boolExpTables(ctx, ctx.walk);
    return ctx.index.tables.flatMap((t) => (ctx.databases.has(t.source) ? missingColumns(boolExpColumnRefs(t, ctx.walk, tables), ctx.databases) : []));
  },
};
