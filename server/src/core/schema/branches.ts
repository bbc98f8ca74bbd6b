import type { ErrorObject } from 'ajv';

/**
 * ajv reports every branch of a failed anyOf/oneOf. A person wants the branch they meant: keep the
 * errors of the branch that got deepest into the value (ties: fewest errors) and drop the rest; when
 * every branch failed on the type of the same value, say so once.
 */
export function pickBranchErrors(errors: readonly ErrorObject[]): ErrorObject[] {
  let kept = errors.filter((e) => e.keyword !== 'if');
  const composites = kept.filter((e) => e.keyword === 'anyOf' || e.keyword === 'oneOf').sort((a, b) => b.schemaPath.length - a.schemaPath.length);
  for (const composite of composites) kept = resolveComposite(kept, composite);
  return dedupe(kept);
}

function resolveComposite(errors: ErrorObject[], composite: ErrorObject): ErrorObject[] {
  const prefix = `${composite.schemaPath}/`;
  const branches = new Map<string, ErrorObject[]>();
  for (const e of errors) {
    if (!e.schemaPath.startsWith(prefix)) continue;
    const branch = e.schemaPath.slice(prefix.length).split('/')[0]!;
    branches.set(branch, [...(branches.get(branch) ?? []), e]);
  }
  const inBranches = new Set([...branches.values()].flat());
  const rest = errors.filter((e) => e !== composite && !inBranches.has(e));
  if (branches.size === 0) return [...rest, composite];
  const all = [...branches.values()];
  if (all.every((list) => list.length === 1 && list[0]!.keyword === 'type' && list[0]!.instancePath === composite.instancePath)) {
    const types = [...new Set(all.flatMap((list) => [list[0]!.params as { type: string | string[] }].flatMap((p) => p.type)))];
    return [...rest, { ...all[0]![0]!, params: { type: types } }];
  }
  const score = (list: ErrorObject[]): number => Math.max(...list.map((e) => e.instancePath.split('/').length)) * 1000 - list.length;
  const best = all.reduce((a, b) => (score(b) > score(a) ? b : a));
  return [...rest, ...best];
}

function dedupe(errors: ErrorObject[]): ErrorObject[] {
  const seen = new Set<string>();
  return errors.filter((e) => {
    const key = `${e.instancePath}|${e.keyword}|${JSON.stringify(e.params)}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
