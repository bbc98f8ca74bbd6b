import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { dbModel, models } from '../helpers/dbModel';
import type { ModelSpec } from '../helpers/dbModel';
import { assertMarked, BASE, check } from '../helpers/project';

/** The database BASE (helpers/project.ts) describes: author 1-n article. */
const SPEC: ModelSpec = {
  relations: {
    'public.author': { columns: { id: 'integer', name: 'text' }, pk: ['id'] },
    'public.article': { columns: { id: 'integer', author_id: 'integer', title: 'text?' }, pk: ['id'], fks: ['author_id -> public.author(id)'] },
  },
};
const db = (spec: Partial<ModelSpec> = {}): ReturnType<typeof models> =>
  models(dbModel({ ...SPEC, ...spec, relations: { ...SPEC.relations, ...spec.relations } }));

const AUTHOR = 'databases/default/tables/public_author.yaml';
const ARTICLE = 'databases/default/tables/public_article.yaml';
const article = (body: string): Record<string, string> => ({ [ARTICLE]: `table:\n  name: article\n  schema: public\n${body}` });
const author = (body: string): Record<string, string> => ({ [AUTHOR]: `table:\n  name: author\n  schema: public\n${body}` });

function codes(files: Record<string, string | null>, databases = db()): string[] {
  return check(files, { databases }).result.findings.map((f) => f.code);
}

describe('database rules on a project that matches its database', () => {
  test('BASE against its own database: no finding at all', () => {
    assert.deepEqual(codes({}), []);
  });
  test('without a model the database rules are silent, whatever the metadata says', () => {
    const { result } = check(article('select_permissions:\n  - role: user\n    permission:\n      columns: [nope]\n      filter: {}\n'));
    assert.deepEqual(
      result.findings.filter((f) => f.code.startsWith('db-')),
      [],
    );
  });
});

describe('db-table-missing', () => {
  test('a tracked table the database lacks, at its `table:` value, with the closest name', () => {
    const relations = { 'public.author': SPEC.relations['public.author']!, 'public.articles': SPEC.relations['public.article']! };
    const result = assertMarked(
      'db-table-missing',
      { [ARTICLE]: 'table:\n  ⟦name: article\n  schema: public⟧\n' },
      { databases: models(dbModel({ relations })) },
    );
    const f = result.findings.find((x) => x.code === 'db-table-missing')!;
    assert.equal(
      f.message,
      '`public.article` is tracked, but the database the migrations build has no such table or view; the engine marks it inconsistent. Did you mean `public.articles`?',
    );
    assert.deepEqual(f.data, { source: 'default', table: 'public.article', suggestion: 'public.articles' });
  });
  test('a schema the migrations never create (nhost `auth`) and a name a failed statement mentions are not judged', () => {
    const files = {
      'databases/default/tables/tables.yaml':
        '- "!include public_author.yaml"\n- "!include public_article.yaml"\n- "!include auth_users.yaml"\n- "!include public_ghost.yaml"\n',
      'databases/default/tables/auth_users.yaml': 'table:\n  name: users\n  schema: auth\n',
      'databases/default/tables/public_ghost.yaml': 'table:\n  name: ghost\n  schema: public\n',
    };
    assertMarked('db-table-missing', files, { databases: db({ uncertain: ['ghost'] }) });
    // A schema the migrations only use (nhost's auth, made as a stand-in to apply them) is not judged either.
    assertMarked(
      'db-table-missing',
      {
        ...files,
        'databases/default/tables/public_ghost.yaml': null,
        'databases/default/tables/tables.yaml': '- "!include public_author.yaml"\n- "!include public_article.yaml"\n- "!include auth_users.yaml"\n',
      },
      { databases: models({ ...dbModel({ ...SPEC, schemas: ['public', 'auth'] }), externalSchemas: ['auth'] }) },
    );
    assertMarked(
      'db-table-missing',
      {
        ...files,
        'databases/default/tables/public_ghost.yaml': null,
        'databases/default/tables/tables.yaml': '- "!include public_author.yaml"\n- "!include public_article.yaml"\n- "!include auth_users.yaml"\n',
        'databases/default/tables/auth_users.yaml': 'table:\n  ⟦name: users\n  schema: auth⟧\n',
      },
      { databases: models(dbModel({ ...SPEC, schemas: ['public', 'auth'] })) },
    );
    assertMarked(
      'db-table-missing',
      { ...files, 'databases/default/tables/public_ghost.yaml': 'table:\n  ⟦name: ghost\n  schema: public⟧\n' },
      { databases: db() },
    );
  });
});

