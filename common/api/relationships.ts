import type { MetadataRequest, SuccessMessage, TableName } from './types';
import { DEFAULT_SOURCE } from './types';

/** `manual_configuration`: a remote table (or view) and a local→remote column mapping. */
export interface ManualConfiguration {
  remote_table: TableName;
  column_mapping: Record<string, string>;
}

/** A foreign key on a remote table that points at this table (current form). */
export interface RemoteTableColumns {
  table: TableName;
  columns: string[];
}

/** The deprecated single-column variant of {@link RemoteTableColumns}. */
export interface RemoteTableColumn {
  table: TableName;
  column: string;
}

export type RemoteTableKey = RemoteTableColumns | RemoteTableColumn;

/** `using` of an object relationship: fk column(s) on the table, fk on a remote table, or manual. */
export type ObjRelUsing = { foreign_key_constraint_on: string | string[] | RemoteTableKey } | { manual_configuration: ManualConfiguration };

/** `using` of an array relationship: fk on a remote table, or manual. */
export type ArrRelUsing = { foreign_key_constraint_on: RemoteTableKey } | { manual_configuration: ManualConfiguration };

/** Form 1: a foreign key on the table's own column(s). A string is kept for one column. */
export function fkOnColumns(columns: string | string[]): { foreign_key_constraint_on: string | string[] } {
  return { foreign_key_constraint_on: columns };
}

/** Form 2: a foreign key on columns of a remote table. */
export function fkOnRemoteTable(table: TableName, columns: string[]): { foreign_key_constraint_on: RemoteTableColumns } {
  return { foreign_key_constraint_on: { table, columns } };
}

/** Form 2, deprecated variant with a single `column`. */
export function fkOnRemoteTableColumn(table: TableName, column: string): { foreign_key_constraint_on: RemoteTableColumn } {
  return { foreign_key_constraint_on: { table, column } };
}

/** Form 3: a manual configuration (meant for views). */
export function manualConfiguration(remote_table: TableName, column_mapping: Record<string, string>): { manual_configuration: ManualConfiguration } {
  return { manual_configuration: { remote_table, column_mapping } };
}

interface CreateRelArgs<U> {
  table: TableName;
  name: string;
  using: U;
  comment?: string;
  source?: string;
}

function createRel<U>(type: string, a: CreateRelArgs<U>): MetadataRequest<SuccessMessage> {
  const args: Record<string, unknown> = { source: a.source ?? DEFAULT_SOURCE, table: a.table, name: a.name, using: a.using };
  if (a.comment !== undefined) args.comment = a.comment;
  return { type, args };
}

export function createObjectRelationship(a: CreateRelArgs<ObjRelUsing>): MetadataRequest<SuccessMessage> {
  return createRel('pg_create_object_relationship', a);
}

export function createArrayRelationship(a: CreateRelArgs<ArrRelUsing>): MetadataRequest<SuccessMessage> {
  return createRel('pg_create_array_relationship', a);
}

export function dropRelationship(a: { table: TableName; relationship: string; cascade?: boolean; source?: string }): MetadataRequest<SuccessMessage> {
  return {
    type: 'pg_drop_relationship',
    args: { source: a.source ?? DEFAULT_SOURCE, table: a.table, relationship: a.relationship, cascade: a.cascade ?? false },
  };
}

/** Sets a relationship's comment; `null` (or leaving it out) removes it. The key is `relationship`. */
export function setRelationshipComment(a: {
  table: TableName;
  relationship: string;
  comment?: string | null;
  source?: string;
}): MetadataRequest<SuccessMessage> {
  return {
    type: 'pg_set_relationship_comment',
    args: { source: a.source ?? DEFAULT_SOURCE, table: a.table, relationship: a.relationship, comment: a.comment ?? null },
  };
}

export function renameRelationship(a: { table: TableName; name: string; new_name: string; source?: string }): MetadataRequest<SuccessMessage> {
  return {
    type: 'pg_rename_relationship',
    args: { source: a.source ?? DEFAULT_SOURCE, table: a.table, name: a.name, new_name: a.new_name },
  };
}
