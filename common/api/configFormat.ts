import type { ConfigRecord, JwtConfig, QueryBatching } from './config';

/** The config record as Markdown lines for a view (hover, webview, output channel). */
export function formatConfigRecord(record: ConfigRecord): string[] {
  const lines = ['# Server configuration', ''];
  lines.push(`- Version: ${record.version ?? 'not reported'}`);
  lines.push(`- Admin secret set: ${yesNo(record.is_admin_secret_set)}`);
  lines.push(`- Auth hook set: ${yesNo(record.is_auth_hook_set)}`);
  lines.push(`- JWT set: ${yesNo(record.is_jwt_set)}`);
  lines.push(...jwtLines(record.jwt));
  lines.push(`- Function permissions inferred: ${yesNo(record.is_function_permissions_inferred)}`);
  lines.push(`- Remote schema permissions enabled: ${yesNo(record.is_remote_schema_permissions_enabled)}`);
  lines.push(`- Allow list enabled: ${yesNo(record.is_allow_list_enabled)}`);
  lines.push(`- Live queries: ${batching(record.live_queries)}`);
  lines.push(...extraLines(record.extra));
  for (const warning of record.warnings) lines.push(`- Warning: ${warning}`);
  return lines;
}

function yesNo(value: boolean | undefined): string {
  if (value === undefined) return 'not reported';
  return value ? 'yes' : 'no';
}

function batching(value: QueryBatching | undefined): string {
  if (value === undefined) return 'not reported';
  return `batch size ${value.batch_size ?? '?'}, refetch delay ${value.refetch_delay ?? '?'}`;
}

function jwtLines(jwt: JwtConfig[]): string[] {
  if (jwt.length === 0) return ['- JWT: none'];
  return jwt.map((entry, i) => `- JWT${jwt.length > 1 ? ` ${i + 1}` : ''}: ${describeJwt(entry)}`);
}

function describeJwt(entry: JwtConfig): string {
  const parts: string[] = [];
  if (entry.claims_namespace !== undefined) parts.push(`claims namespace \`${entry.claims_namespace}\``);
  if (entry.claims_format !== undefined) parts.push(`claims format \`${entry.claims_format}\``);
  if (entry.claims_map !== undefined) parts.push(`claims map \`${JSON.stringify(entry.claims_map)}\``);
  return parts.length === 0 ? 'no details' : parts.join(', ');
}

function extraLines(extra: Record<string, unknown>): string[] {
  const keys = Object.keys(extra);
  if (keys.length === 0) return [];
  const lines = ['', '## Other fields', ''];
  for (const key of keys) lines.push(`- ${key}: ${describeValue(extra[key])}`);
  return lines;
}

function describeValue(value: unknown): string {
  const batch = value as QueryBatching | null;
  if (batch !== null && typeof batch === 'object' && !Array.isArray(batch) && ('batch_size' in batch || 'refetch_delay' in batch)) {
    return batching(batch);
  }
  return `\`${JSON.stringify(value)}\``;
}
