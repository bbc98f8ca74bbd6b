import { expectObject, isObj, optionalBool } from '../args';
import { dropInconsistencies, inconsistentObjects } from '../inconsistency';
import { QErr } from '../qerr';
import type { OpContext, OpHandler } from './context';
import { SUCCESS } from './context';
import { parseMetadataDocument } from './metadataShape';

/** export_metadata, replace_metadata, get_inconsistent_metadata, reload_metadata, drop_inconsistent_metadata. */

const P = '$.args';

const exportMetadata: OpHandler = (_raw, ctx) => {
  const metadata = structuredClone(ctx.state.metadata);
  return ctx.version === 2 ? { resource_version: ctx.state.resourceVersion, metadata } : metadata;
};

function report(ctx: OpContext): { is_consistent: boolean; inconsistent_objects: unknown[] } {
  const objects = inconsistentObjects(ctx.state);
  return { is_consistent: objects.length === 0, inconsistent_objects: objects };
}

/** v2 args are `{allow_inconsistent_metadata, metadata}`; v1 args are the metadata (inferred when no version). */
function isV2(raw: unknown, ctx: OpContext): boolean {
  return ctx.version === 2 || (isObj(raw) && 'metadata' in raw && !('sources' in raw));
}

const replaceMetadata: OpHandler = (raw, ctx) => {
  const v2 = isV2(raw, ctx);
  const args = expectObject(raw, P);
  const allow = v2 && optionalBool(args, 'allow_inconsistent_metadata', P);
  ctx.state.metadata = parseMetadataDocument(v2 ? args.metadata : args, v2 ? `${P}.metadata` : P);
  const result = report(ctx);
  if (!result.is_consistent && !allow) {
    throw new QErr(400, 'unexpected', 'cannot continue due to inconsistent metadata', P, result.inconsistent_objects);
  }
  return v2 ? result : SUCCESS;
};

const getInconsistentMetadata: OpHandler = (_raw, ctx) => report(ctx);

const reloadMetadata: OpHandler = (_raw, ctx) => {
  const result = report(ctx);
  return result.is_consistent ? { is_consistent: true, message: 'success' } : { ...result, message: 'success' };
};

const dropInconsistentMetadata: OpHandler = (_raw, ctx) => {
  dropInconsistencies(ctx.state);
  return SUCCESS;
};

export const manageOps: Record<string, OpHandler> = {
  export_metadata: exportMetadata,
  replace_metadata: replaceMetadata,
  get_inconsistent_metadata: getInconsistentMetadata,
  reload_metadata: reloadMetadata,
  drop_inconsistent_metadata: dropInconsistentMetadata,
};

/** Commands that never change the metadata (no resource_version check, no bump). */
export const READ_ONLY = new Set(['export_metadata', 'get_inconsistent_metadata', 'reload_metadata']);
