import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { generatedSchemas } from '../../../server/src/core/graphql/operations/generated';
import { engineEnvironmentOf } from '../../../server/src/cli/schema';
import type { CliEnv } from '../../../server/src/cli/env';
import { readOperationsRole, readRemoteSchemaSdl, readSchemaEnvironment } from '../../../server/src/lsp/settings';
import { memoryHost } from '../helpers/memoryHost';
import { dbModel, models } from '../helpers/dbModel';
import { assertMarked, BASE, check } from '../helpers/project';

/** Collections' queries against the generated schema: native queries are judged, what the generator leaves out is not. */

const MODELS = models(
  dbModel({
    relations: {
      'public.author': { columns: { id: 'integer', name: 'text' }, pk: ['id'] },
      'public.article': { columns: { id: 'integer', author_id: 'integer' }, pk: ['id'], fks: ['author_id -> public.author(id)'] },
    },
  }),
);

const DATABASES = `- name: default
  kind: postgres
  configuration:
    connection_info:
      database_url:
        from_env: PG_DATABASE_URL
  logical_models:
    - name: total
      fields:
        - name: n
          type:
            scalar: integer
  native_queries:
    - root_field_name: totals
      arguments:
        min:
          type: integer
      code: SELECT {{min}} AS n
      returns: total
  tables: "!include default/tables/tables.yaml"
`;

const AUTHOR = `${BASE['databases/default/tables/public_author.yaml']!}remote_relationships:
  - name: homeland
    definition:
      to_remote_schema:
        remote_schema: countries
        lhs_fields:
          - name
        remote_field:
          country:
            arguments:
              code: $name
`;

const files = (queries: string): Record<string, string> => ({
  'databases/databases.yaml': DATABASES,
  'databases/default/tables/public_author.yaml': AUTHOR,
  'query_collections.yaml': `- name: allowed-queries
  definition:
    queries:
${queries}`,
});

const options = { databases: MODELS, graphqlSchemas: generatedSchemas() };

describe('operations against the generated schema: native queries and remote relationships', () => {
  test("a native query's root field is judged: an unknown field of its logical model is operation-invalid", () => {
    assertMarked(
      'operation-invalid',
      files(`      - name: a
        query: |
          query a { totals(args: {min: 1}) { n ⟦m⟧ } }
`),
      options,
    );
  });

  test('its arguments too: one the native query lacks is operation-rejected', () => {
    const { result } = check(
      files(`      - name: a
        query: |
          query a { totals(args: {min: 1, max: 2}) { n } }
`),
      options,
    );
    assert.deepEqual(
      result.findings.filter((f) => f.code.startsWith('operation-')).map((f) => [f.code, f.message.split('.')[0]]),
      [['operation-rejected', 'In query `a` of collection `allowed-queries`: Field "max" is not defined by type "totals_arguments"']],
    );
  });

  test("a native query's relationship the generator left out (its table is not in the model) is never judged; its other fields are", () => {
    const withGhost = (queries: string): Record<string, string> => ({
      ...files(queries),
      'databases/databases.yaml': DATABASES.replace(
        '      returns: total\n',
        '      returns: total\n      object_relationships:\n        - name: ghost\n          using:\n            column_mapping:\n              n: id\n            remote_table:\n              schema: public\n              name: ghost\n',
      ),
    });
    const found = (query: string): string[][] =>
      check(withGhost(`      - name: c\n        query: |\n          ${query}\n`), options)
        .result.findings.filter((f) => f.code.startsWith('operation-'))
        .map((f) => [f.code, f.message.split('.')[0]!]);
    assert.deepEqual(found('query c { totals(args: {min: 1}) { n ghost { id } } }'), []);
    assert.deepEqual(found('query c { totals(args: {min: 1}) { n ghost { id } } article { idd } }'), [
      ['operation-invalid', 'In query `c` of collection `allowed-queries`: Cannot query field "idd" on type "article"'],
    ]);
  });

  test('a remote relationship to a remote schema without its SDL is left out of the schema and never judged', () => {
    const { result } = check(
      files(`      - name: b
        query: |
          query b { author { id homeland { anything } } }
`),
      options,
    );
    assert.deepEqual(
      result.findings.filter((f) => f.code.startsWith('operation-')),
      [],
    );
  });
});

