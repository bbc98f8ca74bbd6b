/**
 * Export From Server, Apply To Server, Diff With Server, Reload Metadata, Show Inconsistencies: the
 * whole metadata between a metadata folder and its server. The language server builds the JSON the
 * folder describes, plans an export's files and places the server's complaints on the local lines;
 * this side talks to the server, previews, and writes the export as one workspace edit.
 */
import * as vscode from 'vscode';
import type { ApiError } from '../../../common/api/errors';
import { exportMetadataV2, getInconsistentMetadata, reloadMetadata, replaceMetadata } from '../../../common/api/manage';
import type { InconsistencyReport } from '../../../common/api/manage';
import type { MetadataRequest } from '../../../common/api/types';
import { listRootsRequest, localMetadataRequest, planExportRequest, projectFactsRequest, serverFindingsRequest } from '../../../common/protocol';
import type {
  LocalMetadataParams,
  PlanExportParams,
  PlacedProblem,
  PlanExportResult,
  PlannedFile,
  ProjectFactsResult,
  ServerFindingsParams,
  ServerFindingsResult,
} from '../../../common/protocol';
import { isInside, toCorePath } from '../../../common/paths';
import type { Args } from './args';
import { argumentObject, booleanArg, stringArg } from './args';
import type { Session } from './connection';
import type { CommandContext, CommandFactory, Result } from './context';
import { resourceOf } from './context';
import type { DiffSides } from './exportPreview';
import { openChanges, previewExport } from './exportPreview';
import { applyFailureMessage, isAboutTheMetadata } from './failureText';
import { refusal, tell } from './flow';
import { chooseTarget, uriOf } from './project';
import { applyEditSafely } from '../safeEdit';
import type { EditPlan } from '../safeEdit';
import { confirm } from './prompts';
import type { ExportRecord } from './syncText';
import {
  conflictMessage,
  diffCounts,
  exportCounts,
  exportRecordKey,
  inconsistenciesMessage,
  localErrorsMessage,
  placementMessage,
  planCounts,
  rememberedVersion,
  reloadArgs,
  resourceVersionArg,
} from './syncText';

const NO_ROOT = 'No metadata folder (a folder with version.yaml saying version: 3) is open.';
const SHOW_DIFF = 'Show Diff';
const SHOW_PROBLEMS = 'Show Problems';

/** A metadata folder and a connection to its server. */
interface Ready {
  readonly args: Args;
  readonly root: string;
  readonly session: Session;
  /** The folder as shown to people (relative to the workspace). */
  readonly folder: string;
  readonly host: string;
}

type Plan = Exclude<PlanExportResult, { error: string }>;

/** `{root?}` or the folder of the active editor / the only one / the one picked; then the connection. */
async function prepare(ctx: CommandContext, arg: unknown): Promise<Ready | Result> {
  const args = argumentObject(arg);
  const target = await syncTarget(ctx, args, resourceOf(arg, vscode.Uri));
  if (!target) return tell('not-run', NO_ROOT);
  const opened = await ctx.connections.open(target);
  if (!opened.ok) return tell('not-run', opened.message);
  return { args, root: target.root, session: opened.session, folder: shown(target.root), host: opened.session.url.host };
}

async function syncTarget(ctx: CommandContext, args: Args, resource: vscode.Uri | undefined): Promise<{ root: string; folder?: vscode.WorkspaceFolder; facts?: NonNullable<ProjectFactsResult> } | undefined> {
  const given = stringArg(args, 'root');
  if (given === undefined) return chooseTarget(ctx, resource);
  await ctx.ready();
  const root = toCorePath(given);
  const { roots } = await ctx.client.sendRequest(listRootsRequest);
  if (!roots.includes(root)) return undefined;
  const facts = await ctx.client.sendRequest(projectFactsRequest, { root });
  const folder = vscode.workspace.getWorkspaceFolder(uriOf(root));
  return { root, ...(facts ? { facts } : {}), ...(folder ? { folder } : {}) };
}

function shown(file: string): string {
  return vscode.workspace.asRelativePath(uriOf(file), false);
}

function isReady(value: Ready | Result): value is Ready {
  return 'session' in value;
}

/** A request that answers within this time shows no progress notification (no flicker of toasts). */
const PROGRESS_DELAY_MS = 400;

