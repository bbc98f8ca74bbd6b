import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { hover } from '../../../server/src/core/features/hover';
import type { DatabaseModel } from '../../../server/src/core/db/model';
import { caretProject } from '../helpers/features';
import { dbModel } from '../helpers/dbModel';
import { BASE } from '../helpers/project';

/** Hover on a role name: its effective permissions per table, as the engine resolves them. */

const MODEL = new Map([
  [
    'default',
    dbModel({
      relations: {
        'public.author': { columns: { id: 'integer', name: 'text' }, pk: ['id'] },
        'public.article': {
          columns: { id: 'integer', title: 'text', body: 'text?', author_id: 'integer', a: 'text?', b: 'text?', c: 'text?' },
          pk: ['id'],
          fks: ['author_id -> public.author(id)'],
        },
      },
    }),
  ],
]);

const ARTICLE = 'databases/default/tables/public_article.yaml';
const INHERITED = 'inherited_roles.yaml';
const ARTICLE_TEXT = `${BASE[ARTICLE]!}select_permissions:
  - role: user
    permission:
      columns: [id, title]
      filter: {author_id: {_eq: X-Hasura-User-Id}}
  - role: reviewer
    permission:
      columns: '*'
      filter: {}
      allow_aggregations: true
insert_permissions:
  - role: user
    permission: {columns: [title], check: {}}
  - role: reviewer
    permission: {columns: [title, body], check: {}}
update_permissions:
  - role: user
    permission: {columns: [title], filter: {}, backend_only: true}
delete_permissions:
  - role: reviewer
    permission: {filter: {}}
`;

function hoverOn(files: Record<string, string | null>): string | undefined {
  const p = caretProject({ [ARTICLE]: ARTICLE_TEXT, [INHERITED]: '- role_name: editor\n  role_set: [user, reviewer]\n', ...files }, { databases: MODEL });
  const found = hover(p.input);
  const want = p.spans[p.input.file]?.[0];
  assert.deepEqual(found?.span, want, 'the hover covers the marked role name');
  return found?.markdown;
}

