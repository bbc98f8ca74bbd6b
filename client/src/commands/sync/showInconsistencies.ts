/**
 * Show Inconsistencies: get_inconsistent_metadata, each object a diagnostic on the local line that defines it.
 */
import * as vscode from 'vscode';
import { getInconsistentMetadata } from '../../../../common/api/manage';
import type { InconsistencyReport } from '../../../../common/api/manage';
import type { CommandContext, CommandFactory, Result } from '../context';
import { refusal, tell } from '../flow';
import { inconsistenciesMessage } from '../syncText';
import type { Ready } from './prepare';
import { prepare, shown, isReady, call, sendComplaint, offerProblems } from './prepare';

/** `{root?}`: get_inconsistent_metadata, each object a diagnostic on the local line that defines it. */
export const showInconsistencies: CommandFactory = (ctx) => async (arg) => {
  const ready = await prepare(ctx, arg);
  if (!isReady(ready)) return ready;
  const result = await call(ctx, ready, getInconsistentMetadata());
  if (!result.ok) return refusal(result.error);
  return report(ctx, ready, result.data, '');
};

/** The inconsistencies placed on the local lines (also Reload Metadata's). */
export async function report(ctx: CommandContext, ready: Ready, data: InconsistencyReport, lead: string): Promise<Result> {
  const objects = Array.isArray(data.inconsistent_objects) ? data.inconsistent_objects : [];
  const placed = await sendComplaint(ctx, { root: ready.root, inconsistentObjects: objects });
  if (!placed.ok) return tell('failed', placed.error);
  const message = lead + inconsistenciesMessage(ready.host, placed.placed, placed.unplaced, shown);
  ctx.log.info(message);
  if (objects.length === 0) void vscode.window.showInformationMessage(message);
  else offerProblems(message, placed.placed.length > 0, 'warning');
  return { status: 'done', message, files: [...new Set(placed.placed.map((p) => p.file))], notes: placed.unplaced.map((u) => u.message) };
}
