import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { directoryToMetadata } from '../../../server/src/core/sync/directory';
import { locateInconsistency } from '../../../server/src/core/sync/locate';
import { serverFindings } from '../../../server/src/core/sync/serverFindings';
import type { InconsistentObjectLike } from '../../../server/src/core/sync/locate';
import { load, ROOT } from './helpers';

const FILES: Record<string, string> = {
  'version.yaml': 'version: 3\n',
  'databases/databases.yaml': `- name: default
  kind: postgres
  configuration: {}
  tables: "!include default/tables/tables.yaml"
  functions: "!include default/functions/functions.yaml"
- name: other
  kind: postgres
  configuration: {}
  tables: []
`,
  'databases/default/tables/tables.yaml': '- "!include public_author.yaml"\n- "!include public_article.yaml"\n',
  'databases/default/tables/public_author.yaml': `table:
  name: author
  schema: public
computed_fields:
  - name: full_name
    definition:
      function: {name: full_name, schema: public}
remote_relationships:
  - name: profile
    definition: {}
array_relationships:
  - name: articles
    using:
      foreign_key_constraint_on: {column: author_id, table: {name: article, schema: public}}
select_permissions:
  - role: user
    permission: {columns: [], filter: {}}
event_triggers:
  - name: author_created
    definition: {insert: {columns: '*'}}
`,
  'databases/default/tables/public_article.yaml':
    'table:\n  name: article\n  schema: public\nobject_relationships:\n  - name: author\n    using:\n      foreign_key_constraint_on: author_id\n',
  'databases/default/functions/functions.yaml': '- function:\n    name: search\n    schema: public\n',
  'actions.yaml':
    'actions:\n  - name: login\n    definition:\n      handler: "{{URL}}"\n    permissions:\n      - role: anonymous\ncustom_types:\n  objects:\n    - name: Token\n',
  'actions.graphql': 'type Mutation {\n  login: Token\n}\n\ntype Token {\n  t: String\n}\n',
  'remote_schemas.yaml': '- name: countries\n  definition:\n    url: https://x\n',
  'cron_triggers.yaml': "- name: nightly\n  webhook: '{{HOOK}}'\n  schedule: 0 0 * * *\n  include_in_metadata: true\n",
  'inherited_roles.yaml': '- role_name: manager\n  role_set: [user, editor]\n',
  'rest_endpoints.yaml': '- name: get_author\n  url: author\n  methods: [GET]\n  definition: {query: {collection_name: allowed, query_name: q}}\n',
  'query_collections.yaml': '- name: allowed\n  definition:\n    queries: []\n',
};

