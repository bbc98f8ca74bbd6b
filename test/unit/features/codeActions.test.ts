import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { RootResult } from '../../../server/src/core/check';
import type { Finding } from '../../../server/src/core/diagnostics';
import { quickFixes } from '../../../server/src/core/features/codeActions';
import type { QuickFix } from '../../../server/src/core/features/codeActions';
import { applyChange } from '../helpers/applyChange';
import { SchemaIndex } from '../../../server/src/core/features/schemaIndex';
import { discoverRoots } from '../../../server/src/core/project/discover';
import { loadSchemaSet } from '../../../server/src/node/schemas';
import { caretProject, checkFiles } from '../helpers/features';
import { memoryHost } from '../helpers/memoryHost';
import { BASE, path, ROOT } from '../helpers/project';

const schemas = new SchemaIndex(loadSchemaSet());
const ARTICLE = 'databases/default/tables/public_article.yaml';
const AUTHOR = 'databases/default/tables/public_author.yaml';
const TABLES = 'databases/default/tables/tables.yaml';

interface Fixed {
  readonly fixes: QuickFix[];
  readonly finding: Finding;
  readonly before: RootResult;
  readonly files: Map<string, string>;
}

/** The fixes of the one finding with `code` in BASE overlaid with `files` (schemas on). */
function fixesFor(code: string, files: Record<string, string | null>): Fixed {
  const project = caretProject(files, { schemas: true });
  const matching = project.result.findings.filter((f) => f.code === code);
  assert.equal(matching.length, 1, `one ${code} finding expected, got ${JSON.stringify(project.result.findings.map((f) => f.code))}`);
  const finding = matching[0]!;
  return { fixes: quickFixes({ finding, result: project.result, schemas }), finding, before: project.result, files: project.files };
}

/**
 * Applies a fix, re-checks, and asserts: that finding is gone (with the `alsoGone` ones it settles
 * too), and no other finding appeared. Returns the new files.
 */
function applyAndRecheck(fixed: Fixed, fix: QuickFix, alsoGone: string[] = []): Map<string, string> {
  const files = applyChange(fixed.files, fix.change);
  const after = checkFiles(files, { schemas: true });
  const codes = (r: RootResult): string[] => r.findings.map((f) => f.code).sort();
  const expected = codes(fixed.before);
  for (const code of [fixed.finding.code, ...alsoGone]) {
    assert.ok(expected.includes(code), `${code} was not there before`);
    expected.splice(expected.indexOf(code), 1);
  }
  assert.deepEqual(codes(after), expected, `after "${fix.title}": ${JSON.stringify(after.findings.map((f) => [f.code, f.message]))}`);
  return files;
}

function only(fixed: Fixed, title: string): QuickFix {
  const fix = fixed.fixes.find((f) => f.title === title);
  assert.ok(fix, `no fix "${title}" among ${JSON.stringify(fixed.fixes.map((f) => f.title))}`);
  return fix;
}

describe('quick fix: include-not-found', () => {
  test('creates a missing table file with `table:` from its name (schema with an underscore known to the project)', () => {
    const fixed = fixesFor('include-not-found', {
      [TABLES]: '- "!include public_author.yaml"\n- "!include public_article.yaml"\n- "!include app_data_user_roles.yaml"\n- "!include app_data_audit.yaml"\n',
      'databases/default/tables/app_data_audit.yaml': 'table:\n  name: audit\n  schema: app_data\n',
    });
    assert.deepEqual(
      fixed.fixes.map((f) => [f.title, f.change]),
      [
        [
          'Create databases/default/tables/app_data_user_roles.yaml',
          {
            edits: [],
            files: [
              { kind: 'create', file: path('databases/default/tables/app_data_user_roles.yaml'), text: 'table:\n  name: user_roles\n  schema: app_data\n' },
            ],
          },
        ],
      ],
    );
    applyAndRecheck(fixed, fixed.fixes[0]!);
  });

  test('creates a missing tables.yaml as an empty list', () => {
    const fixed = fixesFor('include-not-found', { [TABLES]: null, [AUTHOR]: null, [ARTICLE]: null });
    assert.deepEqual(fixed.fixes[0]!.change.files, [{ kind: 'create', file: path(TABLES), text: '[]\n' }]);
    applyAndRecheck(fixed, fixed.fixes[0]!);
  });

  test('an included fragment gets what the schema expects there', () => {
    const fixed = fixesFor('include-not-found', {
      'remote_schemas.yaml': '- name: countries\n  definition:\n    url: https://countries.example/graphql\n    headers: !include headers.yaml\n',
    });
    assert.deepEqual(fixed.fixes[0]!.change.files, [{ kind: 'create', file: path('headers.yaml'), text: '' }]);
    applyAndRecheck(fixed, fixed.fixes[0]!);
  });
});

