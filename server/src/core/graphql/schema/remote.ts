import { extendSchema, GraphQLError, Kind, OperationTypeNode, parse, visit } from 'graphql';
import type {
  DefinitionNode,
  DocumentNode,
  FieldDefinitionNode,
  GraphQLSchema,
  NameNode,
  ObjectTypeDefinitionNode,
  ObjectTypeExtensionNode,
  SchemaExtensionNode,
} from 'graphql';
import type { JsonObject } from '../../sync/json';
import { listOf, objectOf, stringOf } from '../../sync/json';
import type { RoleView } from './roles';

/**
 * Remote schemas joined into the generated schema (hasura/graphql-engine
 * `Hasura/GraphQL/Schema/Remote.hs`): their query and mutation root fields become fields of
 * `query_root` and `mutation_root`, their types are added beside the engine's. What a remote schema
 * serves cannot be known offline: its SDL must be supplied (a file per remote schema); with remote
 * schema permissions on (`HASURA_GRAPHQL_ENABLE_REMOTE_SCHEMA_PERMISSIONS`), a role sees the SDL its
 * permission holds instead. Customization of
 * type names (prefix, suffix, mapping) is followed; a root field namespace or field name
 * customization is not, and says so.
 */

const BUILT_IN = new Set(['Int', 'Float', 'String', 'Boolean', 'ID']);

export interface RemoteResult {
  readonly schema: GraphQLSchema;
  readonly notes: string[];
}

interface TypeNames {
  readonly prefix: string;
  readonly suffix: string;
  readonly mapping: Readonly<Record<string, string>>;
}

function typeNames(definition: JsonObject | undefined): TypeNames {
  const customization = objectOf(objectOf(definition?.customization)?.type_names);
  const mapping: Record<string, string> = {};
  for (const [from, to] of Object.entries(objectOf(customization?.mapping) ?? {})) if (typeof to === 'string') mapping[from] = to;
  return { prefix: stringOf(customization?.prefix) ?? '', suffix: stringOf(customization?.suffix) ?? '', mapping };
}

/**
 * The SDL the role sees of a remote schema: the supplied one for admin, and for every role while
 * remote schema permissions are off (the engine's default); else the role's permission's; undefined: none.
 */
function sdlFor(remote: JsonObject, role: RoleView, supplied: Readonly<Record<string, string>>, name: string, permissions: boolean): string | undefined {
  if (role.admin || !permissions) return supplied[name];
  for (const permission of listOf(remote.permissions)) {
    const p = objectOf(permission);
    if (stringOf(p?.role) === role.role) return stringOf(objectOf(objectOf(p?.definition))?.schema);
  }
  return undefined;
}

/** Adds every remote schema the role sees to `schema`; notes say which could not be added and why. */
export function addRemoteSchemas(
  schema: GraphQLSchema,
  metadata: JsonObject,
  role: RoleView,
  supplied: Readonly<Record<string, string>>,
  permissions: boolean,
): RemoteResult {
  const notes: string[] = [];
  let merged = schema;
  for (const entry of listOf(metadata.remote_schemas)) {
    const remote = objectOf(entry);
    const name = stringOf(remote?.name);
    if (remote === undefined || name === undefined) continue;
    const sdl = sdlFor(remote, role, supplied, name, permissions);
    if (sdl === undefined) {
      if (role.admin || !permissions)
        notes.push(`remote schema ${name}: its root fields and types need its own schema, so they are left out (supply its SDL: --remote-schema ${name}=FILE)`);
      continue;
    }
    const definition = objectOf(remote.definition);
    const customization = objectOf(definition?.customization);
    if (customization?.root_fields_namespace !== undefined || customization?.field_names !== undefined)
      notes.push(`remote schema ${name}: its root field namespace and field name customization are not applied`);
    try {
      const document = renamed(parse(sdl), typeNames(definition));
      merged = extendSchema(merged, asExtension(document, merged), { assumeValid: true, assumeValidSDL: true });
    } catch (error) {
      notes.push(`remote schema ${name}: its SDL could not be joined (${error instanceof GraphQLError ? error.message : String(error)}), so it is left out`);
    }
  }
  return { schema: merged, notes };
}

