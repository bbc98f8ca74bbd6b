import type { GraphQLSchema } from 'graphql';
import { isObjectType } from 'graphql';
import { schemaGenerator } from '../schema';
import type { GeneratedSchema } from '../schema';
import type { NamingConvention } from '../schema';

import { ADMIN, originOf } from './provider';
import type { RoleSchema, SchemaInputs, SchemaProvider, SchemaSource, TypeNames } from './provider';

/** What the engine's environment decides and the metadata does not say (settings, CLI flags). */
export interface GeneratedSchemaOptions {
  /** `HASURA_GRAPHQL_DEFAULT_NAMING_CONVENTION`. */
  readonly namingConvention?: NamingConvention;
  /** `HASURA_GRAPHQL_INFER_FUNCTION_PERMISSIONS` (default true). */
  readonly inferFunctionPermissions?: boolean;
  /** `HASURA_GRAPHQL_ENABLE_REMOTE_SCHEMA_PERMISSIONS` (default false). */
  readonly remoteSchemaPermissions?: boolean;
  /** The SDL each remote schema serves, by its name in remote_schemas.yaml (what it serves cannot be known offline). */
  readonly remoteSchemas?: Readonly<Record<string, string>>;
}

const ROOTS = ['query_root', 'mutation_root', 'subscription_root'];

/**
 * The schema source of a check: the schema generator (core/graphql/schema) run per role on
 * demand. What the generator leaves out is never judged: when its notes say anything at the root
 * was left out (a remote schema, a source without a model, a table or function the model lacks)
 * the root types are partial; a relationship or remote relationship left out leaves unjudged the
 * types of every table with a relationship of that name, and a field left out of a native query, a
 * logical model or a remote schema's type every object type that is not a table's (partialTypes).
 */
export function generatedSchemas(options: GeneratedSchemaOptions = {}): SchemaSource {
  return (inputs) => new GeneratedProvider(inputs, options);
}

class GeneratedProvider implements SchemaProvider {
  private readonly made = new Map<string, RoleSchema | undefined>();
  private allRoles: readonly string[] | undefined;
  private why: string | undefined;
  /** The metadata and its catalog, read once for every role. */
  private generator: ((role: string) => GeneratedSchema) | undefined;

  constructor(
    private readonly inputs: SchemaInputs,
    private readonly options: GeneratedSchemaOptions,
  ) {}

  get roles(): readonly string[] {
    if (this.allRoles === undefined) this.schemaFor(ADMIN);
    return this.allRoles ?? [];
  }

  get missing(): string | undefined {
    return this.why;
  }

  schemaFor(role: string): RoleSchema | undefined {
    if (this.made.has(role)) return this.made.get(role);
    const { project, databases, engineVersion } = this.inputs;
    let made: RoleSchema | undefined;
    if (databases.size === 0) this.why = 'no database model was built (migrations or a database URL): the schema needs the tables’ columns';
    else {
      try {
        this.generator ??= schemaGenerator({ project }, databases, { engineVersion, ...this.options });
        const generated = this.generator(role);
        this.allRoles ??= generated.roles.filter((r) => r !== ADMIN).sort();
        if (generated.ok) made = { role, schema: generated.schema, partial: partialTypes(generated.schema, generated.notes, this.inputs) };
        else if (role === ADMIN) this.why = generated.error;
      } catch (error) {
        this.why = `the schema generator failed: ${error instanceof Error ? error.message : String(error)}`;
      }
    }
    this.made.set(role, made);
    return made;
  }
}

/** A table's relationship (or remote relationship) the generator left out: `<table>: <kind> relationship <name> is left out`. */
const TABLE_FIELD_LEFT_OUT = /^\S+: \w+ relationship (\S+) is left out/;
/**
 * A field of another object type left out: a native query's relationship, a remote schema type's
 * relationship, a logical model's nested field (`source s: native query q: object relationship r is
 * left out`, `remote schema g: type T: relationship r is left out`, `source s: logical model m: field f
 * (...) is left out`).
 */
const OTHER_FIELD_LEFT_OUT =
  /^(?:source \S+: native query \S+: \w+ relationship|remote schema \S+: type \S+: relationship|source \S+: logical model \S+: field) (\S+) .*is left out/;

/**
 * The types whose fields the schema may lack, from the generator's notes: the root types when
 * anything but a table's relationship was left out; an object type of a table that has a
 * relationship (or remote relationship) of a name left out; and, when a field of a native query, a
 * logical model or a remote schema's type was left out, every object type that is not a table's
 * (the note names the field, not the GraphQL type it would be on). Decided per name when asked, so
 * that the schema makes no type for it.
 */
function partialTypes(schema: GraphQLSchema, notes: readonly string[], inputs: SchemaInputs): TypeNames {
  const atRoot = notes.some((n) => !TABLE_FIELD_LEFT_OUT.test(n));
  const roots = new Set(atRoot ? ROOTS : []);
  const leftOut = new Set<string>();
  let otherLeftOut = false;
  for (const note of notes) {
    const m = TABLE_FIELD_LEFT_OUT.exec(note);
    if (m) leftOut.add(m[1]!);
    if (OTHER_FIELD_LEFT_OUT.test(note)) otherLeftOut = true;
  }
  if (leftOut.size === 0 && !otherLeftOut) return roots;
  const decided = new Map<string, boolean>();
  // A table's type lacks a relationship it would have: one whose table has a relationship of that name.
  const lacks = (name: string): boolean => {
    const type = schema.getType(name);
    if (!type || !isObjectType(type)) return false;
    const origin = originOf(type);
    if (origin?.kind !== 'table') return otherLeftOut;
    const table = inputs.index.tables.find((t) => t.source === origin.source && t.table.schema === origin.table.schema && t.table.name === origin.table.name);
    return table?.relationships.some((r) => leftOut.has(r.name.name)) === true;
  };
  return {
    has(name) {
      if (roots.has(name)) return true;
      let known = decided.get(name);
      if (known === undefined) decided.set(name, (known = lacks(name)));
      return known;
    },
  };
}