describe('db-column-missing', () => {
  test('permission columns and presets, with the closest column and what names it', () => {
    const result = assertMarked(
      'db-column-missing',
      article(`insert_permissions:
  - role: user
    permission:
      check: {}
      columns: [id, ⟦titel⟧]
      set:
        ⟦author⟧: x-hasura-user-id
`),
      { databases: db() },
    );
    const [first, second] = result.findings.filter((x) => x.code === 'db-column-missing');
    assert.equal(
      first!.message,
      '`public.article` has no column `titel` in the database the migrations build (named by the insert permission of role `user`). Did you mean `title`?',
    );
    assert.deepEqual(first!.data, { source: 'default', table: 'public.article', column: 'titel', suggestion: 'title' });
    assert.equal(
      second!.message,
      '`public.article` has no column `author` in the database the migrations build (named by the preset of the insert permission of role `user`).',
    );
  });
  test('filter keys, through relationships (also one whose target only the foreign key tells) and _exists; relationship, computed-field and aggregate keys are not columns, but the `arguments` and `filter` of an aggregate name columns of the array relationship table (one walker: project/boolExp.ts)', () => {
    assertMarked(
      'db-column-missing',
      {
        ...article(`object_relationships:
  - name: author
    using:
      foreign_key_constraint_on: author_id
computed_fields:
  - name: score
    definition:
      function: article_score
select_permissions:
  - role: user
    permission:
      columns: '*'
      filter:
        _and:
          - ⟦titel⟧: {_eq: x}
          - author: {⟦nme⟧: {_eq: x}, id: {_eq: x}}
          - score: {_gt: 1}
          - _exists: {_table: {schema: public, name: author}, _where: {⟦naem⟧: {_eq: x}}}
          - _not: {⟦auth_id⟧: {_is_null: true}}
`),
        ...author(`array_relationships:
  - name: articles
    using:
      foreign_key_constraint_on:
        columns: [author_id]
        table: {name: article, schema: public}
select_permissions:
  - role: user
    permission:
      columns: [id]
      filter: {articles_aggregate: {count: {predicate: {_gt: 0}, arguments: [⟦idd⟧], filter: {⟦tite⟧: {_eq: x}}}}, articles: {⟦titl⟧: {_eq: x}}}
`),
      },
      { databases: db() },
    );
  });
  test('column_config, custom_column_names, event trigger columns, foreign keys and column_mapping on both sides', () => {
    assertMarked(
      'db-column-missing',
      article(`configuration:
  column_config:
    ⟦ttle⟧: {custom_name: heading}
  custom_column_names:
    ⟦autor_id⟧: writer
object_relationships:
  - name: writer
    using:
      manual_configuration:
        remote_table: {schema: public, name: author}
        column_mapping:
          ⟦writer_id⟧: ⟦ident⟧
  - name: author
    using:
      foreign_key_constraint_on: ⟦authorid⟧
array_relationships:
  - name: siblings
    using:
      foreign_key_constraint_on:
        table: {schema: public, name: article}
        columns: [⟦parent_id⟧]
event_triggers:
  - name: on_change
    definition:
      update:
        columns: [id, ⟦titel⟧]
      insert: {columns: '*'}
    webhook: http://example.com
`),
      { databases: db() },
    );
  });
  test('a column of a table the model does not judge is never reported', () => {
    assertMarked('db-column-missing', article('select_permissions:\n  - role: user\n    permission:\n      columns: [fresh]\n      filter: {}\n'), {
      databases: db({ uncertain: ['fresh'] }),
    });
  });
  test("a platform's table (nhost's storage.files, from its definition) has columns the definition does not vouch for: not reported; the same table outside a platform schema is", () => {
    const files = (marked: boolean): Record<string, string> => ({
      'databases/default/tables/tables.yaml': '- "!include public_author.yaml"\n- "!include public_article.yaml"\n- "!include storage_files.yaml"\n',
      'databases/default/tables/storage_files.yaml': `table:\n  name: files\n  schema: storage\nselect_permissions:\n  - role: user\n    permission:\n      columns: [id, ${marked ? '⟦is_uploaded⟧' : 'is_uploaded'}]\n      filter: {}\n`,
    });
    const spec = { ...SPEC, schemas: ['public', 'storage'], relations: { ...SPEC.relations, 'storage.files': { columns: { id: 'uuid' }, pk: ['id'] } } };
    assertMarked('db-column-missing', files(false), { databases: models({ ...dbModel(spec), externalSchemas: ['storage'] }) });
    assertMarked('db-column-missing', files(true), { databases: models(dbModel(spec)) });
  });
});

