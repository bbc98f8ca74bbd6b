import { readFileSync, statSync } from 'node:fs';
import { loadStateDir } from './stateDir';

/** In-memory server state: the metadata (export_metadata v3 shape), a table catalog, a resource version. */

export interface QualifiedTable {
  schema: string;
  name: string;
}

export interface ForeignKey {
  name?: string;
  columns: string[];
  ref_table: QualifiedTable;
  ref_columns: string[];
}

export interface CatalogTable {
  table: QualifiedTable;
  columns: string[];
  foreign_keys?: ForeignKey[];
}

/** Per source name: the tables that exist in that database. */
export type Catalog = Record<string, CatalogTable[]>;

export interface RelEntry {
  name: string;
  using: Record<string, unknown>;
  comment?: string;
}

export interface PermEntry {
  role: string;
  permission: Record<string, unknown>;
  comment?: string;
}

export interface TableEntry {
  table: QualifiedTable | string;
  object_relationships?: RelEntry[];
  array_relationships?: RelEntry[];
  insert_permissions?: PermEntry[];
  select_permissions?: PermEntry[];
  update_permissions?: PermEntry[];
  delete_permissions?: PermEntry[];
  [key: string]: unknown;
}

export interface SourceEntry {
  name: string;
  kind: string;
  tables: TableEntry[];
  configuration: unknown;
  [key: string]: unknown;
}

export interface InheritedRoleEntry {
  role_name: string;
  role_set: string[];
}

export interface Metadata {
  version: number;
  sources: SourceEntry[];
  inherited_roles?: InheritedRoleEntry[];
  [key: string]: unknown;
}

export interface ServerState {
  metadata: Metadata;
  catalog: Catalog;
  resourceVersion: number;
}

/** Parses a state document: metadata at the top level, plus `catalog` and an optional `resource_version`. */
export function stateFromDocument(document: unknown): ServerState {
  if (document === null || typeof document !== 'object' || Array.isArray(document)) {
    throw new Error('state file: expected a JSON object');
  }
  const { catalog, resource_version, ...metadata } = document as Record<string, unknown>;
  if (!Array.isArray(metadata.sources)) throw new Error('state file: "sources" must be a list');
  return {
    metadata: { version: 3, ...metadata } as Metadata,
    catalog: (catalog ?? {}) as Catalog,
    resourceVersion: typeof resource_version === 'number' ? resource_version : 1,
  };
}

/** Loads a state file (JSON), or a metadata folder (see stateDir.ts). */
export function loadStateFile(path: string): ServerState {
  if (statSync(path).isDirectory()) return loadStateDir(path);
  return stateFromDocument(JSON.parse(readFileSync(path, 'utf8')) as unknown);
}

export function cloneState(state: ServerState): ServerState {
  return structuredClone(state);
}
