import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { definition } from '../../../server/src/core/features/definition';
import { references } from '../../../server/src/core/features/references';
import { at, caretProject, marked } from '../helpers/features';

const ARTICLE = 'databases/default/tables/public_article.yaml';
const AUTHOR = 'databases/default/tables/public_author.yaml';
const TABLES = 'databases/default/tables/tables.yaml';

const COLLECTIONS = `- name: ⟦allowed-queries⟧
  definition:
    queries:
      - name: ⟦get_authors⟧
        query: query get_authors { author { id } }
`;

describe('go to definition', () => {
  test('an include goes to the start of its file', () => {
    const p = caretProject({ [TABLES]: '- "!include public_au‸thor.yaml"\n- "!include public_article.yaml"\n' });
    assert.deepEqual(definition(p.input).map(at), [`${AUTHOR}@0-0`]);
  });

  test('an include whose file is missing goes nowhere', () => {
    const p = caretProject({ [TABLES]: '- "!include public_author.yaml"\n- "!include public_article.yaml"\n- "!include public_bo‸ok.yaml"\n' });
    assert.deepEqual(definition(p.input), []);
  });

  test('an allow-list entry goes to its collection', () => {
    const p = caretProject({
      'query_collections.yaml': COLLECTIONS.replace('⟦get_authors⟧', 'get_authors'),
      'allow_list.yaml': '- collection: "allowed-‸queries"\n',
    });
    assert.deepEqual(definition(p.input).map(at), marked(p.spans));
  });

  test('a rest endpoint goes to its collection and to its query', () => {
    const endpoint = (collection: string, query: string): string =>
      `- name: authors\n  url: authors\n  methods: [GET]\n  definition:\n    query:\n      collection_name: ${collection}\n      query_name: ${query}\n`;
    const toCollection = caretProject({
      'query_collections.yaml': COLLECTIONS.replace('⟦get_authors⟧', 'get_authors'),
      'rest_endpoints.yaml': endpoint('allowed-q‸ueries', 'get_authors'),
    });
    assert.deepEqual(definition(toCollection.input).map(at), marked(toCollection.spans));
    const toQuery = caretProject({
      'query_collections.yaml': COLLECTIONS.replace('⟦allowed-queries⟧', 'allowed-queries'),
      'rest_endpoints.yaml': endpoint('allowed-queries', 'get_‸authors'),
    });
    assert.deepEqual(definition(toQuery.input).map(at), marked(toQuery.spans));
  });

  test("a relationship's target table goes to the table's `table:` in its file", () => {
    const p = caretProject({
      [AUTHOR]:
        'table:\n  name: author\n  schema: public\narray_relationships:\n  - name: articles\n    using:\n      foreign_key_constraint_on:\n        columns: [author_id]\n        table: {name: arti‸cle, schema: public}\n',
      [ARTICLE]: 'table:\n  ⟦name: article\n  schema: public⟧\n',
    });
    assert.deepEqual(definition(p.input).map(at), marked(p.spans));
  });

  test('a relationship key in a permission filter goes to the relationship', () => {
    const p = caretProject({
      [ARTICLE]:
        'table: {name: article, schema: public}\nobject_relationships:\n  - name: ⟦author⟧\n    using: {foreign_key_constraint_on: author_id}\nselect_permissions:\n  - role: user\n    permission: {columns: [id], filter: {auth‸or: {id: {_eq: X-Hasura-User-Id}}}}\n',
    });
    assert.deepEqual(definition(p.input).map(at), marked(p.spans));
  });

  test('an action in actions.yaml goes to its field in actions.graphql, and back', () => {
    const yaml = 'actions:\n  - name: ⟦login⟧\n    definition:\n      kind: synchronous\n      handler: http://auth/login\n';
    const graphql = 'type Mutation {\n  ⟦login⟧(user: String!): String\n}\n';
    const fromYaml = caretProject({ 'actions.yaml': yaml.replace('⟦login⟧', 'lo‸gin'), 'actions.graphql': graphql });
    assert.deepEqual(definition(fromYaml.input).map(at), marked(fromYaml.spans));
    const fromGraphql = caretProject({ 'actions.yaml': yaml, 'actions.graphql': graphql.replace('⟦login⟧', 'log‸in') });
    assert.deepEqual(definition(fromGraphql.input).map(at), marked(fromGraphql.spans));
  });

  test('a role in a role_set goes to the permissions that make it a role', () => {
    const p = caretProject({
      'inherited_roles.yaml': '- role_name: editor\n  role_set:\n    - us‸er\n',
      [AUTHOR]: 'table: {name: author, schema: public}\nselect_permissions:\n  - role: ⟦user⟧\n    permission: {columns: [id], filter: {}}\n',
      [ARTICLE]:
        'table: {name: article, schema: public}\ninsert_permissions:\n  - role: ⟦user⟧\n    permission: {columns: [id], check: {}}\nselect_permissions:\n  - role: ⟦user⟧\n    permission: {columns: [id], filter: {}}\n',
    });
    assert.deepEqual(definition(p.input).map(at), marked(p.spans));
  });

  test('nothing under the cursor, no definition', () => {
    const p = caretProject({ [ARTICLE]: 'ta‸ble:\n  name: article\n  schema: public\n' });
    assert.deepEqual(definition(p.input), []);
  });
});