describe('quick fix: table-file-unreferenced', () => {
  test("adds the include to tables.yaml in name order, in the file's include form", () => {
    const fixed = fixesFor('table-file-unreferenced', {
      'databases/default/tables/public_book.yaml': 'table:\n  name: book\n  schema: public\n',
      [TABLES]: '- "!include public_article.yaml"\n- "!include public_author.yaml"\n',
    });
    assert.deepEqual(
      fixed.fixes.map((f) => [f.title, f.change.edits]),
      [['Include public_book.yaml in tables.yaml', [{ file: path(TABLES), span: { start: 65, end: 65 }, newText: '- "!include public_book.yaml"\n' }]]],
    );
    const files = applyAndRecheck(fixed, fixed.fixes[0]!);
    assert.equal(files.get(path(TABLES)), '- "!include public_article.yaml"\n- "!include public_author.yaml"\n- "!include public_book.yaml"\n');
  });

  test('tag form, inserted before a later name', () => {
    const fixed = fixesFor('table-file-unreferenced', {
      'databases/default/tables/public_anthology.yaml': 'table:\n  name: anthology\n  schema: public\n',
      [TABLES]: '- !include public_article.yaml\n- !include public_author.yaml',
    });
    const files = applyAndRecheck(fixed, fixed.fixes[0]!);
    assert.equal(files.get(path(TABLES)), '- !include public_anthology.yaml\n- !include public_article.yaml\n- !include public_author.yaml');
  });
});

describe('quick fix: allow-list-unknown-collection', () => {
  const files = {
    'query_collections.yaml': '- name: allowed-queries\n  definition:\n    queries:\n      - name: q\n        query: query q { author { id } }\n',
    'allow_list.yaml': '- collection: "allowed-querys"\n',
  };

  test('replaces the name with the closest collection, inside its quotes', () => {
    const fixed = fixesFor('allow-list-unknown-collection', files);
    const fix = only(fixed, 'Change to `allowed-queries`');
    assert.deepEqual(fix.change.edits, [{ file: path('allow_list.yaml'), span: { start: 15, end: 29 }, newText: 'allowed-queries' }]);
    assert.equal(applyAndRecheck(fixed, fix).get(path('allow_list.yaml')), '- collection: "allowed-queries"\n');
  });

  test('creates the collection at the end of query_collections.yaml', () => {
    const fixed = fixesFor('allow-list-unknown-collection', files);
    const fix = only(fixed, 'Create query collection `allowed-querys` in query_collections.yaml');
    assert.equal(
      applyAndRecheck(fixed, fix).get(path('query_collections.yaml')),
      `${files['query_collections.yaml']}- name: allowed-querys\n  definition:\n    queries: []\n`,
    );
  });

  test('creates query_collections.yaml when there is none; no replacement without a close name', () => {
    const fixed = fixesFor('allow-list-unknown-collection', { 'allow_list.yaml': '- collection: reports\n' });
    assert.deepEqual(
      fixed.fixes.map((f) => f.change),
      [{ edits: [], files: [{ kind: 'create', file: path('query_collections.yaml'), text: '- name: reports\n  definition:\n    queries: []\n' }] }],
    );
    applyAndRecheck(fixed, fixed.fixes[0]!);
  });

  test('no replacement that would list a collection twice', () => {
    const fixed = fixesFor('allow-list-unknown-collection', { ...files, 'allow_list.yaml': '- collection: allowed-queries\n- collection: allowed-querys\n' });
    assert.deepEqual(
      fixed.fixes.map((f) => f.title),
      ['Create query collection `allowed-querys` in query_collections.yaml'],
    );
  });
});

describe('quick fix: relationship-name-duplicate', () => {
  test('renames the second one to a free name', () => {
    const fixed = fixesFor('relationship-name-duplicate', {
      [ARTICLE]:
        'table:\n  name: article\n  schema: public\nobject_relationships:\n  - name: author\n    using:\n      foreign_key_constraint_on: author_id\narray_relationships:\n  - name: author\n    using:\n      foreign_key_constraint_on:\n        columns: [article_id]\n        table: author\nselect_permissions:\n  - role: user\n    permission:\n      columns: [author_2]\n      filter: {}\n',
    });
    assert.deepEqual(
      fixed.fixes.map((f) => f.title),
      ['Rename this one to `author_3`'],
    );
    const files = applyAndRecheck(fixed, fixed.fixes[0]!);
    assert.match(files.get(path(ARTICLE))!, /array_relationships:\n {2}- name: author_3\n/);
  });
});

