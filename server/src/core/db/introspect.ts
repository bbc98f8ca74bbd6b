import type {
  ColumnModel,
  ConstraintModel,
  DatabaseModel,
  EnumRowModel,
  EnumTypeModel,
  ForeignKeyModel,
  FunctionArgModel,
  FunctionModel,
  ModelOrigin,
  RelationKind,
  RelationModel,
} from './model';
import { relationKey } from './model';

/**
 * Reading a database's catalog into a DatabaseModel. The same queries run on the embedded
 * Postgres (PGlite) and on a live server, so both give the same model for the same schema.
 *
 * Run `INTROSPECTION_SETUP` first, inside the same transaction as the queries (it is `SET LOCAL`):
 * with `pg_catalog` alone on the search path, `format_type` and `pg_get_expr` qualify every name
 * outside pg_catalog (`public.mood`), whatever the connection's own search path is. Each query
 * returns one row with one `json` column, `rows`: the list of row objects the conversion reads.
 */
export const INTROSPECTION_SETUP = 'SET LOCAL search_path TO pg_catalog';

/** The schemas a model covers: not Postgres's own, nor the engine's catalog. */
const USER_SCHEMA = `n.nspname !~ '^pg_' AND n.nspname <> 'information_schema' AND n.nspname <> 'hdb_catalog'`;

/** Attribute names of `keys` (attribute numbers of relation `rel`), in key order. */
function attNames(rel: string, keys: string): string {
  return `ARRAY(SELECT a.attname::text FROM unnest(${keys}) WITH ORDINALITY k(num, pos) JOIN pg_attribute a ON a.attrelid = ${rel} AND a.attnum = k.num ORDER BY k.pos)`;
}

function asJsonRows(select: string): string {
  return `SELECT coalesce(json_agg(r), '[]'::json) AS rows FROM (${select}) r`;
}

export const INTROSPECTION_QUERIES = {
  schemas: asJsonRows(`SELECT n.nspname::text AS name FROM pg_namespace n WHERE ${USER_SCHEMA} ORDER BY 1`),
  relations: asJsonRows(`SELECT n.nspname::text AS schema, c.relname::text AS name, c.relkind::text AS kind, obj_description(c.oid, 'pg_class') AS comment,
      CASE WHEN c.relkind = 'v' THEN pg_relation_is_updatable(c.oid, true) END AS updatable
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE c.relkind IN ('r', 'v', 'm', 'f', 'p') AND ${USER_SCHEMA} ORDER BY 1, 2`),
  columns: asJsonRows(`SELECT n.nspname::text AS schema, c.relname::text AS "table", a.attname::text AS name, a.attnum AS num,
      format_type(a.atttypid, a.atttypmod) AS type, a.attnotnull AS "notNull", pg_get_expr(d.adbin, d.adrelid) AS "default",
      a.attgenerated::text AS generated, a.attidentity::text AS identity, col_description(c.oid, a.attnum) AS comment,
      (SELECT format_type(t.typbasetype, t.typtypmod) FROM pg_type t WHERE t.oid = a.atttypid AND t.typtype = 'd') AS "baseType"
    FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
    LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
    WHERE a.attnum > 0 AND NOT a.attisdropped AND c.relkind IN ('r', 'v', 'm', 'f', 'p') AND ${USER_SCHEMA} ORDER BY 1, 2, 4`),
  constraints: asJsonRows(`SELECT n.nspname::text AS schema, c.relname::text AS "table", con.conname::text AS name, con.contype::text AS type,
      ${attNames('con.conrelid', 'con.conkey')} AS columns,
      fn.nspname::text AS "refSchema", fc.relname::text AS "refTable",
      CASE WHEN con.contype = 'f' THEN ${attNames('con.confrelid', 'con.confkey')} END AS "refColumns"
    FROM pg_constraint con JOIN pg_class c ON c.oid = con.conrelid JOIN pg_namespace n ON n.oid = c.relnamespace
    LEFT JOIN pg_class fc ON fc.oid = con.confrelid LEFT JOIN pg_namespace fn ON fn.oid = fc.relnamespace
    WHERE con.contype IN ('p', 'u', 'f') AND ${USER_SCHEMA} ORDER BY 1, 2, 3`),
  uniqueIndexes: asJsonRows(`SELECT n.nspname::text AS schema, c.relname::text AS "table", ic.relname::text AS name,
      ARRAY(SELECT a.attname::text FROM unnest(i.indkey::int2[]) WITH ORDINALITY k(num, pos) JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = k.num
        WHERE k.pos <= i.indnkeyatts ORDER BY k.pos) AS columns
    FROM pg_index i JOIN pg_class c ON c.oid = i.indrelid JOIN pg_class ic ON ic.oid = i.indexrelid JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE i.indisunique AND NOT i.indisprimary AND i.indpred IS NULL AND i.indexprs IS NULL AND ${USER_SCHEMA} ORDER BY 1, 2, 3`),
  // Every unique index but the primary key's, by name: what the engine's table metadata query lists as unique constraints.
  uniqueConstraints: asJsonRows(`SELECT n.nspname::text AS schema, c.relname::text AS "table", ic.relname::text AS name,
      ARRAY(SELECT a.attname::text FROM unnest(i.indkey::int2[]) WITH ORDINALITY k(num, pos) JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = k.num
        WHERE k.pos <= i.indnkeyatts ORDER BY k.pos) AS columns
    FROM pg_index i JOIN pg_class c ON c.oid = i.indrelid JOIN pg_class ic ON ic.oid = i.indexrelid JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE i.indisunique AND NOT i.indisprimary AND ${USER_SCHEMA} ORDER BY 1, 2, 3`),
  functions: asJsonRows(`SELECT n.nspname::text AS schema, p.proname::text AS name, p.oid::regprocedure::text AS signature,
      ARRAY(SELECT json_build_object('name', coalesce(p.proargnames[k.pos], ''), 'type', format_type(k.t, NULL), 'mode', coalesce(p.proargmodes[k.pos]::text, 'i'))
        FROM unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) WITH ORDINALITY k(t, pos) ORDER BY k.pos) AS args,
      p.pronargdefaults AS defaults, format_type(p.prorettype, NULL) AS "returnType",
      CASE WHEN rc.oid IS NOT NULL THEN rn.nspname::text || '.' || rc.relname::text END AS "returnsRelation",
      p.proretset AS "returnsSet", p.provolatile::text AS volatility, obj_description(p.oid, 'pg_proc') AS comment
    FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
    JOIN pg_type rt ON rt.oid = p.prorettype LEFT JOIN pg_class rc ON rc.oid = rt.typrelid LEFT JOIN pg_namespace rn ON rn.oid = rc.relnamespace
    WHERE p.prokind = 'f' AND ${USER_SCHEMA}
      AND NOT EXISTS (SELECT 1 FROM pg_depend dep WHERE dep.classid = 'pg_proc'::regclass AND dep.objid = p.oid AND dep.deptype = 'e')
    ORDER BY 1, 2, 3`),
  enums:
    asJsonRows(`SELECT n.nspname::text AS schema, t.typname::text AS name, ARRAY(SELECT e.enumlabel::text FROM pg_enum e WHERE e.enumtypid = t.oid ORDER BY e.enumsortorder) AS "values"
    FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace WHERE t.typtype = 'e' AND ${USER_SCHEMA} ORDER BY 1, 2`),
} as const;

