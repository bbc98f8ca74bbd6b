import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { isObjectType } from 'graphql';
import type { GraphQLSchema } from 'graphql';
import type { DatabaseModel, RelationModel } from '../../../server/src/core/db/model';
import { parseEngineVersion } from '../../../server/src/core/engineVersion';
import { generateSchemaFromMetadata } from '../../../server/src/core/graphql/schema/index';
import type { SchemaOptions } from '../../../server/src/core/graphql/schema/index';
import type { JsonObject } from '../../../server/src/core/sync/json';
import { fieldsWithArgs as fieldsOf } from '../helpers/schemaFields';

/** Remote relationships (to other sources, to remote schemas) and remote schema customization, as the engine serves them. */

function relation(name: string, columns: string[]): RelationModel {
  return {
    schema: 'public',
    name,
    kind: 'table',
    columns: columns.map((n) => ({ name: n, type: n === 'name' ? 'text' : 'integer', nullable: false })),
    primaryKey: ['id'],
    uniques: [],
    foreignKeys: [],
    constraints: [{ name: `${name}_pkey`, kind: 'primary', columns: ['id'] }],
  };
}

function model(source: string, relations: RelationModel[]): DatabaseModel {
  return {
    source,
    origin: { kind: 'migrations', applied: 1, total: 1, failedStatements: 0 },
    schemas: ['public'],
    relations: Object.fromEntries(relations.map((r) => [`public.${r.name}`, r])),
    functions: {},
    enums: {},
    uncertain: [],
  };
}

const MODELS = new Map([
  ['default', model('default', [relation('author', ['id', 'name'])])],
  ['other', model('other', [relation('profile', ['id', 'author_id']), relation('visit', ['id', 'author_id'])])],
]);

const SDL = `
type Query {
  country(code: ID!): Country
  countries(filter: CountryFilter, first: Int): [Country!]!
}
"""A country"""
type Country { code: ID! name: String! }
input CountryFilter { code: String continent: String }
`;

const AUTHOR: JsonObject = {
  table: { schema: 'public', name: 'author' },
  remote_relationships: [
    {
      name: 'profile',
      definition: {
        to_source: { source: 'other', table: { schema: 'public', name: 'profile' }, relationship_type: 'object', field_mapping: { id: 'author_id' } },
      },
    },
    {
      name: 'visits',
      definition: {
        to_source: { source: 'other', table: { schema: 'public', name: 'visit' }, relationship_type: 'array', field_mapping: { id: 'author_id' } },
      },
    },
    {
      name: 'lost',
      definition: { to_source: { source: 'nowhere', table: { schema: 'public', name: 'x' }, relationship_type: 'object', field_mapping: { id: 'id' } } },
    },
    {
      name: 'homeland',
      definition: {
        to_remote_schema: {
          remote_schema: 'countries',
          lhs_fields: ['name'],
          remote_field: { countries: { arguments: { filter: { code: '$name' }, first: 1 } } },
        },
      },
    },
    // the older form
    { name: 'capital', definition: { remote_schema: 'countries', hasura_fields: ['name'], remote_field: { country: { arguments: { code: '$name' } } } } },
  ],
  select_permissions: [
    { role: 'reader', permission: { columns: ['id', 'name'], filter: {} } },
    { role: 'guest', permission: { columns: ['name'], filter: {} } },
    { role: 'viewer', permission: { columns: ['name'], filter: {} } },
  ],
};

function metadata(customization?: JsonObject): JsonObject {
  return {
    version: 3,
    sources: [
      { name: 'default', kind: 'postgres', tables: [AUTHOR] },
      {
        name: 'other',
        kind: 'postgres',
        customization: { naming_convention: 'graphql-default' },
        tables: [
          {
            table: { schema: 'public', name: 'profile' },
            select_permissions: [
              { role: 'reader', permission: { columns: '*', filter: {} } },
              { role: 'viewer', permission: { columns: ['id'], filter: {} } },
            ],
          },
          { table: { schema: 'public', name: 'visit' }, select_permissions: [{ role: 'reader', permission: { columns: '*', filter: {} } }] },
        ],
      },
    ],
    remote_schemas: [{ name: 'countries', definition: { url: 'http://countries', ...(customization ? { customization } : {}) } }],
  };
}

