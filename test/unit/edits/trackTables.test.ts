import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { modelSourcesWithoutList, trackTablesChange, untrackedTables } from '../../../server/src/core/edits/trackTables';
import { databaseActions } from '../../../server/src/core/features/codeActions/database';
import { applyChange } from '../helpers/applyChange';
import { caretProject, checkFiles } from '../helpers/features';
import { path } from '../helpers/project';
import { metadataToFiles } from '../../../server/src/core/sync/files';
import { dbModel, models } from '../helpers/dbModel';

const TABLES = 'databases/default/tables/tables.yaml';
const SORTED = '- "!include public_article.yaml"\n- "!include public_author.yaml"\n';

/** BASE's two tables, three untracked ones, and two the model cannot judge (a schema made outside the migrations, a failed statement). */
const databases = models(
  dbModel({
    relations: {
      'public.author': { columns: { id: 'integer', name: 'text' }, pk: ['id'] },
      'public.article': { columns: { id: 'integer', author_id: 'integer', title: 'text?' }, pk: ['id'], fks: ['author_id -> public.author(id)'] },
      'public.aaa': { columns: { id: 'integer' }, pk: ['id'] },
      'public.art': { columns: { id: 'integer' }, pk: ['id'] },
      'public.az_view': { columns: { id: 'integer' }, kind: 'view' },
      'public.ghost': { columns: { id: 'integer' } },
      'auth.users': { columns: { id: 'uuid' } },
    },
    schemas: ['public'],
    uncertain: ['ghost'],
  }),
);

function project(tables: string) {
  return caretProject({ [TABLES]: `${tables}‸` }, { databases });
}

describe('untrackedTables', () => {
  test('per source: the tables and views the model has and no table file tracks, sorted, without those it cannot judge', () => {
    assert.deepEqual(untrackedTables(project(SORTED).result), [
      {
        source: 'default',
        list: path(TABLES),
        tables: [
          { schema: 'public', name: 'aaa', kind: 'table' },
          { schema: 'public', name: 'art', kind: 'table' },
          { schema: 'public', name: 'az_view', kind: 'view' },
        ],
      },
    ]);
  });

  test('no model: no source', () => {
    assert.deepEqual(untrackedTables(caretProject({ [TABLES]: `${SORTED}‸` }).result), []);
  });

  test('a source with a model but no tables.yaml is named apart (its tables have nowhere to go); with a tables.yaml it is not', () => {
    const noList = `- name: default
  kind: postgres
  configuration:
    connection_info:
      database_url:
        from_env: PG_DATABASE_URL
‸`;
    const { result } = caretProject({ 'databases/databases.yaml': noList, [TABLES]: null }, { databases });
    assert.deepEqual([untrackedTables(result), modelSourcesWithoutList(result)], [[], ['default']]);
    assert.deepEqual(modelSourcesWithoutList(project(SORTED).result), []);
    const noModel = caretProject({ 'databases/databases.yaml': noList, [TABLES]: null }).result;
    assert.deepEqual(modelSourcesWithoutList(noModel), [], 'no model: nothing to say');
  });
});

