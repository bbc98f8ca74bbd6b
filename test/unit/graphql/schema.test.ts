import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { isEnumType, isInputObjectType, isObjectType, isScalarType, printType } from 'graphql';
import type { GraphQLObjectType, GraphQLSchema } from 'graphql';
import type { DatabaseModel, RelationModel } from '../../../server/src/core/db/model';
import { parseEngineVersion } from '../../../server/src/core/engineVersion';
import { generateSchemaFromMetadata } from '../../../server/src/core/graphql/schema/index';
import { originOf } from '../../../server/src/core/graphql/operations/provider';
import type { SchemaOptions } from '../../../server/src/core/graphql/schema/index';
import type { JsonObject, JsonValue } from '../../../server/src/core/sync/json';

/** Exact engine rules on a small project (the real projects are in schemaTruth.test.ts). */

function relation(name: string, columns: [string, string, boolean?][], extra: Partial<RelationModel> = {}): RelationModel {
  return {
    schema: 'public',
    name,
    kind: 'table',
    columns: columns.map(([n, type, nullable]) => ({ name: n, type, nullable: nullable === true })),
    primaryKey: ['id'],
    uniques: [],
    foreignKeys: [],
    constraints: [{ name: `${name}_pkey`, kind: 'primary', columns: ['id'] }],
    ...extra,
  };
}

const MODEL: DatabaseModel = {
  source: 'default',
  origin: { kind: 'migrations', applied: 1, total: 1, failedStatements: 0 },
  schemas: ['public'],
  relations: {
    'public.author': relation('author', [
      ['id', 'integer'],
      ['name', 'text'],
    ]),
    'public.article': relation(
      'article',
      [
        ['id', 'integer'],
        ['title', 'text'],
        ['author_id', 'integer'],
        ['secret', 'text', true],
        ['rating', 'integer', true],
        ['data', 'jsonb', true],
        ['status', 'text'],
      ],
      {
        foreignKeys: [
          { name: 'article_author_id_fkey', columns: ['author_id'], refSchema: 'public', refTable: 'author', refColumns: ['id'] },
          { name: 'article_status_fkey', columns: ['status'], refSchema: 'public', refTable: 'status', refColumns: ['value'] },
        ],
      },
    ),
    'public.status': relation('status', [['value', 'text']], {
      primaryKey: ['value'],
      constraints: [{ name: 'status_pkey', kind: 'primary', columns: ['value'] }],
      enumRows: [{ value: 'draft', comment: 'Not yet out' }, { value: 'published' }],
    }),
    'public.recent': relation(
      'recent',
      [
        ['id', 'integer', true],
        ['title', 'text', true],
      ],
      { kind: 'view', primaryKey: [], constraints: [], updatable: 0 },
    ),
  },
  functions: {},
  enums: {},
  uncertain: [],
};

const METADATA: JsonObject = {
  version: 3,
  sources: [
    {
      name: 'default',
      kind: 'postgres',
      tables: [
        {
          table: { schema: 'public', name: 'author' },
          array_relationships: [
            { name: 'articles', using: { foreign_key_constraint_on: { table: { schema: 'public', name: 'article' }, column: 'author_id' } } },
          ],
          select_permissions: [{ role: 'user', permission: { columns: ['id', 'name'], filter: {} } }],
        },
        {
          table: { schema: 'public', name: 'article' },
          configuration: { column_config: { author_id: { custom_name: 'writerId' } }, custom_root_fields: { select_by_pk: 'oneArticle' } },
          object_relationships: [{ name: 'author', using: { foreign_key_constraint_on: 'author_id' } }],
          select_permissions: [
            {
              role: 'user',
              permission: { columns: ['id', 'title', 'author_id', 'rating', 'status'], filter: {}, query_root_fields: ['select', 'select_by_pk'] },
            },
            { role: 'reviewer', permission: { columns: ['id', 'secret'], filter: {}, allow_aggregations: true } },
          ],
          insert_permissions: [
            { role: 'user', permission: { columns: ['title', 'author_id', 'rating', 'secret'], set: { author_id: 'x-hasura-user-id' }, check: {} } },
          ],
          update_permissions: [{ role: 'user', permission: { columns: ['title'], filter: {}, check: {} } }],
          delete_permissions: [{ role: 'user', permission: { filter: {}, backend_only: true } }],
        },
        { table: { schema: 'public', name: 'status' }, is_enum: true },
        { table: { schema: 'public', name: 'recent' }, select_permissions: [{ role: 'user', permission: { columns: '*', filter: {} } }] },
      ],
    },
  ],
  inherited_roles: [{ role_name: 'editor', role_set: ['user', 'reviewer'] }],
};

