import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { directoryToMetadata } from '../../../server/src/core/sync/directory';
import { locateJsonPath } from '../../../server/src/core/sync/sourceMap';
import { load, ROOT, textAt } from './helpers';

const FILES: Record<string, string> = {
  'version.yaml': 'version: 3\n',
  'databases/databases.yaml': `- name: default
  tables: "!include default/tables/tables.yaml"
  configuration:
    connection_info:
      database_url:
        from_env: PG_DATABASE_URL
  kind: postgres
  functions: !include default/functions/functions.yaml
  custom_key: kept
`,
  'databases/default/tables/tables.yaml': '- "!include public_author.yaml"\n- "!include public_article.yaml"\n',
  'databases/default/tables/public_author.yaml':
    'table:\n  name: author\n  schema: public\nselect_permissions:\n  - role: user\n    permission:\n      columns: [id, name]\n      filter: {}\n',
  'databases/default/tables/public_article.yaml':
    'table:\n  name: article\n  schema: public\nobject_relationships:\n  - name: author\n    using:\n      foreign_key_constraint_on: author_id\n',
  'databases/default/functions/functions.yaml': '- function:\n    name: search\n    schema: public\n',
  'actions.yaml': `actions:
  - name: login
    definition:
      kind: synchronous
      handler: '{{ACTIONS}}/login'
      forward_client_headers: false
      timeout: 0
      arguments: [ignored]
      output_type: Ignored
    permissions:
      - role: anonymous
    comment: ""
  - name: me
    definition:
      handler: '{{ACTIONS}}/me'
      timeout: 10
    comment: Who am I
custom_types:
  enums:
    - name: Color
      values: [ignored]
  input_objects: []
  objects:
    - name: Token
      description: A token
      relationships:
        - name: user
          type: object
          remote_table: {schema: public, name: author}
          field_mapping: {id: id}
  scalars: []
`,
  'actions.graphql': `type Query {
  me: Token
}

type Mutation {
  login(
    """ the user """ user: String!
    password: String
  ): Token!
}

enum Color {
  RED
  """ nice """ GREEN
}

""" ignored: descriptions come from actions.yaml """
type Token {
  accessToken: String!
  roles: [String!]
}
`,
  'allow_list.yaml': '- collection: allowed\n',
  'api_limits.yaml': '{}\n',
  'cron_triggers.yaml': '[]\n',
  'network.yaml': 'tls_allowlist:\n  - host: example.com\n',
  'query_collections.yaml': '- name: allowed\n  definition:\n    queries:\n      - name: q\n        query: !include queries/q.graphql\n',
  'queries/q.graphql': 'query q { author { id } }\n',
};

