import type { MetadataRequest, SuccessMessage } from './types';

/** The metadata document as `export_metadata` returns it (config v3 JSON). */
export type MetadataDocument = Record<string, unknown>;

export interface InconsistentObject {
  type: string;
  name?: string;
  definition?: unknown;
  reason: string;
}

export interface InconsistencyReport {
  is_consistent: boolean;
  inconsistent_objects: InconsistentObject[];
}

export interface ExportMetadataV2 {
  resource_version: number;
  metadata: MetadataDocument;
}

/** `export_metadata` (version 1): the metadata object itself. */
export function exportMetadata(): MetadataRequest<MetadataDocument> {
  return { type: 'export_metadata', args: {} };
}

/** `export_metadata` version 2: `{resource_version, metadata}`. */
export function exportMetadataV2(): MetadataRequest<ExportMetadataV2> {
  return { type: 'export_metadata', version: 2, args: {} };
}

/**
 * `replace_metadata` version 2: `{allow_inconsistent_metadata, metadata}`. With `resourceVersion`
 * the server refuses (409) when its metadata changed since that version was exported.
 */
export function replaceMetadata(a: {
  metadata: MetadataDocument;
  allowInconsistent?: boolean;
  resourceVersion?: number;
}): MetadataRequest<InconsistencyReport> {
  const request: MetadataRequest<InconsistencyReport> = {
    type: 'replace_metadata',
    version: 2,
    args: { allow_inconsistent_metadata: a.allowInconsistent ?? false, metadata: a.metadata },
  };
  return a.resourceVersion === undefined ? request : withResourceVersion(request, a.resourceVersion);
}

export function getInconsistentMetadata(): MetadataRequest<InconsistencyReport> {
  return { type: 'get_inconsistent_metadata', args: {} };
}

export interface ReloadMetadataArgs {
  reload_remote_schemas?: boolean | string[];
  reload_sources?: boolean | string[];
  recreate_event_triggers?: boolean | string[];
}

export function reloadMetadata(a: ReloadMetadataArgs = {}): MetadataRequest<InconsistencyReport & SuccessMessage> {
  return { type: 'reload_metadata', args: { ...a } };
}

export function dropInconsistentMetadata(): MetadataRequest<SuccessMessage> {
  return { type: 'drop_inconsistent_metadata', args: {} };
}

/** `bulk`: the sub-requests run in order; one failure aborts them all. */
export function bulk(requests: MetadataRequest[]): MetadataRequest<unknown[]> {
  return { type: 'bulk', args: requests.map(canonical) };
}

/** A copy of `request` that the server runs only if its metadata is still at `resourceVersion`. */
export function withResourceVersion<R>(request: MetadataRequest<R>, resourceVersion: number): MetadataRequest<R> {
  return canonical({ ...request, resource_version: resourceVersion });
}

/** The envelope in wire order `{type, version?, resource_version?, args}`. */
function canonical<R>(request: MetadataRequest<R>): MetadataRequest<R> {
  const { type, version, resource_version, args } = request;
  return {
    type,
    ...(version === undefined ? {} : { version }),
    ...(resource_version === undefined ? {} : { resource_version }),
    args,
  };
}
