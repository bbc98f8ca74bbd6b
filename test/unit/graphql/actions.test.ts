import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { assertMarked, check, path } from '../helpers/project';
import { GRAPHQL_CODES } from './codes';
import { ACTIONS, COLLECTIONS, variant } from './fixtures';

const only = (result: ReturnType<typeof assertMarked>, code: string) => result.findings.filter((f) => f.code === code);

describe('a valid project with actions, custom types, collections, endpoints and remote schema permissions', () => {
  test('none of the GraphQL codes fires', () => {
    const { result } = check({ ...ACTIONS, ...COLLECTIONS }, { schemas: true });
    assert.deepEqual(
      result.findings.filter((f) => GRAPHQL_CODES.includes(f.code)),
      [],
    );
    assert.deepEqual(
      result.findings.filter((f) => f.severity === 'error' || f.severity === 'warning'),
      [],
    );
  });
});

describe('graphql-syntax', () => {
  test('a syntax error in actions.graphql, at the unexpected token', () => {
    const result = assertMarked('graphql-syntax', variant(ACTIONS, 'actions.graphql', 'password: String!)', 'password: ⟦)⟧'));
    assert.equal(only(result, 'graphql-syntax')[0]!.message, 'GraphQL syntax error: Expected Name, found ")".');
  });
  test('at the end of the file: an empty span after the last token', () => {
    assertMarked('graphql-syntax', variant(ACTIONS, 'actions.graphql', 'scalar Email\n', 'scalar⟦⟧\n\n'));
  });
  test('the cross-checks wait until the file parses', () => {
    const { result } = check(variant(ACTIONS, 'actions.graphql', 'scalar Email', 'scalar'));
    assert.deepEqual(
      result.findings.filter((f) => GRAPHQL_CODES.includes(f.code)).map((f) => f.code),
      ['graphql-syntax'],
    );
  });
  test('an empty or comment-only actions.graphql is fine', () => {
    assertMarked('graphql-syntax', { 'actions.yaml': 'actions: []\ncustom_types: {}\n', 'actions.graphql': '# nothing yet\n\n' });
    assertMarked('graphql-syntax', { 'actions.yaml': 'actions: []\ncustom_types: {}\n', 'actions.graphql': '' });
  });
});

describe('action-not-in-graphql / action-not-in-yaml', () => {
  test('an action of actions.yaml with no field, pointing at the likely field', () => {
    const files = variant(ACTIONS, 'actions.yaml', 'name: signup', 'name: ⟦signUp⟧');
    const result = assertMarked('action-not-in-graphql', files);
    const f = only(result, 'action-not-in-graphql')[0]!;
    assert.deepEqual(f.data, { action: 'signUp', suggestion: 'signup' });
    assert.match(f.message, /the CLI stops with "action signUp is not present in actions.graphql"\. Did you mean `signup`\?$/);
    const field = ACTIONS['actions.graphql']!.indexOf('signup(');
    assert.deepEqual(f.related, [
      { file: path('actions.graphql'), span: { start: field, end: field + 'signup'.length }, message: 'Field `signup` in actions.graphql' },
    ]);
  });
  test('the field then has no entry in actions.yaml (an error: the engine requires a handler; pointing back)', () => {
    const files = variant(variant(ACTIONS, 'actions.yaml', 'name: signup', 'name: signUp'), 'actions.graphql', '  signup(', '  ⟦signup⟧(');
    const result = assertMarked('action-not-in-yaml', files);
    const f = only(result, 'action-not-in-yaml')[0]!;
    assert.equal(f.severity, 'error');
    assert.deepEqual(f.data, { action: 'signup', operation: 'mutation', suggestion: 'signUp' });
    assert.equal(f.related?.[0]?.file, path('actions.yaml'));
  });
  test('fields in `extend type Mutation` and `type Query` count', () => {
    assertMarked('action-not-in-graphql', ACTIONS);
    assertMarked('action-not-in-yaml', ACTIONS);
  });
  test('without actions.yaml every field is reported, with no related information to a missing file', () => {
    let graphql = ACTIONS['actions.graphql']!;
    for (const name of ['login', 'signup', 'sendReport']) graphql = graphql.replace(`  ${name}(`, `  ⟦${name}⟧(`);
    const result = assertMarked('action-not-in-yaml', { ...ACTIONS, 'actions.yaml': null, 'actions.graphql': graphql });
    assert.deepEqual(
      only(result, 'action-not-in-yaml').map((f) => f.related),
      [undefined, undefined, undefined],
    );
  });
  test('without actions.graphql every action is reported', () => {
    const files = { ...ACTIONS, 'actions.graphql': null };
    let yaml = ACTIONS['actions.yaml']!;
    for (const name of ['login', 'signup', 'sendReport']) yaml = yaml.replace(`- name: ${name}`, `- name: ⟦${name}⟧`);
    assertMarked('action-not-in-graphql', { ...files, 'actions.yaml': yaml });
  });
});

