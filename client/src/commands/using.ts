/** The `using` of a new relationship, asked form by form (object: 3 forms, array: 2). */
import type { TableInfo } from '../../../common/protocol';
import { parseColumnMapping, parseList } from './args';
import type { Target } from './project';
import type { Choice } from './prompts';
import { input, pick, pickMany } from './prompts';

type Form = 'local' | 'remote' | 'manual';

const FORMS: Record<Form, Choice<Form>> = {
  local: { label: 'Foreign key on columns of this table', description: 'foreign_key_constraint_on: [columns]', value: 'local' },
  remote: { label: 'Foreign key on columns of another table', description: 'foreign_key_constraint_on: {table, columns}', value: 'remote' },
  manual: { label: 'Manual configuration', description: 'manual_configuration: {remote_table, column_mapping} (for views)', value: 'manual' },
};

export async function promptUsing(
  kind: 'object' | 'array',
  target: Target,
  source: string,
  table: TableInfo | undefined,
  title: string,
): Promise<Record<string, unknown>> {
  const form = await pick(undefined, kind === 'object' ? [FORMS.local, FORMS.remote, FORMS.manual] : [FORMS.remote, FORMS.manual], `${title}: defined by`);
  if (form === 'local') return { foreign_key_constraint_on: oneOrMany(await columns(table, `${title}: foreign key column(s) of this table`)) };
  const others = target.facts.tables.filter((t) => t.source === source);
  const remote = await pick(
    undefined,
    others.map((t) => ({ label: `${t.schema}.${t.name}`, value: t })),
    `${title}: the other table`,
  );
  const remoteRef = { schema: remote.schema, name: remote.name };
  if (form === 'remote')
    return {
      foreign_key_constraint_on: { table: remoteRef, columns: await columns(remote, `${title}: foreign key column(s) of ${remote.schema}.${remote.name}`) },
    };
  const mapping = await input(undefined, {
    title: `${title}: column mapping`,
    prompt: 'this_table_column: other_table_column, …',
    value: guessMapping(kind, table, remote),
    validate: (t) => (parseColumnMapping(t) ? undefined : 'Pairs like author_id: id, separated by commas.'),
  });
  return { manual_configuration: { remote_table: remoteRef, column_mapping: parseColumnMapping(mapping)! } };
}

function oneOrMany(list: string[]): string | string[] {
  return list.length === 1 ? list[0]! : list;
}

function columns(table: TableInfo | undefined, title: string): Promise<string[]> {
  return pickMany(undefined, table?.columns ?? [], title, { prompt: 'Column names, separated by commas', parse: parseList });
}

/** `author_id: id` for an object relationship to `author`, `id: article_id` for an array one from `article`. */
function guessMapping(kind: 'object' | 'array', table: TableInfo | undefined, remote: TableInfo): string {
  if (kind === 'object') return `${remote.name}_id: id`;
  return `id: ${table?.name ?? 'table'}_id`;
}
