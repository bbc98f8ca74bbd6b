import { extendSchema, GraphQLError, isObjectType, Kind, OperationTypeNode, parse, visit } from 'graphql';
import type {
  ConstValueNode,
  DefinitionNode,
  DocumentNode,
  FieldDefinitionNode,
  GraphQLSchema,
  InputObjectTypeDefinitionNode,
  InputValueDefinitionNode,
  NameNode,
  ObjectTypeDefinitionNode,
  ObjectTypeExtensionNode,
  SchemaExtensionNode,
  TypeNode,
} from 'graphql';
import type { JsonObject, JsonValue } from '../../sync/json';
import { isJsonObject, listOf, objectOf, stringOf } from '../../sync/json';
import type { Origin } from '../operations/provider';
import { originExtensions } from '../operations/provider';
import type { EngineVersion } from '../../engineVersion';
import { atLeast } from '../../engineVersion';
import { SCHEMA_SINCE } from './build';
import type { RoleView } from './roles';

/**
 * Remote schemas joined into the generated schema (hasura/graphql-engine
 * `Hasura/GraphQL/Schema/Remote.hs`): their query and mutation root fields become fields of
 * `query_root` and `mutation_root`, their types are added beside the engine's. What a remote schema
 * serves cannot be known offline: its SDL must be supplied (a file per remote schema); with remote
 * schema permissions on (`HASURA_GRAPHQL_ENABLE_REMOTE_SCHEMA_PERMISSIONS`), a role sees the SDL its
 * permission holds instead.
 *
 * `definition.customization` is followed as the engine's `getCustomizer`
 * (`Hasura/RemoteSchema/SchemaCache/Build.hs` at 8582709611's version): type names by `mapping`,
 * then (with a root field namespace, from v2.10: SCHEMA_SINCE.remoteNamespacedRootTypes) the root
 * types prefixed with the namespace, then `prefix` and `suffix` (never the built-in scalars, nor the
 * root types without a namespace; before v2.10 a namespaced root type takes them); field names of
 * object and interface types by their `field_names` entry (`mapping`, else `prefix`/`suffix`); with
 * `root_fields_namespace` the root fields sit in one field of that name, typed as the customized
 * root type (`customizeNamespace`, no description).
 *
 * Remote relationships of tables to a remote schema (`Hasura/GraphQL/Schema/RemoteRelationship.hs`
 * at 6cc51b942c63080199d91d6e104a6ed8ba257775) become a field of the table's type: the type of the
 * last field of `remote_field`, with that field's arguments less those the relationship gives
 * (`stripInMap` in `Hasura/RemoteSchema/SchemaCache/RemoteRelationship.hs`: an atomic value removes
 * the argument, an object value makes `<Type>_remote_rel_<table><relationship>` without the given
 * fields).
 */

const BUILT_IN = new Set(['Int', 'Float', 'String', 'Boolean', 'ID']);

export interface RemoteResult {
  readonly schema: GraphQLSchema;
  readonly notes: string[];
}

/** A table's remote relationship to a remote schema, where the role sees the table's type and may select the join columns. */
export interface RemoteSchemaRelationship {
  readonly remoteSchema: string;
  /** The table's GraphQL type. */
  readonly typeName: string;
  /** `schema.name`, for notes. */
  readonly table: string;
  /** Absent for a remote schema's own types. */
  readonly origin?: Origin;
  /** The engine's `LHSIdentifier`: the table's name (`schema.name` outside public). */
  readonly lhsIdentifier: string;
  readonly name: string;
  readonly remoteField: JsonObject;
}

/** The names the engine gives a remote schema's types and fields (`RemoteSchemaCustomizer`). */
interface Customizer {
  readonly namespace?: string;
  typeName(name: string): string;
  fieldName(parentType: string, field: string): string;
}

/** A name -> name mapping with no inherited keys (a field named `constructor` maps to nothing). */
function stringMap(value: JsonValue | undefined): Record<string, string> {
  const out = Object.create(null) as Record<string, string>;
  for (const [from, to] of Object.entries(objectOf(value) ?? {})) if (typeof to === 'string') out[from] = to;
  return out;
}

