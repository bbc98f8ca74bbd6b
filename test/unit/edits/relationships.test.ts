import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { edit, refused, setup } from './helpers';

const ARTICLE = 'databases/default/tables/public_article.yaml';
const AUTHOR = 'databases/default/tables/public_author.yaml';
const article = { schema: 'public', name: 'article' };
const author = { schema: 'public', name: 'author' };

describe('create relationship', () => {
  test('an object relationship goes after the last one of its list, comments kept', () => {
    const start = setup({
      [ARTICLE]: `table:
  name: article
  schema: public
object_relationships:
  # who wrote it
  - name: author
    using:
      foreign_key_constraint_on: author_id
# permissions follow
`,
    });
    const out = edit(start, {
      type: 'create_object_relationship',
      args: { table: article, name: 'editor', using: { foreign_key_constraint_on: ['editor_id'] }, source: 'default' },
    });
    assert.equal(
      out.text(ARTICLE),
      `table:
  name: article
  schema: public
object_relationships:
  # who wrote it
  - name: author
    using:
      foreign_key_constraint_on: author_id
  - name: editor
    using:
      foreign_key_constraint_on:
        - editor_id
# permissions follow
`,
    );
  });

  test('a new list is placed in the engine key order (array after object, before permissions)', () => {
    const start = setup({
      'databases/default/tables/tables.yaml': '- "!include public_author.yaml"\n- "!include public_article.yaml"\n- "!include public_comment.yaml"\n',
      'databases/default/tables/public_comment.yaml': 'table:\n  name: comment\n  schema: public\n',
      [ARTICLE]: `table:
  name: article
  schema: public
object_relationships:
  - name: author
    using:
      foreign_key_constraint_on: author_id
select_permissions:
  - role: user
    permission:
      columns: [id]
      filter: {}
`,
    });
    const using = { foreign_key_constraint_on: { table: { schema: 'public', name: 'comment' }, columns: ['article_id'] } };
    const out = edit(start, { type: 'create_array_relationship', args: { table: 'article', name: 'comments', using, comment: 'All comments' } });
    assert.equal(
      out.text(ARTICLE),
      `table:
  name: article
  schema: public
object_relationships:
  - name: author
    using:
      foreign_key_constraint_on: author_id
array_relationships:
  - name: comments
    using:
      foreign_key_constraint_on:
        table:
          schema: public
          name: comment
        columns:
          - article_id
    comment: All comments
select_permissions:
  - role: user
    permission:
      columns: [id]
      filter: {}
`,
    );
  });

  test('a manual configuration on a table with only `table:`; a flow `[]` list becomes a block list', () => {
    const bare = setup({ [ARTICLE]: 'table:\n  name: article\n  schema: public\n' });
    const using = { manual_configuration: { remote_table: { schema: 'public', name: 'author' }, column_mapping: { author_id: 'id' } } };
    const out = edit(bare, { type: 'create_object_relationship', args: { table: article, name: 'writer', using } });
    const expected = `table:
  name: article
  schema: public
object_relationships:
  - name: writer
    using:
      manual_configuration:
        remote_table:
          schema: public
          name: author
        column_mapping:
          author_id: id
`;
    assert.equal(out.text(ARTICLE), expected);
    const flow = setup({ [ARTICLE]: 'table:\n  name: article\n  schema: public\nobject_relationships: []\n' });
    assert.equal(edit(flow, { type: 'create_object_relationship', args: { table: article, name: 'writer', using } }).text(ARTICLE), expected);
  });

  test('refusals: an untracked table, a name the table already has', () => {
    const using = { foreign_key_constraint_on: 'x_id' };
    assert.equal(
      refused(setup(), { type: 'create_object_relationship', args: { table: 'tag', name: 'x', using } }),
      'Table `public.tag` is not tracked in source `default`.',
    );
    assert.equal(
      refused(setup(), { type: 'create_object_relationship', args: { table: 'tag', name: 'x', using, source: 'other' } }),
      'Table `public.tag` is not tracked in the local files (no source `other`).',
    );
    assert.equal(
      refused(setup(), { type: 'create_object_relationship', args: { table: article, name: 'author', using } }),
      'Table `public.article` already has a field named `author` in the local files.',
    );
  });
});

