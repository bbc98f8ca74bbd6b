import { foreignKeyUsing, sameSet } from '../project/index/foreignKeyUsing';
import { tableKey } from '../project/index/tableRef';
import type { ProjectIndex, QualifiedTable, RelationshipFact, TableFact } from '../project/index/types';
import type { Walk } from '../project/index/walk';
import type { BoolExpTables } from '../project/boolExp';
import { ModelView } from './lookup';
import type { DatabaseModel, DatabaseModels } from './model';

// The ModelView of each source's database model (lookup.ts), made once per model, and the index's
// tables as boolean-expression walks look them up. (Not about SQL views.)

/**
 * Module-level memo, keyed weakly by the immutable model and index objects a check hands the rules:
 * the sets a ModelView builds are made once per model, not once per rule or per table.
 */
const VIEWS = new WeakMap<DatabaseModel, ModelView>();
const TABLES = new WeakMap<readonly TableFact[], Map<string, TableFact>>();

export function viewOf(databases: DatabaseModels, source: string): ModelView | undefined {
  const model = databases.get(source);
  if (!model) return undefined;
  let view = VIEWS.get(model);
  if (!view) VIEWS.set(model, (view = new ModelView(model)));
  return view;
}

/** Where a model came from, for messages: `the database the migrations build`. */
export function modelPlace(model: DatabaseModel): string {
  return model.origin.kind === 'migrations' ? 'the database the migrations build' : 'the live database';
}

/** {@link BoolExpTables} over a project's index, with a lookup by a key made once (`tableId`): a memo re-checks its lookups by key without making each key again. */
export interface IndexTables extends BoolExpTables {
  /** The table of `tableId(source, table)`: the same as `find(source, table)`. */
  byId(id: string): TableFact | undefined;
}

/** The key of a source's table for {@link IndexTables.byId}. */
export function tableId(source: string, table: QualifiedTable): string {
  return id(source, tableKey(table));
}

/** Tables of the index by source and name, and relationship targets (the metadata's, else the model's foreign key). */
export function boolExpTables(ctx: { readonly index: ProjectIndex; readonly databases: DatabaseModels }, walk: Walk): IndexTables {
  let byKey = TABLES.get(ctx.index.tables);
  if (!byKey) {
    byKey = new Map();
    for (const t of ctx.index.tables) if (!byKey.has(id(t.source, t.key))) byKey.set(id(t.source, t.key), t);
    TABLES.set(ctx.index.tables, byKey);
  }
  const tables = byKey;
  return {
    find: (source, table) => tables.get(tableId(source, table)),
    byId: (key) => tables.get(key),
    targetOf: (table, rel) => rel.target ?? foreignKeyTarget(ctx.databases, table, rel, walk),
  };
}

/** An object relationship on local columns leads where the model's foreign key on those columns points. */
function foreignKeyTarget(databases: DatabaseModels, table: TableFact, rel: RelationshipFact, walk: Walk): QualifiedTable | undefined {
  const using = rel.kind === 'object' ? foreignKeyUsing(walk, rel) : undefined;
  if (using?.kind !== 'local') return undefined;
  const fk = viewOf(databases, table.source)
    ?.find(table.table)
    ?.foreignKeys.find((k) => sameSet(k.columns, using.columns));
  return fk ? { schema: fk.refSchema, name: fk.refTable } : undefined;
}

function id(source: string, key: string): string {
  return `${source}\u0000${key}`;
}