function customizer(definition: JsonObject | undefined, document: DocumentNode, roots: ReadonlyMap<string, string>, engineVersion: EngineVersion): Customizer {
  const customization = objectOf(definition?.customization);
  const namespace = stringOf(customization?.root_fields_namespace);
  const typeNames = objectOf(customization?.type_names);
  const mapping = stringMap(typeNames?.mapping);
  const prefix = stringOf(typeNames?.prefix) ?? '';
  const suffix = stringOf(typeNames?.suffix) ?? '';
  const namespacedRoots = atLeast(engineVersion, SCHEMA_SINCE.remoteNamespacedRootTypes);
  const defined = new Set<string>();
  for (const def of document.definitions) if ('name' in def && def.name !== undefined && def.kind !== Kind.DIRECTIVE_DEFINITION) defined.add(def.name.value);
  const fieldNames = new Map<string, { prefix: string; suffix: string; mapping: Record<string, string> }>();
  for (const entry of listOf(customization?.field_names)) {
    const obj = objectOf(entry);
    const parent = stringOf(obj?.parent_type);
    if (parent !== undefined)
      fieldNames.set(parent, { prefix: stringOf(obj?.prefix) ?? '', suffix: stringOf(obj?.suffix) ?? '', mapping: stringMap(obj?.mapping) });
  }
  return {
    ...(namespace !== undefined ? { namespace } : {}),
    typeName(name) {
      const mapped = mapping[name];
      if (mapped !== undefined) return mapped;
      if (namespace !== undefined && roots.has(name) && namespacedRoots) return namespace + name;
      const kept = name.startsWith('__') || BUILT_IN.has(name) || (namespace === undefined && roots.has(name));
      if (typeNames === undefined || !defined.has(name) || kept) return name;
      return prefix + name + suffix;
    },
    fieldName(parentType, field) {
      const rule = fieldNames.get(parentType);
      if (rule === undefined || field.startsWith('__')) return field;
      return rule.mapping[field] ?? rule.prefix + field + rule.suffix;
    },
  };
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

/** Adds every remote schema the role sees to `schema`, and the tables' relationships to them; notes say what could not be added and why. */
export function addRemoteSchemas(
  schema: GraphQLSchema,
  metadata: JsonObject,
  role: RoleView,
  supplied: Readonly<Record<string, string>>,
  permissions: boolean,
  engineVersion: EngineVersion,
  relationships: readonly RemoteSchemaRelationship[] = [],
): RemoteResult {
  const notes: string[] = [];
  let merged = schema;
  const joined = new Map<string, Joined>();
  const extend = (definitions: DefinitionNode[], rels: readonly RemoteSchemaRelationship[]): void => {
    if (definitions.length === 0) return;
    merged = extendSchema(merged, { kind: Kind.DOCUMENT, definitions }, { assumeValid: true, assumeValidSDL: true });
    recordOrigins(merged, rels);
  };
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
    try {
      const original = parse(sdl);
      const roots = rootNames(original);
      const names = customizer(objectOf(remote.definition), original, roots, engineVersion);
      const ownRelationships = relationships.filter((r) => r.remoteSchema === name);
      const relationshipFields = remoteRelationshipFields(original, roots, ownRelationships, names, notes, role.admin || !permissions);
      merged = extendSchema(merged, asExtension(customized(original, names), merged, roots, names), { assumeValid: true, assumeValidSDL: true });
      extend(relationshipFields, ownRelationships);
      joined.set(name, { remote, original, roots, names });
    } catch (error) {
      notes.push(`remote schema ${name}: its SDL could not be joined (${error instanceof GraphQLError ? error.message : String(error)}), so it is left out`);
    }
  }
  for (const rel of relationships)
    if (!joined.has(rel.remoteSchema) && (role.admin || !permissions))
      notes.push(
        `${rel.table}: remote relationship ${rel.name} is left out: its type comes from remote schema ${rel.remoteSchema} (supply its SDL: --remote-schema ${rel.remoteSchema}=FILE)`,
      );
  // Relationships of a remote schema's own types (remote_relationships in remote_schemas.yaml), to other remote schemas.
  for (const [name, { remote, names }] of joined) {
    const byTarget = new Map<string, RemoteSchemaRelationship[]>();
    for (const entry of listOf(remote.remote_relationships)) {
      const typeName = stringOf(objectOf(entry)?.type_name);
      if (typeName === undefined) continue;
      for (const relValue of listOf(objectOf(entry)?.relationships)) {
        const rel = objectOf(relValue);
        const relName = stringOf(rel?.name);
        const definition = objectOf(rel?.definition);
        if (relName === undefined || definition === undefined) continue;
        const toSchema = objectOf(definition.to_remote_schema);
        const target = stringOf(toSchema?.remote_schema);
        const remoteField = objectOf(toSchema?.remote_field);
        const where = `remote schema ${name}: type ${typeName}: relationship ${relName}`;
        if (target === undefined || remoteField === undefined) {
          if (role.admin || !permissions) notes.push(`${where} is left out (to a source: not generated yet)`);
          continue;
        }
        if (!joined.has(target)) {
          if (role.admin || !permissions)
            notes.push(`${where} is left out: its type comes from remote schema ${target} (supply its SDL: --remote-schema ${target}=FILE)`);
          continue;
        }
        const list = byTarget.get(target) ?? [];
        list.push({
          remoteSchema: target,
          typeName: names.typeName(typeName),
          table: `remote schema ${name}: type ${typeName}`,
          lhsIdentifier: name,
          name: relName,
          remoteField,
        });
        byTarget.set(target, list);
      }
    }
    for (const [target, rels] of byTarget) {
      const into = joined.get(target)!;
      const present = rels.filter((r) => merged.getType(r.typeName) !== undefined);
      extend(remoteRelationshipFields(into.original, into.roots, present, into.names, notes, role.admin || !permissions), present);
    }
  }
  return { schema: merged, notes };
}

