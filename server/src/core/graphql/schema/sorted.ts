import { GraphQLEnumType, GraphQLInputObjectType, GraphQLObjectType } from 'graphql';
import type { GraphQLEnumTypeConfig, GraphQLFieldConfigMap, GraphQLInputFieldConfigMap, GraphQLInputObjectTypeConfig, GraphQLObjectTypeConfig } from 'graphql';

/**
 * The schema's types with their fields, arguments and enum values in name order (as the engine's
 * introspection and graphql-js's lexicographicSortSchema give them), sorted as each type is made:
 * sorting the finished schema copies every type, which for 1,000 tables cost seconds.
 */

function byName<T>(map: Readonly<Record<string, T>>): Record<string, T> {
  const out: Record<string, T> = {};
  for (const key of Object.keys(map).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))) out[key] = map[key]!;
  return out;
}

function resolved<T>(thunk: T | (() => T)): T {
  return typeof thunk === 'function' ? (thunk as () => T)() : thunk;
}

export function objectType(config: GraphQLObjectTypeConfig<unknown, unknown>): GraphQLObjectType {
  const fields = config.fields;
  return new GraphQLObjectType({
    ...config,
    fields: (): GraphQLFieldConfigMap<unknown, unknown> => {
      const out = byName(resolved(fields));
      for (const [name, field] of Object.entries(out)) if (field.args !== undefined) out[name] = { ...field, args: byName(field.args) };
      return out;
    },
  });
}

export function inputType(config: GraphQLInputObjectTypeConfig): GraphQLInputObjectType {
  const fields = config.fields;
  return new GraphQLInputObjectType({ ...config, fields: (): GraphQLInputFieldConfigMap => byName(resolved(fields)) });
}

export function enumType(config: GraphQLEnumTypeConfig): GraphQLEnumType {
  return new GraphQLEnumType({ ...config, values: byName(resolved(config.values)) });
}

export { byName as sortedByName };