type IntrospectionQuery = keyof typeof INTROSPECTION_QUERIES;

/** What each query returned: its `rows` value (anything; the conversion checks every field). */
export type IntrospectionRows = Readonly<Record<IntrospectionQuery, unknown>>;

/**
 * Runs the introspection with `run` (one SQL text -> its result rows) and converts it. The caller
 * opens the transaction (read only on a live server) and runs `INTROSPECTION_SETUP` in it first.
 */
export async function introspect(
  run: (sql: string) => Promise<readonly Record<string, unknown>[]>,
  source: string,
  origin: ModelOrigin,
): Promise<DatabaseModel> {
  const rows: Record<string, unknown> = {};
  for (const [name, sql] of Object.entries(INTROSPECTION_QUERIES)) {
    const result = await run(sql);
    rows[name] = result[0]?.rows;
  }
  const model = modelFromRows(rows as IntrospectionRows, source, origin);
  const relations: Record<string, RelationModel> = {};
  for (const [key, relation] of Object.entries(model.relations)) {
    const shape = enumShape(relation);
    if (shape === undefined) {
      relations[key] = relation;
      continue;
    }
    // A table the connection may not read (a live database) loses its rows, not the whole model.
    await run('SAVEPOINT enum_rows');
    try {
      const result = await run(enumRowsQuery(relation, shape));
      relations[key] = { ...relation, enumRows: enumRowsFrom(result[0]?.rows) };
      await run('RELEASE SAVEPOINT enum_rows');
    } catch {
      await run('ROLLBACK TO SAVEPOINT enum_rows');
      relations[key] = relation;
    }
  }
  return { ...model, relations };
}

/** Bounded: an enum table is a short list. */
const ENUM_ROWS_LIMIT = 1000;

/**
 * Whether a relation has the shape of the engine's enum tables (hasura/graphql-engine
 * `Hasura.Backends.Postgres.DDL.EnumValues`: a single-column primary key of type text, and at most
 * one other column, of type text, the comment): its key and comment columns.
 */
