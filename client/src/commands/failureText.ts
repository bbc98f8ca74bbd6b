/**
 * What a failed change tells the user beyond the error itself: whether the server may have made
 * the change all the same (a timeout, a broken connection, an unreadable success), so that the
 * local files and the server may now differ. Pure: no vscode.
 */
import type { ApiError } from '../../../common/api/errors';
import { mayHaveRun } from '../../../common/api/uncertain';

/** A metadata change command (relationships, sources, roles) whose request failed; the local files are never changed then. */
export function changeFailureMessage(error: ApiError): string {
  const chance = mayHaveRun(error);
  if (chance === 'no') return error.message;
  const lead =
    chance === 'probably' ? `The server answered ${error.status}, so it probably made the change` : 'The server may have made the change all the same';
  return `${error.message} ${lead}; the local files were not changed. Run Diff With Server to see whether they differ.`;
}

/** Apply To Server whose replace_metadata failed for a reason other than the metadata itself. */
export function applyFailureMessage(error: ApiError, folder: string, host: string): string {
  const chance = mayHaveRun(error);
  if (chance === 'no') return `${error.message} Nothing was applied to ${host}.`;
  const lead =
    chance === 'probably' ? `The server answered ${error.status}, so it probably applied ${folder}` : `The server may have applied ${folder} all the same`;
  return `${error.message} ${lead}: run Diff With Server to see whether it did.`;
}

/** Whether a rejected apply is about the metadata sent (to be shown on the local lines), not about access, the route or the transport. */
export function isAboutTheMetadata(error: ApiError): boolean {
  if (error.kind === 'server-error') return error.internal !== undefined;
  return ['parse-failed', 'engine', 'already-exists', 'not-exists', 'dependency'].includes(error.kind);
}
