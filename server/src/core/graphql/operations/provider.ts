import type { GraphQLField, GraphQLNamedType, GraphQLSchema } from 'graphql';
import type { DatabaseModels } from '../../db/model';
import type { EngineVersion } from '../../engineVersion';
import type { ProjectIndex, QualifiedTable } from '../../project/index/types';
import type { Project } from '../../project/project';

/** The engine's role that sees everything (and bypasses the allow list). */
export const ADMIN = 'admin';

/** The GraphQL schema one role sees, as the schema generator made it. */
export interface RoleSchema {
  readonly role: string;
  readonly schema: GraphQLSchema;
  /**
   * Object types whose fields this schema cannot list in full (the root types when remote schemas
   * were left out, a table's type when it has remote relationships): a field not found on one of
   * them is not judged.
   */
  readonly partial: TypeNames;
}

/** A set of type names, asked one name at a time (a generated schema's is decided per name, so that it need not make every type). */
export interface TypeNames {
  has(name: string): boolean;
}

/**
 * The schemas of one check, made on demand and kept per role (the schema generator is the only
 * thing that knows how the engine names and shapes them). The same object while what it was made
 * from is unchanged, so the rules that read it run again only then.
 */
export interface SchemaProvider {
  /** Every role the metadata names (admin excluded), in name order. */
  readonly roles: readonly string[];
  /** The role's schema; undefined when it cannot be made (then `missing` says why). */
  schemaFor(role: string): RoleSchema | undefined;
  /** Why there is no schema (no database model, no generator): hover and the status say it. */
  readonly missing?: string;
}

/** What a schema is made from: the check's project, index, database models and engine version. */
export interface SchemaInputs {
  readonly project: Project;
  readonly index: ProjectIndex;
  readonly databases: DatabaseModels;
  readonly engineVersion: EngineVersion;
}

/** Makes the provider of a check (a check service: the language server, the CLI and tests inject it). */
export type SchemaSource = (inputs: SchemaInputs) => SchemaProvider;

/** A provider that answers every role, memoized; `make` returns undefined for a role it cannot make. */
export function memoProvider(roles: readonly string[], make: (role: string) => RoleSchema | undefined, missing?: string): SchemaProvider {
  const made = new Map<string, RoleSchema | undefined>();
  return {
    roles: [...roles].filter((r) => r !== ADMIN).sort(),
    schemaFor(role) {
      if (!made.has(role)) made.set(role, make(role));
      return made.get(role);
    },
    ...(missing !== undefined ? { missing } : {}),
  };
}

/**
 * What makes a GraphQL field or type, as the schema generator records it in graphql-js's
 * `extensions.graphqlMetadata` of the field or type. Without that record the features that need it
 * (go to definition, references, rename into operations) are silent.
 */
export type Origin =
  | { readonly kind: 'table'; readonly source: string; readonly table: QualifiedTable }
  | { readonly kind: 'column'; readonly source: string; readonly table: QualifiedTable; readonly name: string }
  | { readonly kind: 'relationship'; readonly source: string; readonly table: QualifiedTable; readonly name: string }
  | { readonly kind: 'computed_field'; readonly source: string; readonly table: QualifiedTable; readonly name: string }
  | { readonly kind: 'remote_relationship'; readonly source: string; readonly table: QualifiedTable; readonly name: string }
  | { readonly kind: 'root'; readonly source: string; readonly table: QualifiedTable }
  | { readonly kind: 'function'; readonly source: string; readonly function: QualifiedTable }
  | { readonly kind: 'action'; readonly name: string };

/** The key of the record in `extensions`. */
export const ORIGIN_KEY = 'graphqlMetadata';

const KINDS = new Set(['table', 'column', 'relationship', 'computed_field', 'remote_relationship', 'root', 'function', 'action']);

export function originOf(thing: GraphQLField<unknown, unknown> | GraphQLNamedType): Origin | undefined {
  const record = (thing.extensions as Record<string, unknown> | null | undefined)?.[ORIGIN_KEY];
  if (typeof record !== 'object' || record === null) return undefined;
  const kind = (record as { kind?: unknown }).kind;
  return typeof kind === 'string' && KINDS.has(kind) ? (record as Origin) : undefined;
}

/**
 * The `extensions` that record an origin (for the schema generator's fields and types): null-prototype,
 * so graphql-js keeps the object instead of copying it into a dictionary (schema/sorted.ts ownExtensions).
 */
export function originExtensions(origin: Origin): { readonly [ORIGIN_KEY]: Origin } {
  return Object.setPrototypeOf({ [ORIGIN_KEY]: origin }, null) as { readonly [ORIGIN_KEY]: Origin };
}