export function enumShape(relation: RelationModel): { key: string; comment?: string } | undefined {
  if (relation.kind !== 'table' || relation.primaryKey.length !== 1 || relation.columns.length > 2) return undefined;
  const key = relation.primaryKey[0] ?? '';
  if (!relation.columns.every((c) => c.type === 'text')) return undefined;
  const other = relation.columns.find((c) => c.name !== key);
  return other === undefined ? { key } : { key, comment: other.name };
}

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

function enumRowsQuery(relation: RelationModel, shape: { key: string; comment?: string }): string {
  const comment = shape.comment === undefined ? 'NULL' : quoteIdent(shape.comment);
  return asJsonRows(
    `SELECT ${quoteIdent(shape.key)} AS value, ${comment} AS comment FROM ${quoteIdent(relation.schema)}.${quoteIdent(relation.name)} ORDER BY 1 LIMIT ${ENUM_ROWS_LIMIT}`,
  );
}

function enumRowsFrom(value: unknown): EnumRowModel[] {
  return list(value).flatMap((row) => {
    const v = str(row.value);
    const comment = str(row.comment);
    return v === undefined ? [] : [{ value: v, ...(comment !== undefined ? { comment } : {}) }];
  });
}

type Row = Readonly<Record<string, unknown>>;

function list(value: unknown): Row[] {
  return Array.isArray(value) ? value.filter((r): r is Row => typeof r === 'object' && r !== null) : [];
}

