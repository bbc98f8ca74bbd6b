import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { objectAt, projectFacts, readEndpoint } from '../../../server/src/core/edits';
import { memoryHost } from '../helpers/memoryHost';
import { setup } from './helpers';

const ARTICLE = '/p/metadata/databases/default/tables/public_article.yaml';

describe('project facts', () => {
  const start = setup({
    'databases/default/tables/public_article.yaml': `table:
  name: article
  schema: public
object_relationships:
  - name: author
    using:
      foreign_key_constraint_on: author_id
    comment: Who wrote it
select_permissions:
  - role: anonymous
    permission:
      columns: [id, title]
      filter: {}
`,
    'inherited_roles.yaml': '- role_name: manager\n  role_set:\n    - user\n    - editor\n',
  });

  test('sources, tables with columns and relationships, roles, inherited roles', () => {
    const facts = projectFacts(start.result, memoryHost({}));
    assert.deepEqual(facts.sources, [{ name: 'default', kind: 'postgres' }]);
    assert.deepEqual(facts.tables, [
      {
        source: 'default',
        schema: 'public',
        name: 'author',
        file: '/p/metadata/databases/default/tables/public_author.yaml',
        columns: ['id', 'name'],
        relationships: [{ name: 'articles', kind: 'array' }],
      },
      {
        source: 'default',
        schema: 'public',
        name: 'article',
        file: ARTICLE,
        columns: ['author_id', 'id', 'title'],
        relationships: [{ name: 'author', kind: 'object', comment: 'Who wrote it' }],
      },
    ]);
    assert.deepEqual(facts.roles, ['anonymous', 'editor', 'manager', 'user']);
    assert.deepEqual(facts.inheritedRoles, [{ role: 'manager', roleSet: ['user', 'editor'] }]);
    assert.equal(facts.endpoint, undefined);
    assert.equal(facts.cursor, undefined);
  });

  test('the endpoint of config.yaml next to the metadata folder, only when metadata_directory is that folder', () => {
    const host = (text: string): ReturnType<typeof memoryHost> => memoryHost({ '/p/config.yaml': text });
    assert.deepEqual(readEndpoint('/p/metadata', host('version: 3\nendpoint: http://localhost:8080 \nadmin_secret: s3cret\n')), {
      url: 'http://localhost:8080',
      file: '/p/config.yaml',
    });
    assert.deepEqual(readEndpoint('/p/metadata', host('endpoint: https://h.example\nmetadata_directory: ./metadata\n')), {
      url: 'https://h.example',
      file: '/p/config.yaml',
    });
    assert.equal(readEndpoint('/p/metadata', host('endpoint: https://h.example\nmetadata_directory: other\n')), undefined);
    assert.equal(readEndpoint('/p/metadata', host('version: 3\n')), undefined);
    assert.equal(readEndpoint('/p/metadata', memoryHost({})), undefined);
    assert.equal(projectFacts(start.result, host('endpoint: http://e:1\n')).endpoint?.url, 'http://e:1');
  });

  test('what the cursor names: a relationship, a table, a source entry, an inherited role', () => {
    const text = start.files.get(ARTICLE)!;
    assert.deepEqual(objectAt(start.result, ARTICLE, text.indexOf('foreign_key')), {
      source: 'default',
      table: { schema: 'public', name: 'article' },
      relationship: 'author',
    });
    assert.deepEqual(objectAt(start.result, ARTICLE, text.indexOf('anonymous')), { source: 'default', table: { schema: 'public', name: 'article' } });
    const databases = '/p/metadata/databases/databases.yaml';
    assert.deepEqual(objectAt(start.result, databases, start.files.get(databases)!.indexOf('kind')), { source: 'default' });
    const roles = '/p/metadata/inherited_roles.yaml';
    assert.deepEqual(objectAt(start.result, roles, start.files.get(roles)!.indexOf('editor')), { inheritedRole: 'manager' });
    assert.deepEqual(projectFacts(start.result, memoryHost({}), { file: roles, offset: 3 }).cursor, { inheritedRole: 'manager' });
  });
});
