// Every file of a generated project, as { relative path: text } (relative to the project folder).

import { actionsGraphql, actionsOf, actionsYaml } from './actions.mjs';
import { buildTables } from './model.mjs';
import { allowList, operations, queryCollections, restEndpoints } from './queries.mjs';
import { createRandom } from './random.mjs';
import { tableFile } from './tables.mjs';
import { toYaml } from './yaml.mjs';

const SCHEDULES = ['*/15 * * * *', '0 3 * * *', '30 2 * * 1', '0 */6 * * *', '5 0 1 * *', '0 9 * * 1-5'];

export function projectFiles(count, seed) {
  const random = createRandom(seed);
  const tables = buildTables(count, random);
  const files = new Map();
  const put = (rel, value) => files.set(rel, typeof value === 'string' ? value : toYaml(value));
  put('config.yaml', {
    version: 3,
    endpoint: 'http://localhost:8080',
    metadata_directory: 'metadata',
    actions: { kind: 'synchronous', handler_webhook_baseurl: 'http://localhost:3000' },
  });
  put('metadata/version.yaml', { version: 3 });
  put('metadata/databases/databases.yaml', databases());
  put('metadata/databases/default/functions/functions.yaml', []);
  put(
    'metadata/databases/default/tables/tables.yaml',
    tables.map((t) => `!include public_${t.name}.yaml`),
  );
  for (const t of tables) put(`metadata/databases/default/tables/public_${t.name}.yaml`, tableFile(t, random));
  const ops = operations(tables, Math.max(6, Math.ceil(count / 4)), random);
  put('metadata/query_collections.yaml', queryCollections(ops));
  put('metadata/allow_list.yaml', allowList());
  put('metadata/rest_endpoints.yaml', restEndpoints(ops));
  const actions = actionsOf(tables, Math.max(3, Math.ceil(count / 25)), random);
  put('metadata/actions.yaml', actionsYaml(actions));
  put('metadata/actions.graphql', actionsGraphql(actions));
  put('metadata/cron_triggers.yaml', cronTriggers(tables, Math.max(2, Math.ceil(count / 100)), random));
  put('metadata/inherited_roles.yaml', [
    { role_name: 'staff', role_set: ['manager', 'support'] },
    { role_name: 'org_admin', role_set: ['staff', 'editor', 'auditor'] },
    { role_name: 'readonly', role_set: ['viewer', 'auditor'] },
  ]);
  put('metadata/remote_schemas.yaml', remoteSchemas());
  for (const name of ['api_limits', 'backend_configs', 'metrics_config', 'network', 'opentelemetry']) put(`metadata/${name}.yaml`, {});
  put('metadata/graphql_schema_introspection.yaml', { disabled_for_roles: ['viewer'] });
  return { files, tables };
}

function databases() {
  return [
    {
      name: 'default',
      kind: 'postgres',
      configuration: {
        connection_info: {
          database_url: { from_env: 'PG_DATABASE_URL' },
          isolation_level: 'read-committed',
          pool_settings: { connection_lifetime: 600, idle_timeout: 180, max_connections: 50, retries: 1 },
          use_prepared_statements: true,
        },
      },
      tables: '!include default/tables/tables.yaml',
      functions: '!include default/functions/functions.yaml',
    },
  ];
}

function cronTriggers(tables, count, random) {
  return Array.from({ length: count }, (_, i) => {
    const t = tables[(i * 7919) % tables.length];
    const name = `cleanup_${t.name}_${i + 1}`;
    return {
      name,
      webhook: `{{CRON_WEBHOOK_BASE_URL}}/cron/${name}`,
      schedule: random.pick(SCHEDULES),
      include_in_metadata: true,
      payload: { table: t.name, batch_size: random.pick([100, 500, 1000]) },
      retry_conf: { num_retries: 3, retry_interval_seconds: 60, timeout_seconds: 60, tolerance_seconds: 21600 },
      headers: [{ name: 'x-cron-secret', value_from_env: 'CRON_SECRET' }],
      comment: `Removes stale ${t.name}`,
    };
  });
}

function remoteSchemas() {
  return [
    { name: 'payments', definition: { url_from_env: 'PAYMENTS_GRAPHQL_URL', timeout_seconds: 60, forward_client_headers: true }, comment: 'Payments service' },
    {
      name: 'search',
      definition: {
        url: '{{SEARCH_SERVICE_URL}}/graphql',
        headers: [{ name: 'x-search-key', value_from_env: 'SEARCH_API_KEY' }],
        timeout_seconds: 30,
        customization: { root_fields_namespace: 'search', type_names: { prefix: 'Search_', mapping: {} } },
      },
      permissions: [
        {
          role: 'user',
          definition: {
            schema:
              'schema {\n  query: Query\n}\n\ntype Query {\n  search(term: String!, limit: Int): [Hit!]!\n}\n\ntype Hit {\n  id: ID!\n  score: Float!\n  title: String\n}\n',
          },
        },
      ],
    },
  ];
}
