import type { TextDocuments } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import {
  directoryToMetadata,
  emptiedFolders,
  ExportPathError,
  inconsistencyMessage,
  isJsonObject,
  LineIndex,
  metadataToFiles,
  planWrite,
  readOwnedFiles,
  RULES,
  unexportedKeys,
} from '../core';
import type { FileSystemHost, Finding, RootResult, ServerComplaint } from '../core';
import type {
  LocalMetadataParams,
  LocalMetadataResult,
  PlacedProblem,
  PlanExportParams,
  PlanExportResult,
  PlannedFile,
  EngineFindingsParams,
  EngineFindingsResult,
} from '../../../common/protocol';
import { uriToPath } from './uri';
import type { MetadataWorkspace } from './workspace';

/**
 * The custom requests behind Export From Server, Apply To Server, Diff With Server and Show
 * Inconsistencies: the JSON the directory describes, the file plan of an export, and the engine's
 * complaints as diagnostics. The directory is read as the editor has it (open documents) over the disk.
 */
interface SyncHandlers {
  localMetadata(params: LocalMetadataParams): LocalMetadataResult;
  planExport(params: PlanExportParams): PlanExportResult;
  engineFindings(params: EngineFindingsParams): EngineFindingsResult;
}

export function createSyncHandlers(workspace: MetadataWorkspace, documents: TextDocuments<TextDocument>, disk: FileSystemHost): SyncHandlers {
  const notRoot = (root: string): { ok: false; error: string } | undefined =>
    workspace.rootPaths.includes(root) ? undefined : { ok: false, error: `${root} is not a metadata root of this workspace.` };
  return {
    localMetadata: (params) => {
      const result = workspace.checkedNow(params.root);
      if (result === undefined) return notRoot(params.root) ?? { ok: false, error: `${params.root} has no check result.` };
      // As `graphql-metadata apply` does: the database models (which may lag the live database) do not refuse an apply.
      const errors = placeAll(
        result,
        result.findings.filter((f) => f.severity === 'error' && !DATABASE_CODES.has(f.code)),
      );
      return { ok: true, metadata: directoryToMetadata(result).metadata, errors, files: result.project.files.size };
    },
    planExport: (params) => notRoot(params.root) ?? planExport(liveHost(documents, disk), params),
    engineFindings: (params) => {
      const refused = notRoot(params.root);
      if (refused) return refused;
      const report = workspace.setEngineComplaint(params.root, complaintOf(params));
      if (report === undefined) return { ok: false, error: `${params.root} is not a metadata root of this workspace.` };
      const result = workspace.result(params.root);
      return {
        ok: true,
        placed: result ? placeAll(result, report.findings) : [],
        unplaced: report.unplaced.map((o) => ({ type: o.type, ...(o.name !== undefined ? { name: o.name } : {}), message: inconsistencyMessage(o) })),
      };
    },
  };
}

/** The codes of the rules that judge against the database models. */
const DATABASE_CODES: ReadonlySet<string> = new Set(RULES.filter((r) => r.requires === 'databases').flatMap((r) => r.codes));

/** Open documents' current text over the disk (an export is planned against what the editor shows). */
function liveHost(documents: TextDocuments<TextDocument>, disk: FileSystemHost): FileSystemHost {
  const open = new Map(documents.all().map((d) => [uriToPath(d.uri), d]));
  return {
    readFile: (path) => {
      const doc = open.get(path);
      return doc ? { kind: 'text', text: doc.getText() } : disk.readFile(path);
    },
    readDir: (path) => disk.readDir(path),
    realPath: (path) => disk.realPath(path),
  };
}

/** What the client sent as a complaint; none (or an empty list) forgets the root's complaints. */
function complaintOf(params: EngineFindingsParams): ServerComplaint | undefined {
  const error = params.error;
  if (error) {
    return {
      ...(error.internal !== undefined ? { objects: error.internal } : {}),
      ...(error.path !== undefined ? { path: error.path } : {}),
      ...(error.message !== undefined ? { message: error.message } : {}),
    };
  }
  const objects = params.inconsistentObjects ?? [];
  return objects.length > 0 ? { objects } : undefined;
}

/** The export's files against the folder's, with texts; the folders its deletions empty. */
export function planExport(host: FileSystemHost, params: PlanExportParams): PlanExportResult {
  if (!isJsonObject(params.metadata)) return { ok: false, error: 'The server sent no metadata object.' };
  const metadata = params.metadata;
  let files: Map<string, string>;
  try {
    files = metadataToFiles(metadata);
  } catch (error) {
    if (error instanceof ExportPathError) return { ok: false, error: `Cannot export: ${error.message}` };
    throw error;
  }
  const existing = readOwnedFiles(host, params.root);
  const plan = planWrite(existing, files);
  const entry = (rel: string, kind: PlannedFile['kind']): PlannedFile => {
    const before = existing.get(rel);
    const after = files.get(rel);
    return {
      file: `${params.root}/${rel}`,
      rel,
      kind,
      ...(before !== undefined && kind !== 'create' ? { before } : {}),
      ...(after !== undefined && kind !== 'delete' ? { after } : {}),
    };
  };
  const planned = [...plan.create.map((r) => entry(r, 'create')), ...plan.update.map((r) => entry(r, 'update')), ...plan.delete.map((r) => entry(r, 'delete'))];
  planned.sort((a, b) => (a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : 0));
  return {
    ok: true,
    files: planned,
    unchanged: plan.unchanged.length,
    emptiedFolders: emptiedFolders(host, params.root, plan).map((folder) => `${params.root}/${folder}`),
    warnings: unexportedKeys(metadata).map((key) => `The server's metadata has a key \`${key}\` that no file holds; it is not written.`),
  };
}

function placeAll(result: RootResult, findings: readonly Finding[]): PlacedProblem[] {
  const indexes = new Map<string, LineIndex>();
  return findings.map((f) => {
    let index = indexes.get(f.file);
    if (!index) indexes.set(f.file, (index = new LineIndex(result.project.files.get(f.file)?.text ?? '')));
    const { line, character } = index.positionAt(f.span.start);
    return { file: f.file, line, character, code: f.code, message: f.message };
  });
}
