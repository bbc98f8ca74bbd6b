import { buildSchema, isObjectType } from 'graphql';
import type { GraphQLSchema } from 'graphql';
import { memoProvider, ORIGIN_KEY } from '../../../server/src/core/graphql/operations/provider';
import type { Origin, RoleSchema, SchemaSource } from '../../../server/src/core/graphql/operations/provider';

/** What the generator would record: per type, its own origin and its fields' (`type` or `type.field`). */
export type Origins = Record<string, Origin>;

/** Sets `extensions.graphqlMetadata` on the types and fields named in `origins` (as the generator would). */
export function annotate(schema: GraphQLSchema, origins: Origins): GraphQLSchema {
  for (const [key, origin] of Object.entries(origins)) {
    const [typeName, fieldName] = key.split('.') as [string, string | undefined];
    const type = schema.getType(typeName);
    if (!type) throw new Error(`no type ${typeName}`);
    const target = fieldName === undefined ? type : isObjectType(type) ? type.getFields()[fieldName] : undefined;
    if (!target) throw new Error(`no field ${key}`);
    (target as { extensions: unknown }).extensions = { ...target.extensions, [ORIGIN_KEY]: origin };
  }
  return schema;
}

export interface RoleSdl {
  readonly sdl: string;
  /** Object types whose fields the schema lacks some of. */
  readonly partial?: readonly string[];
  readonly origins?: Origins;
}

/** A schema source answering each role with graphql-js's buildSchema of its SDL (others: no schema). */
export function sdlSchemas(roles: Record<string, string | RoleSdl>, counter?: { made: number }): SchemaSource {
  return () =>
    memoProvider(Object.keys(roles), (role): RoleSchema | undefined => {
      const spec = roles[role];
      if (spec === undefined) return undefined;
      if (counter) counter.made++;
      const { sdl, partial = [], origins = {} } = typeof spec === 'string' ? { sdl: spec } : spec;
      return { role, schema: annotate(buildSchema(sdl), origins), partial: new Set(partial) };
    });
}

/** The BASE project's admin schema, in the engine's shape (abridged). */
export const ADMIN_SDL = `
schema { query: query_root mutation: mutation_root }
type query_root {
  "fetch data from the table: \\"author\\""
  author(where: author_bool_exp, limit: Int, order_by: [author_order_by!]): [author!]!
  author_by_pk(id: Int!): author
  article(where: article_bool_exp): [article!]!
}
type mutation_root {
  insert_author_one(object: author_insert_input!): author
}
"columns and relationships of \\"author\\""
type author {
  id: Int!
  "the author's name"
  name: String!
  articles(where: article_bool_exp): [article!]!
}
type article {
  id: Int!
  title: String
  author_id: Int!
  author: author
}
input author_bool_exp { _and: [author_bool_exp!] id: Int_comparison_exp name: String_comparison_exp }
input article_bool_exp { id: Int_comparison_exp }
input Int_comparison_exp { _eq: Int _gt: Int }
input String_comparison_exp { _eq: String _ilike: String }
input author_insert_input { id: Int name: String }
input author_order_by { id: order_by name: order_by }
enum order_by { asc desc }
`;

/** Role `user`: select on author (id, name), nothing on article. */
export const USER_SDL = `
schema { query: query_root }
type query_root {
  author(where: author_bool_exp, limit: Int): [author!]!
}
type author { id: Int! name: String! }
input author_bool_exp { id: Int_comparison_exp }
input Int_comparison_exp { _eq: Int }
`;

export const BASE_ORIGINS: Origins = {
  author: { kind: 'table', source: 'default', table: { schema: 'public', name: 'author' } },
  'author.id': { kind: 'column', source: 'default', table: { schema: 'public', name: 'author' }, name: 'id' },
  'author.name': { kind: 'column', source: 'default', table: { schema: 'public', name: 'author' }, name: 'name' },
  'author.articles': { kind: 'relationship', source: 'default', table: { schema: 'public', name: 'author' }, name: 'articles' },
  article: { kind: 'table', source: 'default', table: { schema: 'public', name: 'article' } },
  'article.author': { kind: 'relationship', source: 'default', table: { schema: 'public', name: 'article' }, name: 'author' },
  'query_root.author': { kind: 'root', source: 'default', table: { schema: 'public', name: 'author' } },
  'query_root.article': { kind: 'root', source: 'default', table: { schema: 'public', name: 'article' } },
};
