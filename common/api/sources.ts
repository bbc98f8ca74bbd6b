import type { BigQueryConfiguration, MssqlConfiguration, PgConfiguration, SourceArgs } from '../../server/src/core';
import type { MetadataRequest, RequestOptions, SuccessMessage } from './types';

/** One definition of each source configuration and of the add_source args: the core's (core/edits/operations.ts). */
export type { BigQueryConfiguration, MssqlConfiguration, PgConfiguration, PgIsolationLevel, PgPoolSettings } from '../../server/src/core';

function addSource(type: string, a: SourceArgs<unknown>): MetadataRequest<SuccessMessage> {
  return {
    type,
    args: { name: a.name, configuration: a.configuration, replace_configuration: a.replace_configuration ?? false },
  };
}

export function pgAddSource(a: SourceArgs<PgConfiguration>): MetadataRequest<SuccessMessage> {
  return addSource('pg_add_source', a);
}

export function mssqlAddSource(a: SourceArgs<MssqlConfiguration>): MetadataRequest<SuccessMessage> {
  return addSource('mssql_add_source', a);
}

export function bigqueryAddSource(a: SourceArgs<BigQueryConfiguration>, options: RequestOptions = {}): MetadataRequest<SuccessMessage> {
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