/** Sends one request and logs it; when it takes a while, a progress notification offers to cancel it. */
async function call<R>(ctx: CommandContext, ready: Ready, request: MetadataRequest<R>): Promise<{ ok: true; data: R } | { ok: false; error: ApiError }> {
  ctx.log.info(`${request.type} -> ${ready.session.origin}`);
  const controller = new AbortController();
  const running = ready.session.client.run(request, { signal: controller.signal });
  const slow = setTimeout(() => {
    void vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: `${request.type} on ${ready.host}…`, cancellable: true }, (_progress, token) => {
      token.onCancellationRequested(() => controller.abort());
      return running;
    });
  }, PROGRESS_DELAY_MS);
  const result = await running.finally(() => clearTimeout(slow));
  if (!result.ok) ctx.log.error(`${request.type} failed (${result.error.kind}): ${result.error.message}`);
  return result;
}

interface ServerExport {
  readonly metadata: Record<string, unknown>;
  readonly resourceVersion: number;
}

async function fetchExport(ctx: CommandContext, ready: Ready): Promise<ServerExport | Result> {
  const result = await call(ctx, ready, exportMetadataV2());
  if (!result.ok) return refusal(result.error);
  const { metadata, resource_version } = result.data;
  if (metadata === null || typeof metadata !== 'object' || Array.isArray(metadata)) return tell('failed', `${ready.host} answered export_metadata without a metadata object.`);
  return { metadata, resourceVersion: typeof resource_version === 'number' ? resource_version : 0 };
}

async function planFor(ctx: CommandContext, ready: Ready, server: ServerExport): Promise<Plan | Result> {
  const params: PlanExportParams = { root: ready.root, metadata: server.metadata };
  const plan = await ctx.client.sendRequest(planExportRequest, params);
  if ('error' in plan) return tell('failed', plan.error);
  for (const warning of plan.warnings) {
    ctx.log.warn(warning);
    void vscode.window.showWarningMessage(warning);
  }
  return plan;
}

/** The diff of a planned file: the local file (or nothing) on the left, the server's text (or nothing) on the right. */
function sidesOf(ctx: CommandContext, ready: Ready, file: PlannedFile): DiffSides {
  const left = file.kind === 'create' ? ctx.serverFiles.absentLocal(ready.root, file.rel) : uriOf(file.file);
  const right = ctx.serverFiles.put(ready.host, ready.root, file.rel, file.after);
  return { left, right, title: `${file.rel} (local ↔ ${ready.host})` };
}

function remember(ctx: CommandContext, ready: Ready, resourceVersion: number): Thenable<void> {
  const record: ExportRecord = { url: ready.session.url.href, resourceVersion };
  return ctx.workspaceState.update(exportRecordKey(ready.root), record);
}

function dirtyUnder(root: string): vscode.TextDocument[] {
  return vscode.workspace.textDocuments.filter((d) => d.isDirty && d.uri.scheme === 'file' && isInside(toCorePath(d.uri.fsPath), root));
}

function listFiles(documents: readonly vscode.TextDocument[]): string {
  return documents.map((d) => vscode.workspace.asRelativePath(d.uri, false)).join(', ');
}

/* ---- Export From Server ---- */

/** `{root?, confirm?: true}`: without `confirm`, a preview lists every file and shows its diff before anything is written. */
export const exportFromServer: CommandFactory = (ctx) => async (arg) => {
  const ready = await prepare(ctx, arg);
  if (!isReady(ready)) return ready;
  const dirty = dirtyUnder(ready.root);
  if (dirty.length > 0) return tell('not-run', `Save or revert ${listFiles(dirty)} first: the export would overwrite ${ready.folder}.`);
  const server = await fetchExport(ctx, ready);
  if (!('resourceVersion' in server)) return server;
  const plan = await planFor(ctx, ready, server);
  if (!('emptiedFolders' in plan)) return plan;
  const from = `${ready.host} (resource_version ${server.resourceVersion})`;
  if (plan.files.length === 0) {
    await remember(ctx, ready, server.resourceVersion);
    return told('done', `No changes: ${ready.folder} already matches ${from}.`);
  }
  const sides = (file: PlannedFile): DiffSides => sidesOf(ctx, ready, file);
  if (booleanArg(ready.args, 'confirm') !== true) await previewExport(`Export From Server: ${from} → ${ready.folder}`, plan.files, sides);
  const stale = await staleFile(plan.files);
  if (stale !== undefined) return tell('failed', `${shown(stale.file)} changed after the export was planned; nothing was written. Run Export From Server again.`);
  const written = await applyEditSafely(exportEdit(plan));
  if (!written.ok) {
    ctx.log.warn(`Export From Server failed half way; put back: ${written.undone.join(', ') || 'nothing'}.`);
    return tell('local-failed', exportFailure(ready.folder, written.reason, written.notRestored));
  }
  await removeEmptied(plan.emptiedFolders);
  await remember(ctx, ready, server.resourceVersion);
  const message = `Exported ${from} to ${ready.folder}: ${exportCounts(planCounts(plan.files))}.`;
  ctx.log.info(message);
  return { ...told('done', message), files: plan.files.map((f) => f.file) };
};

