import type { FromEnv, MetadataRequest, RequestOptions, SuccessMessage } from './types';

export type PgIsolationLevel = 'read-committed' | 'repeatable-read' | 'serializable';

/** Pool settings of a Postgres source (units: not shown in the seed). */
export interface PgPoolSettings {
  max_connections?: number;
  idle_timeout?: number;
  retries?: number;
  pool_timeout?: number;
  connection_lifetime?: number;
}

export interface PgConfiguration {
  connection_info: {
    database_url: string | FromEnv;
    pool_settings?: PgPoolSettings;
    use_prepared_statements?: boolean;
    isolation_level?: PgIsolationLevel;
  };
}

export interface MssqlConfiguration {
  connection_info: {
    connection_string: string | FromEnv;
    pool_settings?: { max_connections?: number; idle_timeout?: number };
  };
}

/**
 * BigQuery configuration. The seed types `datasets` as one comma-separated string; a list is
 * joined with "," in the spec dialect and sent as a list in the engine dialect.
 */
export interface BigQueryConfiguration {
  service_account: string | FromEnv;
  project_id: string;
  datasets: string | string[];
}

interface AddSourceArgs<C> {
  name: string;
  configuration: C;
  replace_configuration?: boolean;
}

function addSource(type: string, a: AddSourceArgs<unknown>): MetadataRequest<SuccessMessage> {
  return {
    type,
    args: { name: a.name, configuration: a.configuration, replace_configuration: a.replace_configuration ?? false },
  };
}

export function pgAddSource(a: AddSourceArgs<PgConfiguration>): MetadataRequest<SuccessMessage> {
  return addSource('pg_add_source', a);
}

export function mssqlAddSource(a: AddSourceArgs<MssqlConfiguration>): MetadataRequest<SuccessMessage> {
  return addSource('mssql_add_source', a);
}

export function bigqueryAddSource(a: AddSourceArgs<BigQueryConfiguration>, options: RequestOptions = {}): MetadataRequest<SuccessMessage> {
  const { datasets } = a.configuration;
  const wire = Array.isArray(datasets) && options.dialect !== 'engine' ? datasets.join(',') : datasets;
  return addSource('bigquery_add_source', { ...a, configuration: { ...a.configuration, datasets: wire } });
}

interface DropSourceArgs {
  name: string;
  cascade?: boolean;
}

function dropSource(type: string, a: DropSourceArgs): MetadataRequest<SuccessMessage> {
  return { type, args: { name: a.name, cascade: a.cascade ?? false } };
}

export function pgDropSource(a: DropSourceArgs): MetadataRequest<SuccessMessage> {
  return dropSource('pg_drop_source', a);
}

export function mssqlDropSource(a: DropSourceArgs): MetadataRequest<SuccessMessage> {
  return dropSource('mssql_drop_source', a);
}

export function bigqueryDropSource(a: DropSourceArgs): MetadataRequest<SuccessMessage> {
  return dropSource('bigquery_drop_source', a);
}

/** Renames a source; all its settings are kept. No backend prefix. */
export function renameSource(a: { name: string; new_name: string }): MetadataRequest<SuccessMessage> {
  return { type: 'rename_source', args: { name: a.name, new_name: a.new_name } };
}
