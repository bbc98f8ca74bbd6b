import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { edit, refused, setup } from './helpers';

const FILE = 'inherited_roles.yaml';
const EXISTING = `# roles that combine others
- role_name: manager
  role_set:
    - user
    - editor
`;

describe('add inherited role', () => {
  test('creates inherited_roles.yaml when there is none, in the file spelling role_name', () => {
    const out = edit(setup(), { type: 'add_inherited_role', args: { role: 'staff', role_set: ['user'] } });
    assert.equal(out.text(FILE), '- role_name: staff\n  role_set:\n    - user\n');
    assert.deepEqual(out.change.files, [{ kind: 'create', file: '/p/metadata/inherited_roles.yaml', text: '- role_name: staff\n  role_set:\n    - user\n' }]);
  });

  test('appends to the list, comments kept; an empty list becomes a block list', () => {
    assert.equal(
      edit(setup({ [FILE]: EXISTING }), { type: 'add_inherited_role', args: { role: 'staff', role_set: ['user', 'manager'] } }).text(FILE),
      `${EXISTING}- role_name: staff\n  role_set:\n    - user\n    - manager\n`,
    );
    assert.equal(
      edit(setup({ [FILE]: '[]\n' }), { type: 'add_inherited_role', args: { role: 'staff', role_set: ['user'] } }).text(FILE),
      '- role_name: staff\n  role_set:\n    - user\n',
    );
  });

  test('a role that is already there is refused', () => {
    assert.equal(
      refused(setup({ [FILE]: EXISTING }), { type: 'add_inherited_role', args: { role: 'manager', role_set: ['user'] } }),
      'Inherited role `manager` is already in the local files.',
    );
  });
});

describe('drop inherited role', () => {
  test('removes the entry; the last one leaves an empty list', () => {
    const two = `${EXISTING}- role_name: staff\n  role_set: [user]\n`;
    assert.equal(
      edit(setup({ [FILE]: two }), { type: 'drop_inherited_role', args: { role: 'manager' } }).text(FILE),
      '# roles that combine others\n- role_name: staff\n  role_set: [user]\n',
    );
    assert.equal(edit(setup({ [FILE]: EXISTING }), { type: 'drop_inherited_role', args: { role: 'manager' } }).text(FILE), '# roles that combine others\n[]\n');
  });

  test('a role that is not in the files changes nothing, with a note', () => {
    assert.deepEqual(edit(setup({ [FILE]: EXISTING }), { type: 'drop_inherited_role', args: { role: 'nope' } }).change, {
      edits: [],
      files: [],
      notes: ['Inherited role `nope` was not in the local files; nothing to change there.'],
    });
  });
});
