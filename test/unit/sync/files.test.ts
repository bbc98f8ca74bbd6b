import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ExportPathError, metadataToFiles, unexportedKeys } from '../../../server/src/core/sync/files';
import type { JsonObject } from '../../../server/src/core/sync/json';

const METADATA: JsonObject = {
  version: 3,
  sources: [
    {
      name: 'default',
      kind: 'postgres',
      tables: [
        {
          table: { schema: 'public', name: 'author' },
          array_relationships: [
            { name: 'articles', using: { foreign_key_constraint_on: { column: 'author_id', table: { schema: 'public', name: 'article' } } } },
          ],
        },
        { table: { schema: 'app', name: 'article' } },
      ],
      functions: [{ function: { schema: 'public', name: 'search' }, configuration: {} }],
      configuration: { connection_info: { database_url: { from_env: 'PG_DATABASE_URL' } } },
      customization: { root_fields: { prefix: 'x_' } },
    },
    { name: 'bq', kind: 'bigquery', tables: [{ table: { dataset: 'london', name: 'cycles' } }], configuration: { datasets: ['london'] } },
    { name: 'mongo', kind: 'Mongo', tables: [{ table: ['approvals'], logical_model: 'approvals' }], functions: [], configuration: { value: {} } },
  ],
  actions: [
    {
      name: 'login',
      definition: {
        handler: '{{ACTIONS}}/login',
        output_type: 'Token!',
        arguments: [{ name: 'user', type: 'String!', description: 'the user' }],
        type: 'mutation',
        kind: 'synchronous',
        forward_client_headers: false,
        timeout: 30,
      },
      permissions: [{ role: 'anonymous' }],
      comment: null,
    },
    { name: 'me', definition: { handler: '{{ACTIONS}}/me', output_type: '[Token]', type: 'query' } },
  ],
  custom_types: {
    objects: [{ name: 'Token', description: 'A token', fields: [{ name: 'accessToken', type: 'String!' }] }],
    enums: [{ name: 'Color', values: [{ description: null, is_deprecated: null, value: 'RED' }] }],
    scalars: [{ name: 'jsonb' }],
  },
  cron_triggers: [
    { name: 'kept', webhook: '{{HOOK}}', schedule: '*/5 * * * *', include_in_metadata: true },
    { name: 'dropped', webhook: '{{HOOK}}', schedule: '0 0 * * *', include_in_metadata: false },
  ],
  allowlist: [{ collection: 'allowed', scope: { global: true } }],
  graphql_schema_introspection: { disabled_for_roles: [] },
  tables: [],
};

