import { DEFAULT_FILES } from './files';

/** What writing an export into a directory changes. Paths are relative to the metadata folder, sorted. */
export interface WritePlan {
  readonly create: string[];
  readonly update: string[];
  /** Files the export owns that it no longer writes (a removed table, function or source). */
  readonly delete: string[];
  readonly unchanged: string[];
}

const TOP_LEVEL_OWNED = new Set(['version.yaml', 'actions.yaml', 'actions.graphql', 'databases/databases.yaml', ...DEFAULT_FILES.map(([, file]) => file)]);

/**
 * True for the files an export owns: the top-level metadata files, databases/databases.yaml, and the
 * YAML files in databases/<source>/tables/ and databases/<source>/functions/. Anything else in the
 * folder (notes, scripts, other folders) is never deleted.
 */
export function isOwnedPath(rel: string): boolean {
  if (TOP_LEVEL_OWNED.has(rel)) return true;
  return /^databases\/[^/]+\/(?:tables|functions)\/[^/]+\.ya?ml$/.test(rel);
}

/** Compares the files in the folder with the files of an export. */
export function planWrite(existing: ReadonlyMap<string, string>, next: ReadonlyMap<string, string>): WritePlan {
  const plan: WritePlan = { create: [], update: [], delete: [], unchanged: [] };
  for (const [path, text] of next) {
    const old = existing.get(path);
    if (old === undefined) plan.create.push(path);
    else (old === text ? plan.unchanged : plan.update).push(path);
  }
  for (const path of existing.keys()) if (!next.has(path) && isOwnedPath(path)) plan.delete.push(path);
  for (const list of Object.values(plan) as string[][]) list.sort();
  return plan;
}

export function planChanges(plan: WritePlan): number {
  return plan.create.length + plan.update.length + plan.delete.length;
}
