import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { readActionsGraphql, readSdl } from '../../../server/src/core/graphql/actionsSdl';
import { readSdlDefinitions } from '../../../server/src/core/sync/sdlRead';

/**
 * actions.graphql has one reader (graphql/actionsSdl.ts readActionsGraphql); the facts the rules use
 * and the definitions the metadata build uses are two views of it and must agree on what is an action
 * and what is a custom type.
 */
const SDL = `schema { query: Query }
directive @auth on FIELD_DEFINITION
type Query {
  me: User
}
extend type Mutation {
  login(email: String!, """the secret""" password: String!): [Token!]!
}
"""A person"""
type User {
  id: ID!
  tags: [String]
}
extend type User {
  nick: String
}
input LoginInput {
  email: String!
}
enum Role {
  """may do anything"""
  admin
  user
}
scalar Token
interface Node {
  id: ID!
}
union Thing = User
`;

describe('the one actions.graphql reader', () => {
  test('classifies every definition once: roots (also `extend type`), custom types by kind, the rest', () => {
    const read = readActionsGraphql(SDL);
    assert.ok(read.ok);
    assert.deepEqual(
      read.definitions.map((d) =>
        `${d.role} ${'name' in d.node && d.node.name ? d.node.name.value : '-'} ${d.role === 'root' ? d.operation : d.role === 'type' ? d.kind : ''}`.trim(),
      ),
      [
        'other -',
        'other auth',
        'root Query query',
        'root Mutation mutation',
        'type User objects',
        'other User',
        'type LoginInput input_objects',
        'type Role enums',
        'type Token scalars',
        'other Node',
        'other Thing',
      ],
    );
  });

  test('the rules’ facts and the metadata build see the same actions and custom types, in order', () => {
    const facts = readSdl('/p/actions.graphql', SDL);
    const defs = readSdlDefinitions(SDL);
    assert.ok(defs);
    assert.deepEqual(
      facts.actions.map((a) => `${a.operation} ${a.name}`),
      defs.actions.map((a) => `${a.operation} ${a.name}`),
    );
    assert.deepEqual(
      facts.actions.map((a) => a.signature),
      ['me: User', 'login(email: String!, """the secret""" password: String!): [Token!]!'],
    );
    assert.deepEqual(
      defs.actions.map((a) => `${a.name}(${a.arguments.map((v) => `${v.name}: ${v.type} ${v.description ?? '-'}`).join(', ')}): ${a.outputType}`),
      ['me(): User', 'login(email: String! -, password: String! the secret): [Token!]!'],
    );
    assert.deepEqual(
      facts.types.map((t) => `${t.kind} ${t.name} ${t.fields.map((f) => `${f.name}${f.list ? '[]' : ''}`).join(',')}`),
      ['objects User id,tags[]', 'input_objects LoginInput email', 'enums Role ', 'scalars Token '],
    );
    assert.deepEqual(
      defs.types.map((t) => `${t.kind} ${t.name} ${t.fields.map((f) => `${f.name}:${f.type}:${f.description ?? '-'}`).join(',')}`),
      ['objects User id:ID!:-,tags:[String]:-', 'input_objects LoginInput email:String!:-', 'enums Role admin::may do anything,user::-', 'scalars Token '],
    );
    // An `extend type` of a custom type defines nothing new; interfaces, unions and directives are defined names.
    assert.deepEqual([...facts.defined].sort(), ['LoginInput', 'Node', 'Role', 'Thing', 'Token', 'User', 'auth']);
    assert.deepEqual(
      facts.roots.map((r) => [r.name, SDL.slice(r.span.start, r.span.end)]),
      [
        ['Query', 'Query'],
        ['Mutation', 'Mutation'],
      ],
    );
  });

  test('a file that does not parse: the facts carry the error at its place, the build reads nothing', () => {
    const text = 'type Query {\n  me(: User\n}\n';
    const read = readActionsGraphql(text);
    assert.ok(!read.ok);
    assert.deepEqual(read.error, { message: 'Syntax Error: Expected Name, found ":".', span: { start: 18, end: 19 } });
    const facts = readSdl('/p/actions.graphql', text);
    assert.deepEqual(facts.error, read.error);
    assert.deepEqual([facts.actions, facts.types, facts.refs, facts.roots], [[], [], [], []]);
    assert.equal(readSdlDefinitions(text), undefined);
  });
});
