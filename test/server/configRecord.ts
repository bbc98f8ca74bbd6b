import type { ServerOptions } from './options';

/** The body of GET /v1alpha1/config, shaped like the engine's ServerConfig with a configurable `jwt`. */

const JWT = { claims_namespace: 'https://hasura.io/jwt/claims', claims_format: 'json' };

export function configRecord(options: ServerOptions): Record<string, unknown> {
  const jwtSet = options.jwt === 'object' || options.jwt === 'array';
  const record: Record<string, unknown> = {
    version: options.version,
    is_function_permissions_inferred: true,
    is_remote_schema_permissions_enabled: false,
    is_admin_secret_set: options.adminSecret !== undefined,
    is_auth_hook_set: false,
    is_jwt_set: jwtSet,
  };
  if (options.jwt === 'object') record.jwt = JWT;
  if (options.jwt === 'array') record.jwt = [JWT];
  if (options.jwt === 'empty') record.jwt = [];
  if (options.jwt === 'null') record.jwt = null;
  return {
    ...record,
    is_allow_list_enabled: false,
    live_queries: { batch_size: 100, refetch_delay: 1 },
    streaming_queries: { batch_size: 100, refetch_delay: 1 },
    console_assets_dir: null,
    experimental_features: [],
  };
}
