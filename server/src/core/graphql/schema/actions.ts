import { GraphQLList, GraphQLNonNull, GraphQLScalarType, Kind, getNamedType, isLeafType, parseType } from 'graphql';
import type {
  GraphQLFieldConfig,
  GraphQLFieldConfigArgumentMap,
  GraphQLInputType,
  GraphQLNamedType,
  GraphQLOutputType,
  GraphQLType,
  TypeNode,
  GraphQLObjectType,
} from 'graphql';
import type { JsonObject, JsonValue } from '../../sync/json';
import { listOf, objectOf, stringOf } from '../../sync/json';
import type { RootFields, TableSchemaBuilder } from './build';
import type { Source } from './metadata';
import type { RoleView } from './roles';
import { enumType, inputType, objectType } from './sorted';
import { originExtensions } from '../operations/provider';

/**
 * Actions and their custom types (hasura/graphql-engine `Hasura/GraphQL/Schema/Action.hs` at
 * 71a87c520dae97e344898bde9cd9a810c2b213ba): each action a root field of `query_root` or
 * `mutation_root` with its arguments and output type as actions.graphql writes them (an
 * asynchronous action returns the `uuid!` of its job, and a query of the same name gives the job's
 * result); custom object types with their action relationships to tracked tables. A role sees the
 * actions its permissions (or an inherited role's parents') list; admin sees all.
 */

interface CustomTypes {
  readonly objects: Map<string, JsonObject>;
  readonly inputs: Map<string, JsonObject>;
  readonly enums: Map<string, JsonObject>;
  readonly scalars: Map<string, JsonObject>;
}

function byName(value: JsonValue | undefined): Map<string, JsonObject> {
  const out = new Map<string, JsonObject>();
  for (const entry of listOf(value)) {
    const obj = objectOf(entry);
    const name = stringOf(obj?.name);
    if (obj !== undefined && name !== undefined) out.set(name, obj);
  }
  return out;
}

function description(value: JsonValue | undefined): { description?: string } {
  return typeof value === 'string' ? { description: value } : {};
}

/** Whether `role` may run the action (directly or through an inherited role's parents). */
function allowed(action: JsonObject, role: RoleView, inherited: ReadonlyMap<string, readonly string[]>, seen = new Set<string>()): boolean {
  if (role.admin) return true;
  const roles = new Set(listOf(action.permissions).map((p) => stringOf(objectOf(p)?.role)));
  const has = (name: string): boolean => {
    if (roles.has(name)) return true;
    if (seen.has(name)) return false;
    seen.add(name);
    return (inherited.get(name) ?? []).some(has);
  };
  return has(role.role);
}

