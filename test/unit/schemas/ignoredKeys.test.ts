import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { IgnoredKeyFinder } from '../../../server/src/core/schema/ignoredKeys';
import { loadSchemaSet } from '../../../server/src/node/schemas';
import { assertMarked, BASE, check } from '../helpers/project';

const article = BASE['databases/default/tables/public_article.yaml']!;
const ARTICLE = 'databases/default/tables/public_article.yaml';

describe('schema-ignored-key', () => {
  test('`checks` for `check` in an update permission: a warning on the key, with the key it meant', () => {
    const result = assertMarked(
      'schema-ignored-key',
      { [ARTICLE]: `${article}update_permissions:\n  - role: user\n    permission:\n      columns: []\n      filter: {}\n      ⟦checks⟧: {}\n` },
      { schemas: true },
    );
    const f = result.findings.find((x) => x.code === 'schema-ignored-key')!;
    assert.equal(f.severity, 'warning');
    assert.equal(f.message, 'The engine ignores `checks` at `update_permissions[0].permission`: it is not a key it reads here. Did you mean `check`?');
    assert.deepEqual(f.data, { key: 'checks', suggestion: 'check' });
  });
  test('`permission` for `permissions` on an action', () => {
    assertMarked(
      'schema-ignored-key',
      {
        'actions.yaml': 'actions:\n  - name: a\n    definition:\n      kind: synchronous\n      handler: http://x\n    ⟦permission⟧:\n      - role: user\n',
        'actions.graphql': 'type Mutation { a: String }\n',
      },
      { schemas: true },
    );
  });
  test("`updates` for `update` in an event trigger's operation spec", () => {
    const trigger =
      'event_triggers:\n  - name: t\n    definition:\n      enable_manual: false\n      ⟦updates⟧:\n        columns: "*"\n    retry_conf:\n      num_retries: 0\n      interval_sec: 10\n      timeout_sec: 60\n    webhook: http://x\n';
    assertMarked('schema-ignored-key', { [ARTICLE]: article + trigger }, { schemas: true });
  });
  test('inside an included fragment the warning is in the fragment', () => {
    assertMarked(
      'schema-ignored-key',
      { 'remote_schemas.yaml': '- name: r\n  definition: !include r.yaml\n', 'r.yaml': 'url: http://r\n⟦timeout_second⟧: 10\n' },
      { schemas: true },
    );
  });
  test('keys far from every known key, keys the schema rejects, and free maps are not reported here', () => {
    const { result } = check(
      {
        [ARTICLE]: `${article}configuration:\n  column_config:\n    checks:\n      custom_name: checks\nupdate_permissions:\n  - role: user\n    permission:\n      columns: []\n      filter: {checks: {_eq: 1}}\n      set: {checks: 1}\n      totally_else: 1\n`,
        'actions.yaml': 'actions:\n  - name: a\n    definition:\n      kind: synchronous\n      handler: http://x\n',
        'actions.graphql': 'type Mutation { a: String }\n',
      },
      { schemas: true },
    );
    assert.deepEqual(
      result.findings.filter((f) => f.code === 'schema-ignored-key'),
      [],
    );
  });
  test('one finder for many files (the plans it keeps per place in the schemas): each file gets its own keys, the same as a fresh finder', () => {
    const set = loadSchemaSet();
    const byId = new Map(set.schemas.map((s) => [(s as { $id: string }).$id, s]));
    const table = byId.get(set.kinds['table']!)!;
    const shared = new IgnoredKeyFinder((id) => byId.get(id));
    const perm = (key: string): unknown => ({
      table: { schema: 'public', name: 't' },
      update_permissions: [{ role: 'user', permission: { columns: [], filter: {}, [key]: {} } }],
      select_permissions: [{ role: 'a/b', permission: { columns: [], filter: {}, 'row~limit': 1, limitt: 2 } }],
    });
    const values = [
      perm('checks'),
      perm('check'),
      perm('filterr'),
      { table: { schema: 'public', name: 'u' }, array_relationships: [{ name: 'r', usingg: {} }] },
    ];
    const expected = [
      [
        { path: '/update_permissions/0/permission', key: 'checks', suggestion: 'check' },
        { path: '/select_permissions/0/permission', key: 'limitt', suggestion: 'limit' },
      ],
      [{ path: '/select_permissions/0/permission', key: 'limitt', suggestion: 'limit' }],
      [
        { path: '/update_permissions/0/permission', key: 'filterr', suggestion: 'filter' },
        { path: '/select_permissions/0/permission', key: 'limitt', suggestion: 'limit' },
      ],
      [{ path: '/array_relationships/0', key: 'usingg', suggestion: 'using' }],
    ];
    for (const [i, value] of values.entries()) {
      assert.deepEqual(shared.find(value, table), expected[i], `file ${i}`);
      assert.deepEqual(new IgnoredKeyFinder((id) => byId.get(id)).find(value, table), expected[i], `file ${i}, fresh`);
    }
  });
});
