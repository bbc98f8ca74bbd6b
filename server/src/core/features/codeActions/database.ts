import type { RootResult } from '../../check';
import type { ModelView } from '../../db/lookup';
import type { ForeignKeyModel, RelationModel } from '../../db/model';
import { viewOf } from '../../db/modelViews';
import { createRelationship } from '../../edits/createRelationship';
import type { ArrRelUsing, ObjRelUsing } from '../../edits/operations';
import { trackTablesChange, untrackedTables } from '../../edits/trackTables';
import { foreignKeyUsing, sameSet } from '../../project/index/foreignKeyUsing';
import { tableKey } from '../../project/index/tableRef';
import type { TableFact } from '../../project/index/types';
import { Walk } from '../../project/index/walk';
import type { QuickFix } from './types';

/** At most this many "Track" actions in one tables.yaml (the rest stay reachable by typing the file). */
const MAX_TRACK = 25;

/**
 * Actions the database model suggests, not tied to a finding: in a source's tables.yaml, track a
 * table or view the database has and the metadata does not; in a table file, add the object and
 * array relationships its foreign keys imply and the metadata lacks.
 */
export function databaseActions(result: RootResult, file: string): QuickFix[] {
  if (result.databases.size === 0) return [];
  const projectFile = result.project.files.get(file);
  if (projectFile?.kind === 'tables') return trackTables(result, file);
  const table = result.index.tables.find((t) => t.at.file === file);
  return table ? suggestedRelationships(result, table) : [];
}

/** In a source's tables.yaml: one action per untracked table or view (the change Track Tables… makes for one). */
function trackTables(result: RootResult, file: string): QuickFix[] {
  const list = result.project.files.get(file);
  const untracked = untrackedTables(result).find((s) => s.list === file);
  if (!list || !untracked) return [];
  return untracked.tables.slice(0, MAX_TRACK).flatMap((r) => {
    const edit = trackTablesChange(result, list, [r]);
    if ('error' in edit) return [];
    return [
      { title: `Track ${r.kind.replace('_', ' ')} \`${tableKey(r)}\` (from the database)`, change: { edits: edit.change.edits, files: edit.change.files } },
    ];
  });
}

function suggestedRelationships(result: RootResult, table: TableFact): QuickFix[] {
  const view = viewOf(result.databases, table.source);
  const relation = view?.find(table.table);
  if (!view || !relation || !view.canJudge(table.table.schema, table.table.name)) return [];
  const walk = new Walk(result.project);
  const taken = new Set([...table.relationships.map((r) => r.name.name), ...relation.columns.map((c) => c.name)]);
  const fixes: QuickFix[] = [];
  for (const fk of relation.foreignKeys) {
    const covered = table.relationships.some((r) => {
      const using = r.kind === 'object' ? foreignKeyUsing(walk, r) : undefined;
      return using?.kind === 'local' && sameSet(using.columns, fk.columns);
    });
    if (!covered)
      fixes.push(
        ...relationshipFix(
          result,
          table,
          'object',
          freeName(singular(fk.refTable), fk.columns, taken),
          { foreign_key_constraint_on: fk.columns.length === 1 ? fk.columns[0]! : [...fk.columns] },
          `${fk.columns.join(', ')} → ${fk.refSchema}.${fk.refTable}`,
        ),
      );
  }
  for (const [other, fk] of referencing(view, table)) {
    if (!result.index.tableKeys.has(`${table.source}\u0000${tableKey(other)}`) || hasArray(walk, table, other, fk)) continue;
    const using = { foreign_key_constraint_on: { table: { name: other.name, schema: other.schema }, columns: [...fk.columns] } };
    fixes.push(
      ...relationshipFix(
        result,
        table,
        'array',
        freeName(plural(other.name), fk.columns, taken),
        using,
        `${other.schema}.${other.name} (${fk.columns.join(', ')})`,
      ),
    );
  }
  return fixes;
}

function relationshipFix(
  result: RootResult,
  table: TableFact,
  kind: 'object' | 'array',
  name: string,
  using: ObjRelUsing | ArrRelUsing,
  what: string,
): QuickFix[] {
  const edit = createRelationship(kind)(result, { source: table.source, table: { schema: table.table.schema, name: table.table.name }, name, using });
  if ('error' in edit) return [];
  return [{ title: `Add ${kind} relationship \`${name}\` (${what})`, change: { edits: edit.change.edits, files: [] } }];
}

/** Foreign keys of other relations that point at `table`. */
function referencing(view: ModelView, table: TableFact): [RelationModel, ForeignKeyModel][] {
  return Object.values(view.model.relations).flatMap((r) =>
    r.foreignKeys.filter((k) => k.refSchema === table.table.schema && k.refTable === table.table.name).map((k): [RelationModel, ForeignKeyModel] => [r, k]),
  );
}

/** An array relationship of `table` over that foreign key already. */
function hasArray(walk: Walk, table: TableFact, other: RelationModel, fk: ForeignKeyModel): boolean {
  return table.relationships.some((r) => {
    if (r.kind !== 'array' || !r.target || r.target.name !== other.name || r.target.schema !== other.schema) return false;
    const using = foreignKeyUsing(walk, r);
    return using?.kind !== 'remote' || using.columns.length === 0 || sameSet(using.columns, fk.columns);
  });
}

/** The console's name when it is free, else with `_by_<columns>`, then a number. */
function freeName(base: string, columns: readonly string[], taken: Set<string>): string {
  for (const name of [base, `${base}_by_${columns.join('_')}`]) {
    if (!taken.has(name)) return take(taken, name);
  }
  let n = 2;
  while (taken.has(`${base}_${n}`)) n++;
  return take(taken, `${base}_${n}`);
}

function take(taken: Set<string>, name: string): string {
  taken.add(name);
  return name;
}

/** English plural and singular for the usual endings (`author` ↔ `authors`, `category` ↔ `categories`, `box` ↔ `boxes`). */
export function plural(word: string): string {
  if (/[^aeiou]y$/.test(word)) return `${word.slice(0, -1)}ies`;
  if (/(s|x|z|ch|sh)$/.test(word)) return word.endsWith('ss') || !word.endsWith('s') ? `${word}es` : word;
  return `${word}s`;
}

export function singular(word: string): string {
  if (/[^aeiou]ies$/.test(word)) return `${word.slice(0, -3)}y`;
  if (/(x|z|ch|sh|ss)es$/.test(word)) return word.slice(0, -2);
  if (/[^su]s$/.test(word) && !/is$/.test(word)) return word.slice(0, -1);
  return word;
}
