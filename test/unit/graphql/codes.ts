/** Every code the GraphQL rules report (test/unit/graphql covers each). */
export const GRAPHQL_CODES: readonly string[] = [
  'graphql-syntax',
  'action-not-in-graphql',
  'action-not-in-yaml',
  'action-duplicate',
  'action-kind-invalid',
  'action-async-query',
  'custom-type-not-in-graphql',
  'graphql-unknown-type',
  'action-relationship-target-untracked',
  'action-relationship-unknown-field',
  'query-syntax',
  'query-multiple-operations',
  'rest-endpoint-variables',
  'remote-schema-permission-syntax',
];