describe('action-duplicate', () => {
  test('the same action twice in actions.yaml, and a field in both Query and Mutation', () => {
    const yaml = `${ACTIONS['actions.yaml']!.replace('custom_types:', '  - name: ⟦login⟧\n    definition:\n      handler: http://x\ncustom_types:')}`;
    const graphql = ACTIONS['actions.graphql']!.replace('extend type Mutation {', 'extend type Mutation {\n  ⟦login⟧(email: Email!): LoginResult');
    assertMarked('action-duplicate', { ...ACTIONS, 'actions.yaml': yaml, 'actions.graphql': graphql });
  });
});

describe('action-kind-invalid / action-async-query', () => {
  test('an empty kind on a mutation (the CLI writes "" only for queries)', () => {
    const result = assertMarked('action-kind-invalid', variant(ACTIONS, 'actions.yaml', 'kind: synchronous', 'kind: ⟦""⟧'), { schemas: true });
    const f = only(result, 'action-kind-invalid')[0]!;
    assert.deepEqual(f.data, { action: 'signup', kind: '', suggestion: 'synchronous' });
    assert.equal(f.related?.[0]?.file, path('actions.graphql'));
    assert.deepEqual(
      result.findings.filter((x) => x.severity === 'error').map((x) => x.code),
      ['action-kind-invalid'],
    );
  });
  test('a null kind on a mutation is reported on the key', () => {
    assertMarked('action-kind-invalid', variant(ACTIONS, 'actions.yaml', 'kind: synchronous', '⟦kind⟧:'));
  });
  test('another string on a mutation: one error, with the kind it meant', () => {
    const result = assertMarked('action-kind-invalid', variant(ACTIONS, 'actions.yaml', 'kind: synchronous', 'kind: ⟦synchronou⟧'), { schemas: true });
    assert.deepEqual(
      result.findings.filter((f) => f.severity === 'error').map((f) => f.code),
      ['action-kind-invalid'],
    );
    const f = only(result, 'action-kind-invalid')[0]!;
    assert.equal(
      f.message,
      'Action `signup` is a mutation (a field of `type Mutation`): its `kind` is `synchronous` or `asynchronous`, not "synchronou"; the engine rejects it. Did you mean `synchronous`?',
    );
    assert.deepEqual(f.data, { action: 'signup', kind: 'synchronou', suggestion: 'synchronous' });
  });
  test('of a query the engine never reads kind (nor type: the CLI takes it from actions.graphql): no error', () => {
    const { result } = check(
      variant(variant(ACTIONS, 'actions.yaml', 'kind: ""', 'kind: synchronou'), 'actions.yaml', 'kind: synchronou', 'kind: synchronou\n      type: quer'),
      { schemas: true },
    );
    assert.deepEqual(
      result.findings.filter((f) => f.severity === 'error'),
      [],
    );
  });
  test('"" and a missing kind are fine on queries; asynchronous on a mutation is fine', () => {
    assertMarked('action-kind-invalid', variant(ACTIONS, 'actions.yaml', '      kind: ""\n', ''));
    assertMarked('action-async-query', ACTIONS);
  });
  test('asynchronous on a query is ignored by the engine: a warning', () => {
    const result = assertMarked('action-async-query', variant(ACTIONS, 'actions.yaml', 'kind: ""', 'kind: ⟦asynchronous⟧'));
    assert.equal(only(result, 'action-async-query')[0]!.severity, 'warning');
  });
});