describe('locateInconsistency', () => {
  const result = load(FILES);
  const built = directoryToMetadata(result);
  const where = (object: InconsistentObjectLike): string | undefined => {
    const found = locateInconsistency(built, object);
    if (!found) return undefined;
    const rel = found.file.slice(ROOT.length + 1);
    return `${rel}: ${FILES[rel]!.slice(found.span.start, found.span.end)}`;
  };

  test('table objects, in the engine forms', () => {
    assert.equal(
      where({ type: 'table', name: 'table author in source default', definition: { schema: 'public', name: 'author' }, reason: 'no such table' }),
      'databases/default/tables/public_author.yaml: table',
    );
    assert.equal(
      where({ type: 'table', definition: 'article', reason: 'no such table/view exists in source: "article"' }),
      'databases/default/tables/public_article.yaml: table',
    );
    assert.equal(where({ type: 'table', definition: { schema: 'public', name: 'missing' }, reason: '' }), undefined);
    assert.equal(
      where({
        type: 'object_relation',
        name: 'object_relation author in table article in source default',
        definition: { source: 'default', table: { schema: 'public', name: 'article' }, name: 'author', using: {}, comment: null },
        reason: 'table "author" is not tracked',
      }),
      'databases/default/tables/public_article.yaml: author',
    );
    assert.equal(
      where({ type: 'array_relation', definition: { source: 'default', table: 'author', name: 'articles' }, reason: '' }),
      'databases/default/tables/public_author.yaml: articles',
    );
    assert.equal(
      where({
        type: 'select_permission',
        definition: { source: 'default', table: { schema: 'public', name: 'author' }, role: 'user', permission: {} },
        reason: '',
      }),
      'databases/default/tables/public_author.yaml: user',
    );
    assert.equal(
      where({ type: 'computed_field', definition: { source: 'default', table: 'author', name: 'full_name' }, reason: '' }),
      'databases/default/tables/public_author.yaml: full_name',
    );
    assert.equal(
      where({ type: 'remote_relationship', definition: { source: 'default', table: 'author', name: 'profile' }, reason: '' }),
      'databases/default/tables/public_author.yaml: profile',
    );
    assert.equal(
      where({ type: 'event_trigger', definition: { source: 'default', table: 'author', configuration: { name: 'author_created' } }, reason: '' }),
      'databases/default/tables/public_author.yaml: author_created',
    );
    assert.equal(
      where({ type: 'select_permission', definition: { source: 'default', table: 'author', role: 'nobody' }, reason: '' }),
      'databases/default/tables/public_author.yaml: table',
    );
  });

  test('sources, functions and top-level objects', () => {
    assert.equal(
      where({ type: 'source', name: 'source other', definition: { name: 'other', kind: 'postgres' }, reason: 'connection failed' }),
      'databases/databases.yaml: other',
    );
    assert.equal(where({ type: 'source', name: 'source other', reason: '' }), 'databases/databases.yaml: other');
    assert.equal(
      where({ type: 'function', definition: { source: 'default', function: { schema: 'public', name: 'search' } }, reason: '' }),
      'databases/default/functions/functions.yaml: function',
    );
    assert.equal(
      where({ type: 'remote_schema', name: 'remote_schema countries', definition: { name: 'countries' }, reason: '' }),
      'remote_schemas.yaml: countries',
    );
    assert.equal(where({ type: 'action', definition: { name: 'login' }, reason: 'Value for environment variables not found: URL' }), 'actions.yaml: login');
    assert.equal(where({ type: 'action_permission', definition: { action: 'login', role: 'anonymous' }, reason: '' }), 'actions.yaml: anonymous');
    assert.equal(where({ type: 'custom_types', definition: {}, reason: 'the type "Token" is broken' })?.startsWith('actions.yaml: Token'), true);
    assert.equal(where({ type: 'cron_trigger', name: 'cron_trigger nightly', definition: { name: 'nightly' }, reason: '' }), 'cron_triggers.yaml: nightly');
    assert.equal(
      where({ type: 'inherited_role', name: 'inherited_role inherited role manager', definition: { role_name: 'manager', role_set: [] }, reason: '' }),
      'inherited_roles.yaml: manager',
    );
    assert.equal(where({ type: 'endpoint', definition: { name: 'get_author' }, reason: '' }), 'rest_endpoints.yaml: get_author');
    assert.equal(where({ type: 'query_collection', definition: { name: 'allowed' }, reason: '' }), 'query_collections.yaml: allowed');
    assert.equal(where({ type: 'something_new', definition: {}, reason: '' }), undefined);
  });

  test('accepts a check result and builds the metadata itself', () => {
    const found = locateInconsistency(result, { type: 'array_relation', definition: { source: 'default', table: 'author', name: 'articles' } });
    assert.deepEqual(found?.path, ['sources', 0, 'tables', 0, 'array_relationships', 0]);
  });
});

describe('serverFindings', () => {
  const built = directoryToMetadata(load(FILES));
  const rel = (file: string): string => file.slice(ROOT.length + 1);

  test('inconsistent objects become findings on their lines; the ones not in the directory are returned', () => {
    const { findings, unplaced } = serverFindings(built, {
      objects: [
        {
          type: 'array_relation',
          name: 'array_relation articles in table author in source default',
          definition: { source: 'default', table: 'author', name: 'articles' },
          reason: 'table "article" is not tracked',
        },
        { type: 'table', definition: { schema: 'public', name: 'elsewhere' }, reason: 'no such table' },
        'not an object',
      ],
      path: '$.args',
      message: 'cannot continue due to inconsistent metadata',
    });
    assert.deepEqual(
      findings.map((f) => [f.code, rel(f.file), FILES[rel(f.file)]!.slice(f.span.start, f.span.end), f.message]),
      [
        [
          'server-inconsistent-object',
          'databases/default/tables/public_author.yaml',
          'articles',
          'table "article" is not tracked (array_relation articles in table author in source default)',
        ],
      ],
    );
    assert.deepEqual(unplaced, [{ type: 'table', definition: { schema: 'public', name: 'elsewhere' }, reason: 'no such table' }]);
  });

  test('without objects, the error path is placed', () => {
    const { findings } = serverFindings(built, { path: '$.args.metadata.remote_schemas[0].definition.url', message: 'invalid URL' });
    assert.deepEqual(
      findings.map((f) => [f.code, rel(f.file), FILES[rel(f.file)]!.slice(f.span.start, f.span.end), f.message]),
      [['server-error', 'remote_schemas.yaml', 'https://x', 'invalid URL ($.args.metadata.remote_schemas[0].definition.url)']],
    );
    assert.deepEqual(serverFindings(built, { path: '$.args.metadata.nothing[3]' }).findings, []);
  });
});