function str(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

const KINDS: Readonly<Record<string, RelationKind>> = { r: 'table', v: 'view', m: 'materialized_view', f: 'foreign_table', p: 'partitioned_table' };
const MODES: Readonly<Record<string, FunctionArgModel['mode']>> = { i: 'in', o: 'out', b: 'inout', v: 'variadic', t: 'table' };
const VOLATILITY: Readonly<Record<string, FunctionModel['volatility']>> = { i: 'immutable', s: 'stable', v: 'volatile' };

interface MutableRelation {
  schema: string;
  name: string;
  kind: RelationKind;
  comment?: string;
  updatable?: number;
  constraints: ConstraintModel[];
  columns: { num: number; column: ColumnModel }[];
  primaryKey: string[];
  uniques: string[][];
  foreignKeys: ForeignKeyModel[];
}

/** The pure conversion: query results -> model, in a deterministic order whatever order the rows came in. */
export function modelFromRows(rows: IntrospectionRows, source: string, origin: ModelOrigin): DatabaseModel {
  const relations = new Map<string, MutableRelation>();
  for (const row of list(rows.relations)) {
    const schema = str(row.schema);
    const name = str(row.name);
    const kind = KINDS[str(row.kind) ?? ''];
    if (schema === undefined || name === undefined || kind === undefined) continue;
    const comment = str(row.comment);
    const updatable = typeof row.updatable === 'number' ? row.updatable : undefined;
    relations.set(relationKey(schema, name), {
      schema,
      name,
      kind,
      ...(comment !== undefined ? { comment } : {}),
      ...(updatable !== undefined ? { updatable } : {}),
      constraints: [],
      columns: [],
      primaryKey: [],
      uniques: [],
      foreignKeys: [],
    });
  }
  const at = (row: Row): MutableRelation | undefined => {
    const schema = str(row.schema);
    const table = str(row.table);
    return schema === undefined || table === undefined ? undefined : relations.get(relationKey(schema, table));
  };
  for (const row of list(rows.columns)) {
    const relation = at(row);
    const column = columnFromRow(row);
    if (relation !== undefined && column !== undefined) relation.columns.push({ num: typeof row.num === 'number' ? row.num : 0, column });
  }
  for (const row of list(rows.constraints)) addConstraint(at(row), row);
  for (const row of list(rows.uniqueIndexes)) addUnique(at(row), strings(row.columns));
  for (const row of list(rows.uniqueConstraints)) {
    const name = str(row.name);
    const relation = at(row);
    if (relation !== undefined && name !== undefined && !relation.constraints.some((c) => c.name === name))
      relation.constraints.push({ name, kind: 'unique', columns: strings(row.columns) });
  }
  return {
    source,
    origin,
    schemas: [
      ...new Set(
        list(rows.schemas)
          .map((r) => str(r.name))
          .filter((n): n is string => n !== undefined),
      ),
    ].sort(compare),
    relations: sortedRecord([...relations].map(([key, r]) => [key, finishRelation(r)])),
    functions: functionsFromRows(list(rows.functions)),
    enums: sortedRecord(
      list(rows.enums).flatMap((row): [string, EnumTypeModel][] => {
        const schema = str(row.schema);
        const name = str(row.name);
        return schema === undefined || name === undefined ? [] : [[relationKey(schema, name), { schema, name, values: strings(row.values) }]];
      }),
    ),
    uncertain: [],
  };
}

function columnFromRow(row: Row): ColumnModel | undefined {
  const name = str(row.name);
  const type = str(row.type);
  if (name === undefined || type === undefined) return undefined;
  const def = str(row.default);
  const comment = str(row.comment);
  const baseType = str(row.baseType);
  const generated = (str(row.generated) ?? '') !== '' || (str(row.identity) ?? '') !== '';
  return {
    name,
    type,
    nullable: row.notNull !== true,
    ...(def !== undefined ? { default: def } : {}),
    ...(generated ? { generated } : {}),
    ...(comment !== undefined ? { comment } : {}),
    ...(baseType !== undefined ? { baseType } : {}),
  };
}

function addConstraint(relation: MutableRelation | undefined, row: Row): void {
  if (relation === undefined) return;
  const columns = strings(row.columns);
  const type = str(row.type);
  if (type === 'p') {
    relation.primaryKey = columns;
    const name = str(row.name);
    if (name !== undefined) relation.constraints.push({ name, kind: 'primary', columns });
  } else if (type === 'u') addUnique(relation, columns);
  else if (type === 'f') {
    const name = str(row.name);
    const refSchema = str(row.refSchema);
    const refTable = str(row.refTable);
    if (name !== undefined && refSchema !== undefined && refTable !== undefined)
      relation.foreignKeys.push({ name, columns, refSchema, refTable, refColumns: strings(row.refColumns) });
  }
}

function addUnique(relation: MutableRelation | undefined, columns: string[]): void {
  if (relation === undefined || columns.length === 0) return;
  if (!relation.uniques.some((u) => u.length === columns.length && u.every((c, i) => c === columns[i]))) relation.uniques.push(columns);
}

function finishRelation(r: MutableRelation): RelationModel {
  return {
    schema: r.schema,
    name: r.name,
    kind: r.kind,
    columns: r.columns.sort((a, b) => a.num - b.num).map((c) => c.column),
    primaryKey: r.primaryKey,
    uniques: r.uniques.sort((a, b) => compare(a.join('\u0000'), b.join('\u0000'))),
    foreignKeys: r.foreignKeys.sort((a, b) => compare(a.name, b.name)),
    ...(r.comment !== undefined ? { comment: r.comment } : {}),
    ...(r.constraints.length > 0 ? { constraints: r.constraints.sort((a, b) => compare(a.name, b.name)) } : {}),
    ...(r.updatable !== undefined ? { updatable: r.updatable } : {}),
  };
}

function functionsFromRows(rows: readonly Row[]): Record<string, readonly FunctionModel[]> {
  const bySignature: [string, string, FunctionModel][] = [];
  for (const row of rows) {
    const fn = functionFromRow(row);
    if (fn !== undefined) bySignature.push([relationKey(fn.schema, fn.name), str(row.signature) ?? '', fn]);
  }
  bySignature.sort((a, b) => compare(a[0], b[0]) || compare(a[1], b[1]));
  const out: Record<string, FunctionModel[]> = {};
  for (const [key, , fn] of bySignature) (out[key] ??= []).push(fn);
  return out;
}

function functionFromRow(row: Row): FunctionModel | undefined {
  const schema = str(row.schema);
  const name = str(row.name);
  const returnType = str(row.returnType);
  if (schema === undefined || name === undefined || returnType === undefined) return undefined;
  const args = list(row.args).map((a) => ({ name: str(a.name) ?? '', type: str(a.type) ?? '', mode: MODES[str(a.mode) ?? 'i'] ?? 'in' }));
  // The defaults belong to the last `defaults` input arguments (in, inout, variadic).
  let defaults = typeof row.defaults === 'number' ? row.defaults : 0;
  const withDefaults = new Set<number>();
  for (let i = args.length - 1; i >= 0 && defaults > 0; i--) {
    const mode = args[i]?.mode;
    if (mode === 'in' || mode === 'inout' || mode === 'variadic') {
      withDefaults.add(i);
      defaults--;
    }
  }
  const returnsRelation = str(row.returnsRelation);
  const comment = str(row.comment);
  return {
    schema,
    name,
    args: args.map((a, i) => ({ ...a, hasDefault: withDefaults.has(i) })),
    returnType,
    ...(returnsRelation !== undefined ? { returnsRelation } : {}),
    returnsSet: row.returnsSet === true,
    ...(comment !== undefined ? { comment } : {}),
    volatility: VOLATILITY[str(row.volatility) ?? 'v'] ?? 'volatile',
  };
}

function sortedRecord<T>(entries: readonly (readonly [string, T])[]): Record<string, T> {
  const out: Record<string, T> = {};
  for (const [key, value] of [...entries].sort((a, b) => compare(a[0], b[0]))) out[key] = value;
  return out;
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
