import { GraphQLEnumType, GraphQLInputObjectType, GraphQLObjectType } from 'graphql';
import type { GraphQLEnumTypeConfig, GraphQLFieldConfigMap, GraphQLInputFieldConfigMap, GraphQLInputObjectTypeConfig, GraphQLObjectTypeConfig } from 'graphql';

/**
 * The schema's types with their fields, arguments and enum values in name order (as the engine's
 * introspection and graphql-js's lexicographicSortSchema give them), sorted as each type is made:
 * sorting the finished schema copies every type, which for 1,000 tables cost seconds.
 */

function byName<T>(map: Readonly<Record<string, T>>): Record<string, T> {
  const keys = Object.keys(map);
  // Often made in name order already: then the map itself (graphql-js copies it into its own).
  let sorted = true;
  for (let i = 1; i < keys.length && sorted; i++) sorted = keys[i - 1]! < keys[i]!;
  if (sorted) return map;
  const out: Record<string, T> = {};
  // The default sort compares UTF-16 code units, as `<` does.
  for (const key of keys.sort()) out[key] = map[key]!;
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
      const made = resolved(fields);
      let out = byName(made);
      for (const [name, field] of Object.entries(out)) {
        if (field.args === undefined) continue;
        const args = byName(field.args);
        if (args === field.args) continue;
        if (out === made) out = { ...made };
        out[name] = { ...field, args };
      }
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
