import {
  createConnection,
  DidChangeWatchedFilesNotification,
  FileChangeType,
  MessageType,
  ProposedFeatures,
  ShowMessageNotification,
  TextDocuments,
  TextDocumentSyncKind,
} from 'vscode-languageserver/node';
import type {
  CodeActionParams,
  CompletionParams,
  DefinitionParams,
  DocumentLinkParams,
  DocumentSymbolParams,
  HoverParams,
  InitializeParams,
  InitializeResult,
  PrepareRenameParams,
  ReferenceParams,
  RenameParams,
} from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import {
  editForOperationRequest,
  trackTablesRequest,
  untrackedTablesRequest,
  engineFindingsRequest,
  graphqlRolesRequest,
  graphqlSchemaRequest,
  listRootsRequest,
  localMetadataRequest,
  planExportRequest,
  projectFactsRequest,
  statusNotification,
} from '../../common/protocol';
import type { RequestType, RequestType0 } from 'vscode-jsonrpc';
import type { StatusParams } from '../../common/protocol';
import { LATEST_V2, SchemaIndex, SchemaValidator } from './core';
import { CachingHost } from './lsp/cachingHost';
import { createCommandHandlers } from './lsp/commands';
import { describeError } from './lsp/failures';
import { createGuard } from './lsp/guard';
import { FEATURE_CAPABILITIES } from './lsp/features/capabilities';
import { onCodeAction } from './lsp/features/codeActions';
import { onCompletion } from './lsp/features/completion';
import { FeatureContext } from './lsp/features/context';
import { onHover } from './lsp/features/hover';
import { onDefinition, onDocumentLinks, onReferences } from './lsp/features/navigation';
import { onPrepareRename, onRename } from './lsp/features/rename';
import { onDocumentSymbols } from './lsp/features/symbols';
import { OverlayHost } from './lsp/overlayHost';
import { DiskParseStore, storeFile } from './node/parseStore';
import { cacheFolder, cacheMaxBytes, pruneCache } from './node/cacheFolder';
import { graphqlRolesFor, graphqlSchemaFor } from './lsp/graphqlSchema';
import { SchemaSdlWorker } from './node/schema/sdl';
import type { SchemaSettings } from './lsp/graphqlSchema';
import {
  readCacheMaxMb,
  readDatabaseSettings,
  readEngineVersion,
  readOperationsRole,
  readRemoteSchemaSdl,
  readSchemaEnvironment,
  readSeverity,
} from './lsp/settings';
import { buildSettings, DEFAULT_DATABASE_SETTINGS } from './lsp/databases';
import { buildSourceModels } from './node/db/plan';
import { createSyncHandlers } from './lsp/sync';
import { uriToPath } from './lsp/uri';
import { MetadataWorkspace } from './lsp/workspace';
import { createNodeHost } from './node/fsHost';
import { tuneHeap } from './node/heap';
import { loadSchemaSet } from './node/schemas';

tuneHeap();
/** LSP wiring only: every decision lives in lsp/ and core/. */
const connection = createConnection(ProposedFeatures.all);
/** Wraps every request handler: an exception is an error response and a logged stack, never a dead server. */
const guard = createGuard(connection.console);
const documents = new TextDocuments(TextDocument);
const disk = new CachingHost(createNodeHost());
const host = new OverlayHost(disk);
const schemaSet = loadSchemaSet();
const workspace = new MetadataWorkspace(host, new SchemaValidator(schemaSet), {
  diagnostics: (uri, diagnostics) => void connection.sendDiagnostics({ uri, diagnostics }),
  status: (params: StatusParams) => void connection.sendNotification(statusNotification.method, params),
  log: (message) => connection.console.error(message),
});
// Commands and sync requests read the workspace's check: what a command just saved is read first.
workspace.useDiskRefresh((root) => disk.refresh(root));
const nodeHost = createNodeHost();
workspace.useDatabases(
  (root, sources, settings, signal) => buildSourceModels(root, sources, buildSettings(settings, process.env), nodeHost, { signal }).finally(keepCacheBounded),
  DEFAULT_DATABASE_SETTINGS,
  (message) => connection.console.info(message),
);
const features = new FeatureContext(workspace, host, new SchemaIndex(schemaSet));
const commands = createCommandHandlers(features, documents, createNodeHost());
const sync = createSyncHandlers(workspace, documents, createNodeHost());

function schedule(path: string | undefined): void {
  if (path) workspace.schedule(path);
}

/** Work the server starts on its own (not a request): a throw is published as a check failure, never an unhandled rejection. */
function background(what: string, task: () => unknown): void {
  new Promise((resolve) => resolve(task())).catch((error: unknown) => workspace.checkFailed(what, error));
}

