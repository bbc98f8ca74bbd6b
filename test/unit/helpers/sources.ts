/** databases.yaml text for tests: one source entry, its `connection_info` given as YAML lines. */
export function sourceEntry(name: string, kind: string, connectionInfo: string): string {
  const info = connectionInfo
    .split('\n')
    .map((line) => `      ${line}`)
    .join('\n');
  return `- name: ${name}\n  kind: ${kind}\n  configuration:\n    connection_info:\n${info}\n  tables: []\n`;
}

export const FROM_ENV = 'database_url:\n  from_env: PG_DATABASE_URL';
export const MSSQL = 'connection_string: Driver=x';
