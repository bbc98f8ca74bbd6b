import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { isInputObjectType, isObjectType } from 'graphql';
import type { GraphQLSchema } from 'graphql';
import type { DatabaseModel, RelationModel } from '../../../server/src/core/db/model';
import { parseEngineVersion } from '../../../server/src/core/engineVersion';
import { generateSchemaFromMetadata } from '../../../server/src/core/graphql/schema/index';
import type { SchemaOptions } from '../../../server/src/core/graphql/schema/index';
import { customName, Namer } from '../../../server/src/core/graphql/schema/naming';
import type { JsonObject } from '../../../server/src/core/sync/json';

/**
 * Names under the naming conventions, as the engine builds them (naming.ts cites the engine's
 * `Data/Text/Casing.hs` and `SourceCustomization.hs`): a table's `custom_name` is one piece kept as
 * written in `graphql-default`; a table's own name is split at `_` and re-cased.
 */

function relation(schema: string, name: string, columns: [string, string][]): RelationModel {
  return {
    schema,
    name,
    kind: 'table',
    columns: columns.map(([n, type]) => ({ name: n, type, nullable: false })),
    primaryKey: ['id'],
    uniques: [],
    foreignKeys: [],
    constraints: [{ name: `${name}_pkey`, kind: 'primary', columns: ['id'] }],
  };
}

const MODEL: DatabaseModel = {
  source: 'default',
  origin: { kind: 'migrations', applied: 1, total: 1, failedStatements: 0 },
  schemas: ['public', 'audit'],
  relations: {
    'public.messages': relation('public', 'messages', [
      ['id', 'integer'],
      ['sent_at', 'timestamptz'],
    ]),
    'public.user_profiles': relation('public', 'user_profiles', [
      ['id', 'integer'],
      ['first_name', 'text'],
      ['last_name', 'text'],
    ]),
    'audit.log_entries': relation('audit', 'log_entries', [
      ['id', 'integer'],
      ['created_at', 'timestamptz'],
    ]),
  },
  functions: {},
  enums: {},
  uncertain: [],
};

function metadata(customization?: JsonObject): JsonObject {
  return {
    version: 3,
    sources: [
      {
        name: 'default',
        kind: 'postgres',
        ...(customization !== undefined ? { customization } : {}),
        tables: [
          { table: { schema: 'public', name: 'messages' }, configuration: { custom_name: 'chat_messages' } },
          {
            table: { schema: 'public', name: 'user_profiles' },
            configuration: {
              custom_name: 'userProfile',
              custom_root_fields: { select_by_pk: 'profile_by_id', insert_one: { name: 'AddProfile', comment: 'adds one' } },
              column_config: { first_name: { custom_name: 'first_name' }, last_name: { custom_name: 'surName' } },
            },
          },
          { table: { schema: 'audit', name: 'log_entries' } },
        ],
      },
    ],
  };
}

function generate(options: SchemaOptions, customization?: JsonObject): GraphQLSchema {
  const result = generateSchemaFromMetadata(metadata(customization), new Map([['default', MODEL]]), {
    engineVersion: parseEngineVersion('v2.48')!,
    ...options,
  });
  assert.ok(result.ok, result.ok ? '' : result.error);
  return result.schema;
}

const rootNames = (schema: GraphQLSchema, root: 'query' | 'mutation' | 'subscription'): string[] => {
  const type = root === 'query' ? schema.getQueryType() : root === 'mutation' ? schema.getMutationType() : schema.getSubscriptionType();
  return Object.keys(type?.getFields() ?? {}).sort();
};

/** Every type name the schema has that is not built in (`__*`, the standard scalars). */
const typeNames = (schema: GraphQLSchema): string[] =>
  Object.keys(schema.getTypeMap())
    .filter((n) => !n.startsWith('__') && !['String', 'Int', 'Float', 'Boolean', 'ID'].includes(n))
    .sort();

