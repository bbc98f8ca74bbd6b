/**
 * The args of an operation whose shape follows another field (a source's configuration follows its
 * kind, a relationship's `using` its kind), checked where they enter: from the argument object or
 * the prompts. Checked as far as the types say (the form and its required keys); the rest goes to the
 * server as given. Pure: no vscode.
 */
import type { ArrRelUsing, ManualConfiguration, ObjRelUsing, RemoteTableKey } from '../../../common/api/relationships';
import type { BigQueryConfiguration, MssqlConfiguration, PgConfiguration } from '../../../common/api/sources';
import type { AddSourceArgs, SourceKind, TableRef } from '../../../common/protocol';
import { ArgumentError } from './outcome';

type Json = Readonly<Record<string, unknown>>;

/** `using` of a new relationship of `kind`: exactly one form, its value of that form's shape. */
export function relationshipUsing(kind: 'object', value: Json): ObjRelUsing;
export function relationshipUsing(kind: 'array', value: Json): ArrRelUsing;
export function relationshipUsing(kind: 'object' | 'array', value: Json): ObjRelUsing | ArrRelUsing {
  const single = Object.keys(value).length === 1;
  const manual = value.manual_configuration;
  if (single && isManualConfiguration(manual)) return { manual_configuration: manual };
  const fk = value.foreign_key_constraint_on;
  if (single && isRemoteTableKey(fk)) return { foreign_key_constraint_on: fk };
  if (single && kind === 'object' && (typeof fk === 'string' || isStringList(fk))) return { foreign_key_constraint_on: fk };
  throw new ArgumentError(
    kind === 'object'
      ? 'Argument `using` must be {foreign_key_constraint_on: column(s) or {table, columns}} or {manual_configuration: {remote_table, column_mapping}}.'
      : 'Argument `using` must be {foreign_key_constraint_on: {table, columns}} or {manual_configuration: {remote_table, column_mapping}}.',
  );
}

const CONFIGURATIONS: Readonly<Record<SourceKind, string>> = {
  postgres: '{connection_info: {database_url: a URL, {from_env}, {connection_parameters} or {dynamic_from_file}}}',
  mssql: '{connection_info: {connection_string: a string or {from_env}}}',
  bigquery: '{service_account: a key or {from_env}, project_id, datasets}',
};

/** `add_source` args: the configuration of the shape its kind needs. */
export function addSourceArgs(kind: SourceKind, name: string, configuration: Json, replace?: boolean): AddSourceArgs {
  const base = { name, ...(replace !== undefined ? { replace_configuration: replace } : {}) };
  if (kind === 'postgres' && isPgConfiguration(configuration)) return { ...base, kind, configuration };
  if (kind === 'mssql' && isMssqlConfiguration(configuration)) return { ...base, kind, configuration };
  if (kind === 'bigquery' && isBigQueryConfiguration(configuration)) return { ...base, kind, configuration };
  throw new ArgumentError(`Argument \`configuration\` of a ${kind} source must be ${CONFIGURATIONS[kind]}.`);
}

function isObject(value: unknown): value is Json {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function isStringList(value: unknown): value is readonly string[] {
  return Array.isArray(value) && value.length > 0 && value.every((v) => typeof v === 'string');
}

function isTableRef(value: unknown): value is TableRef {
  return typeof value === 'string' || (isObject(value) && typeof value.schema === 'string' && typeof value.name === 'string');
}

function isManualConfiguration(value: unknown): value is ManualConfiguration {
  return (
    isObject(value) &&
    isTableRef(value.remote_table) &&
    isObject(value.column_mapping) &&
    Object.values(value.column_mapping).every((v) => typeof v === 'string')
  );
}

function isRemoteTableKey(value: unknown): value is RemoteTableKey {
  return isObject(value) && isTableRef(value.table) && (isStringList(value.columns) || typeof value.column === 'string');
}

function isSecret(value: unknown): boolean {
  return typeof value === 'string' || (isObject(value) && typeof value.from_env === 'string');
}

function isPgConfiguration(value: Json): value is Json & PgConfiguration {
  const url = isObject(value.connection_info) ? value.connection_info.database_url : undefined;
  return isSecret(url) || (isObject(url) && (isObject(url.connection_parameters) || typeof url.dynamic_from_file === 'string'));
}

function isMssqlConfiguration(value: Json): value is Json & MssqlConfiguration {
  return isObject(value.connection_info) && isSecret(value.connection_info.connection_string);
}

function isBigQueryConfiguration(value: Json): value is Json & BigQueryConfiguration {
  return isSecret(value.service_account) && typeof value.project_id === 'string' && (typeof value.datasets === 'string' || isStringList(value.datasets));
}
