import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { complete } from '../../../server/src/core/features/completion';
import type { CompletionEntry } from '../../../server/src/core/features/completion';
import { cursorContext } from '../../../server/src/core/features/cursorContext';
import { SchemaIndex } from '../../../server/src/core/features/schemaIndex';
import { loadSchemaSet } from '../../../server/src/node/schemas';
import { CARET, caretProject } from '../helpers/features';
import { memoryHost } from '../helpers/memoryHost';
import { BASE } from '../helpers/project';

const schemas = new SchemaIndex(loadSchemaSet());
const ARTICLE = 'databases/default/tables/public_article.yaml';
const ARTICLE_HEAD =
  'table:\n  name: article\n  schema: public\nobject_relationships:\n  - name: author\n    using:\n      foreign_key_constraint_on: author_id\n';

function labels(files: Record<string, string | null>): string[] {
  return complete(caretProject(files).input, { schemas }).map((e) => `${e.kind}:${e.label}`);
}

function entries(files: Record<string, string | null>): CompletionEntry[] {
  return complete(caretProject(files).input, { schemas });
}

function context(marked: string): ReturnType<typeof cursorContext> {
  return cursorContext(marked.replace(CARET, ''), marked.indexOf(CARET));
}

describe('cursor context from indentation (the file may not parse)', () => {
  test('a key of a list item, with the real index and the sibling keys', () => {
    const ctx = context('a:\n  b:\n    - x: 1\n      y: 2\n    - x: 3\n      ‸\n      z: 4\n');
    assert.deepEqual(
      { ...ctx, siblings: [...ctx!.siblings] },
      {
        position: 'key',
        path: ['a', 'b', 1],
        word: { start: 47, end: 47 },
        newItem: false,
        siblings: [
          ['x', '3'],
          ['z', '4'],
        ],
      },
    );
  });
  test("a new item of a list written at its key's column", () => {
    const ctx = context('a:\n- x: 1\n- ‸\n');
    assert.deepEqual([ctx?.position, ctx?.path, ctx?.newItem], ['key', ['a', 1], true]);
  });
  test('a value, with the word typed so far', () => {
    const ctx = context('- role_name: editor\n  role_set:\n    - name: x\n      kind: po‸s\n');
    assert.deepEqual([ctx?.position, ctx?.path, ctx?.key, ctx?.word], ['value', [0, 'role_set', 0], 'kind', { start: 58, end: 61 }]);
  });
  test('an item of a flow list', () => {
    const ctx = context('roles: [a, b‸]\n');
    assert.deepEqual([ctx?.position, ctx?.path, ctx?.word], ['item', ['roles'], { start: 11, end: 12 }]);
  });
  test('nothing inside a block scalar or a comment', () => {
    assert.equal(context('- name: q\n  query: |\n    query {\n      ‸\n'), undefined);
    assert.equal(context('a: 1 # co‸\n'), undefined);
  });
});

describe('completion from the schemas', () => {
  test('the keys a permission entry may still have', () => {
    assert.deepEqual(labels({ [ARTICLE]: `${ARTICLE_HEAD}select_permissions:\n  - role: user\n    ‸\n` }), ['property:permission', 'property:comment']);
  });

  test('keys come with their description and insert `key: `', () => {
    const [first] = entries({ [ARTICLE]: `${ARTICLE_HEAD}select_permissions:\n  - role: user\n    permission:\n      ‸\n` });
    assert.deepEqual(first, {
      label: 'columns',
      kind: 'property',
      insertText: 'columns: ',
      span: { start: 190, end: 190 },
      documentation: 'Readable columns: `"*"` or a list. Required.',
    });
  });

  test('the connection keys follow the source kind (schema if/then)', () => {
    const db = BASE['databases/databases.yaml']!;
    const postgres = labels({ 'databases/databases.yaml': db.replace('        from_env: PG_DATABASE_URL\n', '        from_env: PG_DATABASE_URL\n      ‸\n') });
    assert.deepEqual(postgres, ['property:pool_settings', 'property:use_prepared_statements', 'property:isolation_level', 'property:ssl_configuration']);
    const mssql = labels({
      'databases/databases.yaml': db.replace('kind: postgres', 'kind: mssql').replace('      database_url:\n        from_env: PG_DATABASE_URL\n', '      ‸\n'),
    });
    assert.deepEqual(mssql, ['property:connection_string', 'property:database_url', 'property:pool_settings', 'property:isolation_level']);
  });

  test('enum values, quoted when YAML would read them otherwise', () => {
    const db = BASE['databases/databases.yaml']!;
    assert.deepEqual(labels({ 'databases/databases.yaml': db.replace('kind: postgres', 'kind: ‸') }), [
      'value:postgres',
      'value:citus',
      'value:cockroach',
      'value:mssql',
      'value:bigquery',
    ]);
    const kinds = entries({ 'actions.yaml': 'actions:\n  - name: a\n    definition:\n      kind: ‸\n      handler: http://a\n' });
    assert.deepEqual(
      kinds.map((e) => e.insertText),
      ['synchronous', 'asynchronous', '""'],
    );
    assert.deepEqual(labels({ 'version.yaml': 'version: ‸\n' }), ['value:3']);
  });
});