describe('hover on a role: its effective permissions per table', () => {
  test('an inherited role in inherited_roles.yaml: its role set combined as the engine does', () => {
    assert.equal(
      hoverOn({ [INHERITED]: '- role_name: ⟦edi‸tor⟧\n  role_set: [user, reviewer]\n' }),
      [
        'Inherited role `editor` of `user`, `reviewer`: 0 permissions',
        'Effective permissions on 2 tables, as the engine combines its role set (select united and filters OR-ed; insert, update and delete only where the roles agree):',
        [
          "- `public.article`: select 7 columns (a, author_id, b, body, c, id, … 1 more), aggregations, every row · update 1 column (title), backend only · delete · no insert: the role set's insert permissions differ — from `user`, `reviewer`",
          '- `public.author`: select 2 columns (id, name), every row — from `user`',
        ].join('\n'),
      ].join('\n\n'),
    );
  });

  test('a role of a role set: its own permissions; in a table file, that table first', () => {
    const user = [
      'Role `user`: 4 permissions',
      'Effective permissions on 2 tables:',
      [
        '- `public.article`: select 2 columns (id, title), filtered rows · insert 1 column (title) · update 1 column (title), backend only',
        '- `public.author`: select 2 columns (id, name), every row',
      ].join('\n'),
    ].join('\n\n');
    assert.equal(hoverOn({ [INHERITED]: '- role_name: editor\n  role_set: [⟦us‸er⟧, reviewer]\n' }), user);
    const author = 'databases/default/tables/public_author.yaml';
    const authorText = caretProject({}).files.get(`/p/metadata/${author}`)!;
    const [first, second] = user.split('\n\n')[2]!.split('\n');
    assert.equal(hoverOn({ [author]: authorText.replace('- role: user', '- role: ⟦us‸er⟧') }), user.replace(`${first}\n${second}`, `${second}\n${first}`));
  });

  test('in a permission: the role in the table file; an inherited role may define a kind itself, which wins', () => {
    assert.equal(
      hoverOn({
        [ARTICLE]: ARTICLE_TEXT.replace(
          '  - role: user\n    permission: {columns: [title], check: {}}',
          '  - role: ⟦edi‸tor⟧\n    permission: {columns: [title], check: {}}',
        ),
      }),
      [
        'Inherited role `editor` of `user`, `reviewer`: 1 permission',
        'Effective permissions on 2 tables, as the engine combines its role set (select united and filters OR-ed; insert, update and delete only where the roles agree):',
        [
          '- `public.article`: select 7 columns (a, author_id, b, body, c, id, … 1 more), aggregations, every row · insert (its own) 1 column (title) · update 1 column (title), backend only · delete — from `user`, `reviewer`',
          '- `public.author`: select 2 columns (id, name), every row — from `user`',
        ].join('\n'),
      ].join('\n\n'),
    );
  });

  test('in an allow-list scope; without a database model the tables are left out and the hover says so', () => {
    const allowList = { 'allow_list.yaml': '- collection: c\n  scope: {global: false, roles: [⟦edi‸tor⟧]}\n' };
    const withModel = hoverOn(allowList);
    assert.equal(
      withModel?.split('\n')[2],
      'Effective permissions on 2 tables, as the engine combines its role set (select united and filters OR-ed; insert, update and delete only where the roles agree):',
    );
    const p = caretProject({ [ARTICLE]: ARTICLE_TEXT, [INHERITED]: '- role_name: editor\n  role_set: [user, reviewer]\n', ...allowList });
    assert.equal(
      hover(p.input)?.markdown,
      'Inherited role `editor` of `user`, `reviewer`: 0 permissions\n\nSource default: no database model (no migrations, or they did not build), so its 2 tables are left out.',
    );
  });

  test('a big project: at most 10 tables, then how many more', () => {
    const relations: Record<string, { columns: Record<string, string>; pk: string[] }> = {};
    const files: Record<string, string> = {};
    const includes: string[] = [];
    for (let i = 1; i <= 12; i++) {
      const name = `t${String(i).padStart(2, '0')}`;
      relations[`public.${name}`] = { columns: { id: 'integer' }, pk: ['id'] };
      files[`databases/default/tables/public_${name}.yaml`] =
        `table: {name: ${name}, schema: public}\nselect_permissions:\n  - role: user\n    permission: {columns: [id], filter: {}}\n`;
      includes.push(`- "!include public_${name}.yaml"`);
    }
    files['databases/default/tables/tables.yaml'] = `${includes.join('\n')}\n`;
    files['databases/default/tables/public_t03.yaml'] = files['databases/default/tables/public_t03.yaml']!.replace('role: user', 'role: ⟦us‸er⟧');
    const p = caretProject(files, { databases: new Map([['default', dbModel({ relations })]]) });
    const lines = hover(p.input)!.markdown.split('\n');
    assert.deepEqual(lines.slice(0, 4), ['Role `user`: 12 permissions', '', 'Effective permissions on 12 tables:', '']);
    assert.deepEqual(lines.slice(4), [
      '- `public.t03`: select 1 column (id), every row',
      ...[1, 2, 4, 5, 6, 7, 8, 9, 10].map((i) => `- \`public.t${String(i).padStart(2, '0')}\`: select 1 column (id), every row`),
      '- … and 2 more tables',
    ]);
  });

  test('a model the catalog cannot read: the hover says so and keeps the rest', () => {
    const p = caretProject({ [INHERITED]: '- role_name: ⟦edi‸tor⟧\n  role_set: [user]\n' }, { databases: new Map([['default', {} as DatabaseModel]]) });
    assert.equal(
      hover(p.input)?.markdown,
      "Inherited role `editor` of `user`: 0 permissions\n\nEffective permissions could not be read: Cannot read properties of undefined (reading 'public.author')",
    );
  });
});
