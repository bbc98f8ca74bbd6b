import type { ModelView } from '../db/lookup';
import type { ForeignKeyModel, RelationModel } from '../db/model';
import { modelPlace, viewOf } from '../db/modelViews';
import type { Finding } from '../diagnostics';
import { foreignKeyUsing, sameSet } from '../project/index/foreignKeyUsing';
import { tableKey } from '../project/index/tableRef';
import type { Loc, QualifiedTable, RelationshipFact, TableFact } from '../project/index/types';
import type { Walk } from '../project/index/walk';
import { finding, tableRule } from './rule';

/** What `foreign_key_constraint_on` asks for: a foreign key on `owner`'s `columns` (pointing at `target` when given). */
interface Wanted {
  readonly owner: QualifiedTable;
  readonly columns: readonly string[];
  /** The table the key must point at (the relationship's own table, in the `{table, columns}` form). */
  readonly target?: QualifiedTable;
  readonly loc: Loc;
}

/**
 * `foreign_key_constraint_on` with no foreign key on those columns (or more than one), as the engine
 * looks it up when it builds the relationship.
 */
export const dbForeignKey = tableRule({
  codes: ['db-foreign-key-missing', 'db-foreign-key-ambiguous'],
  requires: 'databases',
  reads: ['databases'],
  checkTable: (t, { databases, walk }) => {
    const view = viewOf(databases, t.source);
    if (!view) return [];
    return t.relationships.flatMap((rel) => {
      const wanted = wantedKey(t, rel, walk);
      return wanted ? check(view, rel, wanted) : [];
    });
  },
});

function wantedKey(t: TableFact, rel: RelationshipFact, walk: Walk): Wanted | undefined {
  const using = foreignKeyUsing(walk, rel);
  if (!using || using.columns.length === 0) return undefined;
  const { columns, loc } = using;
  return using.kind === 'remote' ? { owner: using.table, columns, target: t.table, loc } : { owner: t.table, columns, loc };
}

function check(view: ModelView, rel: RelationshipFact, wanted: Wanted): Finding[] {
  const owner = view.find(wanted.owner);
  // A missing table or column is reported by its own rule; what a failed statement names, or a
  // schema made outside the migrations (nhost's `auth`), not at all.
  if (!owner || !judged(view, wanted) || !wanted.columns.every((c) => owner.columns.some((col) => col.name === c))) return [];
  const keys = matching(owner, wanted);
  const cols = wanted.columns.join(', ');
  const name = tableKey(wanted.owner);
  if (keys.length === 1) return [];
  if (keys.length > 1) {
    const message = `More than one foreign key of \`${name}\` is on (${cols}) (${keys.map((k) => k.name).join(', ')}); the engine refuses relationship \`${rel.name.name}\` ("more than one foreign key constraint exists on the given column(s)"). Use \`manual_configuration\`.`;
    return [finding('db-foreign-key-ambiguous', 'error', message, wanted.loc, { data: { relationship: rel.name.name } })];
  }
  const towards = wanted.target ? ` referencing \`${tableKey(wanted.target)}\`` : '';
  const message = `No foreign key of \`${name}\` is on (${cols})${towards} in ${modelPlace(view.model)}; the engine marks relationship \`${rel.name.name}\` inconsistent ("no foreign constraint exists on the given column(s)"). Add the constraint in a migration, or use \`manual_configuration\`.`;
  return [finding('db-foreign-key-missing', 'error', message, wanted.loc, { data: { relationship: rel.name.name, table: name, columns: wanted.columns } })];
}

function matching(owner: RelationModel, wanted: Wanted): ForeignKeyModel[] {
  return owner.foreignKeys.filter(
    (k) => sameSet(k.columns, wanted.columns) && (!wanted.target || (k.refSchema === wanted.target.schema && k.refTable === wanted.target.name)),
  );
}

function judged(view: ModelView, wanted: Wanted): boolean {
  const tables = wanted.target ? [wanted.owner, wanted.target] : [wanted.owner];
  return tables.every((t) => view.canJudge(t.schema, t.name)) && !wanted.columns.some((c) => view.isUncertain(c));
}
