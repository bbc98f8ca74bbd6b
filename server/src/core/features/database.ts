import type { RootResult } from '../check';
import { boolExpColumnRefs, directColumnRefs } from '../db/columnRefs';
import type { ColumnModel, FunctionModel, RelationModel, SqlOrigin } from '../db/model';
import { boolExpTables, viewOf } from '../db/modelViews';
import { readTableRef, tableKey } from '../project/index/tableRef';
import type { At, Loc, QualifiedTable } from '../project/index/types';
import { Walk } from '../project/index/walk';
import type { FeatureInput } from './types';
import { within } from './types';

/** A name in the metadata that stands for a database object. */
export type DbRef =
  | { readonly kind: 'column'; readonly source: string; readonly table: QualifiedTable; readonly column: string; readonly loc: Loc }
  | { readonly kind: 'table'; readonly source: string; readonly table: QualifiedTable; readonly loc: Loc }
  | { readonly kind: 'function'; readonly source: string; readonly fn: QualifiedTable; readonly loc: Loc };

/** Every database reference of the tables (and tracked functions) written in `file`. */
function dbRefsIn(result: RootResult, file: string): DbRef[] {
  if (result.databases.size === 0) return [];
  const walk = new Walk(result.project);
  const tables = boolExpTables(result, walk);
  const out: DbRef[] = [];
  for (const t of result.index.tables) {
    if (t.at.file !== file && !t.permissions.some((p) => p.at.file === file) && !t.relationships.some((r) => r.at.file === file)) continue;
    out.push({ kind: 'table', source: t.source, table: t.table, loc: t.tableLoc });
    for (const rel of t.relationships) {
      if (rel.target) out.push({ kind: 'table', source: t.source, table: rel.target, loc: rel.target.loc });
      if (rel.kind === 'computed_field') pushFunction(out, walk, t.source, walk.get(walk.get(rel.at, 'definition'), 'function'));
    }
    for (const ref of [...directColumnRefs(t, walk), ...boolExpColumnRefs(t, walk, tables)]) out.push({ kind: 'column', ...ref });
  }
  for (const source of result.index.sources) {
    for (const entry of walk.items(walk.get(source.at, 'functions'))) pushFunction(out, walk, source.name.name, walk.get(entry, 'function'));
  }
  return out.filter((r) => r.loc.file === file);
}

function pushFunction(out: DbRef[], walk: Walk, source: string, at: At): void {
  const fn = at.node ? readTableRef(walk, at) : undefined;
  if (fn) out.push({ kind: 'function', source, fn, loc: walk.loc(at) });
}

/** The database reference under the cursor (the innermost). */
export function dbRefAt(input: FeatureInput): DbRef | undefined {
  const hits = dbRefsIn(input.result, input.file).filter((r) => within(r.loc.span, input.offset));
  return hits.sort((a, b) => a.loc.span.end - a.loc.span.start - (b.loc.span.end - b.loc.span.start))[0];
}

/** What a reference stands for in its source's model. */
function resolveDbRef(result: RootResult, ref: DbRef): { relation?: RelationModel; column?: ColumnModel; functions?: readonly FunctionModel[] } {
  const view = viewOf(result.databases, ref.source);
  if (!view) return {};
  if (ref.kind === 'function') return { functions: view.model.functions[tableKey(ref.fn)] ?? [] };
  const relation = view.find(ref.table);
  if (!relation) return {};
  return ref.kind === 'column'
    ? {
        relation,
        ...opt(
          relation.columns.find((c) => c.name === ref.column),
          'column',
        ),
      }
    : { relation };
}

function opt<K extends string, V>(value: V | undefined, key: K): Partial<Record<K, V>> {
  return value === undefined ? {} : ({ [key]: value } as Record<K, V>);
}

/** Hover text for a database reference: a column's type, nullability, default, comment and foreign key; a table's columns; a function's signature. */
export function dbHover(result: RootResult, ref: DbRef): string | undefined {
  const { relation, column, functions } = resolveDbRef(result, ref);
  if (ref.kind === 'column' && relation && column) return columnHover(relation, column);
  if (ref.kind === 'table' && relation) return relationHover(relation);
  if (ref.kind === 'function' && functions && functions.length > 0) return functions.map(functionHover).join('\n\n');
  return undefined;
}

function columnHover(relation: RelationModel, column: ColumnModel): string {
  const lines = [`**column** \`${relation.schema}.${relation.name}.${column.name}\`: \`${column.type}\`${column.nullable ? '' : ' not null'}`];
  if (relation.primaryKey.includes(column.name))
    lines.push('- primary key' + (relation.primaryKey.length > 1 ? ` (with ${relation.primaryKey.filter((c) => c !== column.name).join(', ')})` : ''));
  if (column.default !== undefined) lines.push(`- default \`${column.default}\``);
  if (column.generated) lines.push('- generated');
  for (const fk of relation.foreignKeys.filter((k) => k.columns.includes(column.name))) {
    lines.push(`- foreign key \`${fk.name}\` → \`${fk.refSchema}.${fk.refTable}\` (${fk.refColumns.join(', ')})`);
  }
  if (column.comment) lines.push('', column.comment);
  return lines.join('\n');
}

const KINDS: Record<RelationModel['kind'], string> = {
  table: 'table',
  view: 'view',
  materialized_view: 'materialized view',
  foreign_table: 'foreign table',
  partitioned_table: 'partitioned table',
};

function relationHover(relation: RelationModel): string {
  const cols = relation.columns.map(
    (c) => `- \`${c.name}\` \`${c.type}\`${c.nullable ? '' : ' not null'}${relation.primaryKey.includes(c.name) ? ' (primary key)' : ''}`,
  );
  return [`**${KINDS[relation.kind]}** \`${relation.schema}.${relation.name}\``, ...(relation.comment ? ['', relation.comment] : []), '', ...cols].join('\n');
}

function functionHover(fn: FunctionModel): string {
  const args = fn.args
    .map((a) => `${a.mode === 'in' ? '' : `${a.mode.toUpperCase()} `}${a.name ? `${a.name} ` : ''}${a.type}${a.hasDefault ? ' = …' : ''}`)
    .join(', ');
  return `**function** \`${fn.schema}.${fn.name}(${args})\` returns \`${fn.returnsSet ? 'SETOF ' : ''}${fn.returnType}\`, ${fn.volatility.toUpperCase()}`;
}

/** Where the migrations create what the reference names (a column: its definition, else its table's statement). */
export function dbDefinition(result: RootResult, ref: DbRef): Loc[] {
  const { relation, column, functions } = resolveDbRef(result, ref);
  const origins: (SqlOrigin | undefined)[] =
    ref.kind === 'function' ? (functions ?? []).map((f) => f.origin) : [ref.kind === 'column' ? (column?.origin ?? relation?.origin) : relation?.origin];
  return origins.flatMap((o) => (o ? [{ file: o.file, span: { start: o.start, end: o.end } }] : []));
}
