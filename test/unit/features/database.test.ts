import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { DatabaseModel } from '../../../server/src/core/db/model';
import { complete } from '../../../server/src/core/features/completion';
import { definition } from '../../../server/src/core/features/definition';
import { hover } from '../../../server/src/core/features/hover';
import { quickFixes } from '../../../server/src/core/features/codeActions';
import { databaseActions, plural, singular } from '../../../server/src/core/features/codeActions/database';
import { applyChange } from '../helpers/applyChange';
import { caretProject, checkFiles } from '../helpers/features';
import { path } from '../helpers/project';
import { dbModel, models } from '../helpers/dbModel';

const ARTICLE = 'databases/default/tables/public_article.yaml';
const SQL = '/p/migrations/default/1_init/up.sql';

/** The model with places in a migration file, as the migrations build would give them. */
function model(): DatabaseModel {
  const base = dbModel({
    relations: {
      'public.author': { columns: { id: 'integer', name: 'text' }, pk: ['id'] },
      'public.article': { columns: { id: 'integer', author_id: 'integer', title: 'text?' }, pk: ['id'], fks: ['author_id -> public.author(id)'] },
    },
    functions: { 'public.article_score': { args: ['a article'], returns: 'integer' }, 'public.author_score': { args: ['a author'], returns: 'integer' } },
  });
  const article = base.relations['public.article']!;
  const title = { ...article.columns[2]!, default: "''::text", comment: 'The headline.', origin: { file: SQL, start: 120, end: 130 } };
  return {
    ...base,
    relations: {
      ...base.relations,
      'public.article': { ...article, columns: [article.columns[0]!, article.columns[1]!, title], origin: { file: SQL, start: 80, end: 200 } },
    },
  };
}

const input = (text: string): ReturnType<typeof caretProject> => caretProject({ [ARTICLE]: text }, { databases: models(model()) });

describe('hover and go to definition on database names', () => {
  const text =
    'table:\n  name: article\n  schema: public\nselect_permissions:\n  - role: user\n    permission:\n      columns: [id, ⟦ti‸tle⟧]\n      filter: {}\n';
  test("hover on a column: its type, nullability, default and comment, over the column's name", () => {
    const p = input(text);
    const found = hover(p.input);
    assert.deepEqual(found?.span, p.spans[p.input.file]![0]);
    assert.equal(found?.markdown, "**column** `public.article.title`: `text`\n- default `''::text`\n\nThe headline.");
  });
  test('a foreign key column shows where it points', () => {
    const p = input(
      'table:\n  name: article\n  schema: public\nselect_permissions:\n  - role: user\n    permission:\n      columns: [author_i‸d]\n      filter: {}\n',
    );
    assert.equal(hover(p.input)?.markdown, '**column** `public.article.author_id`: `integer` not null\n- foreign key `fk_0` → `public.author` (id)');
  });
  test('go to definition: the column definition in the migration; the table: value to its CREATE statement', () => {
    assert.deepEqual(definition(input(text).input), [{ file: SQL, span: { start: 120, end: 130 } }]);
    assert.deepEqual(definition(input('table:\n  name: arti‸cle\n  schema: public\n').input), [{ file: SQL, span: { start: 80, end: 200 } }]);
  });
});

describe('completion of database names', () => {
  const labels = (text: string): string[] =>
    complete(input(text).input)
      .filter((e) => e.kind === 'column' || e.kind === 'function' || e.kind === 'table')
      .map((e) => `${e.kind}:${e.label}:${e.detail ?? ''}`);
  const COLUMNS = ['column:id:integer not null (primary key)', 'column:author_id:integer not null', 'column:title:text'];
  test("permission columns, presets and filter keys of the file's table", () => {
    assert.deepEqual(
      labels('table:\n  name: article\n  schema: public\nselect_permissions:\n  - role: user\n    permission:\n      columns:\n        - ‸\n'),
      COLUMNS,
    );
    assert.deepEqual(
      labels('table:\n  name: article\n  schema: public\ninsert_permissions:\n  - role: user\n    permission:\n      check: {}\n      set:\n        ‸\n'),
      COLUMNS,
    );
    assert.deepEqual(
      labels('table:\n  name: article\n  schema: public\nselect_permissions:\n  - role: user\n    permission:\n      filter:\n        _and:\n          - ‸\n'),
      COLUMNS,
    );
  });
  test('the table name from the database, and computed-field functions that take this table', () => {
    assert.deepEqual(labels('table:\n  schema: public\n  name: ‸\n'), [
      'table:author:table public.author (2 columns)',
      'table:article:table public.article (3 columns)',
    ]);
    assert.deepEqual(labels('table:\n  name: article\n  schema: public\ncomputed_fields:\n  - name: score\n    definition:\n      function: ‸\n'), [
      'function:article_score:returns integer',
    ]);
  });
  test('nothing from the database without a model', () => {
    const p = caretProject({
      [ARTICLE]: 'table:\n  name: article\n  schema: public\nselect_permissions:\n  - role: user\n    permission:\n      columns:\n        - ‸\n',
    });
    assert.deepEqual(
      complete(p.input).filter((e) => e.kind === 'column'),
      [],
    );
  });
});