/** Type names customized as the remote schema's `type_names` says (built-in scalars and the roots keep theirs). */
function renamed(document: DocumentNode, names: TypeNames): DocumentNode {
  if (names.prefix === '' && names.suffix === '' && Object.keys(names.mapping).length === 0) return document;
  const roots = rootNames(document);
  const rename = (node: NameNode): NameNode => {
    const value = node.value;
    if (BUILT_IN.has(value) || roots.has(value)) return node;
    return { ...node, value: names.mapping[value] ?? `${names.prefix}${value}${names.suffix}` };
  };
  return visit(document, {
    NamedType: (node) => ({ ...node, name: rename(node.name) }),
    ObjectTypeDefinition: (node) => ({ ...node, name: rename(node.name) }),
    InputObjectTypeDefinition: (node) => ({ ...node, name: rename(node.name) }),
    EnumTypeDefinition: (node) => ({ ...node, name: rename(node.name) }),
    ScalarTypeDefinition: (node) => ({ ...node, name: rename(node.name) }),
    InterfaceTypeDefinition: (node) => ({ ...node, name: rename(node.name) }),
    UnionTypeDefinition: (node) => ({ ...node, name: rename(node.name) }),
  });
}

/** The names of the remote's query and mutation types (`schema { ... }`, else Query and Mutation). */
function rootNames(document: DocumentNode): Map<string, 'query' | 'mutation' | 'subscription'> {
  const out = new Map<string, 'query' | 'mutation' | 'subscription'>();
  for (const def of document.definitions)
    if (def.kind === Kind.SCHEMA_DEFINITION) for (const op of def.operationTypes) out.set(op.type.name.value, op.operation);
  if (out.size === 0) {
    out.set('Query', 'query');
    out.set('Mutation', 'mutation');
    out.set('Subscription', 'subscription');
  }
  return out;
}

/**
 * The remote's definitions as an extension of the generated schema: its query and mutation fields
 * extend `query_root` and `mutation_root`; a scalar the schema already has is not defined again.
 */
function asExtension(document: DocumentNode, schema: GraphQLSchema): DocumentNode {
  const roots = rootNames(document);
  const definitions: DefinitionNode[] = [];
  const target = { query: schema.getQueryType()?.name ?? 'query_root', mutation: schema.getMutationType()?.name ?? 'mutation_root' };
  const rootFields: Record<'query' | 'mutation', (readonly FieldDefinitionNode[] | undefined)[]> = { query: [], mutation: [] };
  for (const def of document.definitions) {
    if (def.kind === Kind.SCHEMA_DEFINITION || def.kind === Kind.SCHEMA_EXTENSION || def.kind === Kind.DIRECTIVE_DEFINITION) continue;
    if ((def.kind === Kind.OBJECT_TYPE_DEFINITION || def.kind === Kind.OBJECT_TYPE_EXTENSION) && roots.has(def.name.value)) {
      const op = roots.get(def.name.value);
      if (op === 'query' || op === 'mutation') rootFields[op].push(def.fields);
      continue;
    }
    if ('name' in def && def.name !== undefined && def.kind === Kind.SCALAR_TYPE_DEFINITION && schema.getType(def.name.value) !== undefined) continue;
    if ('name' in def && def.name !== undefined && BUILT_IN.has(def.name.value)) continue;
    definitions.push(def);
  }
  for (const op of ['query', 'mutation'] as const) {
    const fields = rootFields[op].flatMap((f) => f ?? []);
    if (fields.length === 0) continue;
    const name: NameNode = { kind: Kind.NAME, value: target[op] };
    if (op === 'mutation' && !schema.getMutationType()) {
      // No mutation root yet: define one and make it the schema's.
      definitions.push({ kind: Kind.OBJECT_TYPE_DEFINITION, name, fields } satisfies ObjectTypeDefinitionNode);
      definitions.push({
        kind: Kind.SCHEMA_EXTENSION,
        operationTypes: [{ kind: Kind.OPERATION_TYPE_DEFINITION, operation: OperationTypeNode.MUTATION, type: { kind: Kind.NAMED_TYPE, name } }],
      } satisfies SchemaExtensionNode);
    } else definitions.push({ kind: Kind.OBJECT_TYPE_EXTENSION, name, fields } satisfies ObjectTypeExtensionNode);
  }
  return { kind: Kind.DOCUMENT, definitions };
}
