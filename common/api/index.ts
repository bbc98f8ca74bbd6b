/** The metadata API and config API client: pure, with an injected fetch. Re-exports only what other modules import from here. */
export type { Dialect, MetadataRequest, RequestOptions } from './types';
export {
  fkOnColumns,
  fkOnRemoteTable,
  fkOnRemoteTableColumn,
  manualConfiguration,
  createObjectRelationship,
  createArrayRelationship,
  dropRelationship,
  setRelationshipComment,
  renameRelationship,
} from './relationships';
export { pgAddSource, mssqlAddSource, bigqueryAddSource, pgDropSource, mssqlDropSource, bigqueryDropSource, renameSource } from './sources';
export { addInheritedRole, dropInheritedRole } from './inheritedRoles';
export type { MetadataDocument } from './manage';
export {
  exportMetadata,
  exportMetadataV2,
  replaceMetadata,
  getInconsistentMetadata,
  reloadMetadata,
  dropInconsistentMetadata,
  bulk,
  withResourceVersion,
} from './manage';
export { resolveHeaderNames, buildHeaders } from './headers';
export { parseBaseUrl, endpointUrl, displayUrl } from './url';
export type { ApiErrorKind, ApiError, ApiResult, RequestContext } from './errors';
export { errorFromStatus, notJsonError } from './errors';
export { parseDependentObjects } from './dependents';
export { parseConfigRecord } from './config';
export { formatConfigRecord } from './configFormat';
export type { FetchLike } from './fetch';
export { mayHaveRun } from './uncertain';
export { createMetadataClient } from './client';
export type { MetadataClient, MetadataClientOptions } from './client';