let folders: string[] = [];
let clientCan = { folders: false, configuration: false, watchers: false, clientWatches: false };
/** False in VS Code's Restricted Mode (the client says so at start): no database is connected to. */
let trusted = true;
connection.onInitialize(
  guard('initialize', (params: InitializeParams): InitializeResult => {
    const ws = params.capabilities.workspace;
    const options = params.initializationOptions as { watchesFiles?: boolean; trusted?: boolean } | undefined;
    clientCan = {
      folders: ws?.workspaceFolders === true,
      configuration: ws?.configuration === true,
      watchers: ws?.didChangeWatchedFiles?.dynamicRegistration === true,
      clientWatches: options?.watchesFiles === true,
    };
    trusted = options?.trusted !== false;
    folders = (params.workspaceFolders ?? []).map((f) => uriToPath(f.uri)).filter((p): p is string => p !== undefined);
    if (folders.length === 0 && params.rootUri) folders = [uriToPath(params.rootUri)].filter((p): p is string => p !== undefined);
    return {
      capabilities: {
        textDocumentSync: TextDocumentSyncKind.Incremental,
        workspace: { workspaceFolders: { supported: true, changeNotifications: true } },
        ...FEATURE_CAPABILITIES,
      },
    };
  }),
);

connection.onInitialized(() => {
  // The VS Code client watches **/*.{yaml,yml,graphql} itself (synchronize.fileEvents); other clients get a watcher here.
  if (clientCan.watchers && !clientCan.clientWatches)
    void connection.client.register(DidChangeWatchedFilesNotification.type, { watchers: [{ globPattern: '**/{*.yaml,*.yml,*.graphql,*.sql,.env}' }] });
  if (clientCan.folders) {
    connection.workspace.onDidChangeWorkspaceFolders((event) => {
      const removed = new Set(event.removed.map((f) => uriToPath(f.uri)));
      folders = [...folders.filter((f) => !removed.has(f)), ...event.added.map((f) => uriToPath(f.uri)).filter((p): p is string => p !== undefined)];
      background('the start-up check', () => workspace.startUp(folders));
    });
  }
  // Files are parsed while the settings are asked for; the check waits for them.
  background('the start-up check', () => workspace.startUp(folders, DiskParseStore.open(storeFile(folders)), refreshSettings()).then(keepCacheBounded));
});

/** `graphqlMetadata.cache.maxSizeMB` as last read (undefined: GRAPHQL_METADATA_CACHE_MAX_MB, else the default). */
let cacheMaxMb: unknown;
/** The GraphQL schema's settings (engine version, naming convention), read with the others. */
let schemaSettings: SchemaSettings = {
  engineVersion: LATEST_V2,
  namingConvention: 'hasura-default',
  inferFunctionPermissions: true,
  remoteSchemaPermissions: false,
  remoteSchemas: {},
};
/** The SDL files `graphqlMetadata.remoteSchemas` names (a change of one on disk reads the settings again). */
let remoteSchemaFiles: ReadonlySet<string> = new Set();

/** The cache folder back within its bound, after what writes to it: a model build, the start-up's parse store. */
function keepCacheBounded(): void {
  pruneCache(cacheFolder(), cacheMaxBytes(cacheMaxMb, process.env));
}

/** Settings pushed with didChangeConfiguration (clients that do not answer workspace/configuration). */
let pushedSettings: unknown;
let reportedProblems = '';

async function refreshSettings(): Promise<void> {
  let settings: unknown = (pushedSettings as { graphqlMetadata?: unknown } | undefined)?.graphqlMetadata;
  if (clientCan.configuration) {
    try {
      settings = await connection.workspace.getConfiguration('graphqlMetadata');
    } catch (error) {
      connection.console.warn(`Reading the graphqlMetadata settings failed (${describeError(error)}): the defaults apply.`);
      settings = undefined;
    }
  }
  const { overrides, problems } = readSeverity(settings);
  workspace.severity = overrides;
  // In Restricted Mode the workspace's settings name no file for the server to read (as the database settings).
  const remote = trusted ? readRemoteSchemaSdl(settings, folders[0], disk) : { sdl: {}, files: new Set<string>(), problems: [] };
  remoteSchemaFiles = remote.files;
  // Each mistake is shown once, not again on every unrelated settings change.
  const text = [...problems, ...remote.problems].join(' ');
  // A notification (no buttons): every LSP client shows it, none has to answer.
  if (text !== '' && text !== reportedProblems) void connection.sendNotification(ShowMessageNotification.type, { type: MessageType.Warning, message: text });
  reportedProblems = text;
  workspace.setEngineVersion(readEngineVersion(settings));
  const environment = { ...readSchemaEnvironment(settings), remoteSchemas: remote.sdl };
  schemaSettings = { engineVersion: readEngineVersion(settings), ...environment };
  workspace.setSchemaEnvironment(environment);
  cacheMaxMb = readCacheMaxMb(settings);
  features.operations = { role: readOperationsRole(settings) };
  workspace.setDatabaseSettings(readDatabaseSettings(settings, trusted));
}