const WITH_FILTER = {
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
      columns:
        - id
        - name
      filter:
        articles: {author: {id: {_eq: X-Hasura-User-Id}}}
  - role: guest
    permission:
      columns: [id]
      filter: {}
`,
};

describe('rename relationship', () => {
  test('renames the definition and its uses in permission filters (features/rename)', () => {
    const out = edit(setup(WITH_FILTER), { type: 'rename_relationship', args: { table: article, name: 'author', new_name: 'writer', source: 'default' } });
    assert.equal(
      out.text(ARTICLE),
      'table:\n  name: article\n  schema: public\nobject_relationships:\n  - name: writer\n    using:\n      foreign_key_constraint_on: author_id\n',
    );
    assert.match(out.text(AUTHOR)!, /filter:\n {8}articles: \{writer: \{id: \{_eq: X-Hasura-User-Id\}\}\}\n/);
  });

  test('refusals come with the reason', () => {
    assert.equal(
      refused(setup(), { type: 'rename_relationship', args: { table: article, name: 'nope', new_name: 'x' } }),
      'Table `public.article` has no object or array relationship `nope` in the local files.',
    );
    assert.equal(
      refused(setup(), { type: 'rename_relationship', args: { table: article, name: 'author', new_name: 'author_id' } }),
      '`author_id` is a column of `public.article`.',
    );
  });
});

describe('drop relationship', () => {
  test('the only entry of a list takes the list with it', () => {
    const out = edit(setup(), { type: 'drop_relationship', args: { table: article, relationship: 'author' } });
    assert.equal(out.text(ARTICLE), 'table:\n  name: article\n  schema: public\n');
  });

  test('without cascade the permissions that use it stay, with a note; with cascade they go too', () => {
    const start = setup(WITH_FILTER);
    const out = edit(start, { type: 'drop_relationship', args: { table: author, relationship: 'articles', cascade: true } });
    assert.equal(
      out.text(AUTHOR),
      `table:
  name: author
  schema: public
select_permissions:
  - role: guest
    permission:
      columns: [id]
      filter: {}
`,
    );
    const local = edit(start, { type: 'drop_relationship', args: { table: author, relationship: 'articles' } });
    assert.deepEqual(local.change.notes, ['These permissions still use `articles`: permission public.author.user.select.']);
  });

  test('a relationship the files do not have changes nothing, with a note', () => {
    const out = edit(setup(), { type: 'drop_relationship', args: { table: article, relationship: 'nope' } });
    assert.deepEqual(out.change.edits, []);
    assert.deepEqual(out.change.notes, ['Table `public.article` has no object or array relationship `nope` in the local files. Nothing to change there.']);
  });
});

describe('set relationship comment', () => {
  const commented = {
    [ARTICLE]:
      'table:\n  name: article\n  schema: public\nobject_relationships:\n  - name: author\n    using:\n      foreign_key_constraint_on: author_id\n    comment: Who wrote it # set by hand\n',
  };

  test('adds a comment after `using`', () => {
    const out = edit(setup(), { type: 'set_relationship_comment', args: { table: article, relationship: 'author', comment: 'Who wrote it: the author' } });
    assert.equal(
      out.text(ARTICLE),
      'table:\n  name: article\n  schema: public\nobject_relationships:\n  - name: author\n    using:\n      foreign_key_constraint_on: author_id\n    comment: "Who wrote it: the author"\n',
    );
  });

  test('replaces a comment (a multi-line one as a block scalar)', () => {
    const out = edit(setup(commented), { type: 'set_relationship_comment', args: { table: article, relationship: 'author', comment: 'line one\nline two' } });
    assert.equal(
      out.text(ARTICLE),
      'table:\n  name: article\n  schema: public\nobject_relationships:\n  - name: author\n    using:\n      foreign_key_constraint_on: author_id\n    comment: |- # set by hand\n      line one\n      line two\n',
    );
  });

  test('null and the empty string remove it; no comment, no change', () => {
    const plain =
      'table:\n  name: article\n  schema: public\nobject_relationships:\n  - name: author\n    using:\n      foreign_key_constraint_on: author_id\n';
    assert.equal(
      edit(setup(commented), { type: 'set_relationship_comment', args: { table: article, relationship: 'author', comment: null } }).text(ARTICLE),
      plain,
    );
    assert.equal(
      edit(setup(commented), { type: 'set_relationship_comment', args: { table: article, relationship: 'author', comment: '' } }).text(ARTICLE),
      plain,
    );
    assert.deepEqual(edit(setup(), { type: 'set_relationship_comment', args: { table: article, relationship: 'author' } }).change.edits, []);
  });
});
