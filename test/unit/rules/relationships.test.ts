import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { assertMarked, path } from '../helpers/project';

const article = (body: string): Record<string, string> => ({
  'databases/default/tables/public_article.yaml': `table:\n  name: article\n  schema: public\n${body}`,
});

describe('relationship-name-duplicate', () => {
  test('an array relationship reusing an object relationship name, with related info', () => {
    const result = assertMarked(
      'relationship-name-duplicate',
      article(`object_relationships:
  - name: author
    using:
      foreign_key_constraint_on: author_id
array_relationships:
  - name: ⟦author⟧
    using:
      foreign_key_constraint_on:
        column: article_id
        table: comment
`),
    );
    const f = result.findings.find((x) => x.code === 'relationship-name-duplicate')!;
    assert.match(f.message, /already the name of an object relationship/);
    assert.equal(f.related?.[0]?.file, path('databases/default/tables/public_article.yaml'));
  });
  test("each finding's data is the name alone: a list of the table's names in each made n duplicates cost n² (fuzz seed 777123 case 17626, 16,830 of them: 6.5 s)", () => {
    const result = assertMarked(
      'relationship-name-duplicate',
      article(`object_relationships:
  - name: user
  - name: ⟦user⟧
  - name: ⟦user⟧
  - name: owner
`),
    );
    assert.deepEqual(
      result.findings.filter((x) => x.code === 'relationship-name-duplicate').map((x) => x.data),
      [{ name: 'user' }, { name: 'user' }],
    );
  });
  test('a computed field and a remote relationship clash too', () => {
    assertMarked(
      'relationship-name-duplicate',
      article(`computed_fields:
  - name: score
    definition:
      function: article_score
remote_relationships:
  - name: ⟦score⟧
    definition:
      to_remote_schema:
        remote_schema: scores
        lhs_fields: [id]
        remote_field: {score: {arguments: {}}}
`),
    );
  });
  test('distinct names are fine', () => {
    assertMarked('relationship-name-duplicate', {});
  });
});

describe('relationship-target-untracked', () => {
  test('a remote table and a manual remote_table that the source does not track', () => {
    assertMarked(
      'relationship-target-untracked',
      article(`object_relationships:
  - name: editor
    using:
      manual_configuration:
        remote_table:
          ⟦name: editor
          schema: public⟧
        column_mapping:
          editor_id: id
array_relationships:
  - name: comments
    using:
      foreign_key_constraint_on:
        columns: [article_id]
        table: ⟦comment⟧
`),
    );
  });
  test('tracked targets (string and object forms) are fine', () => {
    assertMarked(
      'relationship-target-untracked',
      article(`object_relationships:
  - name: writer
    using:
      manual_configuration:
        remote_table: author
        column_mapping:
          author_id: id
`),
    );
  });
});

describe('relationship-name-conflicts-column', () => {
  test('a relationship named like a column that a permission lists', () => {
    const result = assertMarked(
      'relationship-name-conflicts-column',
      article(`object_relationships:
  - name: ⟦title⟧
    using:
      foreign_key_constraint_on: author_id
select_permissions:
  - role: user
    permission:
      columns: [id, title]
      filter: {}
`),
    );
    assert.equal(result.findings.find((x) => x.code === 'relationship-name-conflicts-column')?.related?.length, 1);
  });
  test('the first three places that list the column are related, however many roles list it', () => {
    const roles = ['a', 'b', 'c', 'd', 'e'].map((role) => `  - role: ${role}\n    permission:\n      columns: [id, title]\n      filter: {}\n`).join('');
    const result = assertMarked(
      'relationship-name-conflicts-column',
      article(`object_relationships:\n  - name: ⟦title⟧\n    using:\n      foreign_key_constraint_on: author_id\nselect_permissions:\n${roles}`),
    );
    const related = result.findings.find((x) => x.code === 'relationship-name-conflicts-column')?.related ?? [];
    const text = result.project.files.get(related[0]!.file)!.text;
    const lineOf = (offset: number): number => text.slice(0, offset).split('\n').length;
    assert.deepEqual(
      related.map((r) => lineOf(r.span.start)),
      [11, 15, 19],
      'the columns lines of roles a, b and c',
    );
  });
  test("a column revealed by another table's foreign key", () => {
    assertMarked('relationship-name-conflicts-column', {
      'databases/default/tables/public_author.yaml': `table:
  name: author
  schema: public
array_relationships:
  - name: articles
    using:
      foreign_key_constraint_on:
        columns: [author_id]
        table: {name: article, schema: public}
`,
      ...article(`object_relationships:
  - name: ⟦author_id⟧
    using:
      manual_configuration:
        remote_table: author
        column_mapping: {writer: id}
`),
    });
  });
  test('no clash when names differ', () => {
    assertMarked(
      'relationship-name-conflicts-column',
      article('select_permissions:\n  - role: user\n    permission:\n      columns: [id, author_id]\n      filter: {}\n'),
    );
  });
});

describe('relationship-deprecated-column', () => {
  test('the `column` key of a remote foreign key is a hint (the engine CLI itself writes it)', () => {
    const result = assertMarked('relationship-deprecated-column', {
      'databases/default/tables/public_author.yaml': `table: {name: author, schema: public}
array_relationships:
  - name: articles
    using:
      foreign_key_constraint_on:
        ⟦column⟧: author_id
        table: {name: article, schema: public}
`,
    });
    const f = result.findings.find((x) => x.code === 'relationship-deprecated-column')!;
    assert.equal(f.severity, 'hint');
    assert.deepEqual(f.data, { column: 'author_id' });
  });
  test('`columns` and a local foreign key column are fine', () => {
    assertMarked('relationship-deprecated-column', {});
  });
});

describe('permission-duplicate', () => {
  test('two select permissions for one role', () => {
    assertMarked(
      'permission-duplicate',
      article(
        'select_permissions:\n  - role: user\n    permission: {columns: [id], filter: {}}\n  - role: ⟦user⟧\n    permission: {columns: [id], filter: {}}\n',
      ),
    );
  });
  test('one role with different kinds is fine', () => {
    assertMarked(
      'permission-duplicate',
      article(
        'select_permissions:\n  - role: user\n    permission: {columns: [id], filter: {}}\ninsert_permissions:\n  - role: user\n    permission: {check: {}, columns: [id]}\n',
      ),
    );
  });
});