/** A remote schema joined: its metadata, its SDL as written, its root types, its customization. */
interface Joined {
  readonly remote: JsonObject;
  readonly original: DocumentNode;
  readonly roots: ReadonlyMap<string, string>;
  readonly names: Customizer;
}

/** Records on each remote relationship field what makes it (go to definition, references in collections). */
function recordOrigins(schema: GraphQLSchema, relationships: readonly RemoteSchemaRelationship[]): void {
  for (const rel of relationships) {
    const type = schema.getType(rel.typeName);
    const field = isObjectType(type) ? type.getFields()[rel.name] : undefined;
    if (field !== undefined && rel.origin !== undefined)
      (field as { extensions: unknown }).extensions = { ...field.extensions, ...originExtensions(rel.origin) };
  }
}

/** The document with the engine's names: fields of object and interface types first (by their original type), then every type name. */
function customized(document: DocumentNode, names: Customizer): DocumentNode {
  const fields = <T extends { readonly name: NameNode; readonly fields?: readonly FieldDefinitionNode[] | undefined }>(node: T): T => ({
    ...node,
    fields: node.fields?.map((f) => ({ ...f, name: { ...f.name, value: names.fieldName(node.name.value, f.name.value) } })),
  });
  const withFields = visit(document, {
    ObjectTypeDefinition: fields,
    ObjectTypeExtension: fields,
    InterfaceTypeDefinition: fields,
    InterfaceTypeExtension: fields,
  });
  return renameTypes(withFields, names);
}