function generate(options: SchemaOptions = {}, meta: JsonObject = metadata()): { schema: GraphQLSchema; notes: readonly string[] } {
  const result = generateSchemaFromMetadata(meta, MODELS, { engineVersion: parseEngineVersion('v2.48')!, ...options });
  assert.ok(result.ok, result.ok ? '' : result.error);
  return { schema: result.schema, notes: result.notes };
}

const ARGS = (t: string, c: string): string => `distinctOn: [${c}!], limit: Int, offset: Int, orderBy: [${t}OrderBy!], where: ${t}BoolExp`;

describe('generateSchema: remote relationships', () => {
  test("to another source: the target's types (its naming), an object one nullable, an array one with its select arguments and <name>Aggregate; never in bool_exp or order_by", () => {
    const { schema, notes } = generate();
    assert.deepEqual(fieldsOf(schema, 'author'), [
      'id: Int!',
      'name: String!',
      'profile: Profile',
      `visits(${ARGS('Visit', 'VisitSelectColumn')}): [Visit!]!`,
      `visitsAggregate(${ARGS('Visit', 'VisitSelectColumn')}): VisitAggregate!`,
    ]);
    const author = schema.getType('author');
    assert.ok(isObjectType(author));
    assert.equal(author.getFields().profile?.description, undefined);
    assert.deepEqual(
      fieldsOf(schema, 'author_bool_exp')?.map((f) => f.split(':')[0]),
      ['_and', '_not', '_or', 'id', 'name'],
    );
    assert.deepEqual(
      fieldsOf(schema, 'author_order_by')?.map((f) => f.split(':')[0]),
      ['id', 'name'],
    );
    assert.deepEqual(notes, [
      'public.author: remote relationship lost is left out: its target table public.x of source nowhere is not tracked or has no model',
      'remote schema countries: its root fields and types need its own schema, so they are left out (supply its SDL: --remote-schema countries=FILE)',
      'public.author: remote relationship homeland is left out: its type comes from remote schema countries (supply its SDL: --remote-schema countries=FILE)',
      'public.author: remote relationship capital is left out: its type comes from remote schema countries (supply its SDL: --remote-schema countries=FILE)',
    ]);
  });

  test("per role: the target must be selectable, the join columns need not be (the engine's tableSelectFields); no aggregate without allow_aggregations", () => {
    assert.deepEqual(fieldsOf(generate({ role: 'reader' }).schema, 'author'), [
      'id: Int!',
      'name: String!',
      'profile: Profile',
      `visits(${ARGS('Visit', 'VisitSelectColumn')}): [Visit!]!`,
    ]);
    // viewer may not select `id`, the join column, but may select profile.
    assert.deepEqual(fieldsOf(generate({ role: 'viewer' }).schema, 'author'), ['name: String!', 'profile: Profile']);
    // guest may select neither table of the other source.
    assert.deepEqual(fieldsOf(generate({ role: 'guest' }).schema, 'author'), ['name: String!']);
  });

  test("to a remote schema, its SDL supplied: the last remote field's type, its arguments less those the relationship gives (an object value makes <Type>_remote_rel_<table><name>)", () => {
    const { schema, notes } = generate({ remoteSchemas: { countries: SDL } });
    assert.deepEqual(fieldsOf(schema, 'author')?.slice(0, 2), ['capital: Country', 'homeland(filter: CountryFilter_remote_rel_authorhomeland): [Country!]!']);
    assert.deepEqual(fieldsOf(schema, 'CountryFilter_remote_rel_authorhomeland'), ['continent: String']);
    const author = schema.getType('author');
    assert.ok(isObjectType(author));
    assert.deepEqual(
      { ...author.getFields().homeland?.extensions },
      {
        graphqlMetadata: { kind: 'remote_relationship', source: 'default', table: { schema: 'public', name: 'author' }, name: 'homeland' },
      },
    );
    assert.equal(author.getFields().homeland?.description, undefined);
    assert.deepEqual(notes, [
      'public.author: remote relationship lost is left out: its target table public.x of source nowhere is not tracked or has no model',
    ]);
    // a role sees them as admin does (remote schema permissions off)
    assert.deepEqual(fieldsOf(generate({ role: 'guest', remoteSchemas: { countries: SDL } }).schema, 'author'), [
      'capital: Country',
      'homeland(filter: CountryFilter_remote_rel_authorhomeland): [Country!]!',
      'name: String!',
    ]);
  });
});

