import { isEnumType, isInputObjectType, isObjectType } from 'graphql';
import type { GraphQLSchema } from 'graphql';

/** A generated type's fields with their types (an output field's arguments in parentheses), or an enum's values; undefined: no such type. */
export function fieldsWithArgs(schema: GraphQLSchema, name: string): string[] | undefined {
  const type = schema.getType(name);
  if (type === undefined) return undefined;
  if (isObjectType(type))
    return Object.values(type.getFields()).map(
      (f) => `${f.name}${f.args.length > 0 ? `(${f.args.map((a) => `${a.name}: ${String(a.type)}`).join(', ')})` : ''}: ${String(f.type)}`,
    );
  if (isInputObjectType(type)) return Object.values(type.getFields()).map((f) => `${f.name}: ${String(f.type)}`);
  if (isEnumType(type)) return type.getValues().map((v) => v.name);
  return [];
}
