import type { ArrRelUsing, CreateRelationshipArgs, ManualConfiguration, ObjRelUsing, RemoteTableColumn, RemoteTableColumns } from '../../server/src/core';
import type { MetadataRequest, SuccessMessage, TableName } from './types';
import { DEFAULT_SOURCE } from './types';

/** One definition of each relationship's `using` and of the create args: the core's (core/edits/operations.ts). */
export type { ArrRelUsing, ManualConfiguration, ObjRelUsing, RemoteTableColumn, RemoteTableColumns, RemoteTableKey } from '../../server/src/core';

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

function createRel(type: string, a: CreateRelationshipArgs): MetadataRequest<SuccessMessage> {
  const args: Record<string, unknown> = { source: a.source ?? DEFAULT_SOURCE, table: a.table, name: a.name, using: a.using };
  if (a.comment !== undefined) args.comment = a.comment;
  return { type, args };
}

export function createObjectRelationship(a: CreateRelationshipArgs<ObjRelUsing>): MetadataRequest<SuccessMessage> {
  return createRel('pg_create_object_relationship', a);
}

export function createArrayRelationship(a: CreateRelationshipArgs<ArrRelUsing>): MetadataRequest<SuccessMessage> {
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
