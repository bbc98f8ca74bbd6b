/**
 * The web copy of docs/rules.md (one section per code): SARIF's help links. The language server
 * links to the copy shipped beside it (lsp/convert.ts).
 */
export const DOCS_URL = 'https://github.com/graphql-engine-metadata/graphql-engine-metadata/blob/main/docs/rules.md';

/** Codes raised by the pipeline itself rather than by a rule in rules/ (which list their own). */
export const PIPELINE_CODES: readonly string[] = [
  'yaml-syntax',
  'yaml-duplicate-key',
  'yaml-alias-limit',
  'yaml-too-deep',
  'yaml-too-large',
  'file-empty',
  'file-unreadable',
  'include-not-found',
  'include-cycle',
  'include-outside-root',
  'include-too-deep',
  'version-missing',
  'version-invalid',
  'version-unsupported',
  'schema-unknown-key',
  'schema-ignored-key',
  'schema-missing-key',
  'schema-type',
  'schema-enum',
  'schema-format',
  'schema-range',
  'schema-size',
  'schema-duplicate-item',
  'schema-invalid',
  'rule-failed',
  'check-failed',
  'server-inconsistent-object',
  'server-error',
  // Building a source's database model from its SQL migrations (core/db, node/db).
  'migration-statement-failed',
  'migration-statement-unsupported',
  'migration-extension-unavailable',
  'migration-file-unreadable',
  // Reading a source's database model from a live database (node/db/live.ts).
  'database-connection-failed',
];
