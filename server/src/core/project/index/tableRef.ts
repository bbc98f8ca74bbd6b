import { isNameParts, type WrittenName } from '../tableFileName';
import type { Walk } from './walk';
import type { At, QualifiedTable } from './types';

/**
 * Reads a table reference as written: a string, `{schema, name}`, `{dataset, name}` (BigQuery) or a
 * list of name parts (data connectors). An object without a schema or dataset is of schema
 * `public`, as the engine reads it (and exports it).
 */
export function readTableName(walk: Walk, at: At): WrittenName | undefined {
  const plain = walk.text(at);
  if (plain !== undefined) return plain;
  const parts = walk.strings(at);
  if (parts.length > 0) return parts.map((p) => p.name);
  const name = walk.text(walk.get(at, 'name'));
  if (name === undefined) return undefined;
  const schema = walk.text(walk.get(at, 'schema'));
  const dataset = walk.text(walk.get(at, 'dataset'));
  if (schema === undefined && dataset === undefined) return { schema: 'public', name };
  return { ...(schema !== undefined ? { schema } : {}), ...(dataset !== undefined ? { dataset } : {}), name };
}

/** Reads a table reference as the engine does (see readTableName): a list's last part is the name, the others its schema. */
export function readTableRef(walk: Walk, at: At): QualifiedTable | undefined {
  const written = readTableName(walk, at);
  if (written === undefined) return undefined;
  if (typeof written === 'string') return { schema: 'public', name: written };
  if (isNameParts(written)) return { schema: written.slice(0, -1).join('.'), name: written[written.length - 1]! };
  return { schema: written.schema ?? written.dataset ?? 'public', name: written.name };
}

export function tableKey(table: QualifiedTable): string {
  return table.schema === '' ? table.name : `${table.schema}.${table.name}`;
}