describe('Namer: the engine casing', () => {
  test('graphql-default: database names split at _ and re-cased, custom names one piece kept as written', () => {
    const g = new Namer('graphql-default');
    assert.equal(g.type('audit', 'log_entries', 'bool_exp'), 'AuditLogEntriesBoolExp');
    assert.equal(g.field('audit', 'log_entries', 'by_pk'), 'auditLogEntriesByPk');
    assert.equal(g.type(customName('chat_messages'), 'bool_exp'), 'chat_messagesBoolExp');
    assert.equal(g.field(customName('chat_messages'), 'by_pk'), 'chat_messagesByPk');
    assert.equal(g.field('insert', customName('chat_messages')), 'insertChat_messages');
    assert.equal(g.field(customName('ChatMessages'), 'aggregate'), 'ChatMessagesAggregate');
    assert.equal(g.type(customName('chatMessages')), 'chatMessages');
    // Releases before v2.11: a field's custom first piece lower-cased in its first letter when more follow.
    assert.equal(g.field({ custom: 'FooBar', lowerFirstBeforeMore: true }, 'by_pk'), 'fooBarByPk');
    assert.equal(g.field({ custom: 'FooBar', lowerFirstBeforeMore: true }), 'FooBar');
    // fromSnake: a leading _ stays with its piece, and upper-casing it changes nothing.
    assert.equal(g.type('_drafts', 'bool_exp'), '_draftsBoolExp');
    assert.equal(g.field('_is_null'), '_isNull');
    assert.equal(g.field('insert', '_drafts'), 'insert_drafts');
  });

  test('hasura-default: parts joined with _ as written', () => {
    const h = new Namer('hasura-default');
    assert.equal(h.type('audit', 'log_entries', 'bool_exp'), 'audit_log_entries_bool_exp');
    assert.equal(h.field('insert', customName('chatMessages'), 'one'), 'insert_chatMessages_one');
  });

  test('source customization: graphql-default keeps the prefix and upper-cases the first letter of the name and the suffix', () => {
    const g = new Namer('graphql-default');
    assert.equal(g.customize('my_', 'usersByPk', 'x'), 'my_UsersByPkX');
    assert.equal(g.customize('', 'usersByPk', '_x'), 'usersByPk_x');
    assert.equal(g.customize('', 'chat_messages', ''), 'chat_messages');
    assert.equal(new Namer('hasura-default').customize('my_', 'users_by_pk', '_x'), 'my_users_by_pk_x');
    assert.equal(g.customize('my', 'usersByPk', 'x', false), 'myusersByPkx');
  });
});

const fieldsOf = (schema: GraphQLSchema, type: string): string[] => {
  const t = schema.getType(type);
  const show = (f: { readonly name: string; readonly type: unknown }): string => `${f.name}: ${String(f.type)}`;
  if (isObjectType(t)) return Object.values(t.getFields()).map(show).sort();
  if (isInputObjectType(t)) return Object.values(t.getFields()).map(show).sort();
  assert.fail(`${type} is not an object or input type`);
};