describe('custom-type-not-in-graphql', () => {
  test('a listed type actions.graphql does not define', () => {
    const result = assertMarked('custom-type-not-in-graphql', variant(ACTIONS, 'actions.yaml', '- name: Email', '- name: ⟦Emial⟧'));
    const f = only(result, 'custom-type-not-in-graphql')[0]!;
    assert.deepEqual(f.data, { type: 'Emial', kind: 'scalars', suggestion: 'Email' });
    assert.match(f.message, /add `scalar Emial` there/);
  });
  test('a type listed under the wrong kind', () => {
    const moved = variant(
      variant(ACTIONS, 'actions.yaml', 'input_objects:\n    - name: SignupInput', 'input_objects: []'),
      'actions.yaml',
      '  scalars:',
      '    - name: ⟦SignupInput⟧\n  scalars:',
    );
    const result = assertMarked('custom-type-not-in-graphql', moved);
    const f = only(result, 'custom-type-not-in-graphql')[0]!;
    assert.deepEqual(f.data, { type: 'SignupInput', kind: 'objects', definedAs: 'input_objects' });
    assert.match(f.message, /defines it as `input SignupInput`: list it in custom_types.input_objects/);
  });
  test('a type only actions.graphql defines is fine: the CLI takes types from there', () => {
    assertMarked('custom-type-not-in-graphql', variant(ACTIONS, 'actions.yaml', '  scalars:\n    - name: Email\n', '  scalars: []\n'));
  });
});

describe('graphql-unknown-type', () => {
  test('argument, field and output types that nothing defines', () => {
    let graphql = ACTIONS['actions.graphql']!.replace('plan: Plan', 'plan: ⟦Plann⟧').replace('): Boolean', '): ⟦Bool⟧');
    graphql = graphql.replace('password: String!', 'password: String!, n: ⟦Long⟧');
    const result = assertMarked('graphql-unknown-type', { ...ACTIONS, 'actions.graphql': graphql });
    assert.deepEqual(
      only(result, 'graphql-unknown-type').map((f) => f.data),
      [{ type: 'Long' }, { type: 'Bool' }, { type: 'Plann', suggestion: 'Plan' }],
    );
  });
  test('GraphQL scalars, Postgres scalars (also arrays) and types defined anywhere in the file are known', () => {
    const graphql = `${ACTIONS['actions.graphql']!}\ninput More {\n  a: ID\n  b: numeric\n  c: _text\n  d: geography\n  e: Later\n}\n\ninput Later {\n  x: Float\n}\n`;
    assertMarked('graphql-unknown-type', { ...ACTIONS, 'actions.graphql': graphql });
  });
});

describe('action-relationship-target-untracked / action-relationship-unknown-field', () => {
  test('a remote table the source does not track', () => {
    const result = assertMarked(
      'action-relationship-target-untracked',
      variant(
        ACTIONS,
        'actions.yaml',
        'remote_table:\n            schema: public\n            name: author',
        'remote_table:\n            ⟦schema: public\n            name: authors⟧',
      ),
    );
    assert.deepEqual(only(result, 'action-relationship-target-untracked')[0]!.data, { schema: 'public', name: 'authors', source: 'default' });
  });
  test('a source that does not exist', () => {
    assertMarked('action-relationship-target-untracked', variant(ACTIONS, 'actions.yaml', 'source: default', 'source: ⟦analytics⟧'));
  });
  test('a string remote_table is a table in schema public', () => {
    assertMarked(
      'action-relationship-target-untracked',
      variant(ACTIONS, 'actions.yaml', 'remote_table:\n            schema: public\n            name: author', 'remote_table: article'),
    );
  });
  test('a field_mapping key that is not a field of the object type', () => {
    const result = assertMarked('action-relationship-unknown-field', variant(ACTIONS, 'actions.yaml', 'authorId: id', '⟦authorID⟧: id'));
    const f = only(result, 'action-relationship-unknown-field')[0]!;
    assert.deepEqual(f.data, { field: 'authorID', type: 'LoginResult', suggestion: 'authorId' });
    assert.equal(f.related?.[0]?.file, path('actions.graphql'));
  });
  test('a valid relationship is fine', () => {
    assertMarked('action-relationship-unknown-field', ACTIONS);
    assertMarked('action-relationship-target-untracked', ACTIONS);
  });
});

describe('action permissions feed the role index', () => {
  test('an inherited role may use a role that only an action permission names', () => {
    assertMarked('inherited-role-unknown-role', { ...ACTIONS, 'inherited_roles.yaml': '- role_name: staff\n  role_set: [user, manager]\n' });
    assertMarked('inherited-role-unknown-role', { ...ACTIONS, 'inherited_roles.yaml': '- role_name: staff\n  role_set: [user, ⟦managr⟧]\n' });
  });
});
