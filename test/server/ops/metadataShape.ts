import type { Obj } from '../args';
import { expectObject, isObj, parseFailed } from '../args';
import type { Metadata } from '../state';

/** Parses a metadata document given to replace_metadata (sources required; duplicates refused). */

const LISTS: [string, string][] = [
  ['object_relationships', 'object relationships'],
  ['array_relationships', 'array relationships'],
  ['select_permissions', 'select permissions'],
];

export function parseMetadataDocument(value: unknown, path: string): Metadata {
  const doc = expectObject(value, path);
  if (!Array.isArray(doc.sources)) throw parseFailed('key "sources" not found', path);
  duplicates(doc.sources, 'name', 'sources', path);
  for (const source of doc.sources) {
    if (!isObj(source) || typeof source.name !== 'string') throw parseFailed('key "name" not found', `${path}.sources`);
    if (!Array.isArray(source.tables)) source.tables = [];
    for (const table of source.tables as unknown[]) if (isObj(table)) tableDuplicates(table, path);
  }
  if (Array.isArray(doc.inherited_roles)) duplicates(doc.inherited_roles, 'role_name', 'inherited roles', path);
  return { ...doc, version: 3 } as Metadata;
}

function tableDuplicates(table: Obj, path: string): void {
  for (const [key, label] of LISTS)
    if (Array.isArray(table[key])) duplicates(table[key] as unknown[], key.endsWith('permissions') ? 'role' : 'name', label, path);
}

function duplicates(list: unknown[], key: string, label: string, path: string): void {
  const seen = new Set<string>();
  const dups = new Set<string>();
  for (const item of list) {
    const name = isObj(item) ? item[key] : undefined;
    if (typeof name !== 'string') continue;
    if (seen.has(name)) dups.add(name);
    seen.add(name);
  }
  if (dups.size > 0) throw parseFailed(`multiple declarations exist for the following ${label}: ${[...dups].join(', ')}`, path);
}