describe('metadataToFiles', () => {
  const files = metadataToFiles(METADATA);

  test('writes the CLI layout and file names, sorted by path', () => {
    assert.deepEqual(
      [...files.keys()],
      [
        'actions.graphql',
        'actions.yaml',
        'allow_list.yaml',
        'api_limits.yaml',
        'backend_configs.yaml',
        'cron_triggers.yaml',
        'databases/bq/tables/london_cycles.yaml',
        'databases/bq/tables/tables.yaml',
        'databases/databases.yaml',
        'databases/default/functions/functions.yaml',
        'databases/default/functions/public_search.yaml',
        'databases/default/tables/app_article.yaml',
        'databases/default/tables/public_author.yaml',
        'databases/default/tables/tables.yaml',
        'databases/mongo/tables/approvals.yaml',
        'databases/mongo/tables/tables.yaml',
        'graphql_schema_introspection.yaml',
        'inherited_roles.yaml',
        'metrics_config.yaml',
        'network.yaml',
        'opentelemetry.yaml',
        'query_collections.yaml',
        'remote_schemas.yaml',
        'rest_endpoints.yaml',
        'version.yaml',
      ],
    );
  });

  test('databases.yaml: source keys in the CLI order, quoted include strings, empty functions kept inline', () => {
    assert.equal(
      files.get('databases/databases.yaml'),
      `- name: default
  kind: postgres
  configuration:
    connection_info:
      database_url:
        from_env: PG_DATABASE_URL
  customization:
    root_fields:
      prefix: x_
  tables: "!include default/tables/tables.yaml"
  functions: "!include default/functions/functions.yaml"
- name: bq
  kind: bigquery
  configuration:
    datasets:
      - london
  tables: "!include bq/tables/tables.yaml"
- name: mongo
  kind: Mongo
  configuration:
    value: {}
  tables: "!include mongo/tables/tables.yaml"
  functions: []
`,
    );
    assert.equal(files.get('databases/default/tables/tables.yaml'), '- "!include public_author.yaml"\n- "!include app_article.yaml"\n');
    assert.equal(files.get('databases/default/functions/functions.yaml'), '- "!include public_search.yaml"\n');
    assert.equal(files.get('databases/mongo/tables/approvals.yaml'), 'table:\n  - approvals\nlogical_model: approvals\n');
    assert.equal(
      files.get('databases/default/tables/public_author.yaml'),
      'table:\n  schema: public\n  name: author\narray_relationships:\n  - name: articles\n    using:\n      foreign_key_constraint_on:\n        column: author_id\n        table:\n          schema: public\n          name: article\n',
    );
  });

  test('actions.yaml keeps what actions.graphql does not say; actions.graphql is generated from the definitions', () => {
    assert.equal(
      files.get('actions.yaml'),
      `actions:
  - name: login
    definition:
      kind: synchronous
      handler: '{{ACTIONS}}/login'
      timeout: 30
    permissions:
      - role: anonymous
  - name: me
    definition:
      kind: ""
      handler: '{{ACTIONS}}/me'
custom_types:
  enums:
    - name: Color
      values:
        - description: null
          is_deprecated: null
          value: RED
  input_objects: []
  objects:
    - name: Token
      description: A token
  scalars:
    - name: jsonb
`,
    );
    assert.equal(
      files.get('actions.graphql'),
      `type Mutation {
  login(
    """ the user """ user: String!
  ): Token!
}

type Query {
  me: [Token]
}

enum Color {
  RED
}

""" A token """ type Token {
  accessToken: String!
}

scalar jsonb

`,
    );
  });

  test('defaults for missing keys, cron triggers only with include_in_metadata, version.yaml', () => {
    assert.equal(files.get('cron_triggers.yaml'), "- name: kept\n  webhook: '{{HOOK}}'\n  schedule: '*/5 * * * *'\n  include_in_metadata: true\n");
    assert.equal(files.get('api_limits.yaml'), '{}\n');
    assert.equal(files.get('remote_schemas.yaml'), '[]\n');
    assert.equal(files.get('graphql_schema_introspection.yaml'), 'disabled_for_roles: []\n');
    assert.equal(files.get('allow_list.yaml'), '- collection: allowed\n  scope:\n    global: true\n');
    assert.equal(files.get('version.yaml'), 'version: 3\n');
  });

  test('no actions and no types: an empty actions.graphql and empty lists in actions.yaml', () => {
    const empty = metadataToFiles({ version: 3 });
    assert.equal(empty.get('actions.graphql'), '');
    assert.equal(empty.get('actions.yaml'), 'actions: []\ncustom_types:\n  enums: []\n  input_objects: []\n  objects: []\n  scalars: []\n');
    assert.equal(empty.has('databases/databases.yaml'), false);
  });

  test('the same metadata always gives the same bytes', () => {
    assert.deepEqual(metadataToFiles(structuredClone(METADATA)), files);
  });

  test('keys no file holds are reported', () => {
    assert.deepEqual(unexportedKeys(METADATA), ['tables']);
  });

  test('names that would leave their folder or clash are refused', () => {
    assert.throws(() => metadataToFiles({ version: 3, sources: [{ name: '../x', kind: 'postgres', tables: [] }] }), ExportPathError);
    assert.throws(
      () => metadataToFiles({ version: 3, sources: [{ name: 'd', kind: 'postgres', tables: [{ table: { schema: 'a/b', name: 'c' } }] }] }),
      ExportPathError,
    );
    assert.throws(
      () =>
        metadataToFiles({
          version: 3,
          sources: [{ name: 'd', kind: 'postgres', tables: [{ table: { schema: 'a_b', name: 'c' } }, { table: { schema: 'a', name: 'b_c' } }] }],
        }),
      /Two entries of databases\/d\/tables would both be written to a_b_c.yaml/,
    );
  });
});
