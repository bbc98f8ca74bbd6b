/**
 * The common path of every change command: open the connection, send the request (with progress
 * and cancel), on success mirror it in the local files, and tell the user what happened. The
 * server's refusal changes nothing locally and shows the server's reason.
 */
import * as vscode from 'vscode';
import type { ApiError } from '../../../common/api/errors';
import type { MetadataOperation } from '../../../common/protocol';
import type { CommandContext, Result } from './context';
import { changeFailureMessage } from './failureText';
import type { Target } from './project';
import { applyLocalEdit } from './project';
import { statusOfError } from './outcome';
import { requestFor } from './requests';

export interface OperationOptions {
  /** What the change is, for messages: e.g. `Renamed relationship author to writer on public.article`. */
  readonly summary: (operation: MetadataOperation) => string;
  /** The kind of the source a drop names (for the request type). */
  readonly sourceKind?: string;
  /** On a refusal: a changed operation to send instead (e.g. with cascade), or undefined to stop. */
  readonly retry?: (error: ApiError, operation: MetadataOperation) => Promise<MetadataOperation | undefined>;
}

export async function runOperation(ctx: CommandContext, target: Target, first: MetadataOperation, options: OperationOptions): Promise<Result> {
  const opened = await ctx.connections.open(target);
  if (!opened.ok) return tell('not-run', opened.message);
  const { session } = opened;
  let operation = first;
  for (;;) {
    const request = requestFor(operation, session.dialect, options.sourceKind);
    ctx.log.info(`${request.type} -> ${session.origin}: ${options.summary(operation)}`);
    const result = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: `${request.type} on ${session.url.host}…`, cancellable: true },
      (_progress, token) => session.client.run(request, { signal: abortOn(token) }),
    );
    if (result.ok) return mirror(ctx, target, operation, options.summary(operation));
    ctx.log.error(`${request.type} failed (${result.error.kind}): ${result.error.message}`);
    const next = options.retry ? await options.retry(result.error, operation) : undefined;
    if (next === undefined) return refusal({ ...result.error, message: changeFailureMessage(result.error) });
    operation = next;
  }
}

async function mirror(ctx: CommandContext, target: Target, operation: MetadataOperation, summary: string): Promise<Result> {
  const local = await applyLocalEdit(ctx, target.root, operation);
  if (!local.ok) {
    const message = `${summary} on the server, but the local files were not updated: ${local.message}`;
    ctx.log.warn(message);
    void vscode.window.showWarningMessage(message);
    return { status: 'local-failed', message };
  }
  const files = local.files.map((f) => vscode.workspace.asRelativePath(vscode.Uri.file(f)));
  const message = `${summary}${files.length > 0 ? ` (${files.join(', ')})` : ''}.${local.notes.map((n) => ` ${n}`).join('')}`;
  ctx.log.info(message);
  void vscode.window.showInformationMessage(message);
  return { status: 'done', message, files: local.files, notes: local.notes };
}

export function refusal(error: ApiError): Result {
  if (error.kind !== 'cancelled') void vscode.window.showErrorMessage(error.message);
  return { status: statusOfError(error.kind), message: error.message, errorKind: error.kind };
}

export function tell(status: Result['status'], message: string): Result {
  if (status === 'not-run' || status === 'failed') void vscode.window.showErrorMessage(message);
  return { status, message };
}

function abortOn(token: vscode.CancellationToken): AbortSignal {
  const controller = new AbortController();
  token.onCancellationRequested(() => controller.abort());
  return controller.signal;
}
