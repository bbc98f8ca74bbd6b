/**
 * Instances per metadata file kind, with the exact errors (sorted `instancePath:keyword`) each must give.
 * `errors: []` means the instance is valid.
 */
export interface SchemaCase {
  kind: string;
  name: string;
  data: unknown;
  errors: string[];
}

const author = { schema: 'public', name: 'author' };
const article = { schema: 'public', name: 'article' };
const pgSource = (extra: object): object => ({
  name: 'default',
  kind: 'postgres',
  configuration: { connection_info: { database_url: { from_env: 'PG_DATABASE_URL' } } },
  tables: [],
  ...extra,
});
const retry = { num_retries: 0, interval_sec: 10, timeout_sec: 60 };

const fullTable = {
  table: author,
  configuration: {
    custom_name: 'Author',
    custom_root_fields: { select: 'authors', select_by_pk: { name: 'author', comment: 'One author' }, delete: null },
    column_config: { created_at: { custom_name: 'createdAt', comment: null } },
    custom_column_names: { created_at: 'createdAt' },
  },
  object_relationships: [
    { name: 'profile', using: { foreign_key_constraint_on: 'profile_id' } },
    { name: 'org', using: { foreign_key_constraint_on: ['org_id', 'org_region'] } },
    { name: 'bio', using: { foreign_key_constraint_on: { table: 'bio', columns: ['author_id'] } } },
    { name: 'view', using: { manual_configuration: { remote_table: article, column_mapping: { id: 'author_id' }, insertion_order: null } } },
  ],
  array_relationships: [{ name: 'articles', using: { foreign_key_constraint_on: { table: article, column: 'author_id' } }, comment: 'written' }],
  computed_fields: [{ name: 'full_name', definition: { function: { schema: 'public', name: 'author_full_name' } } }],
  remote_relationships: [
    { name: 'account', definition: { remote_schema: 'auth', hasura_fields: ['id'], remote_field: { user: { arguments: { id: '$id' } } } } },
    { name: 'orders', definition: { to_source: { source: 'shop', table: 'orders', relationship_type: 'array', field_mapping: { id: 'author_id' } } } },
  ],
  insert_permissions: [{ role: 'user', permission: { check: { id: { _eq: 'X-Hasura-User-Id' } }, columns: ['name'], set: { org_id: 'x-hasura-org-id' } } }],
  select_permissions: [{ role: 'user', permission: { columns: '*', filter: {}, limit: 10, query_root_fields: ['select'] } }],
  update_permissions: [{ role: 'user', permission: { columns: ['name'], filter: {}, check: null } }],
  delete_permissions: [{ role: 'user', permission: { filter: { id: { _eq: 'X-Hasura-User-Id' } } }, comment: 'own row' }],
  event_triggers: [
    {
      name: 'author_created',
      definition: { enable_manual: false, insert: { columns: '*' }, update: { columns: ['name'] } },
      retry_conf: retry,
      webhook: '{{EVENTS_URL}}/author-created',
      headers: [{ name: 'x-secret', value_from_env: 'EVENT_SECRET' }],
    },
  ],
};

const versionCases: SchemaCase[] = [
  { kind: 'version', name: 'config v3', data: { version: 3 }, errors: [] },
  { kind: 'version', name: 'config v2 number', data: { version: 2 }, errors: ['/version:enum'] },
  { kind: 'version', name: 'no version key', data: {}, errors: [':required'] },
];