describe('db-foreign-key-missing and db-foreign-key-ambiguous', () => {
  const noFk = (): ReturnType<typeof models> => db({ relations: { 'public.article': { ...SPEC.relations['public.article']!, fks: [] } } });
  test('both forms of foreign_key_constraint_on without a key on those columns', () => {
    const result = assertMarked(
      'db-foreign-key-missing',
      {
        ...author(`array_relationships:
  - name: articles
    using:
      foreign_key_constraint_on:
        ⟦columns:
          - author_id
        table:
          name: article
          schema: public⟧
`),
        ...article('object_relationships:\n  - name: author\n    using:\n      foreign_key_constraint_on: ⟦author_id⟧\n'),
      },
      { databases: noFk() },
    );
    const f = result.findings.find((x) => x.code === 'db-foreign-key-missing' && x.file.endsWith('public_article.yaml'))!;
    assert.equal(
      f.message,
      'No foreign key of `public.article` is on (author_id) in the database the migrations build; the engine marks relationship `author` inconsistent ("no foreign constraint exists on the given column(s)"). Add the constraint in a migration, or use `manual_configuration`.',
    );
  });
  test('a key to another table does not serve the array relationship; two keys on the same columns are ambiguous', () => {
    const other = db({
      relations: {
        'public.editor': { columns: { id: 'integer' }, pk: ['id'] },
        'public.article': { ...SPEC.relations['public.article']!, fks: ['author_id -> public.editor(id)', 'author_id -> public.author(id)'] },
      },
    });
    assertMarked('db-foreign-key-ambiguous', article('object_relationships:\n  - name: author\n    using:\n      foreign_key_constraint_on: ⟦author_id⟧\n'), {
      databases: other,
    });
    const onlyEditor = db({
      relations: {
        'public.editor': { columns: { id: 'integer' }, pk: ['id'] },
        'public.article': { ...SPEC.relations['public.article']!, fks: ['author_id -> public.editor(id)'] },
      },
    });
    assertMarked(
      'db-foreign-key-missing',
      author('array_relationships:\n  - name: articles\n    using:\n      foreign_key_constraint_on: ⟦{table: article, columns: [author_id]}⟧\n'),
      { databases: onlyEditor },
    );
    // `column` takes a list too, as the engine reads it.
    assertMarked(
      'db-foreign-key-missing',
      author('array_relationships:\n  - name: articles\n    using:\n      foreign_key_constraint_on: ⟦{table: article, column: [author_id]}⟧\n'),
      { databases: onlyEditor },
    );
  });
});

