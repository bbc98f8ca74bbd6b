/**
 * What the sync commands (Export From Server, Diff With Server, Apply To Server, Reload Metadata,
 * Show Inconsistencies; one file each) share: the folder and its engine connection, the logged
 * request, the export and its file plan from the language server, and the messages.
 */
import * as vscode from 'vscode';
import type { ApiError } from '../../../../common/api/errors';
import { exportMetadataV2 } from '../../../../common/api/manage';
import type { MetadataRequest } from '../../../../common/api/types';
import { engineFindingsRequest, listRootsRequest, planExportRequest, projectFactsRequest } from '../../../../common/protocol';
import type {
  EngineFindingsParams,
  EngineFindingsResult,
  PlanExportParams,
  PlanExportResult,
  PlannedFile,
  ProjectFactsResult,
} from '../../../../common/protocol';
import { isInside, toCorePath } from '../../../../common/paths';
import type { Args } from '../args';
import { argumentObject, stringArg } from '../args';
import type { EngineSession } from '../connection';
import type { CommandContext, Result } from '../context';
import { resourceOf } from '../context';
import type { DiffSides } from '../exportPreview';
import { refusal, tell } from '../flow';
import { chooseTarget, uriOf } from '../project';
import type { ExportRecord } from '../syncText';
import { exportRecordKey } from '../syncText';

const NO_ROOT = 'No metadata folder (a folder with version.yaml saying version: 3) is open.';
const SHOW_PROBLEMS = 'Show Problems';

/** A metadata folder and a connection to its server. */
export interface Ready {
  readonly args: Args;
  readonly root: string;
  readonly session: EngineSession;
  /** The folder as shown to people (relative to the workspace). */
  readonly folder: string;
  readonly host: string;
}

export type Plan = Extract<PlanExportResult, { ok: true }>;

/** `{root?}` or the folder of the active editor / the only one / the one picked; then the connection. */
export async function prepare(ctx: CommandContext, arg: unknown): Promise<Ready | Result> {
  const args = argumentObject(arg);
  const target = await syncTarget(ctx, args, resourceOf(arg, vscode.Uri));
  if (!target) return tell('not-run', NO_ROOT);
  const opened = await ctx.connections.open(target);
  if (!opened.ok) return tell('not-run', opened.message);
  return { args, root: target.root, session: opened.session, folder: shown(target.root), host: opened.session.url.host };
}

async function syncTarget(
  ctx: CommandContext,
  args: Args,
  resource: vscode.Uri | undefined,
): Promise<{ root: string; folder?: vscode.WorkspaceFolder; facts?: NonNullable<ProjectFactsResult> } | undefined> {
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

export function shown(file: string): string {
  return vscode.workspace.asRelativePath(uriOf(file), false);
}

export function isReady(value: Ready | Result): value is Ready {
  return 'session' in value;
}

/** A request that answers within this time shows no progress notification (no flicker of toasts). */
const PROGRESS_DELAY_MS = 400;

/** Sends one request and logs it; when it takes a while, a progress notification offers to cancel it. */
export async function call<R>(ctx: CommandContext, ready: Ready, request: MetadataRequest<R>): Promise<{ ok: true; data: R } | { ok: false; error: ApiError }> {
  ctx.log.info(`${request.type} -> ${ready.session.origin}`);
  const controller = new AbortController();
  const running = ready.session.client.run(request, { signal: controller.signal });
  const slow = setTimeout(() => {
    void vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: `${request.type} on ${ready.host}…`, cancellable: true },
      (_progress, token) => {
        token.onCancellationRequested(() => controller.abort());
        return running;
      },
    );
  }, PROGRESS_DELAY_MS);
  const result = await running.finally(() => clearTimeout(slow));
  if (!result.ok) ctx.log.error(`${request.type} failed (${result.error.kind}): ${result.error.message}`);
  return result;
}

