import { boolExpColumnRefs } from '../db/columnRefs';
import type { BoolExpTables } from '../project/boolExp';
import type { DatabaseModels } from '../db/model';
import { boolExpTables, tableId } from '../db/modelViews';
import type { IndexTables } from '../db/modelViews';
import type { Finding } from '../diagnostics';
import type { TableFact } from '../project/index/types';
import { missingColumns } from './dbColumnMissing';
import type { Rule, RuleContext } from './rule';

/**
 * Columns that permission `filter` / `check` expressions name, on the table the expression is about
 * at that point (through relationships, `_exists` and aggregates). It reads every table's relationships, so it
 * runs over the project when any table changes; each table's findings are kept with the tables its
 * walk looked up, and reused while those lookups give the same facts: an edit re-walks only the
 * tables whose expressions can see it (the CHANGELOG has the measurements).
 */
export const dbFilterColumnMissing: Rule = {
  codes: ['db-column-missing'],
  requires: 'databases',
  reads: ['tables', 'databases'],
  check: (ctx) => {
    if (ctx.databases.size === 0) return [];
    const tables = boolExpTables(ctx, ctx.walk);
    return ctx.index.tables.flatMap((t) => (ctx.databases.has(t.source) ? oneTable(t, tables, ctx) : []));
  },
  // Fills MEMO a table at a time: the check after finds every table's findings there.
  *warm(ctx) {
    if (ctx.databases.size === 0) return;
    const tables = boolExpTables(ctx, ctx.walk);
    for (const t of ctx.index.tables) {
      if (!ctx.databases.has(t.source)) continue;
      oneTable(t, tables, ctx);
      yield;
    }
  },
};

function oneTable(t: TableFact, tables: IndexTables, ctx: RuleContext): Finding[] {
  return tableFindings(t, tables, ctx.databases, (recording) => boolExpColumnRefs(t, ctx.walk, recording));
}

/** A table the walk looked up: its key (`tableId`) and what it found. */
interface Lookup {
  readonly id: string;
  readonly found: TableFact | undefined;
}

interface Entry {
  readonly databases: DatabaseModels;
  readonly lookups: readonly Lookup[];
  readonly findings: Finding[];
}

/** By table fact (a new object when its file changed). */
const MEMO = new WeakMap<TableFact, Entry>();

function tableFindings(
  table: TableFact,
  tables: IndexTables,
  databases: DatabaseModels,
  refs: (tables: BoolExpTables) => ReturnType<typeof boolExpColumnRefs>,
): Finding[] {
  const kept = MEMO.get(table);
  // Every table's lookups are checked after every edit: by the key made when they were recorded (at 1,000 tables ~10,000 of them).
  if (kept !== undefined && kept.databases === databases && kept.lookups.every((l) => tables.byId(l.id) === l.found)) return kept.findings;
  const lookups: Lookup[] = [];
  const recording: BoolExpTables = {
    targetOf: (t, rel) => tables.targetOf(t, rel),
    find: (source, name) => {
      const id = tableId(source, name);
      const found = tables.byId(id);
      lookups.push({ id, found });
      return found;
    },
  };
  const findings = missingColumns(refs(recording), databases);
  MEMO.set(table, { databases, lookups, findings });
  return findings;
}
