/** The metadata API and config API client: pure, with an injected fetch. */
export * from './types';
export * from './relationships';
export * from './sources';
export * from './inheritedRoles';
export * from './manage';
export * from './headers';
export * from './url';
export * from './errors';
export * from './dependents';
export * from './config';
export * from './configFormat';
export * from './fetch';
export * from './uncertain';
export { createMetadataClient, DEFAULT_TIMEOUT_MS } from './client';
export type { MetadataClient, MetadataClientOptions, CallOptions } from './client';
