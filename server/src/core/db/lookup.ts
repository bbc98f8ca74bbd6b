import type { QualifiedTable } from '../project/index/types';
import { closest } from '../util/closest';
import { relationKey } from './model';
import type { DatabaseModel, FunctionModel, RelationModel } from './model';

/**
 * What a model can say about a name the metadata uses: `found` it, it is `missing` (with the
 * closest name that exists), or `unknown`: its schema is made outside the migrations (e.g. nhost's
 * `auth`) or a statement that failed to apply mentions it, so it is never reported.
 */
export type Judgement<T> =
  { readonly kind: 'found'; readonly value: T } | { readonly kind: 'missing'; readonly suggestion?: string } | { readonly kind: 'unknown' };

const UNKNOWN = { kind: 'unknown' } as const;

/** Lookups over one source's model, with the sets they need built once. */
export class ModelView {
  private readonly schemas: ReadonlySet<string>;
  private readonly external: ReadonlySet<string>;
  private readonly uncertain: ReadonlySet<string>;
  private relationNames: readonly string[] | undefined;
  private functionNames: readonly string[] | undefined;

  constructor(readonly model: DatabaseModel) {
    // Schemas the migrations use but never create (nhost's auth, storage) hold a platform's definition or stand-ins: not judged.
    this.external = new Set(model.externalSchemas ?? []);
    this.schemas = new Set(model.schemas.filter((s) => !this.external.has(s)));
    this.uncertain = new Set(model.uncertain);
  }

  /** Whether the model can judge `name` in `schema` (its schema exists and no failed statement names it). */
  canJudge(schema: string, name: string): boolean {
    return this.schemas.has(schema) && !this.uncertain.has(name.toLowerCase());
  }

  /** Whether a statement that failed to apply names `name` (a column, a relationship): what the model says of it may be stale. */
  isUncertain(name: string): boolean {
    return this.uncertain.has(name.toLowerCase());
  }

  relation(table: QualifiedTable): Judgement<RelationModel> {
    const found = this.model.relations[relationKey(table.schema, table.name)];
    if (found) return { kind: 'found', value: found };
    if (!this.canJudge(table.schema, table.name)) return UNKNOWN;
    this.relationNames ??= Object.keys(this.model.relations);
    return missing(closest(relationKey(table.schema, table.name), this.relationNames));
  }

  /** The relation when the model has it (no judgement: for following a reference, not reporting it). */
  find(table: QualifiedTable): RelationModel | undefined {
    return this.model.relations[relationKey(table.schema, table.name)];
  }

  column(relation: RelationModel, name: string): Judgement<RelationModel['columns'][number]> {
    const found = relation.columns.find((c) => c.name === name);
    if (found) return { kind: 'found', value: found };
    // A platform's table may have columns its definition does not vouch for (a newer version's).
    if (this.external.has(relation.schema) || this.uncertain.has(name.toLowerCase()) || this.uncertain.has(relation.name.toLowerCase())) return UNKNOWN;
    return missing(
      closest(
        name,
        relation.columns.map((c) => c.name),
      ),
    );
  }

  functions(schema: string, name: string): Judgement<readonly FunctionModel[]> {
    const found = this.model.functions[relationKey(schema, name)];
    if (found && found.length > 0) return { kind: 'found', value: found };
    if (!this.canJudge(schema, name)) return UNKNOWN;
    this.functionNames ??= Object.keys(this.model.functions);
    return missing(closest(relationKey(schema, name), this.functionNames));
  }

  /**
   * The relation a type names (`format_type` text: `author`, `public.author`, `"User"`,
   * `app."Order"`), when it is one: a function argument or result of a table's row type.
   */
  relationOfType(type: string): RelationModel | undefined {
    const parts = splitQualified(type);
    if (!parts) return undefined;
    const [schema, name] = parts;
    if (schema !== undefined) return this.model.relations[relationKey(schema, name)];
    // Unqualified: the type's schema is on the search path (`public` for the engine's connections).
    return this.model.relations[relationKey('public', name)];
  }
}

function missing(suggestion: string | undefined): Judgement<never> {
  return suggestion === undefined ? { kind: 'missing' } : { kind: 'missing', suggestion };
}

/** `a.b` / `"A"."b c"` / `b` into [schema?, name]; undefined for anything else (arrays, modifiers). */
function splitQualified(text: string): [string | undefined, string] | undefined {
  const parts: string[] = [];
  let i = 0;
  while (i < text.length) {
    if (text[i] === '"') {
      let name = '';
      i++;
      for (; i < text.length; i++) {
        if (text[i] === '"' && text[i + 1] === '"') name += text[i++];
        else if (text[i] === '"') break;
        else name += text[i];
      }
      if (text[i] !== '"') return undefined;
      parts.push(name);
      i++;
    } else {
      const m = /^[A-Za-z_][A-Za-z0-9_$]*/.exec(text.slice(i));
      if (!m) return undefined;
      parts.push(m[0]);
      i += m[0].length;
    }
    if (i < text.length) {
      if (text[i] !== '.') return undefined;
      i++;
    }
  }
  if (parts.length === 1) return [undefined, parts[0]!];
  if (parts.length === 2) return [parts[0], parts[1]!];
  return undefined;
}
