import type { Obj } from '../args';
import { expectObject, isObj, parseFailed, typeName } from '../args';
import { sameColumns } from '../boolExp';
import { dquote, err400 } from '../qerr';
import type { ForeignKey, QualifiedTable, ServerState, SourceEntry } from '../state';
import { catalogTable, displayTable, parseTableName, requireTrackedTable, sameTable } from '../tables';

/** Parsing and validation of a relationship's `using`, with the engine's messages. */

export type Using =
  | { form: 'columns'; columns: string[] }
  | { form: 'remote'; table: QualifiedTable; columns: string[] }
  | { form: 'manual'; table: QualifiedTable; mapping: Record<string, string> };

const BOTH = 'one of foreign_key_constraint_on/manual_configuration should be present';

export function parseUsing(value: unknown, kind: 'object' | 'array', path: string): Using {
  const using = expectObject(value, path);
  const fk = using.foreign_key_constraint_on;
  const manual = using.manual_configuration;
  if (fk === undefined && manual === undefined) throw parseFailed(`atleast ${BOTH}`, path);
  if (fk !== undefined && manual !== undefined) throw parseFailed(`only ${BOTH}`, path);
  if (manual !== undefined) return parseManual(manual, `${path}.manual_configuration`);
  return parseFk(fk, kind, `${path}.foreign_key_constraint_on`);
}

function parseManual(value: unknown, path: string): Using {
  const m = expectObject(value, path);
  if (m.remote_table === undefined) throw parseFailed('key "remote_table" not found', path);
  const mapping = expectObject(m.column_mapping ?? missing('column_mapping', path), `${path}.column_mapping`);
  for (const [k, v] of Object.entries(mapping)) {
    if (typeof v !== 'string') throw parseFailed(`expected String, but encountered ${typeName(v)}`, `${path}.column_mapping.${k}`);
  }
  return { form: 'manual', table: parseTableName(m.remote_table, `${path}.remote_table`), mapping: mapping as Record<string, string> };
}

function missing(key: string, path: string): never {
  throw parseFailed(`key "${key}" not found`, path);
}

function parseFk(fk: unknown, kind: 'object' | 'array', path: string): Using {
  if (kind === 'object' && typeof fk === 'string') return { form: 'columns', columns: [fk] };
  if (kind === 'object' && Array.isArray(fk) && fk.every((c) => typeof c === 'string')) return { form: 'columns', columns: fk };
  if (!isObj(fk)) throw parseFailed(`expected Object, but encountered ${typeName(fk)}`, path);
  return parseRemoteFk(fk, path);
}

function parseRemoteFk(fk: Obj, path: string): Using {
  if (fk.table === undefined) throw parseFailed('key "table" not found', path);
  const table = parseTableName(fk.table, `${path}.table`);
  const { column, columns } = fk;
  if (column !== undefined && columns !== undefined) throw parseFailed('only one of column/columns should be present', path);
  if (typeof column === 'string') return { form: 'remote', table, columns: [column] };
  if (Array.isArray(columns) && columns.length > 0 && columns.every((c) => typeof c === 'string')) {
    return { form: 'remote', table, columns: columns };
  }
  throw parseFailed('atleast one of column/columns should be present', path);
}

/** Checks the foreign key (or the manual mapping) against the catalog, like the engine's schema build. */
export function validateUsing(state: ServerState, source: SourceEntry, table: QualifiedTable, using: Using): void {
  if (using.form === 'columns') {
    const key = requireForeignKey(state, source, table, using.columns, undefined);
    requireTrackedTable(source, key.ref_table);
    return;
  }
  requireTrackedTable(source, using.table);
  if (using.form === 'remote') {
    requireForeignKey(state, source, using.table, using.columns, table);
    return;
  }
  for (const [local, remote] of Object.entries(using.mapping)) {
    requireColumn(state, source, table, local);
    requireColumn(state, source, using.table, remote);
  }
}

function requireForeignKey(
  state: ServerState,
  source: SourceEntry,
  onTable: QualifiedTable,
  columns: string[],
  pointingAt: QualifiedTable | undefined,
): ForeignKey {
  const info = catalogTable(state, source.name, onTable);
  if (info === undefined) throw err400('not-found', `table ${dquote(displayTable(onTable))} does not exist in source: ${source.name}`);
  const keys = (info.foreign_keys ?? []).filter((k) => sameColumns(k.columns, columns) && (pointingAt === undefined || sameTable(k.ref_table, pointingAt)));
  if (keys.length === 0) throw err400('constraint-error', 'no foreign constraint exists on the given column(s)');
  if (keys.length > 1) throw err400('constraint-error', 'more than one foreign key constraint exists on the given column(s)');
  return keys[0]!;
}

function requireColumn(state: ServerState, source: SourceEntry, table: QualifiedTable, column: string): void {
  const info = catalogTable(state, source.name, table);
  if (info === undefined || !info.columns.includes(column)) {
    throw err400('not-exists', `column ${dquote(column)} does not exist in table ${dquote(displayTable(table))}`);
  }
}
