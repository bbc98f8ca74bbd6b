import type { RelationModel } from '../db/model';
import { modelPlace, viewOf } from '../db/modelViews';
import { finding, tableRule } from './rule';

/**
 * `is_enum: true` on a table the engine cannot use as an enum: it needs a single-column primary key
 * of type text and at most one other column, of type text (Hasura/Backends/Postgres/DDL/Table.hs,
 * fetchAndValidateEnumValues). Whether it has rows, with valid GraphQL names, the model cannot tell.
 */
export const dbEnumTable = tableRule({
  codes: ['db-enum-table-invalid'],
  requires: 'databases',
  reads: ['databases'],
  checkTable: (t, { databases, walk }) => {
    const isEnum = walk.get(t.at, 'is_enum');
    const view = viewOf(databases, t.source);
    const relation = view?.find(t.table);
    if (!view || !relation || walk.text(isEnum) !== 'true' || !view.canJudge(t.table.schema, t.table.name)) return [];
    const problems = enumProblems(relation);
    if (problems.length === 0) return [];
    const message = `\`${t.key}\` cannot be an enum table in ${modelPlace(view.model)}: ${problems.join('; ')}. The engine marks it inconsistent.`;
    return [finding('db-enum-table-invalid', 'error', message, walk.loc(isEnum), { data: { table: t.key } })];
  },
});

export function enumProblems(relation: RelationModel): string[] {
  const out: string[] = [];
  const pk = relation.primaryKey;
  if (pk.length === 0) out.push('it has no primary key');
  else if (pk.length > 1) out.push(`its primary key spans several columns (${pk.join(', ')})`);
  else {
    const type = relation.columns.find((c) => c.name === pk[0])?.type;
    if (type !== 'text') out.push(`its primary key \`${pk[0]}\` has type ${type ?? 'unknown'}, not text`);
  }
  if (pk.length !== 1) return out;
  const others = relation.columns.filter((c) => c.name !== pk[0]);
  if (others.length > 1)
    out.push(`it has ${others.length} columns besides the primary key (${others.map((c) => c.name).join(', ')}); one comment column at most`);
  else if (others.length === 1 && others[0]!.type !== 'text') out.push(`its comment column \`${others[0]!.name}\` has type ${others[0]!.type}, not text`);
  return out;
}