type EngineExport =
  { readonly ok: true; readonly metadata: Record<string, unknown>; readonly resourceVersion: number } | { readonly ok: false; readonly result: Result };

/** export_metadata version 2 from the folder's engine. */
async function fetchExport(ctx: CommandContext, ready: Ready): Promise<EngineExport> {
  const result = await call(ctx, ready, exportMetadataV2());
  if (!result.ok) return { ok: false, result: refusal(result.error) };
  const { metadata, resource_version } = result.data;
  if (metadata === null || typeof metadata !== 'object' || Array.isArray(metadata))
    return { ok: false, result: tell('failed', `${ready.host} answered export_metadata without a metadata object.`) };
  return { ok: true, metadata, resourceVersion: typeof resource_version === 'number' ? resource_version : 0 };
}

/** What writing the export into the folder changes (the language server plans it); its warnings shown. */
async function planFor(
  ctx: CommandContext,
  ready: Ready,
  server: { readonly metadata: Record<string, unknown> },
): Promise<{ ok: true; plan: Plan } | { ok: false; result: Result }> {
  const params: PlanExportParams = { root: ready.root, metadata: server.metadata };
  const plan = await ctx.client.sendRequest(planExportRequest, params);
  if (!plan.ok) return { ok: false, result: tell('failed', plan.error) };
  for (const warning of plan.warnings) {
    ctx.log.warn(warning);
    void vscode.window.showWarningMessage(warning);
  }
  return { ok: true, plan };
}

/** The engine's export and what writing it into the folder changes (Export From Server, Diff With Server). */
export async function exportPlan(
  ctx: CommandContext,
  ready: Ready,
): Promise<{ ok: true; server: { metadata: Record<string, unknown>; resourceVersion: number }; plan: Plan } | { ok: false; result: Result }> {
  const server = await fetchExport(ctx, ready);
  if (!server.ok) return server;
  const planned = await planFor(ctx, ready, server);
  return planned.ok ? { ok: true, server, plan: planned.plan } : planned;
}

/** The diff of a planned file: the local file (or nothing) on the left, the server's text (or nothing) on the right. */
export function sidesOf(ctx: CommandContext, ready: Ready, file: PlannedFile): DiffSides {
  const left = file.kind === 'create' ? ctx.engineFiles.absentLocal(ready.root, file.rel) : uriOf(file.file);
  const right = ctx.engineFiles.put(ready.host, ready.root, file.rel, file.after);
  return { left, right, title: `${file.rel} (local ↔ ${ready.host})` };
}

export function remember(ctx: CommandContext, ready: Ready, resourceVersion: number): Thenable<void> {
  const record: ExportRecord = { url: ready.session.url.href, resourceVersion };
  return ctx.workspaceState.update(exportRecordKey(ready.root), record);
}

export function dirtyUnder(root: string): vscode.TextDocument[] {
  return vscode.workspace.textDocuments.filter((d) => d.isDirty && d.uri.scheme === 'file' && isInside(toCorePath(d.uri.fsPath), root));
}

export function listFiles(documents: readonly vscode.TextDocument[]): string {
  return documents.map((d) => vscode.workspace.asRelativePath(d.uri, false)).join(', ');
}

export function sendComplaint(ctx: CommandContext, params: EngineFindingsParams): Promise<EngineFindingsResult> {
  return ctx.client.sendRequest(engineFindingsRequest, params);
}

export function offerProblems(message: string, placed: boolean, level: 'error' | 'warning'): void {
  const show = level === 'error' ? vscode.window.showErrorMessage : vscode.window.showWarningMessage;
  const buttons = placed ? [SHOW_PROBLEMS] : [];
  void show(message, ...buttons).then((choice) => (choice === SHOW_PROBLEMS ? vscode.commands.executeCommand('workbench.actions.view.problems') : undefined));
}

export function told(status: Result['status'], message: string): Result {
  void vscode.window.showInformationMessage(message);
  return { status, message };
}
