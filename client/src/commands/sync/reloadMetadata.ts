/**
 * Reload Metadata: reload_metadata, then its inconsistencies as diagnostics.
 */
import { getInconsistentMetadata, reloadMetadata } from '../../../../common/api/manage';
import type { InconsistencyReport } from '../../../../common/api/manage';
import type { CommandFactory } from '../context';
import { refusal } from '../flow';
import { reloadArgs } from '../syncText';
import { prepare, isReady, call } from './prepare';
import { report } from './showInconsistencies';

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
