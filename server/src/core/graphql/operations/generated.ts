import type { GraphQLSchema } from 'graphql';
import { isObjectType } from 'graphql';
import { schemaGenerator } from '../schema';
import type { GeneratedSchema } from '../schema';
import type { NamingConvention } from '../schema';

import { ADMIN, ORIGIN_KEY, originOf } from './provider';
import type { RoleSchema, SchemaInputs, SchemaProvider, SchemaSource, TypeNames } from './provider';

/** What the engine's environment decides and the metadata does not say (settings, CLI flags). */
export interface GeneratedSchemaOptions {
  /** `HASURA_GRAPHQL_DEFAULT_NAMING_CONVENTION`. */
  readonly namingConvention?: NamingConvention;
}

const ROOTS = ['query_root', 'mutation_root', 'subscription_root'];

/**
 * The schema source of a check: the schema generator (core/graphql/schema) run per role on
 * demand. What the generator leaves out is never judged: when its notes say anything at the root
 * was left out (a remote schema, a source without a model, a table or function the model lacks)
 * the root types are partial; a relationship or remote relationship left out makes its name
 * unjudged on its table's types.
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
        const naming = this.options.namingConvention ? { namingConvention: this.options.namingConvention } : {};
        this.generator ??= schemaGenerator({ project }, databases, { engineVersion, ...naming });
        const generated = this.generator(role);
        this.allRoles ??= generated.roles.filter((r) => r !== ADMIN).sort();
        if (generated.ok)
          made = { role, schema: annotateActions(generated.schema, this.inputs), partial: partialTypes(generated.schema, generated.notes, this.inputs) };
        else if (role === ADMIN) this.why = generated.error;
      } catch (error) {
        this.why = `the schema generator failed: ${error instanceof Error ? error.message : String(error)}`;
      }
    }
    this.made.set(role, made);
    return made;
  }
}

/**
 * The types whose fields the schema may lack, from the generator's notes: the root types when
 * anything at the root was left out; an object type of a table that has a relationship (or remote
 * relationship) left out. Decided per name when asked, so that the schema makes no type for it.
 */
function partialTypes(schema: GraphQLSchema, notes: readonly string[], inputs: SchemaInputs): TypeNames {
  const atRoot = notes.some((n) => !/^\S+: \w+ relationship \S+ is left out/.test(n));
  const roots = new Set(atRoot ? ROOTS : []);
  const leftOut = new Set<string>();
  for (const note of notes) {
    const m = /^\S+: \w+ relationship (\S+) is left out/.exec(note);
    if (m) leftOut.add(m[1]!);
  }
  if (leftOut.size === 0) return roots;
  const decided = new Map<string, boolean>();
  // A type that lacks a relationship it would have: one whose table has a relationship of that name.
  const lacks = (name: string): boolean => {
    const type = schema.getType(name);
    const origin = type && isObjectType(type) ? originOf(type) : undefined;
    if (origin?.kind !== 'table') return false;
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

/** Records on each root field an action makes (named as the action) that it is that action. */
function annotateActions(schema: GraphQLSchema, inputs: SchemaInputs): GraphQLSchema {
  const names = new Set(inputs.index.actions.map((a) => a.name.name));
  for (const root of [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()]) {
    for (const field of Object.values(root?.getFields() ?? {})) {
      if (names.has(field.name) && !(field.extensions as Record<string, unknown>)[ORIGIN_KEY])
        (field as { extensions: unknown }).extensions = { ...field.extensions, [ORIGIN_KEY]: { kind: 'action', name: field.name } };
    }
  }
  return schema;
}
