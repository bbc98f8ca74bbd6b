import type { RootResult } from '../check';
import { actionsSdl } from '../graphql/actionsSdl';
import type { CustomTypeKind } from '../graphql/actionsSdl';
import type { CompletionEntry, CompletionKind, CompletionSite } from './completion';
import { pathEndsWith } from './locate';
import type { PathSegment } from './locate';
import { yamlScalar } from './text';

const PERMISSION_LIST = /(^|_)permissions$/;
const TABLE_KEYS = new Set(['remote_table', '_table']);

/** The project's own names, offered where the metadata refers to them. */
export function semanticCompletions(site: CompletionSite): CompletionEntry[] {
  const { ctx, path } = site;
  if (ctx.position === 'key') {
    const keys = pathEndsWith(path, ['per_role']) ? roles(site) : [];
    return ctx.newItem ? [...keys, ...itemNames(site, path.slice(0, -1))] : keys;
  }
  if (ctx.position === 'item') return itemNames(site, path);
  return valueNames(site, ctx.key!);
}

function itemNames(site: CompletionSite, list: readonly PathSegment[]): CompletionEntry[] {
  if (pathEndsWith(list, ['role_set']) || pathEndsWith(list, ['scope', 'roles']) || pathEndsWith(list, ['disabled_for_roles'])) return roles(site);
  return [];
}

function valueNames(site: CompletionSite, key: string): CompletionEntry[] {
  const { path, kind } = site;
  if (key === 'role' && pathEndsWith(path, [PERMISSION_LIST, '#'])) return roles(site);
  if (TABLE_KEYS.has(key) || (key === 'table' && (pathEndsWith(path, ['foreign_key_constraint_on']) || pathEndsWith(path, ['to_source']))))
    return tables(site, 'ref');
  const inTableRef = pathEndsWith(path, [/^(remote_table|_table)$/]) || pathEndsWith(path, [/^(foreign_key_constraint_on|to_source)$/, 'table']);
  if (inTableRef && key === 'name') return tables(site, 'name');
  if (inTableRef && key === 'schema') return schemas(site);
  if ((key === 'collection' && kind === 'allow_list' && pathEndsWith(path, ['#'])) || key === 'collection_name') return collections(site);
  if (key === 'query_name') return queries(site, site.ctx.siblings.get('collection_name'));
  if (kind === 'actions' && key === 'name' && pathEndsWith(path, ['custom_types', /^(objects|input_objects|enums|scalars)$/, '#']))
    return customTypes(site, path[path.length - 2] as CustomTypeKind);
  if (kind === 'actions' && key === 'name' && pathEndsWith(path, ['actions', '#'])) return actionNames(site);
  return [];
}

function entry(site: CompletionSite, label: string, kind: CompletionKind, detail: string, insertText = yamlScalar(label)): CompletionEntry {
  return { label, kind, insertText, span: site.ctx.word, detail };
}

function allRoles(result: RootResult): string[] {
  return [...new Set([...result.index.roles.keys(), ...result.index.inheritedRoles.map((r) => r.role.name)])].sort();
}

function roles(site: CompletionSite): CompletionEntry[] {
  const { index } = site.input.result;
  return allRoles(site.input.result).map((role) => {
    const inherited = index.inheritedRoles.some((r) => r.role.name === role);
    return entry(site, role, 'role', inherited ? 'inherited role' : `role (${index.roles.get(role)?.length ?? 0} uses)`);
  });
}

/** The source a table reference is in: a `source:` next to it, else the source of the file's table. */
function sourceOf(site: CompletionSite): string | undefined {
  const { result, file } = site.input;
  return site.ctx.siblings.get('source') ?? result.index.tables.find((t) => t.at.file === file)?.source;
}

function tables(site: CompletionSite, form: 'ref' | 'name'): CompletionEntry[] {
  const source = sourceOf(site);
  const schema = site.ctx.siblings.get('schema');
  return site.input.result.index.tables
    .filter((t) => (source === undefined || t.source === source) && (form === 'ref' || schema === undefined || t.table.schema === schema))
    .map((t) => {
      const plain = form === 'name' || t.table.schema === 'public';
      const insert = plain ? yamlScalar(t.table.name) : `{name: ${yamlScalar(t.table.name)}, schema: ${yamlScalar(t.table.schema)}}`;
      return entry(site, plain ? t.table.name : t.key, 'table', `table ${t.key} (source ${t.source})`, insert);
    });
}

function schemas(site: CompletionSite): CompletionEntry[] {
  const source = sourceOf(site);
  const names = new Set(site.input.result.index.tables.filter((t) => source === undefined || t.source === source).map((t) => t.table.schema));
  return [...names].sort().map((s) => entry(site, s, 'value', 'schema'));
}

function collections(site: CompletionSite): CompletionEntry[] {
  return site.input.result.index.collections.map((c) => entry(site, c.name.name, 'collection', `query collection (${c.queries.length} queries)`));
}

function queries(site: CompletionSite, collection: string | undefined): CompletionEntry[] {
  const found = site.input.result.index.collections.find((c) => c.name.name === collection);
  return (found?.queries ?? []).map((q) => entry(site, q.name.name, 'query', `query of ${found!.name.name}`));
}

/** Types of actions.graphql of the kind of this list, not listed in actions.yaml yet. */
function customTypes(site: CompletionSite, kind: CustomTypeKind): CompletionEntry[] {
  const graphql = actionsSdl(site.input.result.project);
  const listed = site.input.result.project.files.get(site.input.file)?.text ?? '';
  return (graphql?.types ?? [])
    .filter((t) => t.kind === kind && !new RegExp(`name:\\s*["']?${t.name}["']?\\s*$`, 'm').test(listed))
    .map((t) => entry(site, t.name, 'type', `${kind.replace('_', ' ')} type in actions.graphql`));
}

/** Fields of Query/Mutation in actions.graphql that actions.yaml does not list yet. */
function actionNames(site: CompletionSite): CompletionEntry[] {
  const listed = new Set(site.input.result.index.actions.map((a) => a.name.name));
  return (actionsSdl(site.input.result.project)?.actions ?? [])
    .filter((f) => !listed.has(f.name))
    .map((f) => entry(site, f.name, 'action', `${f.operation} ${f.signature}`));
}
