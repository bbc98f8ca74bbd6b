import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { hover } from '../../../server/src/core/features/hover';
import { SchemaIndex } from '../../../server/src/core/features/schemaIndex';
import { loadSchemaSet } from '../../../server/src/node/schemas';
import { caretProject } from '../helpers/features';
import { BASE } from '../helpers/project';

const schemas = new SchemaIndex(loadSchemaSet());
const ARTICLE = 'databases/default/tables/public_article.yaml';
const TABLES = 'databases/default/tables/tables.yaml';

/** The hover at the caret, with `⟦…⟧` marking the span it must cover. */
function hovered(files: Record<string, string | null>): { markdown: string; spanOk: boolean } | undefined {
  const p = caretProject(files);
  const found = hover(p.input, schemas);
  if (!found) return undefined;
  const want = p.spans[p.input.file]?.[0];
  return { markdown: found.markdown, spanOk: want !== undefined && want.start === found.span.start && want.end === found.span.end };
}

describe('hover', () => {
  test('a key: the description of its property, through $ref', () => {
    assert.deepEqual(
      hovered({
        [ARTICLE]:
          'table:\n  name: article\n  schema: public\nobject_relationships:\n  - name: author\n    ⟦us‸ing⟧:\n      foreign_key_constraint_on: author_id\n',
      }),
      {
        markdown: 'How the relationship is resolved.',
        spanOk: true,
      },
    );
  });

  test('a value: the description of the property it is the value of', () => {
    assert.deepEqual(hovered({ 'databases/databases.yaml': BASE['databases/databases.yaml']!.replace('kind: postgres', 'kind: ⟦post‸gres⟧') }), {
      markdown:
        'The database kind: `postgres` (alias `pg`), `citus`, `cockroach`, `mssql`, `bigquery`, or the name of a data connector agent (declared in `backend_configs.yaml`), e.g. `sqlite`. Default: `postgres`.',
      spanOk: true,
    });
  });

  test('a key in an included table file has the table schema; in a fragment, the schema of where it is included', () => {
    assert.deepEqual(
      hovered({ 'remote_schemas.yaml': '- name: rs\n  definition: !include rs.yaml\n', 'rs.yaml': '⟦timeout_‸seconds⟧: 60\nurl: http://rs\n' })?.markdown,
      'Seconds to wait for the remote schema. Default: `60`.',
    );
  });

  test('an include: what the file holds', () => {
    const author =
      'table:\n  name: author\n  schema: public\nobject_relationships:\n  - {name: a, using: {foreign_key_constraint_on: a_id}}\narray_relationships:\n  - {name: b, using: {foreign_key_constraint_on: {table: article, columns: [x]}}}\ncomputed_fields:\n  - {name: c, definition: {function: f}}\nremote_relationships:\n  - {name: d, definition: {to_source: {source: default, table: article, relationship_type: array, field_mapping: {id: id}}}}\nselect_permissions:\n  - {role: user, permission: {columns: [id], filter: {}}}\ninsert_permissions:\n  - {role: user, permission: {columns: [id], check: {}}}\n';
    assert.deepEqual(
      hovered({ [TABLES]: '- "!include ⟦public_au‸thor.yaml⟧"\n- "!include public_article.yaml"\n', 'databases/default/tables/public_author.yaml': author }),
      {
        markdown: 'Table public.author: 3 relationships, 2 permissions, 1 computed field\n\n`databases/default/tables/public_author.yaml`',
        spanOk: true,
      },
    );
    assert.equal(
      hovered({ 'databases/databases.yaml': BASE['databases/databases.yaml']!.replace('default/tables/tables.yaml', 'default/tab‸les/tables.yaml') })?.markdown,
      'Tracked tables: 2 tables\n\n`databases/default/tables/tables.yaml`',
    );
    assert.equal(
      hovered({ [TABLES]: '- "!include public_author.yaml"\n- "!include public_article.yaml"\n- "!include mis‸sing.yaml"\n' })?.markdown,
      '`databases/default/tables/missing.yaml` does not exist or cannot be read.',
    );
  });

  test('a name: what it stands for, then the schema description', () => {
    const markdown = hovered({
      [ARTICLE]:
        'table:\n  name: article\n  schema: public\nobject_relationships:\n  - name: ⟦aut‸hor⟧\n    using:\n      foreign_key_constraint_on: author_id\n',
    });
    assert.deepEqual(markdown, {
      markdown: 'Object relationship `author` of public.article → public.author\n\n---\n\nThe relationship name, e.g. `author`.',
      spanOk: true,
    });
    const role = hovered({ 'inherited_roles.yaml': '- role_name: ⟦edi‸tor⟧\n  role_set: [user]\n' });
    assert.equal(role?.markdown.split('\n')[0], 'Inherited role `editor` of `user`: 0 permissions');
  });

  test('nothing to say, no hover', () => {
    assert.equal(hovered({ [ARTICLE]: 'table:\n  name: article\n  schema: public\n‸\n' }), undefined);
  });
});