describe('generateSchema: table names under the naming conventions', () => {
  test('graphql-default: a snake_case and a camelCase custom_name kept as written, a table of another schema re-cased, custom root fields as written', () => {
    const schema = generate({ namingConvention: 'graphql-default' });
    assert.deepEqual(rootNames(schema, 'query'), [
      'auditLogEntries',
      'auditLogEntriesAggregate',
      'auditLogEntriesByPk',
      'chat_messages',
      'chat_messagesAggregate',
      'chat_messagesByPk',
      'profile_by_id',
      'userProfile',
      'userProfileAggregate',
    ]);
    assert.deepEqual(rootNames(schema, 'subscription'), [
      'auditLogEntries',
      'auditLogEntriesAggregate',
      'auditLogEntriesByPk',
      'auditLogEntriesStream',
      'chat_messages',
      'chat_messagesAggregate',
      'chat_messagesByPk',
      'chat_messagesStream',
      'profile_by_id',
      'userProfile',
      'userProfileAggregate',
      'userProfileStream',
    ]);
    assert.deepEqual(rootNames(schema, 'mutation'), [
      'AddProfile',
      'deleteAuditLogEntries',
      'deleteAuditLogEntriesByPk',
      'deleteChat_messages',
      'deleteChat_messagesByPk',
      'deleteUserProfile',
      'deleteUserProfileByPk',
      'insertAuditLogEntries',
      'insertAuditLogEntriesOne',
      'insertChat_messages',
      'insertChat_messagesOne',
      'insertUserProfile',
      'updateAuditLogEntries',
      'updateAuditLogEntriesByPk',
      'updateAuditLogEntriesMany',
      'updateChat_messages',
      'updateChat_messagesByPk',
      'updateChat_messagesMany',
      'updateUserProfile',
      'updateUserProfileByPk',
      'updateUserProfileMany',
    ]);
    assert.equal(schema.getMutationType()?.getFields().AddProfile?.description, 'adds one');
    const messages = typeNames(schema).filter((n) => n.toLowerCase().startsWith('chat'));
    assert.deepEqual(messages, [
      'chat_messages',
      'chat_messagesAggregate',
      'chat_messagesAggregateFields',
      'chat_messagesAvgFields',
      'chat_messagesBoolExp',
      'chat_messagesConstraint',
      'chat_messagesIncInput',
      'chat_messagesInsertInput',
      'chat_messagesMaxFields',
      'chat_messagesMinFields',
      'chat_messagesMutationResponse',
      'chat_messagesOnConflict',
      'chat_messagesOrderBy',
      'chat_messagesPkColumnsInput',
      'chat_messagesSelectColumn',
      'chat_messagesSetInput',
      'chat_messagesStddevFields',
      'chat_messagesStddevPopFields',
      'chat_messagesStddevSampFields',
      'chat_messagesStreamCursorInput',
      'chat_messagesStreamCursorValueInput',
      'chat_messagesSumFields',
      'chat_messagesUpdateColumn',
      'chat_messagesUpdates',
      'chat_messagesVarPopFields',
      'chat_messagesVarSampFields',
      'chat_messagesVarianceFields',
    ]);
    assert.deepEqual(
      typeNames(schema).filter((n) => n.toLowerCase().startsWith('userprofile')).length,
      27,
      'userProfile has the same 27 types, each named userProfile...',
    );
    assert.ok(typeNames(schema).every((n) => !n.startsWith('UserProfile') && !n.startsWith('ChatMessages')));
    assert.deepEqual(
      typeNames(schema).filter((n) => n.startsWith('Audit')),
      messages.map((n) => n.replace('chat_messages', 'AuditLogEntries')),
    );
    // Column custom names as written, the others camelCase.
    assert.deepEqual(fieldsOf(schema, 'userProfile'), ['first_name: String!', 'id: Int!', 'surName: String!']);
    assert.deepEqual(fieldsOf(schema, 'AuditLogEntries'), ['createdAt: timestamptz!', 'id: Int!']);
    assert.deepEqual(fieldsOf(schema, 'chat_messagesSetInput'), ['id: Int', 'sentAt: timestamptz']);
  });

  test('hasura-default: unchanged, custom names and custom root fields as written, parts joined with _', () => {
    const schema = generate({});
    assert.deepEqual(rootNames(schema, 'query'), [
      'audit_log_entries',
      'audit_log_entries_aggregate',
      'audit_log_entries_by_pk',
      'chat_messages',
      'chat_messages_aggregate',
      'chat_messages_by_pk',
      'profile_by_id',
      'userProfile',
      'userProfile_aggregate',
    ]);
    assert.deepEqual(
      rootNames(schema, 'mutation').filter((n) => n.includes('Profile') || n.includes('chat')),
      [
        'AddProfile',
        'delete_chat_messages',
        'delete_chat_messages_by_pk',
        'delete_userProfile',
        'delete_userProfile_by_pk',
        'insert_chat_messages',
        'insert_chat_messages_one',
        'insert_userProfile',
        'update_chat_messages',
        'update_chat_messages_by_pk',
        'update_chat_messages_many',
        'update_userProfile',
        'update_userProfile_by_pk',
        'update_userProfile_many',
      ],
    );
    assert.deepEqual(
      typeNames(schema).filter((n) => n.startsWith('userProfile_') && n.endsWith('_input')),
      [
        'userProfile_inc_input',
        'userProfile_insert_input',
        'userProfile_pk_columns_input',
        'userProfile_set_input',
        'userProfile_stream_cursor_input',
        'userProfile_stream_cursor_value_input',
      ],
    );
    assert.deepEqual(fieldsOf(schema, 'audit_log_entries'), ['created_at: timestamptz!', 'id: Int!']);
  });

  test('graphql-default before v2.11: custom names split and re-cased in types, kept in fields; before v2.10 prefix and suffix joined as written', () => {
    const schema = generate({ namingConvention: 'graphql-default', engineVersion: parseEngineVersion('v2.10')! });
    assert.deepEqual(
      rootNames(schema, 'query').filter((n) => !n.startsWith('audit')),
      ['chat_messages', 'chat_messagesAggregate', 'chat_messagesByPk', 'profile_by_id', 'userProfile', 'userProfileAggregate'],
    );
    assert.ok(rootNames(schema, 'mutation').includes('insertChat_messagesOne'));
    assert.ok(schema.getType('ChatMessagesBoolExp') !== undefined && schema.getType('UserProfileBoolExp') !== undefined);
    assert.equal(schema.getType('chat_messagesBoolExp'), undefined);
    const customized = generate(
      { namingConvention: 'graphql-default', engineVersion: parseEngineVersion('v2.9')! },
      { root_fields: { prefix: 'my', suffix: '_v1' }, type_names: { prefix: 'T_', suffix: 'type' } },
    );
    assert.ok(rootNames(customized, 'query').includes('myauditLogEntriesByPk_v1'));
    assert.ok(customized.getType('T_AuditLogEntriesBoolExptype') !== undefined);
  });

  test('graphql-default with the source customization: prefixes as written, the name and the suffixes upper-cased in their first letter', () => {
    const schema = generate(
      { namingConvention: 'graphql-default' },
      { root_fields: { prefix: 'my', suffix: '_v1' }, type_names: { prefix: 'T_', suffix: 'type' } },
    );
    assert.deepEqual(rootNames(schema, 'query'), [
      'myAuditLogEntriesAggregate_v1',
      'myAuditLogEntriesByPk_v1',
      'myAuditLogEntries_v1',
      'myChat_messagesAggregate_v1',
      'myChat_messagesByPk_v1',
      'myChat_messages_v1',
      'myProfile_by_id_v1',
      'myUserProfileAggregate_v1',
      'myUserProfile_v1',
    ]);
    assert.ok(rootNames(schema, 'mutation').includes('myAddProfile_v1'));
    assert.ok(schema.getType('T_CursorOrderingType') !== undefined && schema.getType('OrderBy') !== undefined);
    for (const name of ['T_Chat_messagesType', 'T_Chat_messagesBoolExpType', 'T_UserProfileOrderByType', 'T_AuditLogEntriesType'])
      assert.ok(schema.getType(name) !== undefined, name);
    // A scalar's comparison type takes the convention, never the prefix and suffix (`comparisonExps` has no `mkTypename`).
    assert.ok(schema.getType('StringComparisonExp') !== undefined && schema.getType('T_StringComparisonExpType') === undefined);
    assert.equal(String(fieldsOf(schema, 'T_Chat_messagesBoolExpType')?.find((f) => f.startsWith('id:'))), 'id: IntComparisonExp');
  });

  test('a tracked function: its custom_name as written (`<custom_name>_aggregate` too), custom_root_fields as written, else the name in the convention', () => {
    const fn = (name: string) => ({
      schema: 'public',
      name,
      args: [],
      returnType: 'public.messages',
      returnsRelation: 'public.messages',
      returnsSet: true,
      volatility: 'stable' as const,
    });
    const model: DatabaseModel = {
      ...MODEL,
      functions: {
        'public.recent_messages': [fn('recent_messages')],
        'public.search_messages': [fn('search_messages')],
        'public.top_messages': [fn('top_messages')],
      },
    };
    const meta = metadata();
    (meta.sources as JsonObject[])[0]!.functions = [
      { function: { schema: 'public', name: 'recent_messages' }, configuration: { custom_name: 'latest_Messages' } },
      {
        function: { schema: 'public', name: 'search_messages' },
        configuration: { custom_root_fields: { function: 'find_Messages', function_aggregate: 'countFound' } },
      },
      { function: { schema: 'public', name: 'top_messages' } },
    ];
    const of = (namingConvention: 'graphql-default' | 'hasura-default'): string[] => {
      const result = generateSchemaFromMetadata(meta, new Map([['default', model]]), { engineVersion: parseEngineVersion('v2.48')!, namingConvention });
      assert.ok(result.ok);
      return rootNames(result.schema, 'query').filter((n) => /messages|found/i.test(n) && !/^chat/.test(n));
    };
    assert.deepEqual(of('graphql-default'), [
      'countFound',
      'find_Messages',
      'latest_Messages',
      'latest_Messages_aggregate',
      'topMessages',
      'topMessagesAggregate',
    ]);
    assert.deepEqual(of('hasura-default'), [
      'countFound',
      'find_Messages',
      'latest_Messages',
      'latest_Messages_aggregate',
      'top_messages',
      'top_messages_aggregate',
    ]);
  });

  test("a tracked function's `args` type: the function's name (or custom name) and `args` in the field casing, as getFunctionArgsGQLName stores it", () => {
    const fn = (name: string) => ({
      schema: 'public',
      name,
      args: [{ name: 'n', type: 'integer', mode: 'in' as const, hasDefault: false }],
      returnType: 'public.messages',
      returnsRelation: 'public.messages',
      returnsSet: true,
      volatility: 'stable' as const,
    });
    const model: DatabaseModel = { ...MODEL, functions: { 'public.recent_messages': [fn('recent_messages')], 'public.top_messages': [fn('top_messages')] } };
    const meta = metadata();
    (meta.sources as JsonObject[])[0]!.functions = [
      { function: { schema: 'public', name: 'recent_messages' }, configuration: { custom_name: 'Latest_Messages' } },
      { function: { schema: 'public', name: 'top_messages' } },
    ];
    const argsTypes = (namingConvention: 'graphql-default' | 'hasura-default'): string[] => {
      const result = generateSchemaFromMetadata(meta, new Map([['default', model]]), { engineVersion: parseEngineVersion('v2.48')!, namingConvention });
      assert.ok(result.ok);
      const query = result.schema.getQueryType()!.getFields();
      return Object.values(query)
        .filter((f) => /messages/i.test(f.name) && !/^chat/i.test(f.name))
        .map((f) => `${f.name}(args: ${String(f.args.find((a) => a.name === 'args')?.type)})`);
    };
    // `snakeToCamel` of `Latest_Messages_args` lower-cases the first letter: `latestMessagesArgs`.
    assert.deepEqual(argsTypes('graphql-default'), [
      'Latest_Messages(args: latestMessagesArgs!)',
      'Latest_Messages_aggregate(args: latestMessagesArgs!)',
      'topMessages(args: topMessagesArgs!)',
      'topMessagesAggregate(args: topMessagesArgs!)',
    ]);
    assert.deepEqual(argsTypes('hasura-default'), [
      'Latest_Messages(args: Latest_Messages_args!)',
      'Latest_Messages_aggregate(args: Latest_Messages_args!)',
      'top_messages(args: top_messages_args!)',
      'top_messages_aggregate(args: top_messages_args!)',
    ]);
  });

  test('a computed field with arguments: `<computed field>_<table>_args`, in no naming convention, with the source type customization', () => {
    const fn = (name: string, table: string) => ({
      schema: 'public',
      name,
      args: [
        { name: 'row', type: table, mode: 'in' as const, hasDefault: false },
        { name: 'style', type: 'text', mode: 'in' as const, hasDefault: false },
      ],
      returnType: 'text',
      returnsSet: false,
      volatility: 'stable' as const,
    });
    const model: DatabaseModel = {
      ...MODEL,
      functions: { 'public.profile_label': [fn('profile_label', 'public.user_profiles')], 'public.entry_label': [fn('entry_label', 'audit.log_entries')] },
    };
    const of = (namingConvention: 'graphql-default' | 'hasura-default', customization?: JsonObject): GraphQLSchema => {
      const meta = metadata(customization);
      const tables = (meta.sources as JsonObject[])[0]!.tables as JsonObject[];
      tables[1]!.computed_fields = [{ name: 'display_label', definition: { function: { schema: 'public', name: 'profile_label' } } }];
      tables[2]!.computed_fields = [{ name: 'label', definition: { function: { schema: 'public', name: 'entry_label' } } }];
      const result = generateSchemaFromMetadata(meta, new Map([['default', model]]), { engineVersion: parseEngineVersion('v2.48')!, namingConvention });
      assert.ok(result.ok);
      return result.schema;
    };
    const argsOf = (schema: GraphQLSchema, type: string, field: string): string[] => {
      const t = schema.getType(type);
      assert.ok(isObjectType(t), type);
      return t.getFields()[field]!.args.map((a) => `${a.name}: ${String(a.type)} "${a.description ?? ''}"`);
    };
    const graphql = of('graphql-default');
    assert.deepEqual(argsOf(graphql, 'userProfile', 'display_label'), [
      'args: display_label_userProfile_args! "input parameters for computed field "display_label" defined on table "user_profiles""',
    ]);
    assert.deepEqual(argsOf(graphql, 'AuditLogEntries', 'label'), [
      'args: label_audit_log_entries_args! "input parameters for computed field "label" defined on table "audit.log_entries""',
    ]);
    assert.deepEqual(fieldsOf(graphql, 'label_audit_log_entries_args'), ['style: String']);
    assert.deepEqual(
      argsOf(of('hasura-default'), 'audit_log_entries', 'label').map((a) => a.split(' ')[1]),
      ['label_audit_log_entries_args!'],
    );
    assert.deepEqual(
      argsOf(of('graphql-default', { type_names: { prefix: 'T_' } }), 'T_AuditLogEntries', 'label').map((a) => a.split(' ')[1]),
      ['T_Label_audit_log_entries_args!'],
    );
  });

  test("the engine's own tests (server/tests-py/queries/naming_conventions/): field_name_precedence.yaml and type_and_field_names_graphql_default_with_prefix_and_suffix.yaml", () => {
    const model: DatabaseModel = {
      ...MODEL,
      relations: {
        'public.author_local': relation('public', 'author_local', [
          ['id', 'integer'],
          ['name', 'text'],
        ]),
        'public.article_local': relation('public', 'article_local', [
          ['id', 'integer'],
          ['author_id', 'integer'],
          ['title', 'text'],
        ]),
      },
    };
    const meta = (customization: JsonObject, authorConfiguration?: JsonObject): JsonObject => ({
      version: 3,
      sources: [
        {
          name: 'pg1',
          kind: 'postgres',
          customization,
          tables: [
            { table: { schema: 'public', name: 'author_local' }, ...(authorConfiguration !== undefined ? { configuration: authorConfiguration } : {}) },
            ...(authorConfiguration !== undefined ? [{ table: { schema: 'public', name: 'article_local' } }] : []),
          ],
        },
      ],
    });
    const of = (metadataJson: JsonObject, engineVersion = 'v2.48'): GraphQLSchema => {
      const result = generateSchemaFromMetadata(metadataJson, new Map([['pg1', { ...model, source: 'pg1' }]]), {
        engineVersion: parseEngineVersion(engineVersion)!,
      });
      assert.ok(result.ok, result.ok ? '' : result.error);
      return result.schema;
    };
    // field_name_precedence.yaml at 825e256523e86aa265391fc2fe6a23c0ecc421f1.
    const precedence = meta(
      { naming_convention: 'graphql-default' },
      {
        custom_name: 'authorDetails',
        custom_root_fields: { select_by_pk: 'author_detail', insert_one: 'add_author', delete_by_pk: 'delete_one_author' },
        column_config: { id: { custom_name: 'author_id' } },
      },
    );
    const schema = of(precedence);
    const query = schema.getQueryType()!.getFields();
    assert.equal(String(query.authorDetails?.type), '[authorDetails!]!');
    assert.equal(String(query.author_detail?.type), 'authorDetails');
    assert.deepEqual(
      query.author_detail?.args.map((a) => `${a.name}: ${String(a.type)}`),
      ['author_id: Int!'],
    );
    assert.equal(String(query.articleLocal?.type), '[ArticleLocal!]!');
    assert.equal(String(query.articleLocalByPk?.type), 'ArticleLocal');
    assert.equal(String(query.articleLocalAggregate?.type), 'ArticleLocalAggregate!');
    assert.ok(fieldsOf(schema, 'ArticleLocalBoolExp').includes('authorId: IntComparisonExp'));
    const mutation = schema.getMutationType()!.getFields();
    assert.equal(String(mutation.add_author?.type), 'authorDetails');
    assert.equal(String(mutation.delete_one_author?.type), 'authorDetails');
    assert.deepEqual(fieldsOf(schema, 'authorDetails'), ['author_id: Int!', 'name: String!']);
    // The same file before the fix (at 0c6ddc36663c3802bd2e03458d70c7a346499ad9) expected `__typename: AuthorDetails`.
    assert.equal(String(of(precedence, 'v2.10').getQueryType()!.getFields().authorDetails?.type), '[AuthorDetails!]!');
    // type_and_field_names_graphql_default_with_prefix_and_suffix.yaml at 069c2e558db32d648e3d3e44d4c08dc19c6040b8.
    for (const [prefix, byPk] of [
      ['test', 'testAuthorLocalByPkQuery'],
      ['Test', 'TestAuthorLocalByPkQuery'],
    ] as const) {
      const customized = of(meta({ root_fields: { prefix, suffix: 'query' }, naming_convention: 'graphql-default' }));
      assert.deepEqual(rootNames(customized, 'query'), [`${prefix}AuthorLocalAggregateQuery`, byPk, `${prefix}AuthorLocalQuery`]);
      assert.ok(rootNames(customized, 'mutation').includes(`${prefix}InsertAuthorLocalQuery`));
      assert.ok(rootNames(customized, 'mutation').includes(`${prefix}DeleteAuthorLocalByPkQuery`));
      assert.equal(String(customized.getMutationType()!.getFields()[`${prefix}InsertAuthorLocalQuery`]?.type), 'AuthorLocalMutationResponse');
    }
  });
});