describe('quick fix: db-column-missing', () => {
  test('changes a renamed column to the closest one; the finding is gone and none is new', () => {
    const databases = models(model());
    const text =
      'table:\n  name: article\n  schema: public\nselect_permissions:\n  - role: user\n    permission:\n      columns: [id, "titel"]\n      filter: {}\n';
    const p = caretProject({ [ARTICLE]: text }, { databases });
    const finding = p.result.findings.find((f) => f.code === 'db-column-missing')!;
    const fixes = quickFixes({ finding, result: p.result });
    assert.deepEqual(
      fixes.map((f) => [f.title, f.change]),
      [['Change to `title`', { edits: [{ file: path(ARTICLE), span: { start: 112, end: 117 }, newText: 'title' }], files: [] }]],
    );
    const after = checkFiles(applyChange(p.files, fixes[0]!.change), { databases });
    assert.equal(after.project.files.get(path(ARTICLE))?.text, text.replace('"titel"', '"title"'));
    assert.deepEqual(
      after.findings.map((f) => f.code),
      p.result.findings.filter((f) => f !== finding).map((f) => f.code),
    );
  });
});

describe('actions the database suggests', () => {
  const TABLES = 'databases/default/tables/tables.yaml';
  const withTag = (): ReturnType<typeof models> => {
    const base = model();
    const tag = dbModel({
      relations: { 'public.tag': { columns: { id: 'integer', article_id: 'integer', label: 'text' }, pk: ['id'], fks: ['article_id -> public.article(id)'] } },
    }).relations['public.tag']!;
    return models({ ...base, relations: { ...base.relations, 'public.tag': tag } });
  };

  test('in tables.yaml: track a table the database has, as the engine CLI writes it, and the result is clean', () => {
    const databases = withTag();
    const p = caretProject({ [TABLES]: '- "!include public_author.yaml"\n- "!include public_article.yaml"\n‸' }, { databases });
    const actions = databaseActions(p.result, path(TABLES));
    assert.deepEqual(
      actions.map((a) => a.title),
      ['Track table `public.tag` (from the database)'],
    );
    const files = applyChange(p.files, actions[0]!.change);
    assert.equal(files.get(path(TABLES)), '- "!include public_author.yaml"\n- "!include public_article.yaml"\n- "!include public_tag.yaml"\n');
    assert.equal(files.get(path('databases/default/tables/public_tag.yaml')), 'table:\n  name: tag\n  schema: public\n');
    const after = checkFiles(files, { databases });
    assert.deepEqual(
      after.findings.filter((f) => f.severity === 'error' || f.severity === 'warning'),
      [],
    );
    assert.deepEqual(databaseActions(after, path(TABLES)), [], 'nothing left to track');
  });

  test('in a table file: the object and array relationships its foreign keys imply, named as the console names them', () => {
    const databases = withTag();
    const tracked = {
      [TABLES]: '- "!include public_author.yaml"\n- "!include public_article.yaml"\n- "!include public_tag.yaml"\n',
      'databases/default/tables/public_tag.yaml': 'table:\n  name: tag\n  schema: public\n',
    };
    const p = caretProject({ ...tracked, [ARTICLE]: 'table:\n  name: article\n  schema: public\n‸' }, { databases });
    const actions = databaseActions(p.result, path(ARTICLE));
    assert.deepEqual(
      actions.map((a) => a.title),
      ['Add object relationship `author` (author_id → public.author)', 'Add array relationship `tags` (public.tag (article_id))'],
    );
    const once = applyChange(p.files, actions[0]!.change);
    const twice = applyChange(once, databaseActions(checkFiles(once, { databases }), path(ARTICLE))[0]!.change);
    assert.equal(
      twice.get(path(ARTICLE)),
      'table:\n  name: article\n  schema: public\nobject_relationships:\n  - name: author\n    using:\n      foreign_key_constraint_on: author_id\narray_relationships:\n  - name: tags\n    using:\n      foreign_key_constraint_on:\n        table:\n          name: tag\n          schema: public\n        columns:\n          - article_id\n',
    );
    const after = checkFiles(twice, { databases });
    assert.deepEqual(
      after.findings.filter((f) => f.severity === 'error' || f.severity === 'warning'),
      [],
    );
    assert.deepEqual(databaseActions(after, path(ARTICLE)), []);
  });

  test('plural and singular for the usual endings', () => {
    assert.deepEqual(['author', 'category', 'box', 'users', 'match'].map(plural), ['authors', 'categories', 'boxes', 'users', 'matches']);
    assert.deepEqual(['authors', 'categories', 'boxes', 'user', 'matches', 'status'].map(singular), ['author', 'category', 'box', 'user', 'match', 'status']);
  });
});
