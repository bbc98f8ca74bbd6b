/**
 * Apply To Server: replace_metadata with the JSON the folder describes; a rejection shown on the local lines.
 */
import * as vscode from 'vscode';
import type { ApiError } from '../../../../common/api/errors';
import { exportMetadataV2, replaceMetadata } from '../../../../common/api/manage';
import { localMetadataRequest } from '../../../../common/protocol';
import type { LocalMetadataParams, PlacedProblem } from '../../../../common/protocol';
import { booleanArg } from '../args';
import type { CommandContext, CommandFactory, Result } from '../context';
import { applyFailureMessage, isAboutTheMetadata } from '../failureText';
import { refusal, tell } from '../flow';
import { confirm } from '../prompts';
import { conflictMessage, exportRecordKey, localErrorsMessage, placementMessage, rememberedVersion, resourceVersionArg } from '../syncText';
import type { Ready } from './prepare';
import { prepare, shown, isReady, call, remember, dirtyUnder, listFiles, sendComplaint, offerProblems, told } from './prepare';

const SHOW_DIFF = 'Show Diff';

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
  if (!local.ok) return tell('failed', local.error);
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
  if (!confirmed)
    await confirm(`Save ${dirty.length} unsaved file${dirty.length === 1 ? '' : 's'} of ${ready.folder} before applying?`, listFiles(dirty), 'Save and apply');
  const results = await Promise.all(dirty.map((d) => d.save()));
  return results.every(Boolean) ? undefined : tell('failed', `Could not save ${listFiles(dirty.filter((d) => d.isDirty))}; nothing was applied.`);
}

function refuseLocalErrors(ready: Ready, errors: readonly PlacedProblem[]): Result {
  const message = localErrorsMessage(ready.folder, errors, shown);
  offerProblems(message, true, 'error');
  return { status: 'not-run', message, files: [...new Set(errors.map((e) => e.file))] };
}

async function confirmApply(ready: Ready, resourceVersion: number | undefined): Promise<void> {
  const detail =
    resourceVersion === undefined
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
    void vscode.window
      .showErrorMessage(message, SHOW_DIFF)
      .then((choice) => (choice === SHOW_DIFF ? vscode.commands.executeCommand('graphqlMetadata.diffWithServer', { root: ready.root }) : undefined));
    return { status: 'refused', message, errorKind: error.kind };
  }
  if (!isAboutTheMetadata(error)) return refusal({ ...error, message: applyFailureMessage(error, ready.folder, ready.host) });
  const report = await sendComplaint(ctx, {
    root: ready.root,
    error: {
      ...(error.path !== undefined ? { path: error.path } : {}),
      message: error.serverMessage ?? error.message,
      ...(error.internal !== undefined ? { internal: error.internal } : {}),
    },
  });
  const placed = report.ok ? report : { placed: [], unplaced: [] };
  const message =
    `The server rejected ${ready.folder}; nothing was applied. ${error.message} ${placementMessage(placed.placed, placed.unplaced, shown)}`.trim();
  offerProblems(message, placed.placed.length > 0, 'error');
  return {
    status: 'refused',
    message,
    errorKind: error.kind,
    files: [...new Set(placed.placed.map((p) => p.file))],
    notes: placed.unplaced.map((u) => u.message),
  };
}
