import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { applyChange } from '../helpers/applyChange';
import { prepareRename, rename } from '../../../server/src/core/features/rename';
import type { WorkspaceChange } from '../../../server/src/core/features/types';
import { at, caretProject, checkFiles, marked } from '../helpers/features';
import { path } from '../helpers/project';

function renamed(project: ReturnType<typeof caretProject>, name: string): WorkspaceChange {
  const out = rename(project.input, name);
  assert.ok(out && 'change' in out, `rename refused: ${JSON.stringify(out)}`);
  return out.change;
}

const ARTICLE = 'databases/default/tables/public_article.yaml';
const AUTHOR = 'databases/default/tables/public_author.yaml';

describe('rename a relationship', () => {
  const files = {
    [ARTICLE]: `table:
  name: article
  schema: public
object_relationships:
  - name: ⟦au‸thor⟧
    using:
      foreign_key_constraint_on: author_id
select_permissions:
  - role: user
    permission:
      columns: [id, title]
      filter:
        _or:
          - ⟦author⟧: {id: {_eq: X-Hasura-User-Id}}
          - _not: {"⟦author⟧": {name: {_eq: anonymous}}}
update_permissions:
  - role: user
    permission:
      columns: [title]
      filter: {id: {_eq: 1}}
      check:
        _exists:
          _table: {name: author, schema: public}
          _where: {author: {_eq: 1}}
`,
    [AUTHOR]: `table:
  name: author
  schema: public
array_relationships:
  - name: articles
    using:
      foreign_key_constraint_on:
        columns:
          - author_id
        table:
          name: article
          schema: public
select_permissions:
  - role: user
    permission:
      columns: [id, name, author]
      filter:
        articles: {⟦author⟧: {articles: {⟦author⟧: {id: {_eq: X-Hasura-User-Id}}}}}
        author: {_eq: X-Hasura-User-Id}
        articles_aggregate: {count: {predicate: {_gt: 0}, filter: {⟦author⟧: {id: {_eq: 1}}}}}
`,
  };

  test('renames the definition and exactly the filter keys that mean it, through nested relationships', () => {
    const project = caretProject(files);
    const change = renamed(project, 'writer');
    assert.deepEqual(change.edits.map(at).sort(), marked(project.spans).sort());
    assert.ok(change.edits.every((e) => e.newText === 'writer'));
    assert.deepEqual(change.files, []);
  });

  test('the renamed project checks the same as before (no new finding)', () => {
    const project = caretProject(files);
    const after = checkFiles(applyChange(project.files, renamed(project, 'writer')), { schemas: true });
    assert.deepEqual(
      after.findings.map((f) => f.code),
      project.result.findings.map((f) => f.code),
    );
    const text = applyChange(project.files, renamed(project, 'writer')).get(path(ARTICLE))!;
    assert.match(text, /- _not: \{"writer": \{name/);
  });

  test('from a filter key, the same rename', () => {
    const project = caretProject({ ...files, [ARTICLE]: files[ARTICLE].replace('au‸thor', 'author').replace('- ⟦author⟧: {id', '- ⟦aut‸hor⟧: {id') });
    assert.deepEqual(renamed(project, 'writer').edits.map(at).sort(), marked(project.spans).sort());
  });

  test('refuses a name taken by a relationship or a column, and a non-GraphQL name', () => {
    const project = caretProject(files);
    assert.deepEqual(rename(project.input, 'title'), { error: '`title` is a column of `public.article`.' });
    assert.match((rename(project.input, 'two words') as { error: string }).error, /not a GraphQL name/);
    assert.deepEqual(prepareRename(project.input), { span: project.spans[path(ARTICLE)]![0], placeholder: 'author' });
  });
});

describe('rename a computed field', () => {
  test('also in the `computed_fields` a select permission lists and in filters', () => {
    const project = caretProject({
      [ARTICLE]: `table: {name: article, schema: public}
computed_fields:
  - name: ⟦sc‸ore⟧
    definition: {function: {name: article_score, schema: public}}
select_permissions:
  - role: user
    permission:
      columns: [id]
      computed_fields: [⟦score⟧]
      filter: {⟦score⟧: {_gt: 1}}
`,
    });
    assert.deepEqual(renamed(project, 'rating').edits.map(at), marked(project.spans));
  });
});

describe('rename a collection, a query, a role, an action', () => {
  test('a query collection: definition, allow list, rest endpoints (quotes kept)', () => {
    const project = caretProject({
      'query_collections.yaml': '- name: ⟦allowed-qu‸eries⟧\n  definition:\n    queries:\n      - name: q\n        query: query q { author { id } }\n',
      'allow_list.yaml': '- collection: "⟦allowed-queries⟧"\n',
      'rest_endpoints.yaml': '- name: a\n  url: a\n  methods: [GET]\n  definition:\n    query: {collection_name: ⟦allowed-queries⟧, query_name: q}\n',
    });
    const change = renamed(project, 'public-queries');
    assert.deepEqual(change.edits.map(at), marked(project.spans));
    assert.equal(checkFiles(applyChange(project.files, change), { schemas: true }).findings.length, 0);
  });

  test('a query of a collection and the rest endpoint that serves it', () => {
    const project = caretProject({
      'query_collections.yaml': '- name: c\n  definition:\n    queries:\n      - name: ⟦get_‸authors⟧\n        query: query get_authors { author { id } }\n',
      'rest_endpoints.yaml': '- name: a\n  url: a\n  methods: [GET]\n  definition:\n    query: {collection_name: c, query_name: ⟦get_authors⟧}\n',
    });
    assert.deepEqual(renamed(project, 'authors').edits.map(at), marked(project.spans));
  });

  test('a role everywhere it is named; a name YAML would misread is quoted', () => {
    const project = caretProject({
      'databases/default/tables/public_author.yaml':
        'table: {name: author, schema: public}\nselect_permissions:\n  - role: ⟦us‸er⟧\n    permission: {columns: [id], filter: {}}\n',
      'inherited_roles.yaml': '- role_name: editor\n  role_set: [⟦user⟧]\n',
      'api_limits.yaml': 'node_limit:\n  global: 10\n  per_role:\n    ⟦user⟧: 5\n',
    });
    const change = renamed(project, 'yes');
    assert.deepEqual(change.edits.map(at), marked(project.spans));
    assert.deepEqual(
      change.edits.map((e) => e.newText),
      ['"yes"', '"yes"', '"yes"'],
    );
    const after = checkFiles(applyChange(project.files, change), { schemas: true });
    assert.deepEqual([...after.index.roles.keys()].sort(), ['editor', 'yes']);
  });

  test('an action in actions.yaml and actions.graphql', () => {
    const project = caretProject({
      'actions.yaml': 'actions:\n  - name: ⟦login⟧\n    definition: {kind: synchronous, handler: http://x}\n',
      'actions.graphql': 'type Mutation {\n  ⟦log‸in⟧(user: String!): String\n}\n',
    });
    const change = renamed(project, 'signIn');
    assert.deepEqual(change.edits.map(at), marked(project.spans));
    assert.deepEqual(
      change.edits.map((e) => e.newText),
      ['signIn', 'signIn'],
    );
  });

  test('refusals: a table, an existing name, an escaped spelling', () => {
    assert.deepEqual(prepareRename(caretProject({ [ARTICLE]: 'table:\n  name: arti‸cle\n  schema: public\n' }).input), {
      error: 'Tables are named by the database: rename the table there, then its file and `table:` here.',
    });
    const collections = caretProject({ 'query_collections.yaml': '- name: a‸\n  definition: {queries: []}\n- name: b\n  definition: {queries: []}\n' });
    assert.deepEqual(rename(collections.input, 'b'), { error: 'A query collection named `b` already exists.' });
    const escaped = caretProject({ 'query_collections.yaml': '- name: a‸\n  definition: {queries: []}\n', 'allow_list.yaml': '- collection: "\\x61"\n' });
    assert.deepEqual(rename(escaped.input, 'c'), { error: '`a` is written with escapes in allow_list.yaml; rename it there by hand first.' });
    assert.equal(prepareRename(caretProject({ [ARTICLE]: 'ta‸ble: {name: article}\n' }).input), undefined);
  });
});
