/**
 * The one typed protocol shared by the VS Code client and the language server: every custom
 * notification and request, typed once with vscode-jsonrpc's `NotificationType`/`RequestType` (as
 * vscode-eslint does), and their payloads. No vscode or language-server imports, so both sides and
 * the tests can use it. The payload types of the server commands are the core's
 * (core/edits/operations.ts, through the core's front door core/index.ts), re-exported here.
 */
import { NotificationType, RequestType, RequestType0 } from 'vscode-jsonrpc';
import type { FileOperation, MetadataOperation, ProjectFacts } from '../server/src/core';

export type { AddSourceArgs, MetadataOperation, ProjectFacts, RelationshipInfo, SourceKind, TableInfo, TableRef } from '../server/src/core';

export interface RootStatus {
  /** Absolute path of the metadata root folder (the one holding version.yaml). */
  readonly root: string;
  readonly errors: number;
  readonly warnings: number;
  /** Files of the root that were read (YAML + GraphQL). */
  readonly files: number;
  /** Where each Postgres source's database model came from: `from migrations: 254/256 applied`, `off`, ... */
  readonly databases?: readonly {
    readonly source: string;
    readonly status: string;
    /** A database model was built (Track Tables… can run). */ readonly model: boolean;
  }[];
}

export interface StatusParams {
  /** 'checking' while a check is under way, 'ready' when all diagnostics of this pass are out. */
  readonly state: 'checking' | 'ready';
  readonly roots: readonly RootStatus[];
  /** Folders that hold a version.yaml that is not a config v3 root, with the reason. */
  readonly problems: readonly { readonly path: string; readonly message: string }[];
  /**
   * On the 'ready' that ends the re-check after edits: milliseconds from the last edit the server
   * received to this status, without the debounce wait (the server-side latency of an edit).
   */
  readonly editMs?: number;
}

/** Server -> client: the state of the metadata roots, for the status bar. */
export const statusNotification = new NotificationType<StatusParams>('graphqlMetadata/status');

export interface ListRootsResult {
  readonly roots: readonly string[];
}
/** Client -> server: list the metadata roots the server knows (used by commands). */
export const listRootsRequest = new RequestType0<ListRootsResult, void>('graphqlMetadata/listRoots');

/* ---- Server commands (Add Source, Rename Relationship, ...): facts for prompts, local edits ---- */

export interface ProjectFactsParams {
  /** The metadata root; default: the root of `file`, else the only root. */
  readonly root?: string;
  /** A file being edited (absolute path) and the cursor in it, to tell what the cursor names. */
  readonly file?: string;
  readonly position?: { readonly line: number; readonly character: number };
}

/** `null` when there is no such root (or no root at all). */
export type ProjectFactsResult = ProjectFacts | null;

/** Client -> server: what the project names, to pre-fill the command prompts. */
export const projectFactsRequest = new RequestType<ProjectFactsParams, ProjectFactsResult, void>('graphqlMetadata/projectFacts');

export interface EditForOperationParams {
  readonly root: string;
  readonly operation: MetadataOperation;
}

export interface LspPosition {
  readonly line: number;
  readonly character: number;
}
export interface LspRange {
  readonly start: LspPosition;
  readonly end: LspPosition;
}

/** The text edits of one file, in LSP ranges of its text as the language server read it. */
export interface RangedFileEdits {
  /** Absolute core path. */
  readonly file: string;
  /** The version of the open document the ranges are for; null when it was not open. */
  readonly version: number | null;
  readonly edits: readonly { readonly range: LspRange; readonly newText: string }[];
}

/**
 * The core's change (core/features/types.ts WorkspaceChange) with its spans made ranges by the
 * language server: the text edits of existing files, grouped by file, then the file operations in
 * order (a created file with its text). The client builds its one vscode.WorkspaceEdit from it.
 */
export interface RangedChange {
  readonly edits: readonly RangedFileEdits[];
  readonly files: readonly FileOperation[];
}

export type EditForOperationResult =
  | {
      readonly ok: true;
      /** Absent when the local files need no change. */
      readonly change?: RangedChange;
      /** Files the edit changes, creates, renames or deletes (absolute paths). */
      readonly files: readonly string[];
      /** Things the user should know (e.g. what was left for them to do by hand). */
      readonly notes: readonly string[];
      /**
       * Folders the change leaves empty (a dropped or renamed source's), absolute, deepest first
       * (core/sync/emptied.ts): removed after the edit, each only if it is empty then. Absent: none.
       */
      readonly emptiedFolders?: readonly string[];
    }
  /** Why the local files cannot be updated to match. */
  | { readonly ok: false; readonly error: string };

/** Client -> server: the edit that makes the local files match an operation the server accepted. */
export const editForOperationRequest = new RequestType<EditForOperationParams, EditForOperationResult, void>('graphqlMetadata/editForOperation');

/* ---- Track Tables…: the tables and views a database model has that the metadata does not track ---- */

export interface UntrackedTablesParams {
  /** The metadata root; default: every root. */
  readonly root?: string;
}

export interface UntrackedTablesSource {
  readonly root: string;
  readonly source: string;
  /** The source's tables.yaml (absolute core path). */
  readonly tablesFile: string;
  /** Sorted by `schema.name`; `kind`: table, view, materialized_view, foreign_table, partitioned_table. */
  readonly tables: readonly { readonly schema: string; readonly name: string; readonly kind: string }[];
}

/**
 * `sources`: each Postgres source that has a database model and a tables.yaml (its list may be empty);
 * `withoutTablesFile`: the sources that have a model but no tables.yaml to track tables in.
 */
export type UntrackedTablesResult =
  | {
      readonly ok: true;
      readonly sources: readonly UntrackedTablesSource[];
      readonly withoutTablesFile: readonly { readonly root: string; readonly source: string }[];
    }
  | { readonly ok: false; readonly error: string };

