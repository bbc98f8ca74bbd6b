import type { ModelView } from '../db/lookup';
import type { RelationModel } from '../db/model';
import { viewOf } from '../db/modelViews';
import type { TableFact } from '../project/index/types';
import type { CompletionEntry, CompletionSite } from './completion';
import { pathEndsWith } from './locate';
import type { PathSegment } from './locate';
import { yamlScalar } from './text';

const PERMISSION = [/_permissions$/, '#', 'permission'] as const;
const BOOL_EXP = /^(filter|check|_and|_or|_not|\d+)$/;

/**
 * Names from the database where a table file expects one: columns (permission columns, presets and
 * filters, column config, event-trigger columns, foreign-key columns, the local side of a mapping),
 * the table's own name, and functions (computed fields). Needs the source's model.
 */
export function databaseCompletions(site: CompletionSite): CompletionEntry[] {
  const { result, file } = site.input;
  const table = result.index.tables.find((t) => t.at.file === file);
  const source = table?.source ?? result.index.sources[0]?.name.name;
  const view = source === undefined ? undefined : viewOf(result.databases, source);
  if (!view) return [];
  const { ctx, path } = site;
  const relation = table && view.find(table.table);
  // A fresh `- ` is a key of a new item, or the item itself: of the list one level up.
  const asItem = ctx.newItem && wantsColumn(path.slice(0, -1), 'item', undefined);
  if (relation && (asItem || wantsColumn(path, ctx.position, ctx.key))) return columns(site, relation);
  if (ctx.position === 'value' && ctx.key === 'name' && pathEndsWith(path, ['table']) && path.length === 1)
    return tables(site, view, ctx.siblings.get('schema') ?? 'public');
  if (ctx.position === 'value' && ctx.key === 'function') return functions(site, view, table);
  return [];
}

function wantsColumn(path: readonly PathSegment[], position: 'key' | 'value' | 'item', key: string | undefined): boolean {
  if (position === 'item') {
    return (
      pathEndsWith(path, [...PERMISSION, 'columns']) ||
      pathEndsWith(path, ['definition', /^(insert|update|delete)$/, 'columns']) ||
      pathEndsWith(path, ['object_relationships', '#', 'using', 'foreign_key_constraint_on'])
    );
  }
  if (position === 'key') {
    return (
      pathEndsWith(path, [...PERMISSION, 'set']) ||
      pathEndsWith(path, ['configuration', /^(column_config|custom_column_names)$/]) ||
      pathEndsWith(path, ['manual_configuration', 'column_mapping']) ||
      inBoolExp(path)
    );
  }
  return key === 'foreign_key_constraint_on' && pathEndsWith(path, ['object_relationships', '#', 'using']);
}

/** At the top of a permission's filter/check, or inside its _and/_or/_not (not below a relationship). */
function inBoolExp(path: readonly PathSegment[]): boolean {
  const start = path.findIndex((p, i) => (p === 'filter' || p === 'check') && path[i - 1] === 'permission');
  return start >= 0 && path.slice(start).every((p) => typeof p === 'number' || BOOL_EXP.test(p));
}

function columns(site: CompletionSite, relation: RelationModel): CompletionEntry[] {
  return relation.columns.map((c) => ({
    label: c.name,
    kind: 'column',
    insertText: yamlScalar(c.name),
    span: site.ctx.word,
    detail: `${c.type}${c.nullable ? '' : ' not null'}${relation.primaryKey.includes(c.name) ? ' (primary key)' : ''}`,
    ...(c.comment ? { documentation: c.comment } : {}),
  }));
}

function tables(site: CompletionSite, view: ModelView, schema: string): CompletionEntry[] {
  return Object.values(view.model.relations)
    .filter((r) => r.schema === schema)
    .map((r) => ({
      label: r.name,
      kind: 'table',
      insertText: yamlScalar(r.name),
      span: site.ctx.word,
      detail: `${r.kind.replace('_', ' ')} ${r.schema}.${r.name} (${r.columns.length} columns)`,
    }));
}

/** Functions of the model; for a computed field, those whose first argument is this table's row. */
function functions(site: CompletionSite, view: ModelView, table: TableFact | undefined): CompletionEntry[] {
  return Object.values(view.model.functions)
    .flat()
    .filter((fn) => !table || (fn.args[0] !== undefined && view.relationOfType(fn.args[0].type)?.name === table.table.name))
    .map((fn) => {
      const insert = fn.schema === 'public' ? yamlScalar(fn.name) : `{name: ${yamlScalar(fn.name)}, schema: ${yamlScalar(fn.schema)}}`;
      return {
        label: fn.schema === 'public' ? fn.name : `${fn.schema}.${fn.name}`,
        kind: 'function',
        insertText: insert,
        span: site.ctx.word,
        detail: `returns ${fn.returnsSet ? 'SETOF ' : ''}${fn.returnType}`,
      };
    });
}