function generate(options: SchemaOptions = {}): GraphQLSchema {
  const result = generateSchemaFromMetadata(METADATA, new Map([['default', MODEL]]), { engineVersion: parseEngineVersion('v2.48')!, ...options });
  assert.ok(result.ok, result.ok ? '' : result.error);
  return result.schema;
}

/** A type's fields (or enum values), sorted. */
function fieldsOf(schema: GraphQLSchema, name: string): string[] | undefined {
  const type = schema.getType(name);
  if (type === undefined) return undefined;
  const show = (f: { readonly name: string; readonly type: unknown }): string => `${f.name}: ${String(f.type)}`;
  if (isObjectType(type)) return Object.values(type.getFields()).map(show).sort();
  if (isInputObjectType(type)) return Object.values(type.getFields()).map(show).sort();
  if (isEnumType(type)) return type.getValues().map((v) => v.name);
  return [];
}

const names = (schema: GraphQLSchema, name: string): string[] | undefined => fieldsOf(schema, name)?.map((f) => f.split(':')[0]!);

describe('generateSchema: the engine rules on a small project', () => {
  test('admin: every root field a table with a primary key gets; a view without key or updatability only its queries', () => {
    const schema = generate();
    assert.deepEqual(names(schema, 'query_root'), [
      'article',
      'article_aggregate',
      'author',
      'author_aggregate',
      'author_by_pk',
      'oneArticle',
      'recent',
      'recent_aggregate',
      'status',
      'status_aggregate',
      'status_by_pk',
    ]);
    assert.deepEqual(
      names(schema, 'mutation_root')?.filter((f) => f.includes('recent')),
      [],
    );
    assert.deepEqual(
      names(schema, 'subscription_root')?.filter((f) => f.startsWith('article')),
      ['article', 'article_aggregate', 'article_stream'],
    );
  });

  test("every type, field, argument and enum value keeps the generator's null-prototype extensions: one shared empty object where none is recorded, the origin where one is", () => {
    const schema = generate();
    const empty = new Set<object>();
    let withOrigin = 0;
    const look = (extensions: object): void => {
      assert.equal(Object.getPrototypeOf(extensions), null);
      if (Object.keys(extensions).length === 0) empty.add(extensions);
      else withOrigin++;
    };
    for (const type of Object.values(schema.getTypeMap())) {
      if (type.name.startsWith('__') || ['Boolean', 'Float', 'Int', 'String'].includes(type.name)) continue;
      if (!isScalarType(type)) look(type.extensions);
      if (isObjectType(type))
        for (const field of Object.values(type.getFields())) {
          look(field.extensions);
          for (const arg of field.args) look(arg.extensions);
        }
      if (isInputObjectType(type)) for (const field of Object.values(type.getFields())) look(field.extensions);
      if (isEnumType(type)) for (const value of type.getValues()) look(value.extensions);
    }
    // graphql-js would give each its own empty dictionary (about 190 bytes: half the heap of a large schema).
    assert.equal(empty.size, 1);
    assert.deepEqual(
      { ...(schema.getType('article') as GraphQLObjectType).getFields().title!.extensions },
      {
        graphqlMetadata: { kind: 'column', source: 'default', table: { schema: 'public', name: 'article' }, name: 'title' },
      },
    );
    assert.ok(withOrigin > 20);
  });

  test("the source's type prefix and suffix: in an enum table's comparison type after the enum's own name, never in jsonb_cast_exp nor a scalar's comparison type", () => {
    const sources = METADATA.sources as JsonObject[];
    const customized: JsonObject = { ...METADATA, sources: [{ ...sources[0]!, customization: { type_names: { prefix: 'p_', suffix: '_s' } } }] };
    const result = generateSchemaFromMetadata(customized, new Map([['default', MODEL]]), { engineVersion: parseEngineVersion('v2.48')! });
    assert.ok(result.ok);
    const boolExp = fieldsOf(result.schema, 'p_article_bool_exp_s')!;
    // comparisonExps names it from the enum parser's name: `p_status_enum_s` then `_comparison_exp`.
    assert.ok(boolExp.includes('status: p_status_enum_s_comparison_exp'), boolExp.join('\n'));
    assert.ok(boolExp.includes('data: jsonb_comparison_exp'));
    assert.ok(boolExp.includes('title: String_comparison_exp'));
    assert.deepEqual(
      fieldsOf(result.schema, 'jsonb_comparison_exp')?.filter((f) => f.startsWith('_cast')),
      ['_cast: jsonb_cast_exp'],
    );
    assert.equal(result.schema.getType('p_jsonb_cast_exp_s'), undefined);
    assert.deepEqual(fieldsOf(result.schema, 'p_status_enum_s_comparison_exp'), [
      '_eq: p_status_enum_s',
      '_in: [p_status_enum_s!]',
      '_is_null: Boolean',
      '_neq: p_status_enum_s',
      '_nin: [p_status_enum_s!]',
    ]);
  });

  test("graphql-default: the engine's pk_columns, affected_rows and update_columns camel-cased from v2.21, as written before", () => {
    const at = (version: string): GraphQLSchema => {
      const result = generateSchemaFromMetadata(METADATA, new Map([['default', MODEL]]), {
        engineVersion: parseEngineVersion(version)!,
        namingConvention: 'graphql-default',
      });
      assert.ok(result.ok);
      return result.schema;
    };
    const facts = (schema: GraphQLSchema): string[] => [
      ...(schema
        .getMutationType()!
        .getFields()
        .updateAuthorByPk?.args.map((a) => a.name) ?? []),
      ...names(schema, 'AuthorMutationResponse')!,
      ...names(schema, 'AuthorOnConflict')!,
    ];
    assert.deepEqual(facts(at('v2.21')), ['_inc', '_set', 'pkColumns', 'affectedRows', 'returning', 'constraint', 'updateColumns', 'where']);
    assert.deepEqual(facts(at('v2.20')), ['_inc', '_set', 'pk_columns', 'affected_rows', 'returning', 'constraint', 'update_columns', 'where']);
  });

  test("descriptions: the table's configuration.comment, else (before v2.51.1) the database's comments on tables, columns and functions", () => {
    const commented: DatabaseModel = {
      ...MODEL,
      relations: {
        ...MODEL.relations,
        'public.author': {
          ...MODEL.relations['public.author']!,
          comment: 'Writers',
          columns: [
            { name: 'id', type: 'integer', nullable: false, comment: 'the key' },
            { name: 'name', type: 'text', nullable: false },
          ],
        },
      },
    };
    const sources = METADATA.sources as JsonObject[];
    const tables = sources[0]!.tables as JsonObject[];
    const withComment: JsonObject = {
      ...METADATA,
      sources: [
        {
          ...sources[0]!,
          tables: tables.map((t) =>
            (t.table as JsonObject).name === 'article' ? { ...t, configuration: { ...(t.configuration as JsonObject), comment: 'Posts' } } : t,
          ),
        },
      ],
    };
    const at = (version: string): GraphQLSchema => {
      const result = generateSchemaFromMetadata(withComment, new Map([['default', commented]]), { engineVersion: parseEngineVersion(version)! });
      assert.ok(result.ok);
      return result.schema;
    };
    const descriptions = (schema: GraphQLSchema): (string | null | undefined)[] => {
      const author = schema.getType('author') as GraphQLObjectType;
      return [author.description, author.getFields().id!.description, (schema.getType('article') as GraphQLObjectType).description];
    };
    assert.deepEqual(descriptions(at('v2.51.0')), ['Writers', 'the key', 'Posts']);
    assert.deepEqual(descriptions(at('v2.51.1')), ['columns and relationships of "author"', undefined, 'Posts']);
  });

  test("an action's root fields record that they are the action's (go to definition and references from collections)", () => {
    const actions: JsonValue[] = [
      {
        name: 'login',
        definition: { kind: 'synchronous', type: 'mutation', arguments: [{ name: 'email', type: 'String!' }], output_type: 'String', handler: 'http://h' },
      },
      { name: 'whoami', definition: { type: 'query', output_type: 'String', handler: 'http://h' } },
      { name: 'report', definition: { kind: 'asynchronous', type: 'mutation', output_type: 'String', handler: 'http://h' } },
    ];
    const result = generateSchemaFromMetadata({ ...METADATA, actions }, new Map([['default', MODEL]]), { engineVersion: parseEngineVersion('v2.48')! });
    assert.ok(result.ok);
    const origins = (type: GraphQLObjectType | null | undefined, names: string[]): unknown[] => names.map((n) => originOf(type!.getFields()[n]!));
    assert.deepEqual(origins(result.schema.getMutationType(), ['login', 'report']), [
      { kind: 'action', name: 'login' },
      { kind: 'action', name: 'report' },
    ]);
    assert.deepEqual(origins(result.schema.getQueryType(), ['whoami', 'report']), [
      { kind: 'action', name: 'whoami' },
      { kind: 'action', name: 'report' },
    ]);
    assert.deepEqual(origins(result.schema.getSubscriptionType(), ['report']), [{ kind: 'action', name: 'report' }]);
  });

  test('custom column names, enum table references, jsonb operators, object relationship nullability', () => {
    const schema = generate();
    assert.deepEqual(fieldsOf(schema, 'article'), [
      'author: author!',
      'data: jsonb',
      'id: Int!',
      'rating: Int',
      'secret: String',
      'status: status_enum!',
      'title: String!',
      'writerId: Int!',
    ]);
    assert.deepEqual(fieldsOf(schema, 'status_enum'), ['draft', 'published']);
    const statusEnum = schema.getType('status_enum');
    assert.ok(isEnumType(statusEnum));
    assert.equal(statusEnum.getValue('draft')?.description, 'Not yet out');
    assert.deepEqual(fieldsOf(schema, 'status_enum_comparison_exp'), [
      '_eq: status_enum',
      '_in: [status_enum!]',
      '_is_null: Boolean',
      '_neq: status_enum',
      '_nin: [status_enum!]',
    ]);
    assert.deepEqual(
      names(schema, 'mutation_root')?.filter((f) => f.startsWith('update_article')),
      ['update_article', 'update_article_by_pk', 'update_article_many'],
    );
    assert.deepEqual(
      schema
        .getMutationType()
        ?.getFields()
        .update_article?.args.map((a) => `${a.name}: ${String(a.type)}`),
      [
        '_append: article_append_input',
        '_delete_at_path: article_delete_at_path_input',
        '_delete_elem: article_delete_elem_input',
        '_delete_key: article_delete_key_input',
        '_inc: article_inc_input',
        '_prepend: article_prepend_input',
        '_set: article_set_input',
        'where: article_bool_exp!',
      ],
    );
    assert.deepEqual(fieldsOf(schema, 'article_inc_input'), ['id: Int', 'rating: Int', 'writerId: Int']);
  });

  test('a role: its columns, presets out of the inputs, backend_only mutations hidden, query_root_fields, no aggregates without allow_aggregations', () => {
    const schema = generate({ role: 'user' });
    assert.deepEqual(
      names(schema, 'query_root'),
      ['article', 'author', 'author_by_pk', 'oneArticle', 'recent', 'status', 'status_by_pk'].filter((f) => !f.startsWith('status')),
    );
    assert.deepEqual(names(schema, 'subscription_root'), [
      'article',
      'article_stream',
      'author',
      'author_by_pk',
      'author_stream',
      'oneArticle',
      'recent',
      'recent_stream',
    ]);
    assert.deepEqual(names(schema, 'mutation_root'), ['insert_article', 'insert_article_one', 'update_article', 'update_article_by_pk', 'update_article_many']);
    assert.deepEqual(fieldsOf(schema, 'article'), ['author: author!', 'id: Int!', 'rating: Int', 'status: status_enum!', 'title: String!', 'writerId: Int!']);
    // No insert permission on author: no nested insert through the relationship.
    assert.deepEqual(fieldsOf(schema, 'article_insert_input'), ['rating: Int', 'secret: String', 'title: String']);
    assert.deepEqual(fieldsOf(schema, 'article_set_input'), ['title: String']);
    assert.equal(schema.getType('article_inc_input'), undefined);
    assert.deepEqual(fieldsOf(schema, 'author'), ['articles: [article!]!', 'id: Int!', 'name: String!']);
    assert.deepEqual(fieldsOf(schema, 'article_update_column'), ['title']);
  });

  test('an inherited role: select permissions united (columns, aggregations), mutations of the one parent that has them', () => {
    const schema = generate({ role: 'editor' });
    // id: both parents give it; the others only user (title, author_id, status) or reviewer (secret): nullable.
    assert.deepEqual(fieldsOf(schema, 'article'), [
      'author: author!',
      'id: Int!',
      'rating: Int',
      'secret: String',
      'status: status_enum',
      'title: String',
      'writerId: Int',
    ]);
    assert.deepEqual(
      names(schema, 'query_root')?.filter((f) => f.startsWith('article')),
      ['article', 'article_aggregate'],
    );
    assert.deepEqual(names(schema, 'mutation_root'), ['insert_article', 'insert_article_one', 'update_article', 'update_article_by_pk', 'update_article_many']);
  });

  test("an inherited role's columns: non-null only where every parent with a select permission gives them (the engine's redaction), whatever their filters", () => {
    const metadata = structuredClone(METADATA);
    const [author] = (metadata.sources as JsonObject[])[0]!.tables as JsonObject[];
    // author: user (id, name) and writer (id, name, another filter) both give every column; guest (id only) does not give name.
    (author!.select_permissions as JsonObject[]).push(
      { role: 'writer', permission: { columns: ['id', 'name'], filter: { id: { _eq: 'X-Hasura-User-Id' } } } },
      { role: 'guest', permission: { columns: ['id'], filter: {} } },
    );
    // article: writer has no select permission, so only user's counts for `staff` (of user and writer).
    (metadata.inherited_roles as JsonObject[]).push(
      { role_name: 'staff', role_set: ['user', 'writer'] },
      { role_name: 'visitor', role_set: ['user', 'guest'] },
      // Of one inherited parent: its redaction is not carried over (one parent gives every column it has).
      { role_name: 'deputy', role_set: ['visitor'] },
      // Its own select permission on author wins: nothing redacted there.
      { role_name: 'chief', role_set: ['user', 'guest'] },
    );
    (author!.select_permissions as JsonObject[]).push({ role: 'chief', permission: { columns: ['id', 'name'], filter: {} } });
    const fields = (role: string, type: string): string[] | undefined => {
      const result = generateSchemaFromMetadata(metadata, new Map([['default', MODEL]]), { engineVersion: parseEngineVersion('v2.48')!, role });
      assert.ok(result.ok, result.ok ? '' : result.error);
      return fieldsOf(result.schema, type)?.filter((f) => !f.startsWith('articles'));
    };
    assert.deepEqual(fields('staff', 'author'), ['id: Int!', 'name: String!']);
    assert.deepEqual(fields('staff', 'article'), ['author: author!', 'id: Int!', 'rating: Int', 'status: status_enum!', 'title: String!', 'writerId: Int!']);
    assert.deepEqual(fields('visitor', 'author'), ['id: Int!', 'name: String']);
    assert.deepEqual(fields('deputy', 'author'), ['id: Int!', 'name: String!']);
    assert.deepEqual(fields('chief', 'author'), ['id: Int!', 'name: String!']);
  });

  test("an inherited role's own permission wins; parents whose mutations differ give none (the engine's ConflictingInheritedPermission)", () => {
    const metadata = structuredClone(METADATA);
    const [author, article] = (metadata.sources as JsonObject[])[0]!.tables as JsonObject[];
    // editor (of user and reviewer) selects author itself: only id, not user's id and name.
    (author!.select_permissions as JsonObject[]).push({ role: 'editor', permission: { columns: ['id'], filter: {} } });
    // manager inserts as user does (keys in another order, the session variable in another case: the
    // engine compares what they mean, not the text),
    // and updates with another filter.
    (article!.insert_permissions as JsonObject[]).push({
      role: 'manager',
      permission: { check: {}, set: { author_id: 'X-Hasura-User-Id' }, columns: ['secret', 'rating', 'author_id', 'title'] },
    });
    (article!.update_permissions as JsonObject[]).push({ role: 'manager', permission: { columns: ['title'], filter: { id: { _eq: 1 } }, check: {} } });
    (metadata.inherited_roles as JsonObject[]).push({ role_name: 'boss', role_set: ['user', 'manager'] });
    const schemaOf = (role: string): GraphQLSchema => {
      const result = generateSchemaFromMetadata(metadata, new Map([['default', MODEL]]), { engineVersion: parseEngineVersion('v2.48')!, role });
      assert.ok(result.ok, result.ok ? '' : result.error);
      return result.schema;
    };
    assert.deepEqual(fieldsOf(schemaOf('editor'), 'author'), ['articles: [article!]!', 'articles_aggregate: article_aggregate!', 'id: Int!']);
    assert.deepEqual(names(schemaOf('boss'), 'mutation_root'), ['insert_article', 'insert_article_one']);
    // manager alone: no select permission, so no _one and _by_pk fields.
    assert.deepEqual(names(schemaOf('manager'), 'mutation_root'), ['insert_article', 'update_article', 'update_article_many']);
  });

  test("parents' mutation filters compare as the engine's OnlyRelevantEq: the expression's own _and as a set, nested lists in order", () => {
    const a = { id: { _eq: 1 } };
    const b = { rating: { _gt: 2 } };
    const deletes = (p1: JsonObject, p2: JsonObject): string[] | undefined => {
      const metadata = structuredClone(METADATA);
      const article = ((metadata.sources as JsonObject[])[0]!.tables as JsonObject[])[1]!;
      article.delete_permissions = [
        { role: 'p1', permission: { filter: p1 } },
        { role: 'p2', permission: { filter: p2 } },
      ];
      (metadata.inherited_roles as JsonObject[]).push({ role_name: 'both', role_set: ['p1', 'p2'] });
      const result = generateSchemaFromMetadata(metadata, new Map([['default', MODEL]]), { engineVersion: parseEngineVersion('v2.48')!, role: 'both' });
      assert.ok(result.ok, result.ok ? '' : result.error);
      return names(result.schema, 'mutation_root');
    };
    // The same set of conditions (order and a repeat do not count): both parents agree, the role may delete.
    assert.deepEqual(deletes({ _and: [a, b, a] }, { _and: [b, a] }), ['delete_article']);
    // Inside _not the list is compared in order: the parents differ, the role gets no delete (no mutation root).
    assert.equal(deletes({ _not: { _and: [a, b] } }, { _not: { _and: [b, a] } }), undefined);
  });

  test('graphql-default: PascalCase types, camelCase fields, upper case enum values; older engines lack _stream and _many', () => {
    const schema = generate({ namingConvention: 'graphql-default', engineVersion: parseEngineVersion('v2.9')! });
    assert.deepEqual(
      names(schema, 'subscription_root')?.filter((f) => f.startsWith('article')),
      ['article', 'articleAggregate'],
    );
    assert.deepEqual(
      names(schema, 'mutation_root')?.filter((f) => f.startsWith('updateArticle')),
      ['updateArticle', 'updateArticleByPk'],
    );
    assert.deepEqual(fieldsOf(schema, 'StatusEnum'), ['DRAFT', 'PUBLISHED']);
    assert.deepEqual(fieldsOf(schema, 'OrderBy'), ['ASC', 'ASC_NULLS_FIRST', 'ASC_NULLS_LAST', 'DESC', 'DESC_NULLS_FIRST', 'DESC_NULLS_LAST']);
    assert.equal(
      printType(schema.getType('ArticlePkColumnsInput')!),
      '"""primary key columns input for table: article"""\ninput ArticlePkColumnsInput {\n  id: Int!\n}',
    );
    assert.deepEqual(fieldsOf(schema, 'StatusEnumComparisonExp'), [
      '_eq: StatusEnum',
      '_in: [StatusEnum!]',
      '_isNull: Boolean',
      '_neq: StatusEnum',
      '_nin: [StatusEnum!]',
    ]);
  });

  test('an unknown role says which roles there are; what cannot be known offline is a note', () => {
    const unknown = generateSchemaFromMetadata(METADATA, new Map([['default', MODEL]]), { role: 'nobody' });
    assert.deepEqual(unknown, {
      ok: false,
      error: "unknown role nobody: the metadata's roles are admin, editor, reviewer, user",
      roles: ['admin', 'editor', 'reviewer', 'user'],
    });
    const noModel = generateSchemaFromMetadata({ ...METADATA, remote_schemas: [{ name: 'payments', definition: { url: 'http://x' } }] }, new Map(), {});
    assert.ok(noModel.ok);
    assert.deepEqual(noModel.notes, [
      'source default: no database model (no migrations, or they did not build), so its 4 tables are left out',
      'remote schema payments: its root fields and types need its own schema, so they are left out (supply its SDL: --remote-schema payments=FILE)',
    ]);
  });

  test('a tracked function: its root fields and args, volatile ones as mutations, permissions inferred unless the engine is told otherwise', () => {
    const search = {
      schema: 'public',
      name: 'search_articles',
      args: [{ name: 'q', type: 'text', mode: 'in' as const, hasDefault: true }],
      returnType: 'public.article',
      returnsRelation: 'public.article',
      returnsSet: true,
      volatility: 'stable' as const,
    };
    const bump = { ...search, name: 'bump_articles', args: [], volatility: 'volatile' as const };
    const model: DatabaseModel = { ...MODEL, functions: { 'public.search_articles': [search], 'public.bump_articles': [bump] } };
    const source = (METADATA.sources as JsonObject[])[0]!;
    const metadata = (permissions: JsonObject[]): JsonObject => ({
      ...METADATA,
      sources: [
        {
          ...source,
          functions: [{ function: { schema: 'public', name: 'search_articles' }, permissions }, { function: { schema: 'public', name: 'bump_articles' } }],
        },
      ],
    });
    const of = (meta: JsonObject, options: SchemaOptions): GraphQLSchema => {
      const result = generateSchemaFromMetadata(meta, new Map([['default', model]]), { engineVersion: parseEngineVersion('v2.48')!, ...options });
      assert.ok(result.ok);
      return result.schema;
    };
    const admin = of(metadata([]), {});
    assert.deepEqual(
      admin
        .getQueryType()
        ?.getFields()
        .search_articles?.args.map((a) => `${a.name}: ${String(a.type)}`),
      [
        'args: search_articles_args',
        'distinct_on: [article_select_column!]',
        'limit: Int',
        'offset: Int',
        'order_by: [article_order_by!]',
        'where: article_bool_exp',
      ],
    );
    assert.deepEqual(fieldsOf(admin, 'search_articles_args'), ['q: String']);
    assert.deepEqual(
      names(admin, 'query_root')?.filter((f) => f.includes('_articles')),
      ['search_articles', 'search_articles_aggregate'],
    );
    assert.deepEqual(
      names(admin, 'mutation_root')?.filter((f) => f.includes('_articles')),
      ['bump_articles'],
    );
    const inferred = of(metadata([]), { role: 'user' });
    assert.deepEqual(
      names(inferred, 'query_root')?.filter((f) => f.includes('_articles')),
      ['search_articles'],
    );
    assert.deepEqual(
      names(of(metadata([]), { role: 'user', inferFunctionPermissions: false }), 'query_root')?.filter((f) => f.includes('_articles')),
      [],
    );
    assert.deepEqual(
      names(of(metadata([{ role: 'user' }]), { role: 'user', inferFunctionPermissions: false }), 'query_root')?.filter((f) => f.includes('_articles')),
      ['search_articles'],
    );
  });

  test("a function's `args`: optional when every argument has a default from v2.28, required before and whenever one has none; a mutation's own text", () => {
    const fn = (name: string, args: { name: string; hasDefault: boolean }[], volatility: 'stable' | 'volatile') => ({
      schema: 'public',
      name,
      args: args.map((a) => ({ ...a, type: 'text', mode: 'in' as const })),
      returnType: 'public.article',
      returnsRelation: 'public.article',
      returnsSet: true,
      volatility,
      comment: `the comment of ${name}`,
    });
    const defaults = fn(
      'search_articles',
      [
        { name: 'q', hasDefault: true },
        { name: 'lang', hasDefault: true },
      ],
      'stable',
    );
    const mandatory = fn(
      'find_articles',
      [
        { name: 'q', hasDefault: false },
        { name: 'lang', hasDefault: true },
      ],
      'stable',
    );
    const bump = fn('bump_articles', [{ name: 'by', hasDefault: true }], 'volatile');
    // A computed field: its table row argument (no default) is not one of `args`.
    const headline = {
      ...fn(
        'headline',
        [
          { name: 'row', hasDefault: false },
          { name: 'style', hasDefault: true },
        ],
        'stable',
      ),
      returnType: 'text',
      returnsRelation: undefined,
      returnsSet: false,
    };
    const model: DatabaseModel = {
      ...MODEL,
      functions: { 'public.search_articles': [defaults], 'public.find_articles': [mandatory], 'public.bump_articles': [bump], 'public.headline': [headline] },
    };
    const source = (METADATA.sources as JsonObject[])[0]!;
    const tables = (source.tables as JsonObject[]).map((t) =>
      (t.table as JsonObject).name === 'article'
        ? { ...t, computed_fields: [{ name: 'headline', definition: { function: { schema: 'public', name: 'headline' } } }] }
        : t,
    );
    const metadata: JsonObject = {
      ...METADATA,
      sources: [
        {
          ...source,
          tables,
          functions: ['search_articles', 'find_articles', 'bump_articles'].map((name) => ({ function: { schema: 'public', name } })),
        },
      ],
    };
    const argsOf = (version: string): Record<string, string> => {
      const result = generateSchemaFromMetadata(metadata, new Map([['default', model]]), { engineVersion: parseEngineVersion(version)! });
      assert.ok(result.ok);
      const fields = { ...result.schema.getQueryType()!.getFields(), ...result.schema.getMutationType()!.getFields() };
      const out: Record<string, string> = {};
      for (const name of ['search_articles', 'search_articles_aggregate', 'find_articles', 'bump_articles']) {
        const field = fields[name]!;
        out[name] = `${String(field.args.find((a) => a.name === 'args')?.type)} "${field.description ?? ''}"`;
      }
      const article = result.schema.getType('article');
      assert.ok(isObjectType(article));
      out.headline = String(article.getFields().headline!.args.find((a) => a.name === 'args')?.type);
      return out;
    };
    assert.deepEqual(argsOf('v2.28.0'), {
      search_articles: 'search_articles_args "the comment of search_articles"',
      search_articles_aggregate: 'search_articles_args "execute function "search_articles" and query aggregates on result of table type "article""',
      find_articles: 'find_articles_args! "the comment of find_articles"',
      bump_articles: 'bump_articles_args "execute VOLATILE function "bump_articles" which returns "article""',
      headline: 'headline_article_args',
    });
    assert.deepEqual(argsOf('v2.27.3'), {
      search_articles: 'search_articles_args! "the comment of search_articles"',
      search_articles_aggregate: 'search_articles_args! "execute function "search_articles" and query aggregates on result of table type "article""',
      find_articles: 'find_articles_args! "the comment of find_articles"',
      bump_articles: 'bump_articles_args! "execute VOLATILE function "bump_articles" which returns "article""',
      headline: 'headline_article_args!',
    });
  });
});