describe('what a failed migration statement names is not judged by the other rules either', () => {
  test('no foreign-key, uniqueness, column-clash or enum finding on a table a failed statement names', () => {
    const uncertain = db({
      uncertain: ['article'],
      relations: { 'public.article': { columns: { id: 'integer', author_id: 'integer', title: 'text' }, pk: ['id'] } },
    });
    const files = {
      ...article(`is_enum: true
object_relationships:
  - name: title
    using:
      foreign_key_constraint_on: author_id
`),
      ...author(`object_relationships:
  - name: latest
    using:
      manual_configuration:
        remote_table: {schema: public, name: article}
        column_mapping: {id: author_id}
`),
    };
    assert.deepEqual(codes(files, uncertain), []);
    assert.deepEqual(
      codes(files, db({ relations: { 'public.article': { columns: { id: 'integer', author_id: 'integer', title: 'text' }, pk: ['id'] } } })).sort(),
      ['db-enum-table-invalid', 'db-foreign-key-missing', 'db-object-relationship-not-unique', 'relationship-name-conflicts-column'],
    );
  });
});

describe('db-object-relationship-not-unique', () => {
  test('a manual object relationship onto columns no key covers (an info: the engine accepts it, the data may keep them unique); onto the primary key it is fine', () => {
    const result = assertMarked(
      'db-object-relationship-not-unique',
      author(`object_relationships:
  - name: latest_article
    using:
      manual_configuration:
        remote_table: {schema: public, name: article}
        column_mapping: ⟦{id: author_id}⟧
  - name: same_id_article
    using:
      manual_configuration:
        remote_table: {schema: public, name: article}
        column_mapping: {id: id}
`),
      { databases: db() },
    );
    const found = result.findings.find((f) => f.code === 'db-object-relationship-not-unique')!;
    assert.equal(found.severity, 'info');
    assert.equal(
      found.message,
      'No primary key or unique constraint of `public.article` covers (author_id) in the database the migrations build, so object relationship `latest_article` can match many rows and then returns one of them. If several rows can match, make it an array relationship; if they cannot, a unique constraint says so.',
    );
  });
});

describe('relationship-name-conflicts-column (columns only the database knows)', () => {
  test('a relationship named like a real column', () => {
    assertMarked(
      'relationship-name-conflicts-column',
      article('object_relationships:\n  - name: ⟦title⟧\n    using:\n      foreign_key_constraint_on: author_id\n'),
      { databases: db() },
    );
  });
});

describe('db-enum-table-invalid', () => {
  test('is_enum on a table with an integer key and two more columns', () => {
    const enumDb = db({ relations: { 'public.article': { columns: { id: 'integer', label: 'text', rank: 'integer' }, pk: ['id'] } } });
    const result = assertMarked('db-enum-table-invalid', article('is_enum: ⟦true⟧\n'), { databases: enumDb });
    assert.equal(
      result.findings.find((f) => f.code === 'db-enum-table-invalid')!.message,
      '`public.article` cannot be an enum table in the database the migrations build: its primary key `id` has type integer, not text; it has 2 columns besides the primary key (label, rank); one comment column at most. The engine marks it inconsistent.',
    );
  });
  test('a text key and one text comment column is a valid enum table', () => {
    const enumDb = db({ relations: { 'public.article': { columns: { value: 'text', comment: 'text?' }, pk: ['value'] } } });
    assertMarked('db-enum-table-invalid', article('is_enum: true\n'), { databases: enumDb });
  });
});

const WITH_FUNCTIONS = (functions: string): Record<string, string> => ({
  'databases/databases.yaml': `${BASE['databases/databases.yaml']!}  functions:
${functions}`,
});

