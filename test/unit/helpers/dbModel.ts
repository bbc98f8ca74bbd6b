import type {
  ColumnModel,
  DatabaseModel,
  DatabaseModels,
  ForeignKeyModel,
  FunctionArgModel,
  FunctionModel,
  RelationModel,
  SqlOrigin,
} from '../../../server/src/core/db/model';

/** A relation written briefly: columns as `name: type` (`?` suffix: nullable), keys by column lists. */
export interface RelationSpec {
  readonly kind?: RelationModel['kind'];
  readonly columns: Record<string, string>;
  readonly pk?: string[];
  readonly uniques?: string[][];
  /** `cols -> schema.table(cols)`, e.g. `author_id -> public.author(id)`. */
  readonly fks?: string[];
}

export interface FunctionSpec {
  /** `name type` or `type` (unnamed), `out name type`, `variadic name type`. */
  readonly args?: string[];
  readonly returns: string;
  readonly returnsRelation?: string;
  readonly setof?: boolean;
  readonly volatility?: FunctionModel['volatility'];
}

export interface ModelSpec {
  readonly schemas?: string[];
  readonly relations: Record<string, RelationSpec>;
  readonly functions?: Record<string, FunctionSpec | FunctionSpec[]>;
  readonly uncertain?: string[];
}

function fk(text: string, i: number): ForeignKeyModel {
  const m = /^([\w, ]+) -> (\w+)\.(\w+)\(([\w, ]+)\)$/.exec(text);
  if (!m) throw new Error(`bad fk spec ${text}`);
  const list = (s: string): string[] => s.split(',').map((x) => x.trim());
  return { name: `fk_${i}`, columns: list(m[1]!), refSchema: m[2]!, refTable: m[3]!, refColumns: list(m[4]!) };
}

function relation(key: string, spec: RelationSpec): RelationModel {
  const [schema, name] = key.split('.') as [string, string];
  const columns: ColumnModel[] = Object.entries(spec.columns).map(([col, type]) => ({
    name: col,
    type: type.replace(/\?$/, ''),
    nullable: type.endsWith('?'),
  }));
  return { schema, name, kind: spec.kind ?? 'table', columns, primaryKey: spec.pk ?? [], uniques: spec.uniques ?? [], foreignKeys: (spec.fks ?? []).map(fk) };
}

function arg(text: string): FunctionArgModel {
  const parts = text.split(' ');
  const mode = ['out', 'inout', 'variadic'].includes(parts[0]!) ? (parts.shift() as FunctionArgModel['mode']) : 'in';
  return parts.length === 1
    ? { name: '', type: parts[0]!, mode, hasDefault: false }
    : { name: parts[0]!, type: parts.slice(1).join(' '), mode, hasDefault: false };
}

function fn(key: string, spec: FunctionSpec): FunctionModel {
  const [schema, name] = key.split('.') as [string, string];
  return {
    schema,
    name,
    args: (spec.args ?? []).map(arg),
    returnType: spec.returns,
    ...(spec.returnsRelation ? { returnsRelation: spec.returnsRelation } : {}),
    returnsSet: spec.setof ?? false,
    volatility: spec.volatility ?? 'stable',
  };
}

/** One source's model from migrations (`applied` = `total`). */
export function dbModel(spec: ModelSpec, source = 'default'): DatabaseModel {
  const relations = Object.fromEntries(Object.entries(spec.relations).map(([k, r]) => [k, relation(k, r)]));
  const functions = Object.fromEntries(Object.entries(spec.functions ?? {}).map(([k, f]) => [k, (Array.isArray(f) ? f : [f]).map((one) => fn(k, one))]));
  const schemas = spec.schemas ?? [...new Set([...Object.keys(spec.relations), ...Object.keys(spec.functions ?? {})].map((k) => k.split('.')[0]!))];
  return {
    source,
    origin: { kind: 'migrations', applied: 1, total: 1, failedStatements: 0 },
    schemas,
    relations,
    functions,
    enums: {},
    uncertain: spec.uncertain ?? [],
  };
}

export function models(...list: DatabaseModel[]): DatabaseModels {
  return new Map(list.map((m) => [m.source, m]));
}

/** The model with `origin` on one column of one relation (where a migration made it). */
export function withColumnOrigin(model: DatabaseModel, relation: string, column: string, origin: SqlOrigin): DatabaseModel {
  const r = model.relations[relation]!;
  return { ...model, relations: { ...model.relations, [relation]: { ...r, columns: r.columns.map((c) => (c.name === column ? { ...c, origin } : c)) } } };
}