/** The first planned file whose local state is no longer what the plan was made from. */
async function staleFile(files: readonly PlannedFile[]): Promise<PlannedFile | undefined> {
  for (const file of files) {
    const uri = uriOf(file.file);
    const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
    if (open?.isDirty) return file;
    const text = await diskText(uri);
    if (text !== (file.kind === 'create' ? undefined : file.before)) return file;
  }
  return undefined;
}

async function diskText(uri: vscode.Uri): Promise<string | undefined> {
  try {
    return new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
  } catch {
    return undefined;
  }
}

/**
 * One edit, undone by one undo: an updated file is a text edit of its whole text (undo restores
 * the old text; a file operation that overwrites is undone by deleting the file), then the deleted
 * files, then the new files (created with their contents; an existing one fails the edit).
 */
function exportEdit(plan: Plan): EditPlan {
  const edit = new vscode.WorkspaceEdit();
  const metadata: vscode.WorkspaceEditEntryMetadata = { label: 'Export From Server', needsConfirmation: false };
  const encoder = new TextEncoder();
  const byKind = (kind: PlannedFile['kind']): PlannedFile[] => plan.files.filter((f) => f.kind === kind);
  for (const file of byKind('update')) {
    const edits = [vscode.TextEdit.replace(wholeText(file.before ?? ''), file.after ?? '')];
    if (/\r/.test(file.before ?? '')) edits.push(vscode.TextEdit.setEndOfLine(vscode.EndOfLine.LF));
    edit.set(uriOf(file.file), edits.map((e) => [e, metadata] as [vscode.TextEdit, vscode.WorkspaceEditEntryMetadata]));
  }
  for (const file of byKind('delete')) edit.deleteFile(uriOf(file.file), { ignoreIfNotExists: true }, metadata);
  for (const file of byKind('create')) edit.createFile(uriOf(file.file), { overwrite: false, contents: encoder.encode(file.after ?? '') }, metadata);
  const created = byKind('create').map((f) => f.file);
  return { edit, files: plan.files.map((f) => f.file), writes: created };
}

/** The range of a document's whole text (its text as on disk: the export refuses unsaved documents). */
function wholeText(text: string): vscode.Range {
  const lines = text.split(/\r\n|\r|\n/);
  return new vscode.Range(0, 0, lines.length - 1, lines.at(-1)!.length);
}

/** The folders under databases/ the export emptied (a dropped source): removed once empty (undo recreates a folder with its files). */
async function removeEmptied(folders: readonly string[]): Promise<void> {
  for (const folder of folders) {
    const uri = uriOf(folder);
    const entries = await vscode.workspace.fs.readDirectory(uri).then(undefined, () => undefined);
    if (entries?.length === 0) await vscode.workspace.fs.delete(uri, { recursive: false, useTrash: false }).then(undefined, () => undefined);
  }
}

function exportFailure(folder: string, reason: string, notRestored: readonly string[]): string {
  const after = notRestored.length === 0 ? `Every file it had changed was put back: ${folder} is as it was.` : `${notRestored.join(', ')} could not be put back as they were: check them.`;
  return `Export From Server could not write ${folder}: ${reason}. ${after}`;
}

/* ---- Diff With Server ---- */

