import { readTableRef } from '../project/index/tableRef';
import { walkPermissionBoolExp } from '../project/boolExp';
import type { BoolExpTables } from '../project/boolExp';
import type { At, Loc, QualifiedTable, TableFact } from '../project/index/types';
import type { Walk } from '../project/index/walk';

/** A place where the metadata names a column of a table. */
export interface ColumnRef {
  readonly source: string;
  /** The table the column must belong to. */
  readonly table: QualifiedTable;
  readonly column: string;
  readonly loc: Loc;
  /** What names it, for messages: `the select permission of role user`. */
  readonly via: string;
}

/**
 * Every column a table's own entry names, directly: permission `columns` and `set`, `column_config`
 * and `custom_column_names`, event trigger columns, relationship columns (`foreign_key_constraint_on`,
 * `column_mapping` on both sides) and remote relationships' fields. Boolean expressions are
 * `boolExpColumnRefs` (they follow relationships into other tables).
 */
export function directColumnRefs(table: TableFact, walk: Walk): ColumnRef[] {
  const out: ColumnRef[] = [];
  const own = (name: string, loc: Loc, via: string): void => {
    if (name !== '*') out.push({ source: table.source, table: table.table, column: name, loc, via });
  };
  for (const perm of table.permissions) {
    const via = `the ${perm.kind} permission of role \`${perm.role.name}\``;
    const permission = walk.get(perm.at, 'permission');
    for (const col of walk.strings(walk.get(permission, 'columns'))) own(col.name, col.loc, via);
    for (const entry of walk.entries(walk.get(permission, 'set'))) own(entry.key, entry.keyLoc, `the preset of ${via}`);
  }
  const config = walk.get(table.at, 'configuration');
  for (const key of ['column_config', 'custom_column_names']) {
    for (const entry of walk.entries(walk.get(config, key))) own(entry.key, entry.keyLoc, `\`${key}\``);
  }
  for (const trigger of walk.items(walk.get(table.at, 'event_triggers'))) {
    const definition = walk.get(trigger, 'definition');
    const via = `event trigger \`${walk.text(walk.get(trigger, 'name')) ?? ''}\``;
    for (const op of ['insert', 'update', 'delete']) {
      for (const col of walk.strings(walk.get(walk.get(definition, op), 'columns'))) own(col.name, col.loc, via);
    }
  }
  for (const rel of table.relationships) {
    const via = `relationship \`${rel.name.name}\``;
    if (rel.kind === 'object' || rel.kind === 'array') relationshipRefs(table, walk, rel.at, via, out);
    else if (rel.kind === 'remote') remoteRelationshipRefs(table, walk, rel.at, via, out);
  }
  return out;
}

function relationshipRefs(table: TableFact, walk: Walk, at: At, via: string, out: ColumnRef[]): void {
  const using = walk.get(at, 'using');
  const fk = walk.get(using, 'foreign_key_constraint_on');
  const add = (owner: QualifiedTable, name: string | undefined, loc: Loc): void => {
    if (name !== undefined) out.push({ source: table.source, table: owner, column: name, loc, via });
  };
  if (fk.node) {
    const remoteAt = walk.get(fk, 'table');
    const remote = remoteAt.node ? readTableRef(walk, remoteAt) : undefined;
    if (remote) {
      const one = walk.get(fk, 'column');
      add(remote, walk.text(one), walk.loc(one));
      for (const col of walk.strings(walk.get(fk, 'columns'))) add(remote, col.name, col.loc);
    } else {
      add(table.table, walk.text(fk), walk.loc(fk));
      for (const col of walk.strings(fk)) add(table.table, col.name, col.loc);
    }
  }
  const manual = walk.get(using, 'manual_configuration');
  const remoteAt = walk.get(manual, 'remote_table');
  const remote = remoteAt.node ? readTableRef(walk, remoteAt) : undefined;
  for (const entry of walk.entries(walk.get(manual, 'column_mapping'))) {
    add(table.table, entry.key, entry.keyLoc);
    if (remote) add(remote, walk.text(entry.value), walk.loc(entry.value));
  }
}

function remoteRelationshipRefs(table: TableFact, walk: Walk, at: At, via: string, out: ColumnRef[]): void {
  const definition = walk.get(at, 'definition');
  const own = (name: string, loc: Loc): void => void out.push({ source: table.source, table: table.table, column: name, loc, via });
  for (const col of walk.strings(walk.get(definition, 'hasura_fields'))) own(col.name, col.loc);
  for (const col of walk.strings(walk.get(walk.get(definition, 'to_remote_schema'), 'lhs_fields'))) own(col.name, col.loc);
  const toSource = walk.get(definition, 'to_source');
  const targetSource = walk.text(walk.get(toSource, 'source'));
  const targetAt = walk.get(toSource, 'table');
  const target = targetAt.node ? readTableRef(walk, targetAt) : undefined;
  for (const entry of walk.entries(walk.get(toSource, 'field_mapping'))) {
    own(entry.key, entry.keyLoc);
    const column = walk.text(entry.value);
    if (target && targetSource !== undefined && column !== undefined)
      out.push({ source: targetSource, table: target, column, loc: walk.loc(entry.value), via });
  }
}

/**
 * The columns that permission boolean expressions (`filter`, `check`) name, each on the table the
 * expression is about at that point (project/boolExp.ts: relationships followed to their tables,
 * `_exists` to its `_table`, an aggregate to its array relationship's table).
 */
export function boolExpColumnRefs(table: TableFact, walk: Walk, tables: BoolExpTables): ColumnRef[] {
  const out: ColumnRef[] = [];
  for (const perm of table.permissions) {
    const via = `the ${perm.kind} permission of role \`${perm.role.name}\``;
    walkPermissionBoolExp(table, perm, walk, tables, { column: (on, column, loc) => void out.push({ source: on.source, table: on.table, column, loc, via }) });
  }
  return out;
}
