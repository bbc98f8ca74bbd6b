import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { assertMarked } from '../helpers/project';

describe('inherited roles', () => {
  test('a role_set member no permission uses', () => {
    const result = assertMarked('inherited-role-unknown-role', { 'inherited_roles.yaml': '- role_name: editor\n  role_set:\n    - user\n    - ⟦reviewer⟧\n' });
    assert.deepEqual(result.findings.find((f) => f.code === 'inherited-role-unknown-role')?.data, { role: 'reviewer' });
  });
  test('roles used by action and remote schema permissions and other inherited roles count', () => {
    assertMarked('inherited-role-unknown-role', {
      'inherited_roles.yaml': '- role_name: editor\n  role_set: [user, bot]\n- role_name: chief\n  role_set: [editor, remote]\n',
      'actions.yaml':
        'actions:\n  - name: ping\n    definition:\n      kind: synchronous\n      handler: http://x\n    permissions:\n      - role: bot\ncustom_types: {}\n',
      'remote_schemas.yaml':
        '- name: r\n  definition:\n    url: http://r\n  permissions:\n    - role: remote\n      definition:\n        schema: "type Query { a: Int }"\n',
    });
  });
  test('a role in its own set', () => {
    assertMarked('inherited-role-self', { 'inherited_roles.yaml': '- role_name: editor\n  role_set: [user, ⟦editor⟧]\n' });
  });
  test('a cycle between inherited roles is reported once', () => {
    assertMarked('inherited-role-cycle', { 'inherited_roles.yaml': '- role_name: a\n  role_set: [user, b]\n- role_name: b\n  role_set: [user, ⟦a⟧]\n' });
  });
  test('duplicate inherited roles and duplicate set members', () => {
    assertMarked('inherited-role-duplicate', { 'inherited_roles.yaml': '- role_name: a\n  role_set: [user, ⟦user⟧]\n- role_name: ⟦a⟧\n  role_set: [user]\n' });
  });
  test('a valid nested inherited role is fine', () => {
    for (const code of ['inherited-role-unknown-role', 'inherited-role-self', 'inherited-role-cycle', 'inherited-role-duplicate']) {
      assertMarked(code, { 'inherited_roles.yaml': '- role_name: a\n  role_set: [user]\n- role_name: b\n  role_set: [a, user]\n' });
    }
  });
});