/** `{root?}`: every file that differs, side by side (local ↔ server) in one changes editor. */
export const diffWithServer: CommandFactory = (ctx) => async (arg) => {
  const ready = await prepare(ctx, arg);
  if (!isReady(ready)) return ready;
  const server = await fetchExport(ctx, ready);
  if (!('resourceVersion' in server)) return server;
  const plan = await planFor(ctx, ready, server);
  if (!('emptiedFolders' in plan)) return plan;
  const from = `${ready.host} (resource_version ${server.resourceVersion})`;
  if (plan.files.length === 0) return told('done', `No differences between ${ready.folder} and ${from}.`);
  await openChanges(`${ready.folder} ↔ ${from}`, plan.files, (file) => sidesOf(ctx, ready, file));
  const message = `${diffCounts(planCounts(plan.files), ready.folder)}; ${from}.`;
  ctx.log.info(message);
  return { status: 'done', message, files: plan.files.map((f) => f.file) };
};

/* ---- Apply To Server ---- */

/**
 * `{root?, confirm?: true, resource_version?}`: replace_metadata (version 2, inconsistencies not
 * allowed) with the JSON the folder describes, guarded by the resource version of its last export.
 */
export const applyToServer: CommandFactory = (ctx) => async (arg) => {
  const ready = await prepare(ctx, arg);
  if (!isReady(ready)) return ready;
  const confirmed = booleanArg(ready.args, 'confirm') === true;
  const saved = await saveFirst(ready, confirmed);
  if (saved) return saved;
  const params: LocalMetadataParams = { root: ready.root };
  const local = await ctx.client.sendRequest(localMetadataRequest, params);
  if ('error' in local) return tell('failed', local.error);
  if (local.errors.length > 0) return refuseLocalErrors(ready, local.errors);
  const resourceVersion = resourceVersionArg(ready.args) ?? rememberedVersion(ctx.workspaceState.get(exportRecordKey(ready.root)), ready.session.url.href);
  if (!confirmed) await confirmApply(ready, resourceVersion);
  const request = replaceMetadata({ metadata: local.metadata, ...(resourceVersion === undefined ? {} : { resourceVersion }) });
  const result = await call(ctx, ready, request);
  if (!result.ok) return rejected(ctx, ready, result.error, resourceVersion);
  await sendComplaint(ctx, { root: ready.root });
  const next = resourceVersion === undefined ? await currentVersion(ctx, ready) : resourceVersion + 1;
  if (next !== undefined) await remember(ctx, ready, next);
  const message = `Applied ${ready.folder} to ${ready.host}${next === undefined ? '' : ` (now resource_version ${next})`}.`;
  ctx.log.info(message);
  return told('done', message);
};

/** Unsaved files of the folder are saved first (asked, unless confirmed): apply sends what is on disk and in the editors alike. */
async function saveFirst(ready: Ready, confirmed: boolean): Promise<Result | undefined> {
  const dirty = dirtyUnder(ready.root);
  if (dirty.length === 0) return undefined;
  if (!confirmed) await confirm(`Save ${dirty.length} unsaved file${dirty.length === 1 ? '' : 's'} of ${ready.folder} before applying?`, listFiles(dirty), 'Save and apply');
  const results = await Promise.all(dirty.map((d) => d.save()));
  return results.every(Boolean) ? undefined : tell('failed', `Could not save ${listFiles(dirty.filter((d) => d.isDirty))}; nothing was applied.`);
}

function refuseLocalErrors(ready: Ready, errors: readonly PlacedProblem[]): Result {
  const message = localErrorsMessage(ready.folder, errors, shown);
  offerProblems(message, true, 'error');
  return { status: 'not-run', message, files: [...new Set(errors.map((e) => e.file))] };
}

async function confirmApply(ready: Ready, resourceVersion: number | undefined): Promise<void> {
  const detail = resourceVersion === undefined
    ? `No export from ${ready.host} is recorded for this folder, so the server's metadata is replaced whatever it holds now. Export From Server first to have the server refuse when someone else changed it.`
    : `The server refuses (and nothing changes) if its metadata changed since resource_version ${resourceVersion}, your last export.`;
  await confirm(`Replace the metadata on ${ready.host} with ${ready.folder}?`, detail, 'Apply');
}

/** The version after an apply that was not guarded by one: as export_metadata reports it now. */
async function currentVersion(ctx: CommandContext, ready: Ready): Promise<number | undefined> {
  const result = await ready.session.client.run(exportMetadataV2());
  if (!result.ok) ctx.log.warn(`Could not read the resource version after applying: ${result.error.message}`);
  return result.ok && typeof result.data.resource_version === 'number' ? result.data.resource_version : undefined;
}