const databaseCases: SchemaCase[] = [
  {
    kind: 'databases',
    name: 'postgres, mssql, bigquery and a data connector',
    data: [
      pgSource({
        configuration: {
          connection_info: {
            database_url: 'postgres://u:p@db:5432/app',
            isolation_level: 'read-committed',
            pool_settings: { max_connections: 50, total_max_connections: null },
          },
        },
      }),
      {
        name: 'ms',
        kind: 'mssql',
        configuration: { connection_info: { connection_string: { from_env: 'MSSQL_URL' }, pool_settings: { idle_timeout: 5, max_connections: null } } },
        tables: [],
      },
      {
        name: 'bq',
        kind: 'bigquery',
        configuration: { service_account: { from_env: 'BQ_KEY' }, project_id: 'p1', datasets: ['d1'], global_select_limit: '1000' },
        tables: [],
      },
      { name: 'bq2', kind: 'bigquery', configuration: { service_account: '{"a":1}', project_id: { from_env: 'BQ_PROJECT' }, datasets: 'd1,d2' }, tables: [] },
      { name: 'lite', kind: 'sqlite', configuration: { value: { db: '/data/chinook.db' } }, tables: [{ table: ['Album'] }] },
    ],
    errors: [],
  },
  {
    kind: 'databases',
    name: 'no kind means postgres configuration',
    data: [{ name: 'default', configuration: {}, tables: [] }],
    errors: ['/0/configuration:required', '/0:if'],
  },
  {
    kind: 'databases',
    name: 'mssql without connection_string',
    data: [{ name: 'ms', kind: 'mssql', configuration: { connection_info: { pool_settings: {} } }, tables: [] }],
    errors: ['/0/configuration/connection_info:anyOf', '/0/configuration/connection_info:required', '/0/configuration/connection_info:required', '/0:if'],
  },
  {
    kind: 'databases',
    name: 'unknown postgres isolation level',
    data: [pgSource({ configuration: { connection_info: { database_url: 'postgres://db', isolation_level: 'read-uncommitted' } } })],
    errors: ['/0/configuration/connection_info/isolation_level:enum', '/0:if'],
  },
  {
    kind: 'databases',
    name: 'source without tables',
    data: [{ name: 'default', kind: 'postgres', configuration: { connection_info: { database_url: 'postgres://db' } } }],
    errors: ['/0:required'],
  },
  {
    kind: 'databases',
    name: 'included table objects are checked as table files',
    data: [pgSource({ tables: [{ table: author, permissions: [] }] })],
    errors: ['/0/tables/0:additionalProperties'],
  },
];

const tableCases: SchemaCase[] = [
  { kind: 'tables', name: 'list of table objects', data: [{ table: author }, { table: 'article', is_enum: false }], errors: [] },
  { kind: 'tables', name: 'entry without table', data: [{ is_enum: true }], errors: ['/0:required'] },
  { kind: 'table', name: 'every relationship, permission and trigger form', data: fullTable, errors: [] },
  { kind: 'table', name: 'unknown top-level key', data: { table: author, permissions: [] }, errors: [':additionalProperties'] },
  {
    kind: 'table',
    name: 'using with both forms',
    data: {
      table: author,
      object_relationships: [
        { name: 'a', using: { foreign_key_constraint_on: 'a_id', manual_configuration: { remote_table: article, column_mapping: { a_id: 'id' } } } },
      ],
    },
    errors: ['/object_relationships/0/using:oneOf'],
  },
  {
    kind: 'table',
    name: 'array relationship with a column string',
    data: { table: author, array_relationships: [{ name: 'articles', using: { foreign_key_constraint_on: 'author_id' } }] },
    errors: ['/array_relationships/0/using/foreign_key_constraint_on:oneOf', '/array_relationships/0/using/foreign_key_constraint_on:type'],
  },
  {
    kind: 'table',
    name: 'remote-table foreign key with column and columns',
    data: {
      table: author,
      array_relationships: [{ name: 'articles', using: { foreign_key_constraint_on: { table: article, column: 'author_id', columns: ['author_id'] } } }],
    },
    errors: ['/array_relationships/0/using/foreign_key_constraint_on:oneOf'],
  },
  {
    kind: 'table',
    name: 'insert permission without check',
    data: { table: author, insert_permissions: [{ role: 'user', permission: { columns: '*' } }] },
    errors: ['/insert_permissions/0/permission:required'],
  },
  {
    kind: 'table',
    name: 'select columns as a single column name',
    data: { table: author, select_permissions: [{ role: 'user', permission: { columns: 'id', filter: {} } }] },
    errors: [
      '/select_permissions/0/permission/columns:anyOf',
      '/select_permissions/0/permission/columns:enum',
      '/select_permissions/0/permission/columns:type',
    ],
  },
  {
    kind: 'table',
    name: 'event trigger without a webhook',
    data: { table: author, event_triggers: [{ name: 'e', definition: { insert: { columns: '*' } }, retry_conf: retry }] },
    errors: ['/event_triggers/0:oneOf', '/event_triggers/0:required', '/event_triggers/0:required'],
  },
  {
    kind: 'table',
    name: 'remote relationship with to_source and to_remote_schema',
    data: {
      table: author,
      remote_relationships: [
        {
          name: 'r',
          definition: {
            to_source: { source: 's', table: 't', relationship_type: 'object', field_mapping: { id: 'id' } },
            to_remote_schema: { remote_schema: 'rs', lhs_fields: ['id'], remote_field: { user: { arguments: {} } } },
          },
        },
      ],
    },
    errors: ['/remote_relationships/0/definition:if', '/remote_relationships/0/definition:oneOf'],
  },
];

