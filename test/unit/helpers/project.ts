import assert from 'node:assert/strict';
import { checkRoot } from '../../../server/src/core/check';
import type { CheckServices, RootResult } from '../../../server/src/core/check';
import type { DatabaseModels } from '../../../server/src/core/db/model';
import type { SchemaSource } from '../../../server/src/core/graphql/operations/provider';
import { ParseCache } from '../../../server/src/core/project/cache';
import { SchemaValidator } from '../../../server/src/core/schema/validator';
import { loadSchemaSet } from '../../../server/src/node/schemas';
import { expected, markedProject, where } from './marked';
import { memoryHost } from './memoryHost';

export const ROOT = '/p/metadata';

/** A minimal valid project: one postgres source `default` with author and article tables. */
export const BASE: Record<string, string> = {
  'version.yaml': 'version: 3\n',
  'databases/databases.yaml': `- name: default
  kind: postgres
  configuration:
    connection_info:
      database_url:
        from_env: PG_DATABASE_URL
  tables: "!include default/tables/tables.yaml"
`,
  'databases/default/tables/tables.yaml': '- "!include public_author.yaml"\n- "!include public_article.yaml"\n',
  'databases/default/tables/public_author.yaml': `table:
  name: author
  schema: public
array_relationships:
  - name: articles
    using:
      foreign_key_constraint_on:
        columns:
          - author_id
        table:
          name: article
          schema: public
select_permissions:
  - role: user
    permission:
      columns:
        - id
        - name
      filter: {}
`,
  'databases/default/tables/public_article.yaml': `table:
  name: article
  schema: public
object_relationships:
  - name: author
    using:
      foreign_key_constraint_on: author_id
`,
};

let validator: SchemaValidator | undefined;
export function schemaValidator(): SchemaValidator {
  return (validator ??= new SchemaValidator(loadSchemaSet()));
}

/** Checks BASE overlaid with `marked` files (null deletes a BASE file). */
export interface CheckOptions {
  readonly schemas?: boolean;
  /** Database models by source (the database rules are silent without). */
  readonly databases?: DatabaseModels;
  /** The GraphQL schemas each role sees (the operation rules are silent without). */
  readonly graphqlSchemas?: SchemaSource;
}

/** Check services over in-memory files, with the schemas and database models `options` ask for. */
export function servicesFor(files: Record<string, string>, options: CheckOptions): CheckServices {
  const databases = options.databases;
  return {
    host: memoryHost(files),
    cache: new ParseCache(),
    ...(options.schemas ? { validator: schemaValidator() } : {}),
    ...(databases ? { databases: () => databases } : {}),
    ...(options.graphqlSchemas ? { graphqlSchemas: options.graphqlSchemas } : {}),
  };
}

export function check(
  marked: Record<string, string | null>,
  options: CheckOptions = {},
): { result: RootResult; spans: Record<string, { start: number; end: number }[]> } {
  const merged: Record<string, string> = { ...BASE };
  for (const [k, v] of Object.entries(marked)) {
    if (v === null) delete merged[k];
    else merged[k] = v;
  }
  const project = markedProject(ROOT, merged);
  return { result: checkRoot(ROOT, servicesFor(project.files, options)), spans: project.spans };
}

/** Asserts that the findings with `code` are exactly the marked spans (in file order). */
export function assertMarked(code: string, marked: Record<string, string | null>, options: CheckOptions = {}): RootResult {
  const { result, spans } = check(marked, options);
  const actual = result.findings
    .filter((f) => f.code === code)
    .map(where)
    .sort();
  const want = Object.entries(spans)
    .flatMap(([file, list]) => list.map((s) => expected(code, file, s)))
    .sort();
  assert.deepEqual(actual, want);
  return result;
}

export const path = (rel: string): string => `${ROOT}/${rel}`;