describe('find references', () => {
  test('of a table: its include, the relationships that target it, `_exists`, remote and action relationships', () => {
    const p = caretProject({
      [TABLES]: '- "!include public_author.yaml"\n- "!include ⟦public_article.yaml⟧"\n',
      [ARTICLE]: 'table:\n  ⟦name: arti‸cle\n  schema: public⟧\n',
      [AUTHOR]: `table: {name: author, schema: public}
array_relationships:
  - name: articles
    using:
      foreign_key_constraint_on: {columns: [author_id], table: ⟦article⟧}
select_permissions:
  - role: user
    permission:
      columns: [id]
      filter: {_exists: {_table: ⟦{name: article, schema: public}⟧, _where: {id: {_eq: 1}}}}
remote_relationships:
  - name: same_db
    definition:
      to_source: {source: default, table: ⟦article⟧, relationship_type: array, field_mapping: {id: author_id}}
  - name: other_db
    definition:
      to_source: {source: other, table: article, relationship_type: array, field_mapping: {id: author_id}}
`,
      'actions.yaml':
        'actions: []\ncustom_types:\n  objects:\n    - name: Result\n      relationships:\n        - name: article\n          type: object\n          remote_table: ⟦article⟧\n          field_mapping: {article_id: id}\n',
    });
    assert.deepEqual(references(p.input, true).map(at), marked(p.spans));
  });

  test('of a collection: definition, allow list and rest endpoints; without the declaration on request', () => {
    const p = caretProject({
      'query_collections.yaml': '- name: ⟦allowed-queries⟧\n  definition:\n    queries: []\n- name: other\n  definition:\n    queries: []\n',
      'allow_list.yaml': '- collection: ⟦allowed-q‸ueries⟧\n- collection: other\n',
      'rest_endpoints.yaml': '- name: a\n  url: a\n  methods: [GET]\n  definition:\n    query: {collection_name: "⟦allowed-queries⟧", query_name: q}\n',
    });
    assert.deepEqual(references(p.input, true).map(at), marked(p.spans));
    assert.deepEqual(references(p.input, false).map(at), marked(p.spans).slice(0, 1).concat(marked(p.spans).slice(2)));
  });

  test('of a role: permissions of tables, actions and remote schemas, inherited roles, allow-list scopes, introspection, API limits', () => {
    const p = caretProject({
      [AUTHOR]:
        'table: {name: author, schema: public}\nselect_permissions:\n  - role: ⟦us‸er⟧\n    permission: {columns: [id], filter: {}}\n  - role: admin2\n    permission: {columns: [id], filter: {}}\n',
      'actions.yaml': 'actions:\n  - name: login\n    definition: {kind: synchronous, handler: http://x}\n    permissions:\n      - role: ⟦user⟧\n',
      'actions.graphql': 'type Mutation {\n  login: String\n}\n',
      'remote_schemas.yaml':
        '- name: rs\n  definition: {url: http://rs}\n  permissions:\n    - role: ⟦user⟧\n      definition: {schema: "type Query { a: Int }"}\n',
      'inherited_roles.yaml': '- role_name: editor\n  role_set: [⟦user⟧, admin2]\n',
      'query_collections.yaml': '- name: c\n  definition:\n    queries: []\n',
      'allow_list.yaml': '- collection: c\n  scope: {global: false, roles: [⟦user⟧]}\n',
      'graphql_schema_introspection.yaml': 'disabled_for_roles:\n  - ⟦user⟧\n',
      'api_limits.yaml': 'depth_limit:\n  global: 10\n  per_role:\n    ⟦user⟧: 5\n',
    });
    assert.deepEqual(references(p.input, true).map(at), marked(p.spans));
  });

  test('of an action: actions.yaml and actions.graphql', () => {
    const p = caretProject({
      'actions.yaml': 'actions:\n  - name: ⟦lo‸gin⟧\n    definition: {kind: synchronous, handler: http://x}\n',
      'actions.graphql': 'type Mutation {\n  ⟦login⟧: String\n}\n',
    });
    assert.deepEqual(references(p.input, true).map(at), marked(p.spans));
  });
});