const functionCases: SchemaCase[] = [
  { kind: 'functions', name: 'list of function objects', data: [{ function: { schema: 'public', name: 'search' } }], errors: [] },
  { kind: 'functions', name: 'entry without function', data: [{ configuration: {} }], errors: ['/0:required'] },
  {
    kind: 'function',
    name: 'mutation with custom root fields and permissions',
    data: {
      function: { schema: 'public', name: 'search' },
      configuration: { exposed_as: 'mutation', custom_root_fields: { function: 'searchIt' }, session_argument: 'hasura_session' },
      permissions: [{ role: 'user' }],
    },
    errors: [],
  },
  {
    kind: 'function',
    name: 'exposed as subscription',
    data: { function: 'search', configuration: { exposed_as: 'subscription' } },
    errors: ['/configuration/exposed_as:enum'],
  },
  { kind: 'function', name: 'permission without role', data: { function: 'search', permissions: [{}] }, errors: ['/permissions/0:required'] },
];

const action = (definition: object): object => ({ actions: [{ name: 'login', definition }] });
const actionCases: SchemaCase[] = [
  {
    kind: 'actions',
    name: 'actions and custom types',
    data: {
      actions: [
        {
          name: 'me',
          definition: {
            kind: '',
            handler: '{{ACTION_BASE_URL}}/me',
            forward_client_headers: true,
            headers: [
              { name: 'a', value: 'b' },
              { name: 'c', value_from_env: 'D' },
            ],
          },
          permissions: [{ role: 'user' }],
        },
        {
          name: 'pay',
          definition: {
            kind: 'asynchronous',
            handler: 'https://pay.example.com',
            timeout: 60,
            request_transform: { version: 2, body: { action: 'transform', template: '{}' } },
          },
          comment: 'pays',
        },
      ],
      custom_types: {
        enums: [],
        input_objects: [{ name: 'LoginInput' }],
        objects: [
          {
            name: 'Me',
            relationships: [
              { name: 'user', type: 'object', remote_table: { schema: 'public', name: 'users' }, field_mapping: { id: 'id' }, source: 'default' },
            ],
          },
        ],
        scalars: [],
      },
    },
    errors: [],
  },
  // Whether `kind` is read depends on actions.graphql (mutations only): the action-kind-invalid rule decides.
  { kind: 'actions', name: 'unknown kind is left to the rule', data: action({ kind: 'sync', handler: 'https://x' }), errors: [] },
  {
    kind: 'graphql_schema_introspection',
    name: 'a near miss of disabled_for_roles only',
    data: { disabled_for_role: ['anonymous'] },
    errors: [':if', ':required'],
  },
  { kind: 'graphql_schema_introspection', name: 'an empty mapping', data: {}, errors: [] },
  { kind: 'actions', name: 'no handler', data: action({ kind: 'synchronous' }), errors: ['/actions/0/definition:required'] },
  {
    kind: 'actions',
    name: 'header with value and value_from_env',
    data: action({ handler: 'https://x', headers: [{ name: 'a', value: 'b', value_from_env: 'C' }] }),
    errors: ['/actions/0/definition/headers/0:oneOf'],
  },
  {
    kind: 'actions',
    name: 'relationship of an unknown type',
    data: { custom_types: { objects: [{ name: 'Me', relationships: [{ name: 'u', type: 'many', remote_table: 'users', field_mapping: {} }] }] } },
    errors: ['/custom_types/objects/0/relationships/0/type:enum'],
  },
];

