import type { Walk } from './walk';
import type { At, QualifiedTable } from './types';

/**
 * Reads a table reference as the engine does: a string (schema `public`), `{schema, name}`,
 * `{dataset, name}` (BigQuery) or a list of name parts (data connectors).
 */
export function readTableRef(walk: Walk, at: At): QualifiedTable | undefined {
  const plain = walk.text(at);
  if (plain !== undefined) return { schema: 'public', name: plain };
  const parts = walk.strings(at);
  if (parts.length > 0)
    return {
      schema: parts
        .slice(0, -1)
        .map((p) => p.name)
        .join('.'),
      name: parts[parts.length - 1]!.name,
    };
  const name = walk.text(walk.get(at, 'name'));
  if (name === undefined) return undefined;
  const schema = walk.text(walk.get(at, 'schema')) ?? walk.text(walk.get(at, 'dataset')) ?? 'public';
  return { schema, name };
}

export function tableKey(table: QualifiedTable): string {
  return table.schema === '' ? table.name : `${table.schema}.${table.name}`;
}