describe('db-function-missing and db-function-invalid (tracked functions)', () => {
  const functions = {
    'public.search_articles': { args: ['q text'], returns: 'article', returnsRelation: 'public.article', setof: true },
    'public.article_count': { args: ['q text'], returns: 'integer' },
    'public.make_author': { args: ['name text'], returns: 'author', returnsRelation: 'public.author', volatility: 'volatile' as const },
    'public.overloaded': [
      { args: ['a text'], returns: 'author', returnsRelation: 'public.author' },
      { args: ['a integer'], returns: 'author', returnsRelation: 'public.author' },
    ],
  };
  test('missing with the closest name; not a table result; overloaded; exposed as mutation while STABLE; fine ones silent', () => {
    const files = WITH_FUNCTIONS(`    - function: {schema: public, name: search_articles}
    - function: ⟦{schema: public, name: search_article}⟧
    - function: ⟦article_count⟧
    - function: ⟦overloaded⟧
    - function: ⟦search_articles⟧
      configuration: {exposed_as: mutation}
    - function: make_author
`);
    const { result, spans } = check(files, { databases: db({ functions }) });
    const found = result.findings.filter((f) => f.code.startsWith('db-function')).map((f) => `${f.code} ${f.span.start}-${f.span.end} ${f.message}`);
    const s = Object.values(spans)[0]!;
    assert.deepEqual(found, [
      `db-function-missing ${s[0]!.start}-${s[0]!.end} Function \`public.search_article\` is tracked, but the database the migrations build has no such function; the engine marks it inconsistent. Did you mean \`public.search_articles\`?`,
      `db-function-invalid ${s[1]!.start}-${s[1]!.end} The engine cannot track \`public.article_count\`: it returns integer, not a table.`,
      `db-function-invalid ${s[2]!.start}-${s[2]!.end} The engine cannot track \`public.overloaded\`: it is overloaded (2 functions have that name) in the database the migrations build.`,
      `db-function-invalid ${s[3]!.start}-${s[3]!.end} The engine cannot track \`public.search_articles\`: it is exposed as a mutation but is STABLE, not VOLATILE.`,
    ]);
  });
  test('a result table that the source does not track', () => {
    const files = { ...WITH_FUNCTIONS('    - function: ⟦search_editors⟧\n') };
    const withEditor = db({
      relations: { 'public.editor': { columns: { id: 'integer' }, pk: ['id'] } },
      functions: { 'public.search_editors': { returns: 'editor', returnsRelation: 'public.editor', setof: true } },
    });
    const result = assertMarked('db-function-invalid', files, { databases: withEditor });
    assert.match(result.findings.find((f) => f.code === 'db-function-invalid')!.message, /it returns `public\.editor`, which is not tracked\.$/);
  });
});

describe('db-computed-field-invalid', () => {
  const computed = (fn: string, extra = ''): Record<string, string> =>
    article(`computed_fields:\n  - name: score\n    definition:\n      function: ${fn}\n${extra}`);
  const functions = {
    'public.article_score': { args: ['a article'], returns: 'integer' },
    'public.author_score': { args: ['a author'], returns: 'integer' },
    'public.touch': { args: ['a article'], returns: 'integer', volatility: 'volatile' as const },
    'public.with_session': { args: ['hasura_session json', 'row public.article'], returns: 'integer' },
  };
  test('the first argument of another table, a VOLATILE function, a table argument that is no argument; fine ones silent', () => {
    assertMarked('db-computed-field-invalid', computed('article_score'), { databases: db({ functions }) });
    assertMarked('db-computed-field-invalid', computed('with_session', '      table_argument: row\n      session_argument: hasura_session\n'), {
      databases: db({ functions }),
    });
    const wrong = assertMarked('db-computed-field-invalid', computed('⟦author_score⟧'), { databases: db({ functions }) });
    assert.equal(
      wrong.findings.find((f) => f.code === 'db-computed-field-invalid')!.message,
      'Computed field `score` cannot use `public.author_score` on `public.article`: its first argument has type author, not the row type of `public.article`.',
    );
    const volatile = assertMarked('db-computed-field-invalid', computed('⟦touch⟧'), { databases: db({ functions }) });
    assert.match(volatile.findings.find((f) => f.code === 'db-computed-field-invalid')!.message, /it is VOLATILE/);
    assertMarked('db-computed-field-invalid', computed('⟦article_score⟧', '      table_argument: row\n'), { databases: db({ functions }) });
  });
  test('a computed field over a missing function', () => {
    assertMarked('db-function-missing', computed('⟦{schema: public, name: article_scor}⟧'), { databases: db({ functions }) });
  });
});
