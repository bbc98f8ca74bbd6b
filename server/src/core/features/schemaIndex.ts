import type { SchemaSet } from '../schema/validator';
import type { InstanceLookup } from './instance';
import type { PathSegment } from './locate';

/** A subschema and the `$id` of the document it sits in (for resolving its `$ref`s). */
interface Node {
  readonly base: string;
  readonly schema: JsonSchema;
}

interface JsonSchema {
  readonly $id?: string;
  readonly $ref?: string;
  readonly description?: string;
  readonly type?: string | readonly string[];
  readonly enum?: readonly unknown[];
  readonly const?: unknown;
  readonly properties?: Readonly<Record<string, JsonSchema>>;
  readonly patternProperties?: Readonly<Record<string, JsonSchema>>;
  readonly additionalProperties?: JsonSchema | boolean;
  readonly items?: JsonSchema | readonly JsonSchema[];
  readonly allOf?: readonly JsonSchema[];
  readonly anyOf?: readonly JsonSchema[];
  readonly oneOf?: readonly JsonSchema[];
  readonly if?: JsonSchema;
  readonly then?: JsonSchema;
  readonly not?: JsonSchema;
  readonly required?: readonly string[];
  readonly else?: JsonSchema;
}

export interface SchemaProperty {
  readonly name: string;
  readonly description?: string;
}

export interface SchemaValue {
  readonly value: string | number | boolean;
  readonly description?: string;
}

const MAX_EXPANSION = 200;

/**
 * The JSON schemas of schemas/*.json, walked along YAML paths for hover and completion: `$ref`
 * (also across files), `allOf`/`anyOf`/`oneOf` and `if`/`then`/`else` are followed, so a path
 * reaches every branch a value could be checked against.
 */
export class SchemaIndex {
  private readonly byId = new Map<string, JsonSchema>();

  constructor(private readonly set: SchemaSet) {
    for (const schema of set.schemas as JsonSchema[]) if (schema.$id) this.byId.set(schema.$id, schema);
  }

  /**
   * The subschemas at `path` of a file kind, as written there (before following `$ref`s). With
   * `lookup`, an `if` whose answer the document gives picks `then` or `else`; otherwise both count.
   */
  at(kind: string, path: readonly PathSegment[], lookup?: InstanceLookup): Node[] {
    const id = this.set.kinds[kind];
    const root = id ? this.byId.get(id) : undefined;
    if (!id || !root) return [];
    let nodes: Node[] = [{ base: id, schema: root }];
    path.forEach((segment, i) => (nodes = this.expandAll(nodes, where(path.slice(0, i), lookup)).flatMap((n) => step(n, segment))));
    return nodes;
  }

  /** The description of the property (or item) at `path`: its own, else the one of what it refers to. */
  description(kind: string, path: readonly PathSegment[], lookup?: InstanceLookup): string | undefined {
    const nodes = this.at(kind, path, lookup);
    return (
      nodes.find((n) => n.schema.description)?.schema.description ??
      this.expandAll(nodes, where(path, lookup)).find((n) => n.schema.description)?.schema.description
    );
  }

  /** The keys an object at `path` may have, with their descriptions. */
  properties(kind: string, path: readonly PathSegment[], lookup?: InstanceLookup): SchemaProperty[] {
    const out = new Map<string, SchemaProperty>();
    for (const node of this.expandAll(this.at(kind, path, lookup), where(path, lookup))) {
      for (const [name, schema] of Object.entries(node.schema.properties ?? {})) {
        const description = schema.description ?? this.expand({ base: node.base, schema }).find((n) => n.schema.description)?.schema.description;
        if (!out.has(name)) out.set(name, description ? { name, description } : { name });
      }
    }
    return [...out.values()];
  }

