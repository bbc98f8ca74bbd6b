import type { RootResult } from '../check';
import type { RelationKind, RelationModel } from '../db/model';
import { viewOf } from '../db/modelViews';
import { insertIncludes } from '../features/codeActions/tableFileUnreferenced';
import { yamlScalar } from '../features/text';
import type { ProjectFile } from '../project/project';
import { tableKey } from '../project/index/tableRef';
import { metadataFileName } from '../project/tableFileName';
import { basename, dirname, join } from '../util/paths';
import { change, failure } from './types';
import type { EditResult } from './types';

/** The relation kinds the engine tracks as tables. */
const TRACKABLE = new Set<RelationKind>(['table', 'view', 'materialized_view', 'foreign_table', 'partitioned_table']);

export interface UntrackedTable {
  readonly schema: string;
  readonly name: string;
  readonly kind: RelationKind;
}

export interface UntrackedSource {
  readonly source: string;
  /** The source's tables.yaml (absolute). */
  readonly list: string;
  /** Sorted by `schema.name`. */
  readonly tables: readonly UntrackedTable[];
}

/** `databases/<source>/tables/tables.yaml`: the source is the folder's name, as the engine CLI writes it. */
export function sourceOfList(file: string): string {
  return basename(dirname(dirname(file)));
}

/**
 * Per source with a database model and a tables.yaml, the tables and views the database has that
 * the metadata does not track (only those the model can judge: not in a schema made outside the
 * migrations, not named by a failed statement).
 */
export function untrackedTables(result: RootResult): UntrackedSource[] {
  return [...result.project.files.values()]
    .filter((f) => f.kind === 'tables')
    .flatMap((list) => {
      const source = sourceOfList(list.path);
      const view = viewOf(result.databases, source);
      if (!view) return [];
      const tables = Object.values(view.model.relations)
        .filter((r) => TRACKABLE.has(r.kind) && view.canJudge(r.schema, r.name) && !result.index.tableKeys.has(`${source}\u0000${tableKey(r)}`))
        .sort((a, b) => tableKey(a).localeCompare(tableKey(b)))
        .map((r: RelationModel) => ({ schema: r.schema, name: r.name, kind: r.kind }));
      return [{ source, list: list.path, tables }];
    })
    .sort((a, b) => a.source.localeCompare(b.source));
}

/**
 * The sources that have a database model but no tables.yaml (databases.yaml includes none for
 * them), sorted: their tables have nowhere to be tracked, so untrackedTables leaves them out.
 */
export function modelSourcesWithoutList(result: RootResult): string[] {
  const listed = new Set([...result.project.files.values()].filter((f) => f.kind === 'tables').map((f) => sourceOfList(f.path)));
  return result.index.sources
    .map((s) => s.name.name)
    .filter((name) => !listed.has(name) && viewOf(result.databases, name) !== undefined)
    .sort((a, b) => a.localeCompare(b));
}

/**
 * Tracks `tables` of a source in one change: a table file per table (named as the engine CLI names
 * it: metadataFileName) and its `!include` in the source's tables.yaml, each in name order.
 */
export function trackTablesChange(result: RootResult, list: ProjectFile, tables: readonly { readonly schema: string; readonly name: string }[]): EditResult {
  if (tables.length === 0) return failure('No table to track was given.');
  const entries = [...new Map(tables.map((t) => [metadataFileName(t), t])).entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const taken = entries.find(([entry]) => result.project.files.has(join(dirname(list.path), entry)));
  if (taken) return failure(`${taken[0]} already exists next to ${basename(list.path)}; include it there instead.`);
  const edits = insertIncludes(
    list,
    entries.map(([entry]) => entry),
  );
  if (!edits) return failure(`${basename(list.path)} is not a block list of includes, so the tables cannot be added to it.`);
  const files = entries.map(([entry, t]) => ({
    kind: 'create' as const,
    file: join(dirname(list.path), entry),
    text: `table:\n  name: ${yamlScalar(t.name)}\n  schema: ${yamlScalar(t.schema)}\n`,
  }));
  return change(edits, files);
}
