import { isMap } from 'yaml';
import { findPair } from '../parse/ast';
import { finding, tableRule } from './rule';

/**
 * A BigQuery table is named `{dataset, name}`: the engine's BigQuery `TableName` parser reads an object
 * with both keys (Hasura/Backends/BigQuery/Types.hs, `FromJSON TableName`: `o .: "name"`,
 * `o .: "dataset"`), so a plain name or a `{schema, name}` fails to load.
 */
export const tableNameShape = tableRule({
  codes: ['table-name-invalid'],
  // Kinds live in databases.yaml, which is all that makes sourceNames a new object.
  reads: ['sourceNames'],
  checkTable: (table, { index, walk }) => {
    const kind = index.sources.find((s) => s.name.name === table.source)?.kind;
    if (kind !== 'bigquery') return [];
    const node = walk.get(table.at, 'table').node;
    if (isMap(node) && findPair(node, 'dataset') && findPair(node, 'name')) return [];
    const message = `BigQuery tables are named \`{dataset, name}\` (e.g. \`{dataset: sales, name: orders}\`); the engine rejects ${isMap(node) ? 'a table name without both keys' : 'a plain name'} in a BigQuery source.`;
    return [finding('table-name-invalid', 'error', message, table.tableLoc, { data: { source: table.source } })];
  },
});
