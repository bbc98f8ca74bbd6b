import type { Obj } from './args';
import { isObj } from './args';
import type { QualifiedTable, RelEntry, ServerState, SourceEntry } from './state';
import { catalogTable, findRelationship, findTableEntry, parseTableName, sameTable } from './tables';

/**
 * Boolean expressions of permissions, walked with their table type: a key that is a relationship
 * of the current table moves into the relationship's remote table; `_and`/`_or`/`_not` stay;
 * `_exists` moves into `_table`. Other keys are columns (comparison operators are not walked).
 */

export interface WalkContext {
  state: ServerState;
  source: SourceEntry;
}

/** Called for each relationship key met; returns the key to write (to rename it). */
export type RelVisitor = (table: QualifiedTable, relationship: string) => string;

export function mapBoolExp(ctx: WalkContext, table: QualifiedTable, exp: unknown, visit: RelVisitor): unknown {
  if (!isObj(exp)) return exp;
  const out: Obj = {};
  for (const [key, value] of Object.entries(exp)) {
    if (key === '_and' || key === '_or') out[key] = Array.isArray(value) ? value.map((v) => mapBoolExp(ctx, table, v, visit)) : value;
    else if (key === '_not') out[key] = mapBoolExp(ctx, table, value, visit);
    else if (key === '_exists') out[key] = mapExists(ctx, value, visit);
    else mapField(ctx, table, key, value, visit, out);
  }
  return out;
}

function mapExists(ctx: WalkContext, value: unknown, visit: RelVisitor): unknown {
  if (!isObj(value) || value._table === undefined) return value;
  const table = parseTableName(value._table, '$');
  return { ...value, _where: mapBoolExp(ctx, table, value._where, visit) };
}

function mapField(ctx: WalkContext, table: QualifiedTable, key: string, value: unknown, visit: RelVisitor, out: Obj): void {
  const entry = findTableEntry(ctx.source, table);
  const rel = entry === undefined ? undefined : findRelationship(entry, key);
  if (rel === undefined) {
    out[key] = value;
    return;
  }
  const target = relationshipTarget(ctx, table, rel.rel);
  out[visit(table, key)] = target === undefined ? value : mapBoolExp(ctx, target, value, visit);
}

/** The table a relationship points at: manual remote table, fk's remote table, or the fk's referenced table. */
export function relationshipTarget(ctx: WalkContext, table: QualifiedTable, rel: RelEntry): QualifiedTable | undefined {
  const manual = rel.using.manual_configuration;
  if (isObj(manual)) return parseTableName(manual.remote_table, '$');
  const fk = rel.using.foreign_key_constraint_on;
  if (isObj(fk)) return parseTableName(fk.table, '$');
  const columns = typeof fk === 'string' ? [fk] : Array.isArray(fk) ? (fk as string[]) : undefined;
  if (columns === undefined) return undefined;
  const keys = catalogTable(ctx.state, ctx.source.name, table)?.foreign_keys ?? [];
  return keys.find((k) => sameColumns(k.columns, columns))?.ref_table;
}

export function sameColumns(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((c) => b.includes(c));
}

export function sameRel(a: { table: QualifiedTable; relationship: string }, table: QualifiedTable, relationship: string): boolean {
  return a.relationship === relationship && sameTable(a.table, table);
}
