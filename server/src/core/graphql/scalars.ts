/** The scalars GraphQL itself defines; the engine accepts them in actions.graphql without a definition. */
export const GRAPHQL_SCALARS: ReadonlySet<string> = new Set(['Int', 'Float', 'String', 'Boolean', 'ID']);

/**
 * Postgres types the engine lets actions.graphql use without a definition (hasura/graphql-engine
 * Note [Postgres scalars in custom types]: it reads the base types of each Postgres source from
 * pg_type, so extensions add more). The names are the engine's GraphQL names of Postgres types
 * (`bigint`, `timestamptz`, `jsonb`, ...) and the type names themselves (`int8`, `float8`, ...),
 * plus the types of common extensions. A name outside this list may still exist in a database.
 */
const POSTGRES_TYPES = [
  // the engine's names for column types
  'smallint',
  'bigint',
  'float8',
  'numeric',
  'money',
  'bpchar',
  'citext',
  'date',
  'time',
  'timetz',
  'timestamp',
  'timestamptz',
  'interval',
  'json',
  'jsonb',
  'uuid',
  'geometry',
  'geography',
  'raster',
  'ltree',
  'lquery',
  'ltxtquery',
  // built-in base types (pg_catalog.pg_type)
  'bool',
  'bytea',
  'char',
  'name',
  'int2',
  'int4',
  'int8',
  'text',
  'varchar',
  'oid',
  'tid',
  'xid',
  'xid8',
  'cid',
  'float4',
  'xml',
  'point',
  'lseg',
  'path',
  'box',
  'polygon',
  'line',
  'circle',
  'cidr',
  'inet',
  'macaddr',
  'macaddr8',
  'bit',
  'varbit',
  'tsvector',
  'tsquery',
  'jsonpath',
  'pg_lsn',
  'txid_snapshot',
  'pg_snapshot',
  'regclass',
  'regtype',
  'regproc',
  'regconfig',
  'int4range',
  'int8range',
  'numrange',
  'tsrange',
  'tstzrange',
  'daterange',
  // common extensions
  'hstore',
  'vector',
  'halfvec',
  'sparsevec',
  'box2d',
  'box3d',
  'cube',
  'earth',
  'isbn',
  'issn',
  'ean13',
  'upc',
  'seg',
];

const POSTGRES_SCALARS: ReadonlySet<string> = new Set(POSTGRES_TYPES);

/** Whether the engine provides `name` to actions.graphql (array types `_int4` etc. are base types too). */
export function isEngineScalar(name: string): boolean {
  return GRAPHQL_SCALARS.has(name) || POSTGRES_SCALARS.has(name) || (name.startsWith('_') && POSTGRES_SCALARS.has(name.slice(1)));
}