export function addActions(
  metadata: JsonObject,
  builder: TableSchemaBuilder,
  sources: readonly Source[],
  role: RoleView,
  inherited: ReadonlyMap<string, readonly string[]>,
  roots: RootFields,
): void {
  const customTypes = objectOf(metadata.custom_types);
  const types: CustomTypes = {
    objects: byName(customTypes?.objects),
    inputs: byName(customTypes?.input_objects),
    enums: byName(customTypes?.enums),
    scalars: byName(customTypes?.scalars),
  };
  const named = (name: string): GraphQLNamedType => {
    const object = types.objects.get(name);
    if (object !== undefined) return customObject(name, object);
    const input = types.inputs.get(name);
    if (input !== undefined)
      return builder.named(name, () =>
        inputType({
          name,
          ...description(input.description),
          fields: () =>
            Object.fromEntries(
              listOf(input.fields).flatMap((f) => {
                const field = objectOf(f);
                const fieldName = stringOf(field?.name);
                return field && fieldName ? [[fieldName, { type: typeOf(stringOf(field.type)) as GraphQLInputType, ...description(field.description) }]] : [];
              }),
            ),
        }),
      );
    const enumDef = types.enums.get(name);
    if (enumDef !== undefined)
      return builder.named(name, () =>
        enumType({
          name,
          ...description(enumDef.description),
          values: Object.fromEntries(
            listOf(enumDef.values).flatMap((v) => {
              const value = objectOf(v);
              const valueName = stringOf(value?.value);
              return value && valueName
                ? [[valueName, { ...description(value.description), ...(value.is_deprecated === true ? { deprecationReason: 'No longer supported' } : {}) }]]
                : [];
            }),
          ),
        }),
      );
    const scalar = types.scalars.get(name);
    if (scalar !== undefined) return builder.named(name, () => new GraphQLScalarType({ name, ...description(scalar.description) }));
    return builder.scalar(name);
  };
  const wrap = (node: TypeNode): GraphQLType => {
    if (node.kind === Kind.NON_NULL_TYPE) return new GraphQLNonNull(wrap(node.type) as GraphQLOutputType);
    if (node.kind === Kind.LIST_TYPE) return new GraphQLList(wrap(node.type));
    return named(node.name.value);
  };
  const typeOf = (text: string | undefined): GraphQLType => wrap(parseType(text ?? 'String'));
  const customObject = (name: string, object: JsonObject): GraphQLObjectType =>
    builder.named(name, () =>
      objectType({
        name,
        ...description(object.description),
        fields: () => {
          const fields: Record<string, GraphQLFieldConfig<unknown, unknown>> = {};
          for (const f of listOf(object.fields)) {
            const field = objectOf(f);
            const fieldName = stringOf(field?.name);
            if (field === undefined || fieldName === undefined) continue;
            fields[fieldName] = { type: typeOf(stringOf(field.type)) as GraphQLOutputType, ...description(field.description) };
          }
          for (const r of listOf(object.relationships)) {
            const rel = objectOf(r);
            const relName = stringOf(rel?.name);
            const remote = objectOf(rel?.remote_table) ?? (typeof rel?.remote_table === 'string' ? { name: rel.remote_table } : undefined);
            const source = sources.find((s) => s.name === (stringOf(rel?.source) ?? 'default')) ?? sources[0];
            const tableName = stringOf(remote?.name);
            if (rel === undefined || relName === undefined || source === undefined || tableName === undefined) continue;
            const table = builder.tableOf(source, stringOf(remote?.schema) ?? 'public', tableName);
            if (table === undefined || builder.select(table) === undefined) continue;
            const t = builder.tableType(table);
            fields[relName] =
              rel.type === 'array'
                ? { type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(t))), args: builder.selectArgs(table), description: 'An array relationship' }
                : { type: t, description: 'An object relationship' };
          }
          return fields;
        },
      }),
    );
  for (const entry of listOf(metadata.actions)) {
    const action = objectOf(entry);
    const name = stringOf(action?.name);
    const definition = objectOf(action?.definition);
    if (action === undefined || name === undefined || definition === undefined || !allowed(action, role, inherited)) continue;
    const args: GraphQLFieldConfigArgumentMap = {};
    for (const a of listOf(definition.arguments)) {
      const arg = objectOf(a);
      const argName = stringOf(arg?.name);
      if (arg !== undefined && argName !== undefined) args[argName] = { type: typeOf(stringOf(arg.type)) as GraphQLInputType, ...description(arg.description) };
    }
    const declared = typeOf(stringOf(definition.output_type)) as GraphQLOutputType;
    // A scalar or enum output is its named type, non-null, whatever list or nullability actions.graphql gives
    // (Action.hs: the scalar's own parser; 5stackgg/api `getSchemas: [String]!` is served as `String!`).
    const base = getNamedType(declared);
    const output = isLeafType(base) ? new GraphQLNonNull(base) : declared;
    // Where the field comes from (go to definition, references in collections), as the tables' fields record it.
    const comment = { ...description(action.comment), extensions: originExtensions({ kind: 'action', name }) };
    if (definition.type === 'query') {
      roots.query[name] = { type: output, args, ...comment };
    } else if (definition.kind === 'asynchronous') {
      roots.mutation[name] = { type: new GraphQLNonNull(builder.scalar('uuid')), args, ...comment };
      const resultName = name;
      const result = builder.named(resultName, () =>
        objectType({
          name: resultName,
          description: `fields of action: "${name}"`,
          fields: () => ({
            created_at: { type: new GraphQLNonNull(builder.scalar('timestamptz')), description: 'the time at which this action was created' },
            errors: { type: builder.scalar('jsonb'), description: 'errors related to the invocation' },
            id: { type: new GraphQLNonNull(builder.scalar('uuid')), description: 'the unique id of an action' },
            output: { type: output, description: 'the output fields of this action' },
          }),
        }),
      );
      const query: GraphQLFieldConfig<unknown, unknown> = {
        type: result,
        args: { id: { type: new GraphQLNonNull(builder.scalar('uuid')), description: 'id of the action' } },
        ...comment,
      };
      roots.query[name] = query;
      roots.subscription[name] = query;
    } else {
      roots.mutation[name] = { type: output, args, ...comment };
    }
  }
}
