import type { JsonObject } from '../../sync/json';
import { listOf, objectOf, stringOf } from '../../sync/json';
import type { Table } from './metadata';

/**
 * A table's remote relationships (`remote_relationships` of a table), as the engine reads them
 * (hasura/graphql-engine `Hasura.RQL.Types.Relationships.Remote`): to a table of another source
 * (`to_source`), or to a remote schema (`to_remote_schema`, or the older `remote_schema`,
 * `hasura_fields`, `remote_field` at the top of `definition`).
 */
export type RemoteRelationship =
  | {
      readonly kind: 'source';
      readonly name: string;
      readonly type: 'object' | 'array';
      readonly target: Table;
    }
  | {
      readonly kind: 'remote_schema';
      readonly name: string;
      readonly remoteSchema: string;
      /** `remote_field`: `{field: {arguments: {...}, field?: {...}}}`. */
      readonly remoteField: JsonObject;
    };

/** The table's remote relationships; what cannot be resolved (an untracked target) is a note. */
export function readRemoteRelationships(
  table: Table,
  find: (source: string, schema: string, name: string) => Table | undefined,
  notes: string[],
): RemoteRelationship[] {
  const out: RemoteRelationship[] = [];
  for (const value of listOf(table.meta.remote_relationships)) {
    const rel = objectOf(value);
    const name = stringOf(rel?.name);
    const definition = objectOf(rel?.definition);
    if (name === undefined || definition === undefined) continue;
    const toSource = objectOf(definition.to_source);
    if (toSource !== undefined) {
      const source = stringOf(toSource.source);
      const target = objectOf(toSource.table);
      const targetName = typeof toSource.table === 'string' ? toSource.table : stringOf(target?.name);
      const schema = stringOf(target?.schema) ?? 'public';
      const found = source !== undefined && targetName !== undefined ? find(source, schema, targetName) : undefined;
      if (found === undefined) {
        // Other backends name a table otherwise (MongoDB: a list of names).
        const shown = targetName !== undefined ? `${schema}.${targetName}` : listOf(toSource.table).map(String).join('.');
        notes.push(
          `${table.key}: remote relationship ${name} is left out: its target table ${shown} of source ${source ?? '?'} is not tracked or has no model`,
        );
        continue;
      }
      const type = toSource.relationship_type === 'array' ? 'array' : 'object';
      out.push({ kind: 'source', name, type, target: found });
      continue;
    }
    const toSchema = objectOf(definition.to_remote_schema);
    const remoteSchema = stringOf(toSchema?.remote_schema) ?? stringOf(definition.remote_schema);
    const remoteField = objectOf(toSchema?.remote_field) ?? objectOf(definition.remote_field);
    if (remoteSchema === undefined || remoteField === undefined) continue;
    out.push({ kind: 'remote_schema', name, remoteSchema, remoteField });
  }
  return out;
}
