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

/**
 * The `extensions` of a type, field, argument or enum value that has none. graphql-js gives each
 * one its own empty null-prototype object (an object in dictionary mode, about 190 bytes: at 1,000
 * tables 70 MB, half the whole schema's heap) unless the configuration's `extensions` is
 * null-prototype already: then it keeps that one.
 */
const NO_EXTENSIONS: Readonly<Record<string, never>> = Object.freeze(Object.create(null) as Record<string, never>);

/**
 * `extensions` as graphql-js keeps them without a copy: null-prototype (a literal given a null
 * prototype afterwards keeps V8's fast properties, about 40 bytes, where graphql-js's copy is a
 * dictionary).
 */
export function ownExtensions<T extends object>(extensions: T | null | undefined): T {
  if (extensions === null || extensions === undefined) return NO_EXTENSIONS as T;
  return Object.getPrototypeOf(extensions) === null ? extensions : (Object.setPrototypeOf({ ...extensions }, null) as T);
}

/**
 * Each entry's `extensions` as ownExtensions gives them, set in place: the entries are the
 * generator's own configurations, made for the type (or shared between its types, where the same
 * value is set again).
 */
function withExtensions<T extends { extensions?: unknown }>(map: Record<string, T>): Record<string, T> {
  for (const name in map) {
    const entry = map[name] as { extensions?: object | null };
    entry.extensions = ownExtensions(entry.extensions);
  }
  return map;
}

export function objectType(config: GraphQLObjectTypeConfig<unknown, unknown>): GraphQLObjectType {
  const fields = config.fields;
  return new GraphQLObjectType({
    ...config,
    extensions: ownExtensions(config.extensions),
    fields: (): GraphQLFieldConfigMap<unknown, unknown> => {
      const made = resolved(fields);
      let out = withExtensions(byName(made));
      for (const name in out) {
        const field = out[name]!;
        if (field.args === undefined) continue;
        const args = withExtensions(byName(field.args));
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
  return new GraphQLInputObjectType({
    ...config,
    extensions: ownExtensions(config.extensions),
    fields: (): GraphQLInputFieldConfigMap => withExtensions(byName(resolved(fields))),
  });
}

/** Values given as a thunk are made when someone asks for them (graphql-js's getValues). */
export function enumType(config: GraphQLEnumTypeConfig): GraphQLEnumType {
  const values = config.values;
  return new GraphQLEnumType({
    ...config,
    extensions: ownExtensions(config.extensions),
    values: typeof values === 'function' ? () => withExtensions(byName(values())) : withExtensions(byName(values)),
  });
}

/**
 * Sets `map[name]` to what `make` gives, made the first time it is read (then kept as a plain
 * value): a root field whose name is known before its types need to be (the mutation root's fields
 * are read only for a mutation). Object.keys lists it without making it.
 */
export function lazyField<T>(map: Record<string, T>, name: string, make: () => T): void {
  Object.defineProperty(map, name, {
    configurable: true,
    enumerable: true,
    get: () => {
      const value = make();
      Object.defineProperty(map, name, { configurable: true, enumerable: true, writable: true, value });
      return value;
    },
    set: (value: T) => Object.defineProperty(map, name, { configurable: true, enumerable: true, writable: true, value }),
  });
}
