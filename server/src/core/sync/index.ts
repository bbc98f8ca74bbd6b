/** Sync between a metadata directory and the server's JSON (pure: no I/O). */
export { directoryToMetadata, SOURCE_KEYS, TOP_LEVEL } from './directory';
export type { BuiltMetadata } from './directory';
export { metadataToFiles, unexportedKeys, tableFileName, functionFileName, ExportPathError, DEFAULT_FILES } from './files';
export { emitYaml } from './emitYaml';
export { actionsGraphql } from './sdlWrite';
export { planWrite, planChanges, isOwnedPath } from './plan';
export type { WritePlan } from './plan';
export { emptiedFolders } from './emptied';
export { locateJsonPath, SourceMap } from './sourceMap';
export type { SourceLoc, Located } from './sourceMap';
export { locateInconsistency } from './locate';
export type { InconsistentObjectLike, InconsistencyLocation } from './locate';
export { formatJsonPath, parseJsonPath } from './jsonPath';
export type { JsonPath, PathSegment } from './jsonPath';
export { unifiedDiff } from './unifiedDiff';
export type { JsonObject, JsonValue } from './json';
export { serverFindings, inconsistencyMessage, INCONSISTENT_CODE, SERVER_ERROR_CODE } from './serverFindings';
export type { ServerComplaint } from './serverFindings';
