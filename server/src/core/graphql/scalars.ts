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

/**
 * What the engine knows of a column's Postgres type (hasura/graphql-engine
 * `Hasura.Backends.Postgres.SQL.Types` at 04129444966ccef57f8d2e66498764545b4e8f81: `PGScalarType`,
 * `textToScalarType`, `isNumType`, `isComparableType`, `stringTypes`; and
 * `Hasura.Backends.Postgres.Instances.Schema` `columnParser`: `integer`, `real`, `boolean`, `text`
 * and `varchar` are GraphQL's own `Int`, `Float`, `Boolean`, `String`).
 */
export interface PgScalar {
  /** The GraphQL scalar's name: `Int`, `String`, `timestamptz`, `mood`, `_text`. */
  readonly name: string;
  /** Counted in sum, avg, stddev and variance (and `_inc`). */
  readonly numeric: boolean;
  /** Counted in max and min. */
  readonly comparable: boolean;
  /** Has the pattern operators (`_like`, `_regex`, ...). */
  readonly string: boolean;
  readonly jsonb: boolean;
  readonly json: boolean;
  /** An array type's element (`_text` -> text's scalar); later releases serve such columns as lists. */
  readonly element?: PgScalar;
  /** A Postgres enum type (the engine's `PGEnumScalar`, comparable in later releases). */
  readonly postgresEnum?: boolean;
}

/** `format_type` names (and aliases) -> the engine's name of the type, per `textToScalarType`. */
const PG_TYPE_NAMES: Readonly<Record<string, string>> = {
  smallint: 'smallint',
  int2: 'smallint',
  integer: 'Int',
  int4: 'Int',
  int: 'Int',
  serial: 'Int',
  serial4: 'Int',
  bigint: 'bigint',
  int8: 'bigint',
  bigserial: 'bigint',
  serial8: 'bigint',
  real: 'Float',
  float4: 'Float',
  'double precision': 'float8',
  float8: 'float8',
  numeric: 'numeric',
  decimal: 'numeric',
  money: 'money',
  boolean: 'Boolean',
  bool: 'Boolean',
  character: 'bpchar',
  char: 'bpchar',
  bpchar: 'bpchar',
  'character varying': 'String',
  varchar: 'String',
  text: 'String',
  citext: 'citext',
  date: 'date',
  'timestamp without time zone': 'timestamp',
  timestamp: 'timestamp',
  'timestamp with time zone': 'timestamptz',
  timestamptz: 'timestamptz',
  'time with time zone': 'timetz',
  timetz: 'timetz',
  'time without time zone': 'time',
  json: 'json',
  jsonb: 'jsonb',
  geometry: 'geometry',
  geography: 'geography',
  raster: 'raster',
  uuid: 'uuid',
  ltree: 'ltree',
  lquery: 'lquery',
  ltxtquery: 'ltxtquery',
  '"char"': 'char',
  'bit varying': 'varbit',
};

/** Element `format_type` names -> `pg_type.typname`, for the name of an array type (`_int4`). */
const PG_TYPNAMES: Readonly<Record<string, string>> = {
  smallint: 'int2',
  integer: 'int4',
  bigint: 'int8',
  real: 'float4',
  'double precision': 'float8',
  boolean: 'bool',
  character: 'bpchar',
  'character varying': 'varchar',
  'timestamp without time zone': 'timestamp',
  'timestamp with time zone': 'timestamptz',
  'time without time zone': 'time',
  'time with time zone': 'timetz',
  '"char"': 'char',
  'bit varying': 'varbit',
};

const NUMERIC: ReadonlySet<string> = new Set(['Int', 'smallint', 'bigint', 'Float', 'float8', 'numeric', 'money']);
const STRINGS: ReadonlySet<string> = new Set(['String', 'citext', 'bpchar']);
/** Known types that are not comparable (`isComparableType`); unknown types never are. */
const NOT_COMPARABLE: ReadonlySet<string> = new Set(['json', 'jsonb', 'geometry', 'geography', 'Boolean']);
const KNOWN: ReadonlySet<string> = new Set(Object.values(PG_TYPE_NAMES).filter((n) => n !== 'time' && n !== 'char' && n !== 'varbit'));

/** A `format_type` text without its modifiers (`(255)`) and schema (`public.`). */
function baseTypeName(type: string): string {
  const noMods = type.replace(/\([^)]*\)/g, '').trim();
  const m = /^(?:"[^"]+"|[^."]+)\.(.+)$/.exec(noMods);
  const name = m !== null && noMods !== '"char"' ? (m[1] ?? noMods) : noMods;
  return name.startsWith('"') && name.endsWith('"') && name !== '"char"' ? name.slice(1, -1) : name;
}

/** The engine's scalar for a column of Postgres type `type` (as `format_type` prints it). */
export function pgScalarOf(type: string): PgScalar {
  const trimmed = type.trim();
  if (trimmed.endsWith('[]')) {
    const elementType = trimmed.replace(/(\[\])+$/, '');
    const element = baseTypeName(elementType);
    const name = `_${PG_TYPNAMES[element] ?? element}`;
    return { name, numeric: false, comparable: false, string: false, jsonb: false, json: false, element: pgScalarOf(elementType) };
  }
  const base = baseTypeName(trimmed);
  const name = PG_TYPE_NAMES[base] ?? base;
  return {
    name,
    numeric: NUMERIC.has(name),
    comparable: KNOWN.has(name) && !NOT_COMPARABLE.has(name),
    string: STRINGS.has(name),
    jsonb: name === 'jsonb',
    json: name === 'json',
  };
}