describe('trackTablesChange', () => {
  const all = [
    { schema: 'public', name: 'az_view' },
    { schema: 'public', name: 'aaa' },
    { schema: 'public', name: 'art' },
  ];

  test('several tables: a file each, every include in its sorted place, one insertion per place, and the result is clean', () => {
    const p = project(SORTED);
    const out = trackTablesChange(p.result, p.result.project.files.get(path(TABLES))!, all);
    assert.ok('change' in out);
    assert.deepEqual(
      out.change.edits.map((e) => [e.span, e.newText]),
      [
        [{ start: 0, end: 0 }, '- "!include public_aaa.yaml"\n- "!include public_art.yaml"\n'],
        [{ start: SORTED.length, end: SORTED.length }, '- "!include public_az_view.yaml"\n'],
      ],
    );
    const files = applyChange(p.files, out.change);
    assert.equal(
      files.get(path(TABLES)),
      '- "!include public_aaa.yaml"\n- "!include public_art.yaml"\n- "!include public_article.yaml"\n- "!include public_author.yaml"\n- "!include public_az_view.yaml"\n',
    );
    assert.equal(files.get(path('databases/default/tables/public_aaa.yaml')), 'table:\n  name: aaa\n  schema: public\n');
    assert.equal(files.get(path('databases/default/tables/public_art.yaml')), 'table:\n  name: art\n  schema: public\n');
    assert.equal(files.get(path('databases/default/tables/public_az_view.yaml')), 'table:\n  name: az_view\n  schema: public\n');
    const after = checkFiles(files, { databases });
    assert.deepEqual(
      after.findings.filter((f) => f.severity === 'error' || f.severity === 'warning').map((f) => f.code),
      [],
    );
    assert.deepEqual(untrackedTables(after)[0]?.tables, []);
    assert.deepEqual(databaseActions(after, path(TABLES)), [], 'no Track action left');
  });

  test('tags kept, a last line without a newline, and an empty list', () => {
    const tagged = project('- !include public_article.yaml\n- !include public_author.yaml');
    const out = trackTablesChange(tagged.result, tagged.result.project.files.get(path(TABLES))!, all);
    assert.ok('change' in out);
    assert.equal(
      applyChange(tagged.files, out.change).get(path(TABLES)),
      '- !include public_aaa.yaml\n- !include public_art.yaml\n- !include public_article.yaml\n- !include public_author.yaml\n- !include public_az_view.yaml\n',
    );
    const empty = caretProject(
      { [TABLES]: '[]\n‸', 'databases/default/tables/public_author.yaml': null, 'databases/default/tables/public_article.yaml': null },
      { databases },
    );
    const none = trackTablesChange(empty.result, empty.result.project.files.get(path(TABLES))!, [{ schema: 'public', name: 'art' }, ...all]);
    assert.ok('change' in none);
    assert.equal(
      applyChange(empty.files, none.change).get(path(TABLES)),
      '- "!include public_aaa.yaml"\n- "!include public_art.yaml"\n- "!include public_az_view.yaml"\n',
    );
  });

  test('refused: no table, a table file already there, a list that is not a block list', () => {
    const p = project(SORTED);
    const list = p.result.project.files.get(path(TABLES))!;
    assert.deepEqual(trackTablesChange(p.result, list, []), { error: 'No table to track was given.' });
    const there = caretProject(
      { [TABLES]: `${SORTED}‸`, 'databases/default/tables/public_aaa.yaml': 'table:\n  name: aaa\n  schema: public\n' },
      { databases },
    );
    assert.deepEqual(trackTablesChange(there.result, there.result.project.files.get(path(TABLES))!, all), {
      error: 'public_aaa.yaml already exists next to tables.yaml; include it there instead.',
    });
    const flow = project('["!include public_article.yaml", "!include public_author.yaml"]\n');
    assert.deepEqual(trackTablesChange(flow.result, flow.result.project.files.get(path(TABLES))!, all), {
      error: 'tables.yaml is not a block list of includes, so the tables cannot be added to it.',
    });
  });

  test('a schema with `.`: the file is named as the export names it, and the check finds nothing to say about it', () => {
    const p = project(SORTED);
    const out = trackTablesChange(p.result, p.result.project.files.get(path(TABLES))!, [{ schema: 'my.schema', name: 't' }]);
    assert.ok('change' in out);
    const exported = metadataToFiles({ version: 3, sources: [{ name: 'default', kind: 'postgres', tables: [{ table: { schema: 'my.schema', name: 't' } }] }] });
    assert.ok(exported.has('databases/default/tables/my.schema_t.yaml'));
    const files = applyChange(p.files, out.change);
    assert.equal(files.get(path('databases/default/tables/my.schema_t.yaml')), 'table:\n  name: t\n  schema: my.schema\n');
    assert.deepEqual(
      checkFiles(files).findings.map((f) => f.code),
      [],
    );
  });

  test('the refactor action of tables.yaml is the same change for one table', () => {
    const p = project(SORTED);
    const actions = databaseActions(p.result, path(TABLES));
    assert.deepEqual(
      actions.map((a) => a.title),
      ['Track table `public.aaa` (from the database)', 'Track table `public.art` (from the database)', 'Track view `public.az_view` (from the database)'],
    );
    const one = trackTablesChange(p.result, p.result.project.files.get(path(TABLES))!, [{ schema: 'public', name: 'art' }]);
    assert.ok('change' in one);
    assert.deepEqual(actions[1]!.change, { edits: one.change.edits, files: one.change.files });
    assert.equal(
      applyChange(p.files, actions[1]!.change).get(path(TABLES)),
      '- "!include public_art.yaml"\n- "!include public_article.yaml"\n- "!include public_author.yaml"\n',
    );
  });
});
