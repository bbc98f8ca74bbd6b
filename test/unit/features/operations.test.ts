import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { quickFixes } from '../../../server/src/core/features/codeActions';
import { complete } from '../../../server/src/core/features/completion';
import { definition } from '../../../server/src/core/features/definition';
import { applyChange } from '../helpers/applyChange';
import { hover } from '../../../server/src/core/features/hover';
import { references } from '../../../server/src/core/features/references';
import { rename } from '../../../server/src/core/features/rename';
import { dbModel, models, withColumnOrigin } from '../helpers/dbModel';
import { ADMIN_SDL, BASE_ORIGINS, sdlSchemas, USER_SDL } from '../helpers/graphqlSchemas';
import { at, caretProject, checkFiles } from '../helpers/features';
import { BASE, path } from '../helpers/project';

const graphqlSchemas = sdlSchemas({ admin: { sdl: ADMIN_SDL, origins: BASE_ORIGINS }, user: USER_SDL });
const COLLECTIONS = 'query_collections.yaml';

const collection = (queries: string): string => `- name: allowed-queries
  definition:
    queries:
${queries}`;

describe('quick fix: operation-invalid', () => {
  for (const [style, query] of [
    ['a block scalar', '        query: |\n          query q {\n            author { id nme }\n          }\n'],
    ['a double-quoted string with escapes', '        query: "query q {\\n  author(where: {name: {_eq: \\"a\\"}}) { id nme }\\n}"\n'],
    ['a single-quoted string', "        query: 'query q { author(where: {name: {_eq: \"it''s\"}}) { id nme } }'\n"],
  ] as const) {
    test(`in ${style}: changes the unknown field to the one meant; the finding is gone and none is new`, () => {
      const text = collection(`      - name: q\n${query}`);
      const p = caretProject({ [COLLECTIONS]: text }, { graphqlSchemas });
      const finding = p.result.findings.find((f) => f.code === 'operation-invalid')!;
      const fixes = quickFixes({ finding, result: p.result });
      const start = text.indexOf('nme');
      assert.deepEqual(
        fixes.map((f) => [f.title, f.change]),
        [['Change to `name`', { edits: [{ file: path(COLLECTIONS), span: { start, end: start + 3 }, newText: 'name' }], files: [] }]],
      );
      const after = checkFiles(applyChange(p.files, fixes[0]!.change), { graphqlSchemas });
      assert.equal(after.project.files.get(path(COLLECTIONS))?.text, text.replace('nme', 'name'));
      assert.deepEqual(
        after.findings.map((f) => f.code),
        p.result.findings.filter((f) => f !== finding).map((f) => f.code),
      );
    });
  }

  test('no suggestion, no fix', () => {
    const p = caretProject({ [COLLECTIONS]: collection('      - name: q\n        query: query q { author { zzzzzz } }\n') }, { graphqlSchemas });
    const finding = p.result.findings.find((f) => f.code === 'operation-invalid')!;
    assert.deepEqual(quickFixes({ finding, result: p.result }), []);
  });
});

describe('hover in a collection query', () => {
  const hoverAt = (query: string, options: { role?: string; schemas?: typeof graphqlSchemas | null } = {}): { markdown: string; span: string } | undefined => {
    const p = caretProject(
      { [COLLECTIONS]: collection(`      - name: q\n${query}`), 'allow_list.yaml': '- collection: allowed-queries\n' },
      options.schemas === null ? {} : { graphqlSchemas: options.schemas ?? graphqlSchemas },
    );
    const found = hover(p.input, undefined, options.role ? { role: options.role } : {});
    if (!found) return undefined;
    const text = p.files.get(p.input.file)!;
    return { markdown: found.markdown, span: text.slice(found.span.start, found.span.end) };
  };

  test('a field: its type, arguments, description and what makes it, in the chosen role', () => {
    assert.deepEqual(hoverAt('        query: |\n          query q {\n            author { id na‸me }\n          }\n'), {
      markdown:
        "```graphql\nauthor.name: String!\n```\n\nthe author's name\n\nColumn `name` of table `public.author` (source `default`).\n\n*In the schema of role `admin`.*",
      span: 'name',
    });
    assert.deepEqual(hoverAt('        query: "query q { au‸thor(limit: 1) { id } }"\n', { role: 'user' }), {
      markdown: '```graphql\nquery_root.author(where: author_bool_exp, limit: Int): [author!]!\n```\n\n*In the schema of role `user`.*',
      span: 'author',
    });
  });

  test('an argument: its type', () => {
    assert.equal(
      hoverAt('        query: "query q { author(li‸mit: 1) { id } }"\n')?.markdown,
      '```graphql\nauthor(limit: Int)\n```\n\n*In the schema of role `admin`.*',
    );
  });

  test('the operation: who can run it, and the first reason of each role that cannot', () => {
    assert.deepEqual(hoverAt('        query: |\n          query q‸ { author { id } article { id } }\n'), {
      markdown:
        '**query `q` of collection `allowed-queries`**\n\nCan run it: `admin`.\n\nCannot run it:\n- `user`: no `article`: its permissions on table `public.article` do not give this root field',
      span: 'q',
    });
    assert.equal(
      hoverAt('        query: query q‸ { author { id } }\n')?.markdown,
      '**query `q` of collection `allowed-queries`**\n\nCan run it: `admin`, `user`.',
    );
  });

  test('a role the metadata does not have: it says which roles there are', () => {
    assert.equal(
      hoverAt('        query: query q { au‸thor { id } }\n', { role: 'ghost' })?.markdown,
      'No GraphQL schema for role `ghost`: it is not a role of this metadata (setting graphqlMetadata.operationsRole; the roles are admin, user). Nothing is completed or explained in queries (they are still checked against admin).',
    );
  });

  test('without a schema it says so', () => {
    assert.match(
      hoverAt('        query: query q { au‸thor { id } }\n', { schemas: null })?.markdown ?? '',
      /^No GraphQL schema for role `admin`: no schema was made for this project\./,
    );
  });
});