describe("operations against the generated schema: what the engine's environment decides", () => {
  const withFunction = models(
    dbModel({
      relations: {
        'public.author': { columns: { id: 'integer', name: 'text' }, pk: ['id'] },
        'public.article': { columns: { id: 'integer', author_id: 'integer' }, pk: ['id'], fks: ['author_id -> public.author(id)'] },
      },
      functions: { 'public.search_authors': { args: ['q text'], returns: 'public.author', returnsRelation: 'public.author', setof: true } },
    }),
  );
  const project = (marked: string): Record<string, string> => ({
    'databases/databases.yaml': `${BASE['databases/databases.yaml']!}  functions:\n    - function:\n        schema: public\n        name: search_authors\n`,
    'query_collections.yaml': `- name: allowed-queries
  definition:
    queries:
      - name: found
        query: |
          query ${marked} { search_authors(args: {q: "a"}) { id } }
`,
    'allow_list.yaml': '- collection: allowed-queries\n',
  });
  test('HASURA_GRAPHQL_INFER_FUNCTION_PERMISSIONS: on (the default), a role that may select the table calls the function; off, it needs a function permission', () => {
    assertMarked('allow-list-operation-unrunnable', project('found'), { databases: withFunction, graphqlSchemas: generatedSchemas() });
    const result = assertMarked('allow-list-operation-unrunnable', project('⟦found⟧'), {
      databases: withFunction,
      graphqlSchemas: generatedSchemas({ inferFunctionPermissions: false }),
    });
    assert.match(
      result.findings.find((f) => f.code === 'allow-list-operation-unrunnable')!.message,
      /`user`: Cannot query field "search_authors" on type "query_root"/,
    );
  });

  test("read from the settings (the editor) and from the engine's own variables (the CLI), the engine's defaults otherwise", () => {
    // The role for collection queries, as the extension's status bar reads it too (common/operationsRole.ts).
    assert.deepEqual(
      [readOperationsRole({}), readOperationsRole({ operationsRole: ' user ' }), readOperationsRole({ operationsRole: 3 })],
      ['admin', 'user', 'admin'],
    );
    assert.deepEqual(readSchemaEnvironment({}), { namingConvention: 'hasura-default', inferFunctionPermissions: true, remoteSchemaPermissions: false });
    assert.deepEqual(readSchemaEnvironment({ namingConvention: 'graphql-default', inferFunctionPermissions: false, remoteSchemaPermissions: true }), {
      namingConvention: 'graphql-default',
      inferFunctionPermissions: false,
      remoteSchemaPermissions: true,
    });
    // Only a boolean counts.
    assert.deepEqual(readSchemaEnvironment({ inferFunctionPermissions: 'false', remoteSchemaPermissions: 'true' }), {
      namingConvention: 'hasura-default',
      inferFunctionPermissions: true,
      remoteSchemaPermissions: false,
    });
    const cli = (env: Record<string, string>): unknown => engineEnvironmentOf(undefined, { env } as unknown as CliEnv);
    assert.deepEqual(cli({}), { inferFunctionPermissions: true, remoteSchemaPermissions: false });
    assert.deepEqual(
      cli({
        HASURA_GRAPHQL_DEFAULT_NAMING_CONVENTION: 'graphql-default',
        HASURA_GRAPHQL_INFER_FUNCTION_PERMISSIONS: 'false',
        HASURA_GRAPHQL_ENABLE_REMOTE_SCHEMA_PERMISSIONS: 'true',
      }),
      { namingConvention: 'graphql-default', inferFunctionPermissions: false, remoteSchemaPermissions: true },
    );
    assert.deepEqual(engineEnvironmentOf('hasura-default', { env: { HASURA_GRAPHQL_DEFAULT_NAMING_CONVENTION: 'graphql-default' } } as unknown as CliEnv), {
      namingConvention: 'hasura-default',
      inferFunctionPermissions: true,
      remoteSchemaPermissions: false,
    });
  });
  test('graphqlMetadata.remoteSchemas: each SDL file read through the host, a relative path from the first workspace folder; what cannot be used is named', () => {
    const host = memoryHost({ '/ws/schemas/countries.graphql': 'type Query { country: String }\n', '/abs/geo.graphql': 'type Query { geo: Int }\n' });
    assert.deepEqual(readRemoteSchemaSdl({}, '/ws', host), { sdl: {}, files: new Set(), problems: [] });
    const read = readRemoteSchemaSdl(
      { remoteSchemas: { countries: 'schemas/countries.graphql', geo: '/abs/geo.graphql', gone: 'missing.graphql', odd: 3 } },
      '/ws',
      host,
    );
    assert.deepEqual(read.sdl, { countries: 'type Query { country: String }\n', geo: 'type Query { geo: Int }\n' });
    assert.deepEqual([...read.files], ['/ws/schemas/countries.graphql', '/abs/geo.graphql', '/ws/missing.graphql']);
    assert.deepEqual(read.problems, [
      'graphqlMetadata.remoteSchemas: `gone`: /ws/missing.graphql is not a readable text file (missing); its schema is left out.',
      'graphqlMetadata.remoteSchemas: `odd` needs the path of an SDL file; it is ignored.',
    ]);
    assert.deepEqual(readRemoteSchemaSdl({ remoteSchemas: ['x'] }, '/ws', host).problems, [
      'graphqlMetadata.remoteSchemas must map remote schema names to SDL files; it is ignored.',
    ]);
  });
});
