/**
 * Where the engine's published schema (metadata.openapi.json, generated from its Autodocodec codecs)
 * contradicts the parser the engine runs on metadata (its aeson FromJSON instances), each corrected
 * here with the engine source that shows it. Paths are under server/src-lib/ of hasura/graphql-engine.
 */

/** A schema of the document (plain JSON), read and rewritten in place. */
export interface JsonSchema {
  [keyword: string]: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
}

export interface Correction {
  readonly what: string;
  /** The engine source that shows the parser's behaviour. */
  readonly engine: string;
  apply(definitions: Record<string, JsonSchema>): void;
}

const BACKENDS: readonly (readonly [kinds: readonly string[], schema: string])[] = [
  [['postgres', 'pg'], 'PostgresSourceMetadata'],
  [['citus'], 'CitusSourceMetadata'],
  [['cockroach'], 'CockroachSourceMetadata'],
  [['mssql'], 'MssqlSourceMetadata'],
  [['bigquery'], 'BigquerySourceMetadata'],
];

/** Every object schema of the document (properties of properties, items, branches...). */
function eachObjectSchema(node: unknown, visit: (schema: JsonSchema) => void): void {
  if (Array.isArray(node)) return node.forEach((item) => eachObjectSchema(item, visit));
  if (node === null || typeof node !== 'object') return;
  const schema = node as JsonSchema;
  if (schema.properties && typeof schema.properties === 'object') visit(schema);
  for (const value of Object.values(schema)) eachObjectSchema(value, visit);
}