describe('completion in a collection query', () => {
  const completeAt = (query: string, role?: string): { labels: string[]; span: string } => {
    const p = caretProject({ [COLLECTIONS]: collection(`      - name: q\n${query}`) }, { graphqlSchemas });
    const entries = complete(p.input, role ? { operations: { role } } : {});
    const text = p.files.get(p.input.file)!;
    return { labels: entries.map((e) => e.label).sort(), span: entries[0] ? text.slice(entries[0].span.start, entries[0].span.end) : '' };
  };

  test('fields of the type, in an unfinished block scalar, replacing the word being typed', () => {
    assert.deepEqual(completeAt('        query: |\n          query q {\n            author {\n              ‸\n'), {
      labels: ['articles', 'id', 'name'],
      span: '',
    });
    const typed = completeAt('        query: |\n          query q {\n            author {\n              na‸\n');
    assert.equal(typed.span, 'na');
    assert.ok(typed.labels.includes('name'));
  });
  test('the fields a role sees', () => {
    assert.deepEqual(completeAt('        query: |\n          query q {\n            ‸\n', 'user'), { labels: ['author'], span: '' });
  });
  test('arguments, enum values and variables', () => {
    assert.deepEqual(completeAt('        query: "query q { author(‸) { id } }"\n').labels, ['limit', 'order_by', 'where']);
    assert.deepEqual(completeAt('        query: "query q { author(order_by: {name: ‸}) { id } }"\n').labels, ['asc', 'desc']);
    assert.deepEqual(completeAt('        query: "query q($lim: Int) { author(limit: $‸) { id } }"\n'), { labels: ['$lim'], span: '$' });
  });
});

describe('definition, references and rename through collection queries', () => {
  const files = (query: string): Record<string, string> => ({ [COLLECTIONS]: collection(`      - name: q\n        query: |\n${query}`) });

  test('a column -> the migration statement that creates it', () => {
    const model = dbModel({ relations: { 'public.author': { columns: { id: 'integer', name: 'text' } }, 'public.article': { columns: { id: 'integer' } } } });
    const withOrigin = withColumnOrigin(model, 'public.author', 'name', { file: '/p/migrations/default/1_init/up.sql', start: 5, end: 14 });
    const p = caretProject(files('          query q { author { n‸ame } }\n'), { graphqlSchemas, databases: models(withOrigin) });
    assert.deepEqual(definition(p.input), [{ file: '/p/migrations/default/1_init/up.sql', span: { start: 5, end: 14 } }]);
  });

  test('a relationship -> its name in the table file; references from it include the query', () => {
    const p = caretProject(files('          query q { author { articles‸ { id } } }\n'), { graphqlSchemas });
    const name = BASE['databases/default/tables/public_author.yaml']!.indexOf('articles');
    const defined = `databases/default/tables/public_author.yaml@${name}-${name + 8}`;
    assert.deepEqual(definition(p.input).map(at), [defined]);
    const text = p.files.get(path(COLLECTIONS))!;
    const first = text.indexOf('articles');
    assert.deepEqual(references(p.input, true).map(at), [defined, `${COLLECTIONS}@${first}-${first + 8}`]);
  });

  test('renaming a relationship renames it in the queries that select it (and the prefix of its aggregate)', () => {
    const sdl = ADMIN_SDL.replace(
      '  articles(where: article_bool_exp): [article!]!',
      '  articles(where: article_bool_exp): [article!]!\n  articles_aggregate: article_aggregate!',
    ).concat('\ntype article_aggregate { aggregate: article_aggregate_fields }\ntype article_aggregate_fields { count: Int! }\n');
    const schemasWithAggregate = sdlSchemas({
      admin: { sdl, origins: { ...BASE_ORIGINS, 'author.articles_aggregate': BASE_ORIGINS['author.articles']! } },
    });
    const p = caretProject(files('          query q { author { articles‸ { id } articles_aggregate { aggregate { count } } } }\n'), {
      graphqlSchemas: schemasWithAggregate,
    });
    const out = rename(p.input, 'posts');
    assert.ok(out && 'change' in out);
    const after = applyChange(p.files, out.change);
    assert.equal(
      after.get(path(COLLECTIONS)),
      p.files.get(path(COLLECTIONS))!.replace('articles {', 'posts {').replace('articles_aggregate', 'posts_aggregate'),
    );
    assert.match(after.get(path('databases/default/tables/public_author.yaml'))!, /- name: posts\n/);
  });

  test('references from a column of a table file: the fields of the queries that select it', () => {
    const p = caretProject(
      {
        ...files('          query q { author { id name } }\n'),
        'databases/default/tables/public_author.yaml': BASE['databases/default/tables/public_author.yaml']!.replace('        - name\n', '        - na‸me\n'),
      },
      {
        graphqlSchemas,
        databases: models(
          dbModel({
            relations: {
              'public.author': { columns: { id: 'integer', name: 'text' } },
              'public.article': { columns: { id: 'integer', author_id: 'integer' } },
            },
          }),
        ),
      },
    );
    const text = p.files.get(path(COLLECTIONS))!;
    const name = text.indexOf('name }');
    assert.deepEqual(references(p.input, false).map(at), [`${COLLECTIONS}@${name}-${name + 4}`]);
  });
});