const allowListCases: SchemaCase[] = [
  {
    kind: 'allow_list',
    name: 'global and role scopes',
    data: [{ collection: 'a' }, { collection: 'b', scope: { global: true } }, { collection: 'c', scope: { global: false, roles: ['user'] } }],
    errors: [],
  },
  {
    kind: 'allow_list',
    name: 'roles with global true',
    data: [{ collection: 'a', scope: { global: true, roles: ['user'] } }],
    errors: ['/0/scope/roles:type', '/0/scope:if'],
  },
  {
    kind: 'allow_list',
    name: 'global false without roles',
    data: [{ collection: 'a', scope: { global: false } }],
    errors: ['/0/scope:if', '/0/scope:required'],
  },
  {
    kind: 'allow_list',
    name: 'duplicate roles',
    data: [{ collection: 'a', scope: { global: false, roles: ['u', 'u'] } }],
    errors: ['/0/scope/roles:uniqueItems'],
  },
  { kind: 'allow_list', name: 'empty roles', data: [{ collection: 'a', scope: { global: false, roles: [] } }], errors: ['/0/scope/roles:minItems'] },
];

const collectionCases: SchemaCase[] = [
  {
    kind: 'query_collections',
    name: 'collection with a query',
    data: [{ name: 'allowed', definition: { queries: [{ name: 'q', query: 'query q { a { id } }' }] } }],
    errors: [],
  },
  {
    kind: 'query_collections',
    name: 'query without text',
    data: [{ name: 'allowed', definition: { queries: [{ name: 'q' }] } }],
    errors: ['/0/definition/queries/0:required'],
  },
];

const cron = (extra: object): object[] => [{ name: 'c', webhook: '{{CRON_URL}}/daily', schedule: '0 0 * * *', include_in_metadata: true, ...extra }];
const cronCases: SchemaCase[] = [
  {
    kind: 'cron_triggers',
    name: 'template webhook, payload, retry_conf and a transform',
    data: cron({
      payload: {},
      retry_conf: { num_retries: 1, retry_interval_seconds: 10, timeout_seconds: 60, tolerance_seconds: 21600 },
      comment: '',
      request_transform: { version: 1, body: '{}', template_engine: 'Kriti' },
    }),
    errors: [],
  },
  { kind: 'cron_triggers', name: 'negative num_retries', data: cron({ retry_conf: { num_retries: -1 } }), errors: ['/0/retry_conf/num_retries:minimum'] },
  {
    kind: 'cron_triggers',
    name: 'fractional tolerance',
    data: cron({ retry_conf: { tolerance_seconds: 1.5 } }),
    errors: ['/0/retry_conf/tolerance_seconds:type'],
  },
  { kind: 'cron_triggers', name: 'no include_in_metadata', data: [{ name: 'c', webhook: 'https://x', schedule: '* * * * *' }], errors: ['/0:required'] },
];

const remoteSchemaCases: SchemaCase[] = [
  {
    kind: 'remote_schemas',
    name: 'url, url_from_env, customization, permissions and relationships',
    data: [
      {
        name: 'a',
        definition: { url: '{{A_URL}}/graphql', timeout_seconds: 60, customization: { root_fields_namespace: 'a', type_names: { prefix: 'A_' } } },
        permissions: [{ role: 'user', definition: { schema: 'type Query { x: Int }' } }],
      },
      {
        name: 'b',
        definition: { url_from_env: 'B_URL', forward_client_headers: true },
        remote_relationships: [
          {
            type_name: 'User',
            relationships: [
              {
                name: 'orders',
                definition: { to_source: { source: 'default', table: 'orders', relationship_type: 'array', field_mapping: { id: 'user_id' } } },
              },
            ],
          },
        ],
      },
    ],
    errors: [],
  },
  {
    kind: 'remote_schemas',
    name: 'url and url_from_env together (a cross-file rule, not the schema)',
    data: [{ name: 'a', definition: { url: 'https://a', url_from_env: 'A' } }],
    errors: [],
  },
  {
    kind: 'remote_schemas',
    name: 'permission without schema',
    data: [{ name: 'a', definition: { url: 'https://a' }, permissions: [{ role: 'user', definition: {} }] }],
    errors: ['/0/permissions/0/definition:required'],
  },
];

