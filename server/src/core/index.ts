/**
 * The core's front door: every operation the core offers the language server (lsp/, main.ts), the CLI
 * (cli/, cli.ts) and the node layer (node/), and every type they exchange with it, named here once.
 * Those front ends import the core only through this module (eslint.config.mjs enforces it); the
 * core's own files import each other directly. In the manner of graphiql's
 * graphql-language-service `interface/index.ts`: a list, by area, of what there is to call.
 *
 * A new feature of the core enters by a section of its own below (see "New features").
 */

// ── Checking a root ─────────────────────────────────────────────────────────────────────────────
// One check (checkRoot, checkFolder, checkInside), or the same pipeline again and again on one root,
// re-doing only what the changed paths touch (RootSession).
export { applySeverity, checkFolder, checkInside, checkRoot } from './check';
export type { CheckServices, RootResult, SeverityOverrides } from './check';
export { RootSession } from './session';
export { SEVERITY_ORDER } from './diagnostics';
export type { Finding, Severity, Span } from './diagnostics';
export { finding } from './rules/rule';
export { RULES } from './rules';
export { DOCS_URL } from './codes';
export { parseRuleDocs } from './ruleDocs';
export type { RuleDoc } from './ruleDocs';
export { SEVERITY_SETTINGS, allCodes, checkSeverities } from './severitySettings';
export { LATEST_V2, parseEngineVersion } from './engineVersion';
export type { EngineVersion } from './engineVersion';

// ── Files: the host, the project, its roots ─────────────────────────────────────────────────────
export type { DirEntry, FileSystemHost, ReadResult } from './host';
export { discoverRoots, enclosingRoot } from './project/discover';
export { TOP_LEVEL_FILES } from './project/kinds';
export type { FileKind } from './project/kinds';
export type { Project, ProjectFile } from './project/project';
export type { Loc, ProjectIndex, SourceFact } from './project/index/types';

// ── Parsing, the parse cache and the parse store's format ───────────────────────────────────────
export { ParseCache } from './project/cache';
export type { ParseStore } from './project/cache';
export { composeYamlFile } from './parse/yamlFile';
export type { YamlFile } from './parse/yamlFile';
export { toCompact } from './parse/compact';
export { DocumentPacker, unpackYamlFile } from './parse/packed';
export type { PackedDoc } from './parse/packed';
export { quickPack } from './parse/quick/pack';
export { SchemaValidator } from './schema/validator';
export type { SchemaSet } from './schema/validator';

// ── Work done ahead of a check (start-up, the CLI's parallel load) ──────────────────────────────
export { aloneKind, checkAhead, kindByPlace, rememberTableFacts, schemaAlone } from './project/alone';
export { IndexMemo } from './project/index/memo';

// ── Database models: connections, migrations, introspection ─────────────────────────────────────
export { DATABASE_MODES, planModel, resolveSourceUrl, sourceConnections, sourceForBareUrl } from './db/connection';
export type { DatabaseMode, EnvLookup, ExplicitUrls, ModelPlan, SourceConnection } from './db/connection';
export { causeFindings, Causes, madeNames, migrationsStatus } from './db/causes';
export type { Cause } from './db/causes';
export { parseDotenv } from './db/dotenv';
export { INTROSPECTION_SETUP, introspect } from './db/introspect';
export { findMigrations, migrationFile } from './db/migrations';
export type { MigrationFile, MigrationStatement, MigrationText, SourceMigrations, SourceRef } from './db/migrations';
export { LIVE_NO_MODEL } from './db/model';
export type { DatabaseModel, DatabaseModels, RelationModel, SourceBuild } from './db/model';
export { emptyOrigins, mentionedNames, recordOrigins, withOrigins } from './db/origins';
export type { Origins } from './db/origins';
export { platformByName } from './db/platforms';
export type { Platform } from './db/platforms';
export { describeUrl, parsePostgresUrl, redactPasswords } from './db/url';

// ── Editor features: pure functions over a RootResult and {file, offset} ────────────────────────
export type { FeatureInput, FileOperation, TextEdit, WorkspaceChange } from './features/types';
export { complete } from './features/completion';
export type { CompletionKind } from './features/completion';
export { definition } from './features/definition';
export { references } from './features/references';
export { prepareRename, rename } from './features/rename';
export { hover } from './features/hover';
export { documentLinks } from './features/documentLinks';
export { documentSymbols } from './features/symbols';
export type { OutlineKind, OutlineSymbol } from './features/symbols';
export { SchemaIndex } from './features/schemaIndex';
export { quickFixes } from './features/codeActions';
export { databaseActions } from './features/codeActions/database';

// ── Edits: the local edit of each metadata operation (the server commands) ──────────────────────
export { localEditFor, projectFacts } from './edits';
export type { LocalChange } from './edits';
export type { MetadataOperation, ProjectFacts, RelationshipInfo, SourceKind, TableInfo, TableRef } from './edits/operations';
export type { AddSourceArgs, BigQueryConfiguration, FromEnv, MssqlConfiguration, PgConfiguration, PgDatabaseUrl, PgIsolationLevel } from './edits/operations';
export type { PgPoolSettings, SourceArgs } from './edits/operations';
export type {
  ArrRelUsing,
  CreateRelationshipArgs,
  ManualConfiguration,
  ObjRelUsing,
  RemoteTableColumn,
  RemoteTableColumns,
  RemoteTableKey,
} from './edits/operations';
export { modelSourcesWithoutList, trackTablesChange, untrackedTables } from './edits/trackTables';

// ── Sync: directory <-> metadata JSON (export, apply, diff) ─────────────────────────────────────
export { directoryToMetadata } from './sync/directory';
export type { BuiltMetadata } from './sync/directory';
export { emptiedFolders, foldersEmptiedBy } from './sync/emptied';
export { ExportPathError, metadataToFiles, unexportedKeys } from './sync/files';
export { isJsonObject } from './sync/json';
export type { JsonObject } from './sync/json';
export type { InconsistentObjectLike } from './sync/locate';
export { readOwnedFiles } from './sync/ownedFiles';
export { planChanges, planWrite } from './sync/plan';
export type { WritePlan } from './sync/plan';
export { inconsistencyMessage, serverFindings } from './sync/serverFindings';
export type { ServerComplaint } from './sync/serverFindings';
export { unifiedDiff } from './sync/unifiedDiff';

// ── Utilities: core paths (POSIX, absolute) and offsets <-> lines ───────────────────────────────
export { basename, dirname, isInside, join, relative, resolve } from './util/paths';
export { LineIndex } from './util/lineIndex';

// ── New features ────────────────────────────────────────────────────────────────────────────────
// A new feature of the core enters here: a section with its operations and the types its callers
// need, and nothing else of its folder.

// ── The GraphQL schema the engine would serve to a role (core/graphql/schema/) ─────────────────
export { ADMIN, NAMING_CONVENTIONS, generateSchema, generateSchemaFromMetadata, isNamingConvention } from './graphql/schema';
export type { GeneratedSchema, NamingConvention, SchemaOptions } from './graphql/schema';
