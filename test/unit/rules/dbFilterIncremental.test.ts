import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ParseCache } from '../../../server/src/core/project/cache';
import { IndexMemo } from '../../../server/src/core/project/index/memo';
import { RootSession } from '../../../server/src/core/session';
import { boolExpTables, tableId } from '../../../server/src/core/db/modelViews';
import { Walk } from '../../../server/src/core/project/index/walk';
import { dbModel, models } from '../helpers/dbModel';
import { memoryHost } from '../helpers/memoryHost';
import { BASE, path, ROOT, schemaValidator } from '../helpers/project';

const AUTHOR = path('databases/default/tables/public_author.yaml');
const ARTICLE = path('databases/default/tables/public_article.yaml');

const DATABASES = models(
  dbModel({
    relations: {
      'public.author': { columns: { id: 'integer', name: 'text' }, pk: ['id'] },
      'public.article': { columns: { id: 'integer', author_id: 'integer' }, pk: ['id'], fks: ['author_id -> public.author(id)'] },
    },
  }),
);

const ARTICLE_FILTER = `${BASE['databases/default/tables/public_article.yaml']!}select_permissions:
  - role: user
    permission:
      columns: [id]
      filter: {author: {nickname: {_eq: x}}}
`;

/** The filter findings of each check, as `file code message`. */
function filterFindings(session: RootSession, changed?: string[]): string[] {
  return session
    .check(changed)
    .findings.filter((f) => f.code === 'db-column-missing')
    .map((f) => `${f.file.slice(ROOT.length + 1)} ${f.message}`);
}

test('db-column-missing in filters, edit by edit: a change in a table the walk went through is seen, without a change of the table whose filter it is', () => {
  const files: Record<string, string> = { ...Object.fromEntries(Object.entries(BASE).map(([rel, text]) => [path(rel), text])), [ARTICLE]: ARTICLE_FILTER };
  const host = memoryHost(files);
  const session = new RootSession(ROOT, { host, cache: new ParseCache(), validator: schemaValidator(), memo: new IndexMemo(), databases: () => DATABASES });
  const missing =
    'databases/default/tables/public_article.yaml `public.author` has no column `nickname` in the database the migrations build (named by the select permission of role `user`).';
  assert.deepEqual(filterFindings(session), [missing]);
  // author gets a relationship named nickname: the key is a relationship now, not a column.
  files[AUTHOR] =
    `${BASE['databases/default/tables/public_author.yaml']!}object_relationships:\n  - name: nickname\n    using:\n      foreign_key_constraint_on: id\n`;
  assert.deepEqual(filterFindings(session, [AUTHOR]), []);
  // And back: the finding returns, though the article file never changed.
  files[AUTHOR] = BASE['databases/default/tables/public_author.yaml']!;
  assert.deepEqual(filterFindings(session, [AUTHOR]), [missing]);
  // The table file that holds the filter, changed: its own walk again.
  files[ARTICLE] = ARTICLE_FILTER.replace('nickname', 'name');
  assert.deepEqual(filterFindings(session, [ARTICLE]), []);
});

test('the lookup by key the filter memo re-checks gives what find gives, for each table of the index and for one it lacks', () => {
  const files = Object.fromEntries(Object.entries(BASE).map(([rel, text]) => [path(rel), text]));
  const session = new RootSession(ROOT, {
    host: memoryHost(files),
    cache: new ParseCache(),
    validator: schemaValidator(),
    memo: new IndexMemo(),
    databases: () => DATABASES,
  });
  const result = session.check();
  const tables = boolExpTables(result, new Walk(result.project));
  const asked = [
    ...result.index.tables.map((t) => ({ source: t.source, table: t.table })),
    { source: 'default', table: { schema: 'public', name: 'nothing' } },
  ];
  assert.deepEqual(
    asked.map(({ source, table }) => `${tableId(source, table).replace('\u0000', ' ')}: ${tables.byId(tableId(source, table))?.key ?? '-'}`),
    ['default public.author: public.author', 'default public.article: public.article', 'default public.nothing: -'],
  );
  for (const { source, table } of asked) assert.equal(tables.byId(tableId(source, table)), tables.find(source, table));
});
