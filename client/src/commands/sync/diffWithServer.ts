/**
 * Diff With Server: every file an export would change, side by side.
 */
import type { CommandFactory } from '../context';
import { openChanges } from '../exportPreview';
import { diffCounts, planCounts } from '../syncText';
import { prepare, isReady, exportPlan, sidesOf, told } from './prepare';

/** `{root?}`: every file that differs, side by side (local ↔ server) in one changes editor. */
export const diffWithServer: CommandFactory = (ctx) => async (arg) => {
  const ready = await prepare(ctx, arg);
  if (!isReady(ready)) return ready;
  const fetched = await exportPlan(ctx, ready);
  if (!fetched.ok) return fetched.result;
  const { server, plan } = fetched;
  const from = `${ready.host} (resource_version ${server.resourceVersion})`;
  if (plan.files.length === 0) return told('done', `No differences between ${ready.folder} and ${from}.`);
  await openChanges(`${ready.folder} ↔ ${from}`, plan.files, (file) => sidesOf(ctx, ready, file));
  const message = `${diffCounts(planCounts(plan.files), ready.folder)}; ${from}.`;
  ctx.log.info(message);
  return { status: 'done', message, files: plan.files.map((f) => f.file) };
};