export const CORRECTIONS: readonly Correction[] = [
  {
    what: '`graphql_schema_introspection` is an object `{disabled_for_roles: [role]}`, not a list of roles (the codec describes the set inside)',
    engine:
      "Hasura/RQL/Types/GraphqlSchemaIntrospection.hs: `$(deriveJSON hasuraJSON ''SetGraphqlIntrospectionOptions)` on the record `{_idrDisabledForRoles}`",
    apply: (d) => {
      d.MetadataV3!.properties!.graphql_schema_introspection = {
        type: 'object',
        properties: { disabled_for_roles: { type: 'array', items: { type: 'string' } } },
        required: ['disabled_for_roles'],
      };
    },
  },
  {
    what: 'a remote schema entry is `{name, definition, comment?, permissions?, remote_relationships?}`; the published item (`RemoteSchemaMetadata_RemoteRelationshipDefinition`) was overwritten by the type-relationships object of the same generated name',
    engine:
      'Hasura/RemoteSchema/Metadata/Core.hs: `RemoteSchemaMetadataG` (`_rsmName`, `_rsmDefinition`, `_rsmComment`, `_rsmPermissions`, `_rsmRemoteRelationships`), FromJSON with `.:` name/definition and `.:?` … `.!= mempty` for the rest',
    apply: (d) => {
      d.RemoteSchemaMetadata = {
        type: 'object',
        properties: {
          name: { type: 'string' },
          definition: { $ref: '#/components/schemas/RemoteSchemaDef' },
          comment: { type: 'string' },
          permissions: { type: 'array', items: { $ref: '#/components/schemas/RemoteSchemaPermissionMetadata' } },
          remote_relationships: { type: 'array', items: { $ref: '#/components/schemas/RemoteSchemaMetadata_RemoteRelationshipDefinition' } },
        },
        required: ['name', 'definition'],
      };
      d.MetadataV3!.properties!.remote_schemas!.items = { $ref: '#/components/schemas/RemoteSchemaMetadata' };
    },
  },
  {
    what: 'a source is parsed by its `kind` (default `postgres`; any other name is a data connector), not by trying every backend (`oneOf`: a postgres source matches the Postgres and the data connector shapes, so `oneOf` rejects every valid source)',
    engine:
      'Hasura/RQL/Types/Metadata.hs: `parseSourceMetadata`: `explicitParseFieldMaybe AB.parseBackendSourceKindFromJSON o "kind" .!= AB.mkAnyBackend PostgresVanillaKind`, then the backend\'s own parser',
    apply: (d) => {
      let branch: JsonSchema = { $ref: '#/components/schemas/DataconnectorSourceMetadata' };
      for (const [kinds, schema] of [...BACKENDS].reverse()) {
        branch = { if: { properties: { kind: { enum: kinds } } }, then: { $ref: `#/components/schemas/${schema}` }, else: branch };
      }
      d.SourceMetadata = { type: 'object', ...branch };
      for (const [, schema] of BACKENDS) d[schema]!.required = (d[schema]!.required ?? []).filter((k) => k !== 'kind');
    },
  },
  {
    what: "a remote schema customization's `mapping` (type names and field names) is optional",
    engine:
      'Hasura/RemoteSchema/Metadata/Customization.hs: `FromJSON RemoteTypeCustomization` / `RemoteFieldCustomization`: `o .:? "mapping" .!= mempty` (the codec says `requiredFieldWith\' "mapping"`)',
    apply: (d) => {
      for (const name of ['RemoteTypeCustomization', 'RemoteFieldCustomization']) d[name]!.required = (d[name]!.required ?? []).filter((k) => k !== 'mapping');
    },
  },
  {
    what: "a foreign key's `column` and `columns` each take a column name or a list of them (the published shapes: `column` a string, `columns` a list)",
    engine:
      'Hasura/RQL/Types/Relationships/Local.hs: `FromJSON (ArrRelUsingFKeyOn b)` and `FromJSON (ObjRelUsingChoice b)` read either key with `parseColumns` (`String` -> one column, `Array` -> several)',
    apply: (d) => {
      for (const [name, schema] of Object.entries(d)) {
        if (!/(ArrRelUsingFKeyOn|ObjRelRemoteTable)(Single|Multiple)Columns?$/.test(name)) continue;
        for (const key of ['column', 'columns']) {
          const property = schema.properties?.[key];
          if (property) schema.properties![key] = { anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }, property] };
        }
      }
    },
  },
  {
    what: 'a data connector table name may be a single string as well as a list of name parts',
    engine:
      'the data connector backend\'s `FromJSON TableName` (under Hasura/Backends/DataConnector/): a list, with a "fallback parsing of a single string to support older metadata"',
    apply: (d) => {
      const properties = d.DataconnectorTableMetadata!.properties!;
      properties.table = { anyOf: [{ type: 'string' }, properties.table!] };
    },
  },
  {
    what: "a boolean expression (a permission's `filter` or `check`) is a mapping; the published `*BoolExp` accepts any value",
    engine: 'Hasura/RQL/IR/BoolExp.hs: `FromJSON (GBoolExp b a)`: `withObject "boolean expression"`',
    apply: (d) => {
      for (const [name, schema] of Object.entries(d)) if (name.endsWith('BoolExp')) schema.type = 'object';
    },
  },
  {
    what: 'a table entry rejects unknown keys; the published `*TableMetadata` allows any',
    engine: 'Hasura/Table/Metadata.hs: `FromJSON (TableMetadata b)` fails with "unexpected keys when parsing TableMetadata: [...]"',
    apply: (d) => {
      for (const [name, schema] of Object.entries(d)) if (name.endsWith('TableMetadata')) schema.additionalProperties = false;
    },
  },
  {
    what: "an MS SQL Server connection's `pool_settings` is optional, and `database_url` may stand for `connection_string`",
    engine:
      'Hasura/Backends/MSSQL/Connection.hs: `FromJSON MSSQLConnectionInfo`: `(o .: "database_url") <|> (o .: "connection_string")`, `o .:? "pool_settings" .!= defaultMSSQLPoolSettings`',
    apply: (d) => {
      const info = d.MSSQLConnectionInfo!;
      info.properties!.database_url = info.properties!.connection_string!;
      info.required = [];
      info.anyOf = [{ required: ['connection_string'] }, { required: ['database_url'] }];
    },
  },
  {
    what: 'an optional key accepts `null` (read as absent)',
    engine:
      'aeson `.:?` ("Nothing if the key is not present or if its value is Null"), which the metadata parsers use for optional keys, e.g. Hasura/Table/Metadata.hs `FromJSON TableMetadata`, Hasura/RQL/Types/Relationships/Local.hs `RelDef`',
    apply: (d) => {
      eachObjectSchema(d, (schema) => {
        const required = new Set<string>(Array.isArray(schema.required) ? schema.required : []);
        for (const [key, property] of Object.entries(schema.properties ?? {})) {
          if (!required.has(key) && property !== null && typeof property === 'object') property.nullable = true;
        }
      });
    },
  },
];
