import { walkPermissionBoolExp } from '../project/boolExp';
import type { BoolExpTables, BoolExpVisitor } from '../project/boolExp';
import { tableKey } from '../project/index/tableRef';
import type { OccurrenceSink } from './occurrence';
import type { TableLookup } from './tables';

/**
 * Computed fields a select permission lists, and the relationships and tables permission boolean
 * expressions name (project/boolExp.ts): `{articles: {author: {...}}}` on author, `author` is
 * article's relationship; `articles` in `articles_aggregate`; the `_table` of an `_exists`.
 */
export function collectBoolExpOccurrences(tables: TableLookup, sink: OccurrenceSink): void {
  const lookup: BoolExpTables = { targetOf: (table, rel) => tables.targetOf(table, rel)?.table, find: (source, table) => tables.find(source, table) };
  const visitor: BoolExpVisitor = {
    relationship: (table, rel, keyLoc) =>
      sink.add({ kind: 'relationship', source: table.source, table: table.key, name: rel.name.name }, keyLoc, false, rel.name.name),
    aggregate: (table, rel, keyLoc, key) =>
      sink.addPrefix({ kind: 'relationship', source: table.source, table: table.key, name: rel.name.name }, keyLoc, key, rel.name.name.length),
    existsTable: (table, ref, loc) => sink.add({ kind: 'table', source: table.source, table: tableKey(ref) }, loc, false),
  };
  for (const table of tables.result.index.tables) {
    for (const perm of table.permissions) {
      walkPermissionBoolExp(table, perm, tables.walk, lookup, visitor);
      const permission = tables.walk.get(perm.at, 'permission');
      for (const field of tables.walk.strings(tables.walk.get(permission, 'computed_fields'))) {
        if (table.relationships.some((r) => r.kind === 'computed_field' && r.name.name === field.name))
          sink.add({ kind: 'relationship', source: table.source, table: table.key, name: field.name }, field.loc, false, field.name);
      }
    }
  }
}