function renameTypes<T extends DocumentNode>(document: T, names: Customizer): T {
  const rename = (node: NameNode): NameNode => ({ ...node, value: names.typeName(node.value) });
  return visit(document, {
    NamedType: (node) => ({ ...node, name: rename(node.name) }),
    ObjectTypeDefinition: (node) => ({ ...node, name: rename(node.name) }),
    ObjectTypeExtension: (node) => ({ ...node, name: rename(node.name) }),
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
 * The remote's definitions (customized) as an extension of the generated schema: its query and
 * mutation fields extend `query_root` and `mutation_root`, or sit in the namespace field there; a
 * scalar the schema already has is not defined again.
 */
function asExtension(document: DocumentNode, schema: GraphQLSchema, originalRoots: ReadonlyMap<string, string>, names: Customizer): DocumentNode {
  const roots = new Map([...originalRoots].map(([n, op]) => [names.typeName(n), op]));
  const definitions: DefinitionNode[] = [];
  const target = { query: schema.getQueryType()?.name ?? 'query_root', mutation: schema.getMutationType()?.name ?? 'mutation_root' };
  const rootFields: Record<'query' | 'mutation', (readonly FieldDefinitionNode[] | undefined)[]> = { query: [], mutation: [] };
  const rootType: Partial<Record<'query' | 'mutation', string>> = {};
  for (const def of document.definitions) {
    if (def.kind === Kind.SCHEMA_DEFINITION || def.kind === Kind.SCHEMA_EXTENSION || def.kind === Kind.DIRECTIVE_DEFINITION) continue;
    if ((def.kind === Kind.OBJECT_TYPE_DEFINITION || def.kind === Kind.OBJECT_TYPE_EXTENSION) && roots.has(def.name.value)) {
      const op = roots.get(def.name.value);
      if (op === 'query' || op === 'mutation') {
        rootFields[op].push(def.fields);
        rootType[op] = def.name.value;
      }
      continue;
    }
    if ('name' in def && def.name !== undefined && def.kind === Kind.SCALAR_TYPE_DEFINITION && schema.getType(def.name.value) !== undefined) continue;
    if ('name' in def && def.name !== undefined && BUILT_IN.has(def.name.value)) continue;
    definitions.push(def);
  }
  for (const op of ['query', 'mutation'] as const) {
    let fields = rootFields[op].flatMap((f) => f ?? []);
    if (fields.length === 0) continue;
    if (names.namespace !== undefined) {
      // customizeNamespace: the root fields in an object named as the customized root type, no description.
      const typeName: NameNode = { kind: Kind.NAME, value: rootType[op]! };
      definitions.push({ kind: Kind.OBJECT_TYPE_DEFINITION, name: typeName, fields } satisfies ObjectTypeDefinitionNode);
      fields = [{ kind: Kind.FIELD_DEFINITION, name: { kind: Kind.NAME, value: names.namespace }, type: { kind: Kind.NAMED_TYPE, name: typeName } }];
    }
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

// ---- remote relationships to a remote schema

const nameNode = (value: string): NameNode => ({ kind: Kind.NAME, value });

/** A JSON value of `remote_field` arguments as GraphQL (`$column` strings are variables). */
function valueNode(value: JsonValue): ConstValueNode | { readonly kind: Kind.VARIABLE } {
  if (typeof value === 'string') return value.startsWith('$') ? { kind: Kind.VARIABLE } : { kind: Kind.STRING, value };
  if (typeof value === 'number') return Number.isInteger(value) ? { kind: Kind.INT, value: String(value) } : { kind: Kind.FLOAT, value: String(value) };
  if (typeof value === 'boolean') return { kind: Kind.BOOLEAN, value };
  if (value === null) return { kind: Kind.NULL };
  if (Array.isArray(value)) return { kind: Kind.LIST, values: [] };
  return { kind: Kind.OBJECT, fields: [] };
}

class StripError extends Error {}

/** `stripInMap`: the arguments left after those the relationship gives; new input types go to `made`. */
function stripArguments(
  args: readonly InputValueDefinitionNode[],
  given: JsonObject,
  suffix: string,
  types: ReadonlyMap<string, DefinitionNode>,
  made: Map<string, InputObjectTypeDefinitionNode>,
): InputValueDefinitionNode[] {
  const out: InputValueDefinitionNode[] = [];
  for (const arg of args) {
    const value = given[arg.name.value];
    if (value === undefined) {
      out.push(arg);
      continue;
    }
    const type = stripValue(arg.type, value, suffix, types, made);
    if (type !== undefined) out.push({ ...arg, type, defaultValue: undefined });
  }
  return out;
}

function stripValue(
  type: TypeNode,
  value: JsonValue,
  suffix: string,
  types: ReadonlyMap<string, DefinitionNode>,
  made: Map<string, InputObjectTypeDefinitionNode>,
): TypeNode | undefined {
  const kind = valueNode(value).kind;
  if (kind !== Kind.LIST && kind !== Kind.OBJECT) return undefined;
  const nonNull = type.kind === Kind.NON_NULL_TYPE;
  const inner = type.kind === Kind.NON_NULL_TYPE ? type.type : type;
  const wrap = (t: TypeNode): TypeNode => (nonNull && t.kind !== Kind.NON_NULL_TYPE ? { kind: Kind.NON_NULL_TYPE, type: t } : t);
  if (Array.isArray(value)) {
    if (value.length === 0) return undefined;
    if (value.length > 1) throw new StripError('multiple elements in list value is not supported');
    if (inner.kind !== Kind.LIST_TYPE) throw new StripError(`a list given where the remote takes ${inner.kind}`);
    const element = stripValue(inner.type, value[0]!, suffix, types, made);
    return element === undefined ? undefined : wrap({ kind: Kind.LIST_TYPE, type: element });
  }
  if (inner.kind !== Kind.NAMED_TYPE || !isJsonObject(value)) throw new StripError('an object given where the remote takes no input object');
  const definition = types.get(inner.name.value);
  if (definition?.kind !== Kind.INPUT_OBJECT_TYPE_DEFINITION) throw new StripError(`${inner.name.value} is not an input object`);
  const name = `${inner.name.value}_remote_rel_${suffix}`;
  made.set(name, { ...definition, name: nameNode(name), fields: stripArguments(definition.fields ?? [], value, suffix, types, made) });
  return wrap({ kind: Kind.NAMED_TYPE, name: nameNode(name) });
}

/**
 * The fields the tables' remote relationships add (`extend type <table> { <relationship>: ... }`)
 * and the input types they make, named as the remote schema's customization says.
 */
function remoteRelationshipFields(
  document: DocumentNode,
  roots: ReadonlyMap<string, string>,
  relationships: readonly RemoteSchemaRelationship[],
  names: Customizer,
  notes: string[],
  /** Whether notes are written (admin, or every role while remote schema permissions are off). */
  noted: boolean,
): DefinitionNode[] {
  if (relationships.length === 0) return [];
  const types = new Map<string, DefinitionNode>();
  for (const def of document.definitions) if ('name' in def && def.name !== undefined) types.set(def.name.value, def);
  const queryRoot = [...roots].find(([, op]) => op === 'query')?.[0] ?? 'Query';
  const made = new Map<string, InputObjectTypeDefinitionNode>();
  const byType = new Map<string, FieldDefinitionNode[]>();
  for (const rel of relationships) {
    let parent = types.get(queryRoot);
    let call: JsonObject | undefined = rel.remoteField;
    let field: FieldDefinitionNode | undefined;
    let args: InputValueDefinitionNode[] = [];
    const suffix = rel.lhsIdentifier.replace(/[^A-Za-z0-9]/g, '_') + rel.name;
    try {
      while (call !== undefined) {
        const [fieldName, spec] = Object.entries(call)[0] ?? [];
        if (fieldName === undefined || (parent?.kind !== Kind.OBJECT_TYPE_DEFINITION && parent?.kind !== Kind.INTERFACE_TYPE_DEFINITION))
          throw new StripError(`no object type to find ${fieldName ?? 'a field'} in`);
        field = parent.fields?.find((f) => f.name.value === fieldName);
        if (field === undefined) throw new StripError(`field ${fieldName} not found in ${parent.name.value}`);
        args = stripArguments(field.arguments ?? [], objectOf(objectOf(spec)?.arguments) ?? {}, suffix, types, made);
        let base: TypeNode = field.type;
        while (base.kind !== Kind.NAMED_TYPE) base = base.type;
        parent = types.get(base.name.value);
        call = objectOf(objectOf(spec)?.field);
      }
    } catch (error) {
      if (noted) notes.push(`${rel.table}: remote relationship ${rel.name} is left out: ${error instanceof Error ? error.message : String(error)}`);
      continue;
    }
    if (field === undefined) continue;
    const list = byType.get(rel.typeName) ?? [];
    list.push({ kind: Kind.FIELD_DEFINITION, name: nameNode(rel.name), arguments: args, type: field.type });
    byType.set(rel.typeName, list);
  }
  // The remote's type names customized; the input types made here keep theirs (the engine's rename map covers the remote's own types only).
  const renamed = renameTypes({ kind: Kind.DOCUMENT, definitions: [...made.values()] }, names).definitions;
  const extensions: DefinitionNode[] = [...byType].map(([typeName, fields]) => {
    const doc = renameTypes({ kind: Kind.DOCUMENT, definitions: [{ kind: Kind.OBJECT_TYPE_EXTENSION, name: nameNode('_'), fields }] }, names);
    const ext = doc.definitions[0] as ObjectTypeExtensionNode;
    return { ...ext, name: nameNode(typeName) };
  });
  return [...renamed, ...extensions];
}