describe("completion of the project's names", () => {
  test('roles in a permission, a role_set (block and flow), an allow-list scope, API limits', () => {
    const roles = ['role:editor', 'role:user'];
    assert.deepEqual(
      labels({ [ARTICLE]: `${ARTICLE_HEAD}select_permissions:\n  - role: ‸\n`, 'inherited_roles.yaml': '- role_name: editor\n  role_set: [user]\n' }),
      roles,
    );
    assert.deepEqual(labels({ 'inherited_roles.yaml': '- role_name: editor\n  role_set:\n    - ‸\n' }), roles);
    assert.deepEqual(labels({ 'inherited_roles.yaml': '- role_name: editor\n  role_set: [‸]\n' }), roles);
    assert.deepEqual(labels({ 'allow_list.yaml': '- collection: c\n  scope:\n    global: false\n    roles:\n      - ‸\n' }), ['role:user']);
    assert.deepEqual(labels({ 'api_limits.yaml': 'depth_limit:\n  global: 5\n  per_role:\n    ‸\n' }), ['role:user']);
  });

  test('tables where a relationship names its remote table (public ones by name, others as {name, schema})', () => {
    const files = {
      'databases/default/tables/tables.yaml': '- "!include public_author.yaml"\n- "!include public_article.yaml"\n- "!include audit_log.yaml"\n',
      'databases/default/tables/audit_log.yaml': 'table: {name: log, schema: audit}\n',
    };
    const found = entries({
      ...files,
      [ARTICLE]: ARTICLE_HEAD.replace('foreign_key_constraint_on: author_id', 'manual_configuration:\n        remote_table: ‸'),
    });
    assert.deepEqual(
      found.map((e) => [e.label, e.insertText]),
      [
        ['author', 'author'],
        ['article', 'article'],
        ['audit.log', '{name: log, schema: audit}'],
      ],
    );
    assert.deepEqual(
      labels({
        ...files,
        [ARTICLE]: ARTICLE_HEAD.replace(
          'foreign_key_constraint_on: author_id',
          'foreign_key_constraint_on:\n        columns: [id]\n        table:\n          schema: audit\n          name: ‸',
        ),
      }),
      ['table:log'],
    );
    assert.deepEqual(
      labels({
        ...files,
        [ARTICLE]: ARTICLE_HEAD.replace('foreign_key_constraint_on: author_id', 'foreign_key_constraint_on:\n        table:\n          schema: ‸'),
      }),
      ['value:audit', 'value:public'],
    );
  });

  test('collections in the allow list and rest endpoints, and the queries of the chosen collection', () => {
    const collections =
      '- name: allowed\n  definition:\n    queries:\n      - name: q1\n        query: query q1 { author { id } }\n- name: other\n  definition:\n    queries: []\n';
    assert.deepEqual(labels({ 'query_collections.yaml': collections, 'allow_list.yaml': '- collection: ‸\n' }), ['collection:allowed', 'collection:other']);
    const endpoint = (query: string): string => `- name: e\n  url: e\n  methods: [GET]\n  definition:\n    query:\n${query}`;
    assert.deepEqual(labels({ 'query_collections.yaml': collections, 'rest_endpoints.yaml': endpoint('      collection_name: ‸\n') }), [
      'collection:allowed',
      'collection:other',
    ]);
    assert.deepEqual(
      labels({ 'query_collections.yaml': collections, 'rest_endpoints.yaml': endpoint('      collection_name: allowed\n      query_name: ‸\n') }),
      ['query:q1'],
    );
  });

  test('custom types and actions of actions.graphql that actions.yaml does not list yet', () => {
    const graphql =
      'type Mutation {\n  login(input: LoginInput!): Token\n  logout: Boolean\n}\ninput LoginInput {\n  user: String!\n}\ntype Token {\n  value: String!\n}\ntype Session {\n  id: ID!\n}\n';
    const yaml = (rest: string): string => `actions:\n  - name: login\n    definition: {kind: synchronous, handler: http://a}\n${rest}`;
    assert.deepEqual(labels({ 'actions.graphql': graphql, 'actions.yaml': yaml('  - name: ‸\n') }), ['action:logout']);
    assert.deepEqual(labels({ 'actions.graphql': graphql, 'actions.yaml': yaml('custom_types:\n  objects:\n    - name: Token\n    - name: ‸\n') }), [
      'type:Session',
    ]);
    assert.deepEqual(labels({ 'actions.graphql': graphql, 'actions.yaml': yaml('custom_types:\n  input_objects:\n    - name: ‸\n') }), ['type:LoginInput']);
  });

  test('include paths: folders and YAML files of the folder typed so far, not the ones included already', () => {
    const project = caretProject({
      'databases/databases.yaml': BASE['databases/databases.yaml']!.replace('"!include default/tables/tables.yaml"', '"!include default/‸"'),
    });
    const host = memoryHost(Object.fromEntries(project.files));
    assert.deepEqual(
      complete(project.input, { host }).map((e) => [e.label, e.kind, e.span]),
      [['tables/', 'folder', { start: 153, end: 153 }]],
    );
    const list = caretProject({
      'databases/default/tables/tables.yaml': '- "!include public_author.yaml"\n- "!include ‸"\n',
      'databases/default/tables/public_book.yaml': 'table: {name: book, schema: public}\n',
    });
    assert.deepEqual(
      complete(list.input, { host: memoryHost(Object.fromEntries(list.files)) }).map((e) => e.label),
      ['public_article.yaml', 'public_book.yaml'],
    );
  });
});
