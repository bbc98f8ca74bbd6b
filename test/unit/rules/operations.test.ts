import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { dbModel, models, withColumnOrigin } from '../helpers/dbModel';
import { ADMIN_SDL, BASE_ORIGINS, sdlSchemas, USER_SDL } from '../helpers/graphqlSchemas';
import type { RootResult } from '../../../server/src/core/check';
import { ParseCache } from '../../../server/src/core/project/cache';
import { RootSession } from '../../../server/src/core/session';
import { memoryHost } from '../helpers/memoryHost';
import { assertMarked, BASE, check, path, ROOT } from '../helpers/project';

const schemas = sdlSchemas({ admin: { sdl: ADMIN_SDL, origins: BASE_ORIGINS }, user: USER_SDL });

const collection = (queries: string): string => `- name: allowed-queries
  definition:
    queries:
${queries}`;

describe('operation-invalid', () => {
  test('an unknown field in a block scalar, at its exact place, with the closest field suggested', () => {
    const result = assertMarked(
      'operation-invalid',
      {
        'query_collections.yaml': collection(`      - name: authors
        query: |
          query authors {
            author {
              id
              ⟦nme⟧
            }
          }
`),
      },
      { graphqlSchemas: schemas },
    );
    const f = result.findings.find((x) => x.code === 'operation-invalid')!;
    assert.equal(f.severity, 'error');
    assert.equal(
      f.message,
      'In query `authors` of collection `allowed-queries`: Cannot query field "nme" on type "author". Did you mean "name"? The engine marks the query inconsistent metadata: an apply fails.',
    );
    assert.deepEqual(f.data, { field: 'nme', type: 'author', suggestion: 'name' });
  });

  test('in a double-quoted string with escapes, an unknown field, an unknown root field and an unknown variable type', () => {
    assertMarked(
      'operation-invalid',
      {
        'query_collections.yaml': collection(`      - name: q
        query: "query q($id: ⟦bigint⟧) {\\n  author(where: {name: {_eq: \\"x\\"}}) { ⟦nme⟧ }\\n  ⟦authors⟧ { id }\\n}"
`),
      },
      { graphqlSchemas: schemas },
    );
  });

  test('a selection on a scalar and a missing selection on an object, in a folded plain scalar', () => {
    assertMarked(
      'operation-invalid',
      {
        'query_collections.yaml': collection(`      - name: q
        query: query q { author { id ⟦{ x }⟧ } ⟦article⟧ }
`),
      },
      { graphqlSchemas: schemas },
    );
  });

  test('the REST endpoints a broken query backs are named, with related places', () => {
    const { result } = check(
      {
        'query_collections.yaml': collection(`      - name: q
        query: query q { author { nme } }
`),
        'rest_endpoints.yaml':
          '- name: get-authors\n  url: authors\n  methods: [GET]\n  definition:\n    query:\n      collection_name: allowed-queries\n      query_name: q\n',
      },
      { graphqlSchemas: schemas },
    );
    const f = result.findings.find((x) => x.code === 'operation-invalid')!;
    assert.match(f.message, / It backs the REST endpoint `get-authors`\.$/);
    assert.deepEqual(
      f.related?.map((r) => r.file),
      [path('rest_endpoints.yaml')],
    );
  });

  test('a column a migration renamed: the quick fix names its new field, and the message says so', () => {
    const renamed = dbModel({
      relations: { 'public.author': { columns: { id: 'integer', full_name: 'text' } }, 'public.article': { columns: { id: 'integer', author_id: 'integer' } } },
    });
    const model = withColumnOrigin(renamed, 'public.author', 'full_name', {
      file: '/p/migrations/default/2_rename/up.sql',
      start: 0,
      end: 10,
      renamedFrom: ['name'],
    });
    const sdl = ADMIN_SDL.replace('  name: String!', '  full_name: String!');
    const origins = { ...BASE_ORIGINS, 'author.full_name': { ...BASE_ORIGINS['author.name']!, name: 'full_name' } } as typeof BASE_ORIGINS;
    delete (origins as Record<string, unknown>)['author.name'];
    const result = assertMarked(
      'operation-invalid',
      { 'query_collections.yaml': collection('      - name: q\n        query: query q { author { id ⟦name⟧ } }\n') },
      { graphqlSchemas: sdlSchemas({ admin: { sdl, origins } }), databases: models(model) },
    );
    const f = result.findings.find((x) => x.code === 'operation-invalid')!;
    assert.match(f.message, /Cannot query field "name" on type "author"\. Did you mean "full_name"\? \(a migration renamed column `name` to `full_name`\)/);
    assert.deepEqual(f.data, { field: 'name', type: 'author', suggestion: 'full_name' });
  });

  test('a column given a custom name: the quick fix names its GraphQL name', () => {
    const sdl = ADMIN_SDL.replace('  name: String!', '  full_name: String!');
    const origins = { ...BASE_ORIGINS, 'author.full_name': BASE_ORIGINS['author.name']! } as typeof BASE_ORIGINS;
    delete (origins as Record<string, unknown>)['author.name'];
    const result = assertMarked(
      'operation-invalid',
      { 'query_collections.yaml': collection('      - name: q\n        query: query q { author { id ⟦name⟧ } }\n') },
      { graphqlSchemas: sdlSchemas({ admin: { sdl, origins } }) },
    );
    const f = result.findings.find((x) => x.code === 'operation-invalid')!;
    assert.match(f.message, /Did you mean "full_name"\? \(column `name` has the custom name `full_name`\)/);
    assert.deepEqual(f.data, { field: 'name', type: 'author', suggestion: 'full_name' });
  });

  test('an unknown field on a type the schema lists only in part (remote schemas left out) is not judged', () => {
    assertMarked(
      'operation-invalid',
      { 'query_collections.yaml': collection('      - name: q\n        query: query q { remoteThing { id } author { ⟦nme⟧ } }\n') },
      { graphqlSchemas: sdlSchemas({ admin: { sdl: ADMIN_SDL, partial: ['query_root'] } }) },
    );
  });

  test('valid operations, unused variables (the engine does not check them) and @cached are fine; without a schema, silence', () => {
    const files = {
      'query_collections.yaml': collection(`      - name: q
        query: |
          query q($unused: Int, $id: Int!) @cached(ttl: 60) {
            author(where: {id: {_eq: $id}}, order_by: [{name: asc}]) { id name articles { title } }
            author_by_pk(id: 1) { __typename }
          }
      - name: m
        query: mutation m { insert_author_one(object: {name: "x"}) { id } }
`),
    };
    assertMarked('operation-invalid', files, { graphqlSchemas: schemas });
    assertMarked('operation-rejected', files, { graphqlSchemas: schemas });
    const { result } = check({ 'query_collections.yaml': collection('      - name: q\n        query: query q { nothing }\n') });
    assert.deepEqual(
      result.findings.filter((f) => f.code.startsWith('operation-')),
      [],
    );
  });
});

