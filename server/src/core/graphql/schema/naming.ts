/**
 * The engine's naming conventions (hasura/graphql-engine `Hasura.RQL.Types.NamingCase`,
 * `Hasura.Name`, at 04129444966ccef57f8d2e66498764545b4e8f81): `hasura-default` joins the parts of a
 * name with `_` as they are; `graphql-default` makes type names PascalCase and field names
 * camelCase (each `_`-separated piece capitalised), and the values of the engine's own enums
 * (`order_by`) upper case.
 */
export type NamingConvention = 'hasura-default' | 'graphql-default';

export const NAMING_CONVENTIONS: readonly NamingConvention[] = ['hasura-default', 'graphql-default'];

export function isNamingConvention(value: unknown): value is NamingConvention {
  return value === 'hasura-default' || value === 'graphql-default';
}

function capitalise(piece: string): string {
  return piece.length === 0 ? piece : piece[0]!.toUpperCase() + piece.slice(1);
}

function lowerFirst(piece: string): string {
  return piece.length === 0 ? piece : piece[0]!.toLowerCase() + piece.slice(1);
}

/** `chat_messages`, `aggregate` -> `ChatMessagesAggregate`. */
function pascal(parts: readonly string[]): string {
  return parts
    .flatMap((p) => p.split('_'))
    .map(capitalise)
    .join('');
}

/** `chat_messages`, `by_pk` -> `chatMessagesByPk`; a leading `_` stays (`_is_null` -> `_isNull`). */
function camel(parts: readonly string[]): string {
  const joined = parts.filter((p) => p.length > 0).join('_');
  const lead = /^_*/.exec(joined)?.[0] ?? '';
  const pieces = joined.slice(lead.length).split('_');
  return lead + lowerFirst(pieces[0] ?? '') + pieces.slice(1).map(capitalise).join('');
}

/** Names built from parts (a table's name and the engine's suffixes), in one convention. */
export class Namer {
  constructor(readonly convention: NamingConvention) {}

  get graphqlCase(): boolean {
    return this.convention === 'graphql-default';
  }

  /** A type name: `users_bool_exp` / `UsersBoolExp`. */
  type(...parts: readonly string[]): string {
    return this.graphqlCase ? pascal(parts) : parts.filter((p) => p.length > 0).join('_');
  }

  /**
   * A type name from a custom name and the engine's suffixes (`C.fromCustomName`): the custom name
   * is kept as written in every convention (`score_bool_exp` / `scoreBoolExp`).
   */
  customType(name: string, ...suffix: readonly string[]): string {
    return this.graphqlCase ? name + pascal(suffix) : [name, ...suffix].filter((p) => p.length > 0).join('_');
  }

  /** A field or argument name: `users_by_pk` / `usersByPk`, `distinct_on` / `distinctOn`. */
  field(...parts: readonly string[]): string {
    return this.graphqlCase ? camel(parts) : parts.filter((p) => p.length > 0).join('_');
  }

  /** A value of the engine's own enums (`asc_nulls_first` / `ASC_NULLS_FIRST`). */
  enumValue(value: string): string {
    return this.graphqlCase ? value.toUpperCase() : value;
  }
}
