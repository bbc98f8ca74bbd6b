import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { documentLinks } from '../../../server/src/core/features/documentLinks';
import { documentSymbols } from '../../../server/src/core/features/symbols';
import type { OutlineSymbol } from '../../../server/src/core/features/symbols';
import { caretProject } from '../helpers/features';
import { path } from '../helpers/project';

/** `name (detail) [kind]` lines, indented by depth. */
function tree(symbols: readonly OutlineSymbol[], depth = 0): string[] {
  return symbols.flatMap((s) => [
    `${'  '.repeat(depth)}${s.name}${s.detail !== undefined ? ` (${s.detail})` : ''} [${s.kind}]`,
    ...tree(s.children, depth + 1),
  ]);
}

describe('document symbols (outline)', () => {
  test('a table file: relationships and permissions by name and role; filters are not expanded', () => {
    const p = caretProject({});
    assert.deepEqual(tree(documentSymbols(p.result, path('databases/default/tables/public_author.yaml'))), [
      'table [object]',
      '  name (author) [property]',
      '  schema (public) [property]',
      'array_relationships (1) [array]',
      '  articles [struct]',
      '    name (articles) [property]',
      '    using [object]',
      '      foreign_key_constraint_on [object]',
      '        columns (1) [array]',
      '        table [object]',
      '          name (article) [property]',
      '          schema (public) [property]',
      'select_permissions (1) [array]',
      '  user [struct]',
      '    role (user) [property]',
      '    permission [object]',
      '      columns (2) [array]',
      '      filter [object]',
    ]);
  });

  test('tables.yaml: one entry per include; databases.yaml: sources and their include', () => {
    const p = caretProject({});
    const tables = documentSymbols(p.result, path('databases/default/tables/tables.yaml'));
    assert.deepEqual(tree(tables), ['public_author.yaml [module]', 'public_article.yaml [module]']);
    assert.deepEqual(tables[0]!.selectionSpan, { start: 12, end: 30 });
    assert.deepEqual(
      tree(documentSymbols(p.result, path('databases/databases.yaml'))).filter((l) => !l.startsWith('    ')),
      [
        'default [struct]',
        '  name (default) [property]',
        '  kind (postgres) [property]',
        '  configuration [object]',
        '  tables (!include default/tables/tables.yaml) [module]',
      ],
    );
  });

  test('actions.graphql: actions and custom types', () => {
    const p = caretProject({
      'actions.graphql': 'type Mutation {\n  login(input: LoginInput!): Token\n}\ninput LoginInput {\n  user: String!\n}\ntype Token {\n  value: String!\n}\n',
      'actions.yaml': 'actions: []\n',
    });
    const symbols = documentSymbols(p.result, path('actions.graphql'));
    assert.deepEqual(tree(symbols), ['login (mutation) [function]', 'LoginInput (input objects) [struct]', 'Token (objects) [class]']);
    assert.deepEqual(
      [symbols[0]!.span, symbols[0]!.selectionSpan],
      [
        { start: 18, end: 50 },
        { start: 18, end: 23 },
      ],
    );
  });
});

describe('document links', () => {
  test('each include that resolves links its path to the file; a missing one does not', () => {
    const p = caretProject({
      'databases/default/tables/tables.yaml': '- "!include public_author.yaml"\n- !include public_article.yaml\n- "!include missing.yaml"\n',
    });
    assert.deepEqual(documentLinks(p.result, path('databases/default/tables/tables.yaml')), [
      { span: { start: 12, end: 30 }, target: path('databases/default/tables/public_author.yaml') },
      { span: { start: 43, end: 62 }, target: path('databases/default/tables/public_article.yaml') },
    ]);
  });
});