describe('generateSchema: remote schema customization', () => {
  test('root field namespace, type names (mapping, namespace on the root types, prefix), field names per type', () => {
    const customization: JsonObject = {
      root_fields_namespace: 'geo',
      type_names: { prefix: 'Geo_', mapping: { Country: 'Land' } },
      field_names: [{ parent_type: 'Country', prefix: 'c_', mapping: { code: 'iso' } }],
    };
    const { schema, notes } = generate({ remoteSchemas: { countries: SDL } }, metadata(customization));
    assert.equal(
      fieldsOf(schema, 'query_root')?.find((f) => f.startsWith('geo')),
      'geo: geoQuery',
    );
    assert.equal(schema.getType('geoQuery')?.description, undefined);
    assert.deepEqual(fieldsOf(schema, 'geoQuery'), ['countries(filter: Geo_CountryFilter, first: Int): [Land!]!', 'country(code: ID!): Land']);
    assert.deepEqual(fieldsOf(schema, 'Land'), ['c_name: String!', 'iso: ID!']);
    assert.equal(schema.getType('Land')?.description, 'A country');
    assert.deepEqual(fieldsOf(schema, 'Geo_CountryFilter'), ['code: String', 'continent: String']);
    assert.equal(schema.getType('Country'), undefined);
    // The relationships take the customized names; the input type they make keeps the remote's own name.
    assert.deepEqual(fieldsOf(schema, 'author')?.slice(0, 2), ['capital: Land', 'homeland(filter: CountryFilter_remote_rel_authorhomeland): [Land!]!']);
    assert.deepEqual(notes, [
      'public.author: remote relationship lost is left out: its target table public.x of source nowhere is not tracked or has no model',
    ]);
  });

  test('without a namespace the root types keep their names and the root fields sit in query_root, renamed by the root type field names', () => {
    const customization: JsonObject = { type_names: { suffix: '_c' }, field_names: [{ parent_type: 'Query', prefix: 'geo_' }] };
    const { schema } = generate({ remoteSchemas: { countries: SDL } }, metadata(customization));
    assert.deepEqual(
      fieldsOf(schema, 'query_root')?.filter((f) => f.startsWith('geo_')),
      ['geo_countries(filter: CountryFilter_c, first: Int): [Country_c!]!', 'geo_country(code: ID!): Country_c'],
    );
    assert.equal(schema.getType('Query_c'), undefined);
    assert.equal(schema.getType('String_c'), undefined);
  });

  test("relationships of a remote schema's own types to a remote schema (its own here), on the customized type; to a source, a note", () => {
    const meta = metadata();
    const remote: JsonObject = {
      name: 'countries',
      definition: { url: 'http://countries', customization: { type_names: { prefix: 'Geo_' } } },
      remote_relationships: [
        {
          type_name: 'Country',
          relationships: [
            {
              name: 'neighbours',
              definition: {
                to_remote_schema: {
                  remote_schema: 'countries',
                  lhs_fields: ['code'],
                  remote_field: { countries: { arguments: { filter: { continent: '$code' } } } },
                },
              },
            },
            {
              name: 'capital',
              definition: { to_source: { source: 'default', table: 'author', relationship_type: 'object', field_mapping: { code: 'name' } } },
            },
          ],
        },
      ],
    };
    const { schema, notes } = generate({ remoteSchemas: { countries: SDL } }, { ...meta, remote_schemas: [remote] });
    assert.deepEqual(fieldsOf(schema, 'Geo_Country'), [
      'code: ID!',
      'name: String!',
      'neighbours(filter: CountryFilter_remote_rel_countriesneighbours, first: Int): [Geo_Country!]!',
    ]);
    assert.deepEqual(fieldsOf(schema, 'CountryFilter_remote_rel_countriesneighbours'), ['code: String']);
    assert.deepEqual(notes.slice(1), ['remote schema countries: type Country: relationship capital is left out (to a source: not generated yet)']);
  });
});