describe('operation-rejected', () => {
  test('wrong argument values, unknown arguments, a missing required argument and an undefined variable: warnings', () => {
    const result = assertMarked(
      'operation-rejected',
      {
        'query_collections.yaml': collection(`      - name: q
        query: |
          query q {
            author(limit: ⟦"ten"⟧, ⟦offset⟧: 1) { id }
            ⟦author_by_pk⟧ { id }
            article(where: {id: {_eq: ⟦$nope⟧}}) { id }
          }
`),
      },
      { graphqlSchemas: schemas },
    );
    assert.deepEqual(
      result.findings.filter((f) => f.code === 'operation-rejected').map((f) => f.severity),
      ['warning', 'warning', 'warning', 'warning'],
    );
  });
});

describe('allow-list-operation-unrunnable', () => {
  const queries = collection(`      - name: authors
        query: query authors { author { id } }
      - name: articles
        query: query ⟦articles⟧ { article { id } }
`);
  test("an allow-listed query only admin can run, with each role's first reason", () => {
    const result = assertMarked(
      'allow-list-operation-unrunnable',
      { 'query_collections.yaml': queries, 'allow_list.yaml': '- collection: allowed-queries\n' },
      { graphqlSchemas: schemas },
    );
    assert.equal(
      result.findings.find((f) => f.code === 'allow-list-operation-unrunnable')?.message,
      'The allow list lets query `articles` of collection `allowed-queries` through, but no role but admin can run it (admin bypasses the allow list) — `user`: no `article`: its permissions on table `public.article` do not give this root field.',
    );
  });
  test("the reason names what the role's permissions leave out: a column", () => {
    const result = assertMarked(
      'allow-list-operation-unrunnable',
      {
        'query_collections.yaml': collection('      - name: names\n        query: query ⟦names⟧ { author { id name } }\n'),
        'allow_list.yaml': '- collection: allowed-queries\n',
      },
      {
        graphqlSchemas: sdlSchemas({
          admin: { sdl: ADMIN_SDL, origins: BASE_ORIGINS },
          user: USER_SDL.replace('author { id: Int! name: String! }', 'author { id: Int! }'),
        }),
      },
    );
    assert.match(
      result.findings.find((f) => f.code === 'allow-list-operation-unrunnable')!.message,
      / — `user`: no column `name` of table `public\.author` in its select permission\.$/,
    );
  });
  test('a role scope narrows the roles; not allow-listed, no finding', () => {
    assertMarked('allow-list-operation-unrunnable', { 'query_collections.yaml': queries.replace('⟦articles⟧', 'articles') }, { graphqlSchemas: schemas });
    assertMarked(
      'allow-list-operation-unrunnable',
      {
        'query_collections.yaml': queries.replace('query authors', 'query ⟦authors⟧'),
        'allow_list.yaml': '- collection: allowed-queries\n  scope:\n    global: false\n    roles: [editor]\n',
      },
      { graphqlSchemas: sdlSchemas({ admin: ADMIN_SDL, user: USER_SDL, editor: 'type Query { x: Int }' }) },
    );
  });
  test('a role whose schema cannot be made: not judged', () => {
    assertMarked(
      'allow-list-operation-unrunnable',
      { 'query_collections.yaml': queries.replace('⟦articles⟧', 'articles'), 'allow_list.yaml': '- collection: allowed-queries\n' },
      { graphqlSchemas: () => ({ ...sdlSchemas({ admin: ADMIN_SDL, user: USER_SDL })({} as never), roles: ['user', 'guest'] }) },
    );
  });
});