/** Client -> server: per source with a database model, the tables and views it has that no table file tracks. */
export const untrackedTablesRequest = new RequestType<UntrackedTablesParams, UntrackedTablesResult, void>('graphqlMetadata/untrackedTables');

export interface TrackTablesParams {
  readonly root: string;
  readonly source: string;
  readonly tables: readonly { readonly schema: string; readonly name: string }[];
}

/** Client -> server: the change that tracks the tables (a table file each, and its include in tables.yaml), as editForOperation returns it. */
export const trackTablesRequest = new RequestType<TrackTablesParams, EditForOperationResult, void>('graphqlMetadata/trackTables');

/* ---- The GraphQL schema the engine would serve (Show GraphQL Schema for Role…) ---- */

export interface GraphqlSchemaParams {
  /** The metadata root; absent: the only one. */
  readonly root?: string;
  /** Absent: admin. */
  readonly role?: string;
}

export type GraphqlSchemaResult =
  | {
      readonly ok: true;
      readonly root: string;
      readonly role: string;
      /** The schema as SDL (graphql-js's printSchema), headed by comments naming what could not be known offline. */
      readonly sdl: string;
      /** Every role the metadata names (admin first), for the picker. */
      readonly roles: readonly string[];
    }
  | { readonly ok: false; readonly error: string; readonly roles?: readonly string[] };

/** Client -> server: the schema the engine would serve to a role, generated from the metadata and the database models. */
export const graphqlSchemaRequest = new RequestType<GraphqlSchemaParams, GraphqlSchemaResult, void>('graphqlMetadata/graphqlSchema');

export interface GraphqlRolesParams {
  /** The metadata root; absent: the only one. */
  readonly root?: string;
}

export type GraphqlRolesResult =
  | {
      readonly ok: true;
      readonly root: string;
      /** admin, then every role the metadata names, in name order. */
      readonly roles: readonly string[];
    }
  | { readonly ok: false; readonly error: string };

/** Client -> server: the roles whose schema the collections' queries can be completed and explained in (Choose Role for Collection Queries…). */
export const graphqlRolesRequest = new RequestType<GraphqlRolesParams, GraphqlRolesResult, void>('graphqlMetadata/graphqlRoles');

/* ---- Sync with the engine (Export From Server, Apply To Server, Diff With Server, Show Inconsistencies) ---- */

/** A diagnostic-like entry with its place in a local file (0-based line and character). */
export interface PlacedProblem {
  readonly file: string;
  readonly line: number;
  readonly character: number;
  readonly code: string;
  readonly message: string;
}

export interface LocalMetadataParams {
  readonly root: string;
}

export type LocalMetadataResult =
  | {
      readonly ok: true;
      readonly metadata: Readonly<Record<string, unknown>>;
      /** Findings with severity error (the settings' severities applied); apply refuses while there are any. */
      readonly errors: readonly PlacedProblem[];
      readonly files: number;
    }
  | { readonly ok: false; readonly error: string };

/** Client -> server: the metadata JSON the directory describes (as `apply` sends it), and the project's errors. */
export const localMetadataRequest = new RequestType<LocalMetadataParams, LocalMetadataResult, void>('graphqlMetadata/localMetadata');

export interface PlanExportParams {
  readonly root: string;
  /** `metadata` of `export_metadata` version 2. */
  readonly metadata: Readonly<Record<string, unknown>>;
}

export interface PlannedFile {
  /** Absolute path. */
  readonly file: string;
  /** Relative to the root, e.g. `databases/default/tables/public_tag.yaml`. */
  readonly rel: string;
  readonly kind: 'create' | 'update' | 'delete';
  /** The local text (update, delete). */
  readonly before?: string;
  /** The exported text (create, update). */
  readonly after?: string;
}

export type PlanExportResult =
  | {
      readonly ok: true;
      /** Changed files, sorted by `rel`. */
      readonly files: readonly PlannedFile[];
      readonly unchanged: number;
      /** Folders (absolute) under databases/ that the deletions leave empty, deepest first. */
      readonly emptiedFolders: readonly string[];
      /** E.g. top-level keys of the server's metadata that no file holds. */
      readonly warnings: readonly string[];
    }
  | { readonly ok: false; readonly error: string };

/** Client -> server: what writing an export into the root changes (the file plan, with texts). */
export const planExportRequest = new RequestType<PlanExportParams, PlanExportResult, void>('graphqlMetadata/planExport');

export interface EngineFindingsParams {
  readonly root: string;
  /** `get_inconsistent_metadata`'s `inconsistent_objects` (or a rejection's `internal`). */
  readonly inconsistentObjects?: readonly unknown[];
  /** A rejection: its JSON path (`$.args.metadata.sources[0]...`), message and `internal`. */
  readonly error?: { readonly path?: string; readonly message?: string; readonly internal?: unknown };
}

export interface UnplacedObject {
  readonly type: string;
  readonly name?: string;
  readonly message: string;
}

export type EngineFindingsResult =
  | {
      readonly ok: true;
      readonly placed: readonly PlacedProblem[];
      /** Objects the local files do not define (shown without a place). */
      readonly unplaced: readonly UnplacedObject[];
    }
  | { readonly ok: false; readonly error: string };

/**
 * Client -> server: what the engine said about the metadata, shown as diagnostics on the local
 * lines that define each object (codes `server-inconsistent-object`, `server-error`) until the next
 * call for the root. Neither `inconsistentObjects` nor `error`: clears them.
 */
export const engineFindingsRequest = new RequestType<EngineFindingsParams, EngineFindingsResult, void>('graphqlMetadata/engineFindings');
