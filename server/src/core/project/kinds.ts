/** The kinds of files in a config v3 metadata directory. Each YAML kind has a schema of that name. */
export type FileKind =
  | 'version'
  | 'databases'
  | 'tables'
  | 'table'
  | 'functions'
  | 'function'
  | 'actions'
  | 'actions_graphql'
  | 'allow_list'
  | 'query_collections'
  | 'cron_triggers'
  | 'remote_schemas'
  | 'inherited_roles'
  | 'rest_endpoints'
  | 'api_limits'
  | 'network'
  | 'graphql_schema_introspection'
  | 'metrics_config'
  | 'opentelemetry'
  | 'backend_configs'
  /** Included somewhere without a kind of its own: validated as part of the file that includes it. */
  | 'fragment';

/** Top-level files, relative to the metadata root, in the order the CLI lists them. */
export const TOP_LEVEL_FILES: readonly (readonly [string, FileKind])[] = [
  ['version.yaml', 'version'],
  ['databases/databases.yaml', 'databases'],
  ['actions.yaml', 'actions'],
  ['actions.graphql', 'actions_graphql'],
  ['allow_list.yaml', 'allow_list'],
  ['api_limits.yaml', 'api_limits'],
  ['backend_configs.yaml', 'backend_configs'],
  ['cron_triggers.yaml', 'cron_triggers'],
  ['graphql_schema_introspection.yaml', 'graphql_schema_introspection'],
  ['inherited_roles.yaml', 'inherited_roles'],
  ['metrics_config.yaml', 'metrics_config'],
  ['network.yaml', 'network'],
  ['opentelemetry.yaml', 'opentelemetry'],
  ['query_collections.yaml', 'query_collections'],
  ['remote_schemas.yaml', 'remote_schemas'],
  ['rest_endpoints.yaml', 'rest_endpoints'],
];

/**
 * The kind of a file included at `path` (keys and indexes from the including file's root) of a file
 * of kind `parent`. Known positions get their own kind (and schema); others are fragments.
 */
export function includedKind(parent: FileKind, path: readonly (string | number)[]): FileKind {
  const shape = path.map((p) => (typeof p === 'number' ? '#' : p)).join('/');
  const list = { tables: 'table', functions: 'function' } as const;
  if (parent === 'databases') {
    if (shape === '#/tables' || shape === '#/functions') return shape.slice(2) as FileKind;
    if (shape === '#/tables/#') return 'table';
    if (shape === '#/functions/#') return 'function';
  }
  if ((parent === 'tables' || parent === 'functions') && shape === '#') return list[parent];
  return 'fragment';
}