const smallFileCases: SchemaCase[] = [
  { kind: 'inherited_roles', name: 'role_name and role_set', data: [{ role_name: 'editor', role_set: ['writer', 'reviewer'] }], errors: [] },
  { kind: 'inherited_roles', name: 'seed API spelling role', data: [{ role: 'editor', role_set: ['writer'] }], errors: ['/0:required'] },
  {
    kind: 'rest_endpoints',
    name: 'GET endpoint',
    data: [{ name: 'user', url: 'users/:id', methods: ['GET'], definition: { query: { collection_name: 'allowed', query_name: 'q' } }, comment: null }],
    errors: [],
  },
  {
    kind: 'rest_endpoints',
    name: 'unknown method',
    data: [{ name: 'user', url: 'u', methods: ['FETCH'], definition: { query: { collection_name: 'c', query_name: 'q' } } }],
    errors: ['/0/methods/0:enum'],
  },
  {
    kind: 'api_limits',
    name: 'all limits',
    data: {
      disabled: false,
      depth_limit: { global: 10, per_role: { user: 5 } },
      time_limit: { global: 2.5 },
      rate_limit: { global: { max_reqs_per_min: 100, unique_params: 'IP' }, per_role: { user: { max_reqs_per_min: 10, unique_params: ['x-hasura-user-id'] } } },
    },
    errors: [],
  },
  { kind: 'api_limits', name: 'limit without global', data: { node_limit: { per_role: { user: 5 } } }, errors: ['/node_limit:required'] },
  {
    kind: 'network',
    name: 'object and string entries',
    data: { tls_allowlist: [{ host: 'localhost', suffix: '4183', permissions: ['self-signed'] }, 'example.com'] },
    errors: [],
  },
  {
    kind: 'network',
    name: 'unknown TLS permission',
    data: { tls_allowlist: [{ host: 'localhost', permissions: ['insecure'] }] },
    errors: ['/tls_allowlist/0/permissions/0:enum', '/tls_allowlist/0:anyOf', '/tls_allowlist/0:type'],
  },
  { kind: 'graphql_schema_introspection', name: 'disabled for anonymous', data: { disabled_for_roles: ['anonymous'] }, errors: [] },
  { kind: 'graphql_schema_introspection', name: 'empty role name', data: { disabled_for_roles: [''] }, errors: ['/disabled_for_roles/0:minLength'] },
  { kind: 'metrics_config', name: 'empty file content', data: {}, errors: [] },
  { kind: 'metrics_config', name: 'both flags', data: { analyze_query_variables: true, analyze_response_body: false }, errors: [] },
  { kind: 'metrics_config', name: 'one flag only', data: { analyze_query_variables: true }, errors: [':if', ':required'] },
  {
    kind: 'opentelemetry',
    name: 'traces exported over OTLP',
    data: {
      status: 'enabled',
      data_types: ['traces', 'metrics'],
      exporter_otlp: {
        otlp_traces_endpoint: 'http://otel:4318/v1/traces',
        protocol: 'http/protobuf',
        headers: [{ name: 'x', value: 'y' }],
        resource_attributes: [{ name: 'service.name', value: 'hge' }],
        traces_propagators: ['tracecontext'],
      },
      batch_span_processor: { max_export_batch_size: 512 },
    },
    errors: [],
  },
  { kind: 'opentelemetry', name: 'grpc protocol', data: { exporter_otlp: { protocol: 'grpc' } }, errors: ['/exporter_otlp/protocol:enum'] },
  { kind: 'opentelemetry', name: 'unknown status', data: { status: 'on' }, errors: ['/status:anyOf', '/status:enum', '/status:pattern'] },
  // From v2.39 the engine substitutes a template in status first (the version is the rules' to judge).
  { kind: 'opentelemetry', name: 'status from an environment variable', data: { status: '{{HGE_OTEL_STATUS}}' }, errors: [] },
  {
    kind: 'opentelemetry',
    name: 'status: a template with more around it',
    data: { status: '{{A}}-x' },
    errors: ['/status:anyOf', '/status:enum', '/status:pattern'],
  },
  {
    kind: 'backend_configs',
    name: 'a data connector agent',
    data: { dataconnector: { sqlite: { uri: 'http://sqlite-agent:8100' }, athena: { uri: { from_env: 'ATHENA_AGENT' } } } },
    errors: [],
  },
  {
    kind: 'backend_configs',
    name: 'agent without uri',
    data: { dataconnector: { sqlite: { display_name: 'SQLite' } } },
    errors: ['/dataconnector/sqlite:required'],
  },
];

export const schemaCases: SchemaCase[] = [
  ...versionCases,
  ...databaseCases,
  ...tableCases,
  ...functionCases,
  ...actionCases,
  ...allowListCases,
  ...collectionCases,
  ...cronCases,
  ...remoteSchemaCases,
  ...smallFileCases,
];