describe('the schemas of a session', () => {
  test('are made again only when what they are made from changes (an edit inside a query keeps them)', () => {
    const counter = { made: 0 };
    const files: Record<string, string> = Object.fromEntries(Object.entries(BASE).map(([rel, text]) => [path(rel), text]));
    files[path('query_collections.yaml')] = collection('      - name: q\n        query: query q { author { nme } }\n');
    const session = new RootSession(ROOT, { host: memoryHost(files), cache: new ParseCache(), graphqlSchemas: sdlSchemas({ admin: ADMIN_SDL }, counter) });
    const codes = (r: RootResult): string[] => r.findings.filter((f) => f.code.startsWith('operation-')).map((f) => f.message.slice(0, 60));
    assert.deepEqual(codes(session.check()), ['In query `q` of collection `allowed-queries`: Cannot query f']);
    assert.equal(counter.made, 1);
    files[path('query_collections.yaml')] = collection('      - name: q\n        query: query q { author { name } }\n');
    assert.deepEqual(codes(session.check([path('query_collections.yaml')])), []);
    assert.equal(counter.made, 1);
    const author = path('databases/default/tables/public_author.yaml');
    files[author] = files[author]!.replace('        - name\n', '');
    session.check([author]);
    assert.equal(counter.made, 2);
  });

  test("in the language server's `idle` mode, an edit of a table file keeps the schemas until refreshSchemas()", () => {
    const counter = { made: 0 };
    const files: Record<string, string> = Object.fromEntries(Object.entries(BASE).map(([rel, text]) => [path(rel), text]));
    files[path('query_collections.yaml')] = collection('      - name: q\n        query: query q { author { name } }\n');
    let admin = ADMIN_SDL;
    const session = new RootSession(ROOT, {
      host: memoryHost(files),
      cache: new ParseCache(),
      graphqlSchemas: () => sdlSchemas({ admin }, counter)({} as never),
      schemaRefresh: 'idle',
    });
    const operationFindings = (r: RootResult): number => r.findings.filter((f) => f.code === 'operation-invalid').length;
    assert.equal(operationFindings(session.check()), 0);
    assert.equal(counter.made, 1);
    // The table file changes (and with it, here, the schema: author.name is gone).
    admin = ADMIN_SDL.replace('  name: String!\n', '');
    const author = path('databases/default/tables/public_author.yaml');
    files[author] = files[author]!.replace('        - name\n', '');
    assert.equal(operationFindings(session.check([author])), 0);
    assert.equal(session.schemasStale, true);
    assert.equal(counter.made, 1);
    session.refreshSchemas();
    assert.equal(operationFindings(session.check([])), 1);
    assert.equal(session.schemasStale, false);
    assert.equal(counter.made, 2);
  });
});