async function rejected(ctx: CommandContext, ready: Ready, error: ApiError, resourceVersion: number | undefined): Promise<Result> {
  if (error.kind === 'conflict') {
    const message = conflictMessage(ready.host, resourceVersion);
    void vscode.window.showErrorMessage(message, SHOW_DIFF).then((choice) => (choice === SHOW_DIFF ? vscode.commands.executeCommand('graphqlMetadata.diffWithServer', { root: ready.root }) : undefined));
    return { status: 'refused', message, errorKind: error.kind };
  }
  if (!isAboutTheMetadata(error)) return refusal({ ...error, message: applyFailureMessage(error, ready.folder, ready.host) });
  const report = await sendComplaint(ctx, {
    root: ready.root,
    error: { ...(error.path !== undefined ? { path: error.path } : {}), message: error.serverMessage ?? error.message, ...(error.internal !== undefined ? { internal: error.internal } : {}) },
  });
  const placed = 'placed' in report ? report : { placed: [], unplaced: [] };
  const message = `The server rejected ${ready.folder}; nothing was applied. ${error.message} ${placementMessage(placed.placed, placed.unplaced, shown)}`.trim();
  offerProblems(message, placed.placed.length > 0, 'error');
  return { status: 'refused', message, errorKind: error.kind, files: [...new Set(placed.placed.map((p) => p.file))], notes: placed.unplaced.map((u) => u.message) };
}

/* ---- Show Inconsistencies, Reload Metadata ---- */

/** `{root?}`: get_inconsistent_metadata, each object a diagnostic on the local line that defines it. */
export const showInconsistencies: CommandFactory = (ctx) => async (arg) => {
  const ready = await prepare(ctx, arg);
  if (!isReady(ready)) return ready;
  const result = await call(ctx, ready, getInconsistentMetadata());
  if (!result.ok) return refusal(result.error);
  return report(ctx, ready, result.data, '');
};

/** `{root?, reload_remote_schemas?, reload_sources?, recreate_event_triggers?}`: reload_metadata, then its inconsistencies as diagnostics. */
export const reloadServerMetadata: CommandFactory = (ctx) => async (arg) => {
  const ready = await prepare(ctx, arg);
  if (!isReady(ready)) return ready;
  const result = await call(ctx, ready, reloadMetadata(reloadArgs(ready.args)));
  if (!result.ok) return refusal(result.error);
  let data: InconsistencyReport = { is_consistent: result.data.is_consistent !== false, inconsistent_objects: result.data.inconsistent_objects ?? [] };
  if (!data.is_consistent && data.inconsistent_objects.length === 0) {
    const listed = await call(ctx, ready, getInconsistentMetadata());
    if (!listed.ok) return refusal(listed.error);
    data = listed.data;
  }
  return report(ctx, ready, data, `Reloaded the metadata on ${ready.host}. `);
};

async function report(ctx: CommandContext, ready: Ready, data: InconsistencyReport, lead: string): Promise<Result> {
  const objects = Array.isArray(data.inconsistent_objects) ? data.inconsistent_objects : [];
  const placed = await sendComplaint(ctx, { root: ready.root, inconsistentObjects: objects });
  if ('error' in placed) return tell('failed', placed.error);
  const message = lead + inconsistenciesMessage(ready.host, placed.placed, placed.unplaced, shown);
  ctx.log.info(message);
  if (objects.length === 0) void vscode.window.showInformationMessage(message);
  else offerProblems(message, placed.placed.length > 0, 'warning');
  return { status: 'done', message, files: [...new Set(placed.placed.map((p) => p.file))], notes: placed.unplaced.map((u) => u.message) };
}

function sendComplaint(ctx: CommandContext, params: ServerFindingsParams): Promise<ServerFindingsResult> {
  return ctx.client.sendRequest(serverFindingsRequest, params);
}

function offerProblems(message: string, placed: boolean, level: 'error' | 'warning'): void {
  const show = level === 'error' ? vscode.window.showErrorMessage : vscode.window.showWarningMessage;
  const buttons = placed ? [SHOW_PROBLEMS] : [];
  void show(message, ...buttons).then((choice) => (choice === SHOW_PROBLEMS ? vscode.commands.executeCommand('workbench.actions.view.problems') : undefined));
}

function told(status: Result['status'], message: string): Result {
  void vscode.window.showInformationMessage(message);
  return { status, message };
}
