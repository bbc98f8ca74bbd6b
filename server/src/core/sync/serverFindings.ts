import type { Finding } from '../diagnostics';
import type { BuiltMetadata } from './directory';
import { locateInconsistency } from './locate';
import type { InconsistentObjectLike } from './locate';
import { locateJsonPath } from './sourceMap';

/** What a server said about metadata it rejected (or reports as inconsistent). */
export interface ServerComplaint {
  /** Inconsistent objects: `get_inconsistent_metadata`'s list, or a 400's `internal`. */
  readonly objects?: unknown;
  /** The error's JSON path, e.g. `$.args.metadata.sources[0].tables[15]`. */
  readonly path?: string;
  readonly message?: string;
}

export const INCONSISTENT_CODE = 'server-inconsistent-object';
export const SERVER_ERROR_CODE = 'server-error';

/**
 * The server's complaints as findings on the local files: one per inconsistent object that the
 * directory defines, else one at the error's JSON path. Objects that cannot be placed are returned
 * in `unplaced` (to be shown without a location).
 */
export function serverFindings(built: BuiltMetadata, complaint: ServerComplaint): { findings: Finding[]; unplaced: InconsistentObjectLike[] } {
  const objects = Array.isArray(complaint.objects) ? (complaint.objects as unknown[]).filter(isInconsistentObject) : [];
  const findings: Finding[] = [];
  const unplaced: InconsistentObjectLike[] = [];
  for (const object of objects) {
    const at = locateInconsistency(built, object);
    if (at)
      findings.push({
        code: INCONSISTENT_CODE,
        severity: 'error',
        message: inconsistencyMessage(object),
        file: at.file,
        span: at.span,
        data: { type: object.type, path: at.path },
      });
    else unplaced.push(object);
  }
  const located = objects.length === 0 && complaint.path !== undefined ? locateJsonPath(built.sourceMap, complaint.path) : undefined;
  if (located)
    findings.push({
      code: SERVER_ERROR_CODE,
      severity: 'error',
      message: `${complaint.message ?? 'The server rejected this'} (${complaint.path})`,
      file: located.loc.file,
      span: located.loc.span,
      data: { path: located.path },
    });
  return { findings, unplaced };
}

export function inconsistencyMessage(object: InconsistentObjectLike): string {
  const reason = typeof object.reason === 'string' ? object.reason : JSON.stringify(object.reason ?? 'inconsistent');
  return `${reason} (${object.name ?? object.type})`;
}

function isInconsistentObject(value: unknown): value is InconsistentObjectLike {
  return value !== null && typeof value === 'object' && typeof (value as { type?: unknown }).type === 'string';
}