describe('quick fix: remote-schema-url', () => {
  const both = {
    'remote_schemas.yaml':
      '- name: countries\n  definition:\n    url: https://countries.example/graphql\n    url_from_env: COUNTRIES_URL\n    timeout_seconds: 60\n',
  };
  test('keep `url`', () => {
    const fixed = fixesFor('remote-schema-url', both);
    const files = applyAndRecheck(fixed, only(fixed, 'Keep `url` (remove `url_from_env`)'));
    assert.equal(
      files.get(path('remote_schemas.yaml')),
      '- name: countries\n  definition:\n    url: https://countries.example/graphql\n    timeout_seconds: 60\n',
    );
  });
  test('keep `url_from_env`, also in a flow mapping', () => {
    const fixed = fixesFor('remote-schema-url', {
      'remote_schemas.yaml': '- name: countries\n  definition: {url: "https://countries.example/graphql", url_from_env: COUNTRIES_URL}\n',
    });
    const files = applyAndRecheck(fixed, only(fixed, 'Keep `url_from_env` (remove `url`)'));
    assert.equal(files.get(path('remote_schemas.yaml')), '- name: countries\n  definition: {url_from_env: COUNTRIES_URL}\n');
  });
  test('no fix when neither is given', () => {
    assert.deepEqual(fixesFor('remote-schema-url', { 'remote_schemas.yaml': '- name: countries\n  definition:\n    timeout_seconds: 60\n' }).fixes, []);
  });
});

describe('quick fix: relationship-deprecated-column', () => {
  test('`column: x` becomes a `columns` list', () => {
    const fixed = fixesFor('relationship-deprecated-column', { [AUTHOR]: BASE_AUTHOR.replace('columns:\n          - author_id', 'column: author_id') });
    const files = applyAndRecheck(fixed, fixed.fixes[0]!);
    assert.equal(files.get(path(AUTHOR)), BASE_AUTHOR);
  });
  test('in a flow mapping, a flow list', () => {
    const fixed = fixesFor('relationship-deprecated-column', {
      [AUTHOR]: BASE_AUTHOR.replace(/foreign_key_constraint_on:\n[^]*?schema: public\n/, 'foreign_key_constraint_on: {table: article, column: author_id}\n'),
    });
    const files = applyAndRecheck(fixed, fixed.fixes[0]!);
    assert.match(files.get(path(AUTHOR))!, /foreign_key_constraint_on: \{table: article, columns: \[author_id\]\}\n/);
  });
});

describe('quick fix: table-file-name-mismatch', () => {
  const files = {
    [TABLES]: '- "!include public_author.yaml"\n- "!include public_article.yaml"\n- "!include public_books.yaml"\n',
    'databases/default/tables/public_books.yaml': 'table:\n  name: book\n  schema: public\n',
  };

  test('rename the file and its include, as one change', () => {
    const fixed = fixesFor('table-file-name-mismatch', files);
    const fix = only(fixed, 'Rename the file to public_book.yaml');
    assert.deepEqual(fix.change, {
      edits: [{ file: path(TABLES), span: { start: 77, end: 94 }, newText: 'public_book.yaml' }],
      files: [{ kind: 'rename', from: path('databases/default/tables/public_books.yaml'), to: path('databases/default/tables/public_book.yaml') }],
    });
    applyAndRecheck(fixed, fix);
  });

  test('or change `table:` to the name the file gives', () => {
    const fixed = fixesFor('table-file-name-mismatch', files);
    const fix = only(fixed, 'Change `table:` to public.books');
    assert.equal(applyAndRecheck(fixed, fix).get(path('databases/default/tables/public_books.yaml')), 'table:\n  name: books\n  schema: public\n');
  });

  test('not `table:` when other tables point at the table by its current name', () => {
    const fixed = fixesFor('table-file-name-mismatch', {
      [TABLES]: '- "!include public_author.yaml"\n- "!include public_articles.yaml"\n',
      [ARTICLE]: null,
      'databases/default/tables/public_articles.yaml': BASE_ARTICLE,
    });
    assert.deepEqual(
      fixed.fixes.map((f) => f.title),
      ['Rename the file to public_article.yaml'],
    );
  });
});

describe('quick fix: version-missing', () => {
  test('creates version.yaml, after which the folder is a root', () => {
    const files = caretProject({ 'version.yaml': null }).files;
    const problems = discoverRoots('/p', memoryHost(Object.fromEntries(files))).problems;
    assert.deepEqual(
      problems.map((p) => p.code),
      ['version-missing'],
    );
    const fixes = quickFixes({ finding: problems[0]! });
    assert.deepEqual(
      fixes.map((f) => f.change),
      [{ edits: [], files: [{ kind: 'create', file: `${ROOT}/version.yaml`, text: 'version: 3\n' }] }],
    );
    const after = discoverRoots('/p', memoryHost(Object.fromEntries(applyChange(files, fixes[0]!.change))));
    assert.deepEqual([after.roots, after.problems], [[ROOT], []]);
  });
});

