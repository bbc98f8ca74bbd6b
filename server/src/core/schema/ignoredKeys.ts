import { closest } from '../util/closest';

/** A JSON Schema as the files of schemas/ write it (only what this pass reads). */
interface Schema {
  readonly $id?: string;
  readonly $ref?: string;
  readonly properties?: Readonly<Record<string, Schema | boolean>>;
  readonly patternProperties?: object;
  readonly additionalProperties?: Schema | boolean;
  readonly items?: Schema | boolean | readonly unknown[];
  readonly allOf?: readonly (Schema | boolean)[];
  readonly anyOf?: readonly (Schema | boolean)[];
  readonly oneOf?: readonly (Schema | boolean)[];
  readonly then?: Schema | boolean;
  readonly else?: Schema | boolean;
}

/** A schema and the `$id` of the document it sits in (to resolve its relative `$ref`s). */
interface Scoped {
  readonly schema: Schema;
  readonly base: string;
}

/** A key the engine's parser would skip, close to one it reads. */
export interface IgnoredKey {
  /** JSON pointer of the object holding the key. */
  readonly path: string;
  readonly key: string;
  readonly suggestion: string;
}

/** What one object's schemas say about its keys: the known keys' schemas, and whether any key goes. */
interface Shape {
  readonly props: Map<string, Scoped[]>;
  /** Free keys (a map of names) or keys the schema already rejects (reported as schema-unknown-key). */
  readonly skip: boolean;
}

interface Plan {
  readonly shape: Shape;
  readonly known: readonly string[];
  readonly items: readonly Scoped[];
}

/**
 * Finds keys that the engine silently ignores (objects whose parser reads known keys and skips the
 * rest) but that are a near miss of a key it reads: `checks` for `check`, `permission` for
 * `permissions`. Every branch of `anyOf`/`oneOf`/`if` counts: a key any branch knows is never reported.
 */
export class IgnoredKeyFinder {
  private readonly shapes = new WeakMap<Schema, Shape>();
  /** The root scopes of each root schema, made once so that every plan below them is made once. */
  private readonly roots = new WeakMap<object, readonly Scoped[]>();
  /** What a list of scopes expands to, by the list (each list comes from a plan or `roots`: one object per place in the schemas). */
  private readonly plans = new WeakMap<readonly Scoped[], Plan>();

  constructor(private readonly byId: (id: string) => object | undefined) {}

  find(value: unknown, root: object): IgnoredKey[] {
    const out: IgnoredKey[] = [];
    let scopes = this.roots.get(root);
    if (!scopes) {
      scopes = [{ schema: root, base: (root as Schema).$id ?? '' }];
      this.roots.set(root, scopes);
    }
    this.walk(value, scopes, '', out, 0);
    return out;
  }

  private walk(value: unknown, scopes: readonly Scoped[], path: string, out: IgnoredKey[], depth: number): void {
    if (scopes.length === 0 || depth > 64 || value === null || typeof value !== 'object') return;
    const plan = this.plan(scopes);
    if (Array.isArray(value)) {
      value.forEach((item, i) => this.walk(item, plan.items, `${path}/${i}`, out, depth + 1));
      return;
    }
    const { shape, known } = plan;
    for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
      const schemas = shape.props.get(key);
      if (schemas) this.walk(child, schemas, `${path}/${escape(key)}`, out, depth + 1);
      else if (!shape.skip && known.length > 0) {
        const suggestion = closest(key, known);
        if (suggestion !== undefined) out.push({ path, key, suggestion });
      }
    }
  }

  /** The schemas `scopes` lead to, read once per list: the shape of an object there, and the schemas of an array's items. */
  private plan(scopes: readonly Scoped[]): Plan {
    let plan = this.plans.get(scopes);
    if (!plan) {
      const flat = scopes.flatMap((s) => this.expand(s, 0));
      const shape = this.shape(flat);
      const items = flat.flatMap((s) => (isSchema(s.schema.items) ? [{ schema: s.schema.items, base: s.base }] : []));
      plan = { shape, known: [...shape.props.keys()], items };
      this.plans.set(scopes, plan);
    }
    return plan;
  }

  private shape(flat: readonly Scoped[]): Shape {
    if (flat.length === 1) {
      const cached = this.shapes.get(flat[0]!.schema);
      if (cached) return cached;
    }
    const props = new Map<string, Scoped[]>();
    let skip = false;
    for (const { schema, base } of flat) {
      if (schema.additionalProperties !== undefined || schema.patternProperties !== undefined) skip = true;
      for (const [key, sub] of Object.entries(schema.properties ?? {})) {
        const list = props.get(key) ?? [];
        if (isSchema(sub)) list.push({ schema: sub, base });
        props.set(key, list);
      }
    }
    const shape = { props, skip };
    if (flat.length === 1) this.shapes.set(flat[0]!.schema, shape);
    return shape;
  }

  /** The schema with every `$ref`, `allOf`, `anyOf`, `oneOf`, `then` and `else` it leads to. */
  private expand(scoped: Scoped, depth: number): Scoped[] {
    if (depth > 16) return [];
    const { schema, base } = scoped;
    const out: Scoped[] = [scoped];
    if (schema.$ref) {
      const target = this.resolve(schema.$ref, base);
      if (target) out.push(...this.expand(target, depth + 1));
    }
    for (const sub of [...(schema.allOf ?? []), ...(schema.anyOf ?? []), ...(schema.oneOf ?? []), schema.then, schema.else]) {
      if (isSchema(sub)) out.push(...this.expand({ schema: sub, base }, depth + 1));
    }
    return out;
  }

  private resolve(ref: string, base: string): Scoped | undefined {
    const hash = ref.indexOf('#');
    const file = hash < 0 ? ref : ref.slice(0, hash);
    const pointer = hash < 0 ? '' : decodeURIComponent(ref.slice(hash + 1));
    // schemas/ refers to its files by name (`common.json#/definitions/x`) beside the referring `$id`.
    const id = file === '' ? base : /^[a-z]+:/.test(file) ? file : base.slice(0, base.lastIndexOf('/') + 1) + file;
    let node: unknown = this.byId(id);
    for (const part of pointer.split('/').slice(1)) node = (node as Record<string, unknown> | undefined)?.[part.replace(/~1/g, '/').replace(/~0/g, '~')];
    return isSchema(node) ? { schema: node, base: id } : undefined;
  }
}

function isSchema(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function escape(key: string): string {
  // Nearly every key has neither (no new string for those).
  if (!key.includes('~') && !key.includes('/')) return key;
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}