  /** The values a scalar at `path` may take when the schema lists them (enums, constants, booleans). */
  values(kind: string, path: readonly PathSegment[], lookup?: InstanceLookup): SchemaValue[] {
    const out = new Map<string, SchemaValue>();
    const add = (value: unknown, description?: string): void => {
      if ((typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') && !out.has(String(value)))
        out.set(String(value), description ? { value, description } : { value });
    };
    for (const node of this.expandAll(this.at(kind, path, lookup), where(path, lookup))) {
      for (const value of node.schema.enum ?? []) add(value, node.schema.description);
      if ('const' in node.schema) add(node.schema.const, node.schema.description);
      if (typeOf(node.schema).includes('boolean')) [true, false].forEach((b) => add(b));
    }
    return [...out.values()];
  }

  /** The JSON types a value at `path` may have (empty when the schema does not say). */
  types(kind: string, path: readonly PathSegment[], lookup?: InstanceLookup): Set<string> {
    return new Set(this.expandAll(this.at(kind, path, lookup), where(path, lookup)).flatMap((n) => typeOf(n.schema)));
  }

  private expandAll(nodes: readonly Node[], at?: Where): Node[] {
    const seen = new Set<JsonSchema>();
    return nodes.flatMap((n) => this.expand(n, seen, at));
  }

  private expand(node: Node, seen = new Set<JsonSchema>(), at?: Where): Node[] {
    if (typeof node.schema !== 'object' || node.schema === null || seen.has(node.schema) || seen.size > MAX_EXPANSION) return [];
    seen.add(node.schema);
    const out: Node[] = [node];
    const { schema, base } = node;
    if (schema.$ref) {
      const target = this.resolve(base, schema.$ref);
      if (target) out.push(...this.expand(target, seen, at));
    }
    for (const list of [schema.allOf, schema.anyOf, schema.oneOf]) for (const sub of list ?? []) out.push(...this.expand({ base, schema: sub }, seen, at));
    const answer = schema.if && at ? ifHolds(schema.if, (key) => at.lookup(at.path, key)) : undefined;
    if (schema.then && answer !== false) out.push(...this.expand({ base, schema: schema.then }, seen, at));
    if (schema.else && answer !== true) out.push(...this.expand({ base, schema: schema.else }, seen, at));
    return out;
  }

  private resolve(base: string, ref: string): Node | undefined {
    const [file, pointer = ''] = ref.split('#', 2) as [string, string?];
    const id = file === '' ? base : base.slice(0, base.lastIndexOf('/') + 1) + file;
    let schema: unknown = this.byId.get(id);
    for (const part of pointer.split('/').filter(Boolean)) {
      schema = (schema as Record<string, unknown> | undefined)?.[part.replace(/~1/g, '/').replace(/~0/g, '~')];
    }
    return schema && typeof schema === 'object' ? { base: id, schema: schema } : undefined;
  }
}

function step(node: Node, segment: PathSegment): Node[] {
  const { schema, base } = node;
  if (typeof segment === 'number') {
    const items = schema.items;
    if (Array.isArray(items)) return items[segment] ? [{ base, schema: items[segment] as JsonSchema }] : [];
    return items ? [{ base, schema: items as JsonSchema }] : [];
  }
  const property = schema.properties?.[segment];
  if (property) return [{ base, schema: property }];
  const patterns = Object.entries(schema.patternProperties ?? {}).filter(([pattern]) => new RegExp(pattern, 'u').test(segment));
  if (patterns.length > 0) return patterns.map(([, s]) => ({ base, schema: s }));
  const additional = schema.additionalProperties;
  return additional && typeof additional === 'object' ? [{ base, schema: additional }] : [];
}

function typeOf(schema: JsonSchema): readonly string[] {
  return schema.type === undefined ? [] : typeof schema.type === 'string' ? [schema.type] : schema.type;
}

interface Where {
  readonly path: readonly PathSegment[];
  readonly lookup: InstanceLookup;
}

function where(path: readonly PathSegment[], lookup: InstanceLookup | undefined): Where | undefined {
  return lookup ? { path, lookup } : undefined;
}

/**
 * Evaluates the simple `if`s the schemas use (`required` plus `properties` with `const`, `enum` or
 * `not: {enum}`) against the document: true/false, or undefined when it cannot tell.
 */
function ifHolds(condition: JsonSchema, get: (key: string) => { present: boolean; value?: unknown }): boolean | undefined {
  const known = new Set(['properties', 'required']);
  if (typeof condition !== 'object' || Object.keys(condition).some((k) => !known.has(k))) return undefined;
  for (const key of condition.required ?? []) if (!get(key).present) return false;
  for (const [key, test] of Object.entries(condition.properties ?? {})) {
    const { present, value } = get(key);
    if (!present) continue;
    const holds = matches(test, value);
    if (holds !== true) return holds;
  }
  return true;
}

function matches(test: JsonSchema, value: unknown): boolean | undefined {
  const keys = Object.keys(test);
  if (keys.length !== 1) return undefined;
  if ('const' in test) return test.const === value;
  if (test.enum) return test.enum.includes(value);
  if (test.not) {
    const inner = matches(test.not, value);
    return inner === undefined ? undefined : !inner;
  }
  return undefined;
}