describe('quick fix: action-not-in-graphql', () => {
  const yaml = (kind: string): string => `actions:\n  - name: login\n    definition:\n      kind: ${kind}\n      handler: http://auth/login\n`;

  test('declares the action in actions.graphql the way the CLI writes it (a mutation)', () => {
    const graphql = 'type Query {\n  me: String\n}\n';
    const fixed = fixesFor('action-not-in-graphql', {
      'actions.yaml': `${yaml('synchronous')}  - name: me\n    definition:\n      kind: ""\n      handler: http://auth/me\n`,
      'actions.graphql': graphql,
    });
    assert.deepEqual(
      fixed.fixes.map((f) => f.title),
      ['Declare `login` in actions.graphql (type Mutation, returns String)'],
    );
    assert.equal(applyAndRecheck(fixed, fixed.fixes[0]!).get(path('actions.graphql')), `${graphql}\ntype Mutation {\n  login: String\n}\n`);
  });

  test('a `kind: ""` action becomes a query; without actions.graphql the file is created', () => {
    const fixed = fixesFor('action-not-in-graphql', { 'actions.yaml': yaml('""') });
    assert.deepEqual(
      fixed.fixes.map((f) => f.change),
      [{ edits: [], files: [{ kind: 'create', file: path('actions.graphql'), text: 'type Query {\n  login: String\n}\n' }] }],
    );
    applyAndRecheck(fixed, fixed.fixes[0]!);
  });

  test('or takes the close name actions.graphql declares (which settles that field too)', () => {
    const fixed = fixesFor('action-not-in-graphql', { 'actions.yaml': yaml('synchronous'), 'actions.graphql': 'type Mutation {\n  logIn: String\n}\n' });
    const fix = only(fixed, 'Change to `logIn` (declared in actions.graphql)');
    assert.deepEqual(fix.change.edits, [{ file: path('actions.yaml'), span: { start: 19, end: 24 }, newText: 'logIn' }]);
    applyAndRecheck(fixed, fix, ['action-not-in-yaml']);
  });
});

describe('quick fix: action-not-in-yaml', () => {
  const graphql = 'type Mutation {\n  login: String\n}\n\ntype Query {\n  me: String\n}\n';
  const login = 'actions:\n  - name: login\n    definition:\n      kind: synchronous\n      handler: http://auth/login\n';

  test('adds an entry after the last action (`kind: ""` for a query)', () => {
    const fixed = fixesFor('action-not-in-yaml', { 'actions.graphql': graphql, 'actions.yaml': `${login}custom_types: {}\n` });
    assert.deepEqual(
      fixed.fixes.map((f) => f.title),
      ['Add `me` to actions.yaml'],
    );
    const files = applyAndRecheck(fixed, fixed.fixes[0]!);
    assert.equal(
      files.get(path('actions.yaml')),
      `${login}  - name: me\n    definition:\n      kind: ""\n      handler: "{{ACTION_BASE_URL}}/me"\ncustom_types: {}\n`,
    );
  });

  test('fills an empty `actions: []`, and creates actions.yaml when there is none', () => {
    const empty = fixesFor('action-not-in-yaml', {
      'actions.graphql': 'type Mutation {\n  login: String\n}\n',
      'actions.yaml': 'actions: []\ncustom_types: {}\n',
    });
    const files = applyAndRecheck(empty, empty.fixes[0]!);
    assert.equal(
      files.get(path('actions.yaml')),
      'actions:\n  - name: login\n    definition:\n      kind: synchronous\n      handler: "{{ACTION_BASE_URL}}/login"\ncustom_types: {}\n',
    );
    const none = fixesFor('action-not-in-yaml', { 'actions.graphql': 'type Mutation {\n  login: String\n}\n' });
    assert.deepEqual(none.fixes[0]!.change.files, [
      {
        kind: 'create',
        file: path('actions.yaml'),
        text: 'actions:\n  - name: login\n    definition:\n      kind: synchronous\n      handler: "{{ACTION_BASE_URL}}/login"\n',
      },
    ]);
    applyAndRecheck(none, none.fixes[0]!);
  });

  test('or renames the field to the close action of actions.yaml', () => {
    const fixed = fixesFor('action-not-in-yaml', { 'actions.graphql': 'type Mutation {\n  logIn: String\n}\n', 'actions.yaml': login });
    const fix = only(fixed, 'Rename the field to `login` (the action in actions.yaml)');
    assert.deepEqual(fix.change.edits, [{ file: path('actions.graphql'), span: { start: 18, end: 23 }, newText: 'login' }]);
    applyAndRecheck(fixed, fix, ['action-not-in-graphql']);
  });
});

const BASE_AUTHOR = BASE['databases/default/tables/public_author.yaml']!;
const BASE_ARTICLE = BASE['databases/default/tables/public_article.yaml']!;
