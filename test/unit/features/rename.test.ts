import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { applyChange } from '../../../server/src/core/features/edits';
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
    assert.deepEqual(after.findings.map((f) => f.code), project.result.findings.map((f) => f.code));
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
