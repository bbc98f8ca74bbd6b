import assert from 'node:assert/strict';

/** A valid project part with actions of every kind, custom types of every kind and a relationship. */
export const ACTIONS: Readonly<Record<string, string>> = {
  'actions.yaml': `actions:
  - name: login
    definition:
      kind: ""
      handler: '{{ACTION_BASE_URL}}/login'
    permissions:
      - role: anonymous
  - name: signup
    definition:
      kind: synchronous
      handler: '{{ACTION_BASE_URL}}/signup'
    permissions:
      - role: anonymous
  - name: sendReport
    definition:
      kind: asynchronous
      handler: '{{ACTION_BASE_URL}}/report'
    permissions:
      - role: manager
custom_types:
  enums:
    - name: Plan
  input_objects:
    - name: SignupInput
  objects:
    - name: LoginResult
      relationships:
        - name: author
          type: object
          remote_table:
            schema: public
            name: author
          source: default
          field_mapping:
            authorId: id
  scalars:
    - name: Email
`,
  'actions.graphql': `type Query {
  login(email: Email!, password: String!): LoginResult
}

type Mutation {
  signup(params: SignupInput!): LoginResult
}

extend type Mutation {
  """Runs in the background."""
  sendReport(since: timestamptz, ids: [uuid!], total: bigint): Boolean
}

enum Plan {
  FREE
  PRO
}

input SignupInput {
  email: Email!
  plan: Plan
  meta: jsonb
}

type LoginResult {
  authorId: Int!
  token: String!
  expires: timestamptz
}

scalar Email
`,
};

/** Collections, a rest endpoint with url variables and a remote schema permission, all valid. */
export const COLLECTIONS: Readonly<Record<string, string>> = {
  'query_collections.yaml': `- name: allowed-queries
  definition:
    queries:
      - name: author_by_id
        query: |
          query author_by_id($id: Int!) {
            author_by_pk(id: $id) {
              id
              name
            }
          }
      - name: authors
        query: "query authors { author { id } }"
      - name: with_fragment
        query: >-
          query with_fragment { author { ...f } }
          fragment f on author { id }
`,
  'rest_endpoints.yaml': `- name: author
  url: authors/:id
  methods: [GET]
  definition:
    query:
      collection_name: allowed-queries
      query_name: author_by_id
`,
  'remote_schemas.yaml': `- name: countries
  definition:
    url: https://countries.example/graphql
  permissions:
    - role: user
      definition:
        schema: |
          schema { query: Query }
          type Query { country(code: ID!): Country }
          type Country { code: ID! name: String! }
`,
};

/** `files[file]` with `from` replaced by `to` (which must change something). */
export function variant(files: Readonly<Record<string, string>>, file: string, from: string, to: string): Record<string, string> {
  const text = files[file] ?? '';
  assert.ok(text.includes(from), `${file} has no ${JSON.stringify(from)}`);
  return { ...files, [file]: text.replace(from, to) };
}
