/**
 * The sync commands' pure parts: what they tell the user, the resource version they remember per
 * folder, and the arguments they read. Pure: no vscode.
 */
import type { ReloadMetadataArgs } from '../../../common/api/manage';
import type { PlacedProblem, PlannedFile, UnplacedObject } from '../../../common/protocol';
import type { Args } from './args';
import { ArgumentError } from './outcome';

export interface PlanCounts {
  readonly create: number;
  readonly update: number;
  readonly delete: number;
}

export function planCounts(files: readonly PlannedFile[]): PlanCounts {
  const count = (kind: PlannedFile['kind']): number => files.filter((f) => f.kind === kind).length;
  return { create: count('create'), update: count('update'), delete: count('delete') };
}

/** `2 created, 1 updated, 1 deleted`. */
export function exportCounts(counts: PlanCounts): string {
  return `${counts.create} created, ${counts.update} updated, ${counts.delete} deleted`;
}

/** `3 files differ (1 changed, 1 only on the server, 1 only in hasura/metadata)`. */
export function diffCounts(counts: PlanCounts, folder: string): string {
  const n = counts.create + counts.update + counts.delete;
  return `${n} file${n === 1 ? ' differs' : 's differ'} (${counts.update} changed, ${counts.create} only on the server, ${counts.delete} only in ${folder})`;
}

/** How a planned file shows in the export preview. */
export function plannedLabel(file: PlannedFile): { icon: string; description: string } {
  if (file.kind === 'create') return { icon: '$(diff-added)', description: 'new on the server: created' };
  if (file.kind === 'update') return { icon: '$(diff-modified)', description: 'changed: overwritten' };
  return { icon: '$(diff-removed)', description: 'not on the server any more: deleted' };
}

/** `file:line` (1-based) of a problem, with the file relative to the workspace as `rel` makes it. */
function problemLine(problem: PlacedProblem, rel: (file: string) => string): string {
  return `${rel(problem.file)}:${problem.line + 1} ${problem.message} (${problem.code})`;
}

const LISTED = 5;

function listed(lines: readonly string[]): string {
  const more = lines.length > LISTED ? `; and ${lines.length - LISTED} more` : '';
  return lines.slice(0, LISTED).join('; ') + more;
}

export function localErrorsMessage(folder: string, errors: readonly PlacedProblem[], rel: (file: string) => string): string {
  const n = errors.length;
  return `Apply refused: ${folder} has ${n} error${n === 1 ? '' : 's'}; fix ${n === 1 ? 'it' : 'them'} and apply again. ${listed(errors.map((e) => problemLine(e, rel)))}`;
}

export function conflictMessage(host: string, resourceVersion: number | undefined): string {
  const since = resourceVersion === undefined ? 'since it was read' : `since resource_version ${resourceVersion}, your last export`;
  return `Apply refused: the metadata on ${host} changed ${since} (409 conflict); nothing was applied. See what changed with Diff With Server, then export again (or merge the changes by hand) and apply.`;
}

/** What Show Inconsistencies / Reload Metadata / a rejected apply say about the placed and unplaced objects. */
export function placementMessage(placed: readonly PlacedProblem[], unplaced: readonly UnplacedObject[], rel: (file: string) => string): string {
  const parts: string[] = [];
  if (placed.length > 0) parts.push(`${placed.length} marked in the local files (Problems panel): ${listed(placed.map((p) => problemLine(p, rel)))}.`);
  if (unplaced.length > 0) parts.push(`Not in the local files: ${listed(unplaced.map((u) => u.message))}.`);
  return parts.join(' ');
}

export function inconsistenciesMessage(
  host: string,
  placed: readonly PlacedProblem[],
  unplaced: readonly UnplacedObject[],
  rel: (file: string) => string,
): string {
  const n = placed.length + unplaced.length;
  if (n === 0) return `The metadata on ${host} is consistent.`;
  return `${n} inconsistent object${n === 1 ? '' : 's'} on ${host}. ${placementMessage(placed, unplaced, rel)}`;
}

/** What a folder remembers of its last export (workspaceState): from which server, at which version. */
export interface ExportRecord {
  readonly url: string;
  readonly resourceVersion: number;
}

export function exportRecordKey(root: string): string {
  return `graphqlMetadata.lastExport:${root}`;
}

/** The remembered resource version, when it was exported from this server. */
export function rememberedVersion(stored: unknown, url: string): number | undefined {
  if (stored === null || typeof stored !== 'object') return undefined;
  const record = stored as Partial<ExportRecord>;
  return record.url === url && typeof record.resourceVersion === 'number' ? record.resourceVersion : undefined;
}

/** `resource_version` of the argument object: a whole number, or absent. */
export function resourceVersionArg(args: Args): number | undefined {
  const value = args.resource_version;
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) throw new ArgumentError('Argument `resource_version` must be a whole number.');
  return value;
}

/** reload_metadata's arguments as the argument object gives them (absent: the server's defaults, which reload everything). */
export function reloadArgs(args: Args): ReloadMetadataArgs {
  const out: ReloadMetadataArgs = {};
  for (const key of ['reload_remote_schemas', 'reload_sources', 'recreate_event_triggers'] as const) {
    const value = args[key];
    if (value === undefined) continue;
    if (typeof value !== 'boolean' && !(Array.isArray(value) && value.every((v) => typeof v === 'string')))
      throw new ArgumentError(`Argument \`${key}\` must be true, false or a list of names.`);
    out[key] = value;
  }
  return out;
}