describe('directoryToMetadata', () => {
  test('builds the JSON the CLI sends: includes resolved, actions merged from actions.graphql, allowlist, empties left out', () => {
    const { metadata } = directoryToMetadata(load(FILES));
    assert.equal(
      JSON.stringify(metadata, null, 1),
      JSON.stringify(
        {
          version: 3,
          sources: [
            {
              name: 'default',
              kind: 'postgres',
              configuration: { connection_info: { database_url: { from_env: 'PG_DATABASE_URL' } } },
              custom_key: 'kept',
              tables: [
                { table: { name: 'author', schema: 'public' }, select_permissions: [{ role: 'user', permission: { columns: ['id', 'name'], filter: {} } }] },
                { table: { name: 'article', schema: 'public' }, object_relationships: [{ name: 'author', using: { foreign_key_constraint_on: 'author_id' } }] },
              ],
              functions: [{ function: { name: 'search', schema: 'public' } }],
            },
          ],
          actions: [
            { name: 'me', definition: { type: 'query', handler: '{{ACTIONS}}/me', output_type: 'Token', timeout: 10 }, comment: 'Who am I' },
            {
              name: 'login',
              definition: {
                kind: 'synchronous',
                type: 'mutation',
                handler: '{{ACTIONS}}/login',
                arguments: [
                  { name: 'user', type: 'String!', description: ' the user ' },
                  { name: 'password', type: 'String', description: null },
                ],
                output_type: 'Token!',
              },
              permissions: [{ role: 'anonymous' }],
            },
          ],
          custom_types: {
            enums: [
              {
                name: 'Color',
                values: [
                  { value: 'RED', description: null },
                  { value: 'GREEN', description: ' nice ' },
                ],
              },
            ],
            input_objects: [],
            objects: [
              {
                name: 'Token',
                description: 'A token',
                fields: [
                  { name: 'accessToken', type: 'String!', description: null },
                  { name: 'roles', type: '[String!]', description: null },
                ],
                relationships: [{ name: 'user', type: 'object', remote_table: { schema: 'public', name: 'author' }, field_mapping: { id: 'id' } }],
              },
            ],
            scalars: [],
          },
          query_collections: [{ name: 'allowed', definition: { queries: [{ name: 'q', query: 'query q { author { id } }\n' }] } }],
          allowlist: [{ collection: 'allowed' }],
          network: { tls_allowlist: [{ host: 'example.com' }] },
        },
        null,
        1,
      ),
    );
  });

  test('the source map points every JSON path at the text it came from, across includes', () => {
    const { sourceMap } = directoryToMetadata(load(FILES));
    const at = (path: (string | number)[]): [string, string] => {
      const loc = sourceMap.get(path);
      assert.ok(loc, JSON.stringify(path));
      return [loc.file.slice(ROOT.length + 1), textAt(FILES, loc.file, loc.span)];
    };
    assert.deepEqual(at(['sources', 0, 'tables', 1, 'object_relationships', 0, 'name']), ['databases/default/tables/public_article.yaml', 'author']);
    assert.deepEqual(at(['sources', 0, 'tables', 0, 'table']), ['databases/default/tables/public_author.yaml', 'name: author\n  schema: public']);
    assert.deepEqual(at(['sources', 0, 'functions', 0, 'function', 'name']), ['databases/default/functions/functions.yaml', 'search']);
    assert.deepEqual(at(['actions', 1, 'definition', 'handler']), ['actions.yaml', "'{{ACTIONS}}/login'"]);
    assert.deepEqual(at(['actions', 1, 'definition', 'arguments', 0, 'type']), ['actions.graphql', 'String!']);
    assert.deepEqual(at(['actions', 1, 'definition', 'output_type']), ['actions.graphql', 'Token!']);
    assert.deepEqual(at(['actions', 0, 'name']), ['actions.yaml', 'me']);
    assert.deepEqual(at(['custom_types', 'objects', 0, 'fields', 1, 'name']), ['actions.graphql', 'roles']);
    assert.deepEqual(at(['allowlist', 0, 'collection']), ['allow_list.yaml', 'allowed']);
    assert.deepEqual(at(['query_collections', 0, 'definition', 'queries', 0, 'query']), ['queries/q.graphql', 'query q { author { id } }\n']);
    const table = sourceMap.get(['sources', 0, 'tables', 1]);
    assert.deepEqual(table?.include && [table.include.file.slice(ROOT.length + 1), textAt(FILES, table.include.file, table.include.span)], [
      'databases/default/tables/tables.yaml',
      'public_article.yaml',
    ]);
  });

  test('locateJsonPath maps a server error path (replace_metadata v1 or v2) to the longest known prefix', () => {
    const { sourceMap } = directoryToMetadata(load(FILES));
    const v2 = locateJsonPath(sourceMap, '$.args.metadata.sources[0].tables[1].object_relationships[0].using.foreign_key_constraint_on');
    assert.ok(v2?.exact);
    assert.equal(textAt(FILES, v2.loc.file, v2.loc.span), 'author_id');
    const deeper = locateJsonPath(sourceMap, "$.args.sources[0].tables[0].select_permissions[0].permission['no such key'].x");
    assert.equal(deeper?.exact, false);
    assert.deepEqual(deeper?.path, ['sources', 0, 'tables', 0, 'select_permissions', 0, 'permission']);
    assert.equal(locateJsonPath(sourceMap, 'not a path'), undefined);
    assert.equal(locateJsonPath(sourceMap, '$.args.metadata'), undefined);
  });

  test('without actions.graphql the actions of actions.yaml are sent as written', () => {
    const files = { ...FILES };
    delete files['actions.graphql'];
    const { metadata } = directoryToMetadata(load(files));
    const actions = metadata.actions as { name: string; definition: Record<string, unknown> }[];
    assert.deepEqual(
      actions.map((a) => a.name),
      ['login', 'me'],
    );
    assert.deepEqual(actions[0]?.definition.arguments, ['ignored']);
  });

  test('api_limits keys follow the CLI struct order, unknown keys after them', () => {
    const { metadata } = directoryToMetadata(
      load({ 'version.yaml': 'version: 3\n', 'api_limits.yaml': 'node_limit:\n  global: 5\ndisabled: false\nextra: 1\n' }),
    );
    assert.deepEqual(Object.keys(metadata), ['version', 'api_limits']);
    assert.deepEqual(Object.keys(metadata.api_limits as object), ['disabled', 'node_limit', 'extra']);
  });
});