connection.onDidChangeConfiguration((params) => {
  pushedSettings = params.settings;
  background('the check after a settings change', () => refreshSettings().then(() => workspace.rediscover()));
});

documents.onDidChangeContent((event) => {
  const path = uriToPath(event.document.uri);
  if (!path) return;
  host.set(path, event.document.getText());
  schedule(path);
});

documents.onDidClose((event) => {
  const path = uriToPath(event.document.uri);
  if (!path) return;
  host.delete(path);
  schedule(path);
});

connection.onDidChangeWatchedFiles((event) => {
  let remoteSdl = false;
  for (const change of event.changes) {
    const path = uriToPath(change.uri);
    if (path) {
      disk.invalidate(path);
      // A file deleted on disk leaves the project even while an editor still shows it (VS Code keeps
      // the document open, its tab marked deleted) until the document is edited again.
      if (change.type === FileChangeType.Deleted) host.delete(path);
      if (remoteSchemaFiles.has(path)) remoteSdl = true;
    }
    schedule(path);
  }
  // A remote schema's SDL (graphqlMetadata.remoteSchemas) changed: read again, the schemas made again with it.
  if (remoteSdl) background('the check after a remote schema SDL changed', () => refreshSettings().then(() => workspace.rediscover()));
});

/**
 * The custom requests, typed once in common/protocol.ts. Its types are vscode-jsonrpc 10's (the
 * client's); this connection is built on vscode-languageserver's own copy (9), whose classes are
 * nominally other types, so a request is registered by its method name and typed by the protocol.
 */
function onRequest<P, R>(type: RequestType<P, R, void> | RequestType0<R, void>, handler: (params: P) => R | Promise<R>): void {
  connection.onRequest(type.method, guard(type.method, handler));
}
onRequest(listRootsRequest, () => ({ roots: [...workspace.rootPaths] }));
onRequest(projectFactsRequest, (params) => commands.projectFacts(params));
onRequest(editForOperationRequest, (params) => commands.editForOperation(params));
onRequest(untrackedTablesRequest, (params) => commands.untrackedTables(params));
onRequest(trackTablesRequest, (params) => commands.trackTables(params));
onRequest(localMetadataRequest, (params) => sync.localMetadata(params));
onRequest(planExportRequest, (params) => sync.planExport(params));
onRequest(engineFindingsRequest, (params) => sync.engineFindings(params));
onRequest(graphqlRolesRequest, (params) => graphqlRolesFor(params, workspace.rootPaths, (root) => workspace.result(root)));
const schemaWorker = new SchemaSdlWorker();
onRequest(graphqlSchemaRequest, (params) =>
  graphqlSchemaFor(
    params,
    workspace.rootPaths,
    (root) => workspace.result(root),
    schemaSettings,
    (metadata, models, options, key) => schemaWorker.sdl(metadata, models, options, key),
  ),
);

connection.onDefinition(guard('textDocument/definition', (params: DefinitionParams) => onDefinition(features, params)));
connection.onReferences(guard('textDocument/references', (params: ReferenceParams) => onReferences(features, params)));
connection.onPrepareRename(guard('textDocument/prepareRename', (params: PrepareRenameParams) => onPrepareRename(features, params)));
connection.onRenameRequest(guard('textDocument/rename', (params: RenameParams) => onRename(features, params)));
connection.onDocumentSymbol(guard('textDocument/documentSymbol', (params: DocumentSymbolParams) => onDocumentSymbols(features, params)));
connection.onHover(guard('textDocument/hover', (params: HoverParams) => onHover(features, params)));
connection.onCompletion(guard('textDocument/completion', (params: CompletionParams) => onCompletion(features, params)));
connection.onCodeAction(guard('textDocument/codeAction', (params: CodeActionParams) => onCodeAction(features, params)));
connection.onDocumentLinks(guard('textDocument/documentLink', (params: DocumentLinkParams) => onDocumentLinks(features, params)));

documents.listen(connection);
connection.listen();
