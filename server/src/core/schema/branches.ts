import type { ErrorObject } from 'ajv';

/**
 * ajv reports every branch of a failed anyOf/oneOf (just before the composite error itself). A
 * person wants the branch they meant: the errors that got deepest into the value. When every
 * branch failed on the value itself, say what types were expected, once.
 *
 * Linear in the number of errors (times the depth of their paths): a file with 10,000 failing list
 * entries has as many composites, each with its own few branches.
 */
export function pickBranchErrors(errors: readonly ErrorObject[]): ErrorObject[] {
  const consumed = new Set<ErrorObject>();
  /** Path (and each of its ancestors) -> the errors so far at or below it, in order. */
  const below = new Map<string, ErrorObject[]>();
  /** The picked errors in order; a branch taken out leaves a hole (`undefined`). */
  const out: (ErrorObject | undefined)[] = [];
  const slot = new Map<ErrorObject, number>();
  const put = (e: ErrorObject): void => {
    const at = slot.get(e);
    if (at !== undefined) out[at] = undefined;
    slot.set(e, out.length);
    out.push(e);
  };
  const note = (e: ErrorObject): void => {
    put(e);
    for (const prefix of prefixes(e.instancePath)) {
      const list = below.get(prefix);
      if (list) list.push(e);
      else below.set(prefix, [e]);
    }
  };
  for (const error of errors) {
    if (error.keyword === 'if') continue;
    if (!isComposite(error)) {
      note(error);
      continue;
    }
    const branches = (below.get(error.instancePath) ?? []).filter((e) => !consumed.has(e));
    for (const e of branches) {
      consumed.add(e);
      const at = slot.get(e);
      if (at !== undefined) out[at] = undefined;
      slot.delete(e);
    }
    // What a composite comes down to stands for it in an enclosing one (anyOf of a oneOf: one type list).
    explain(error, branches).forEach(note);
  }
  const picked = out.filter((e): e is ErrorObject => e !== undefined);
  // A composite with no branch of its own is dropped when another error says more about its value.
  const explained = new Set(picked.filter((e) => !isComposite(e)).flatMap((e) => prefixes(e.instancePath)));
  return dedupe(picked.filter((e) => !isComposite(e) || !explained.has(e.instancePath)));
}

/** `/a/b/c` -> ``, `/a`, `/a/b`, `/a/b/c`: the paths an error is within. */
function prefixes(path: string): string[] {
  const out = [''];
  for (let at = path.indexOf('/', 1); at > 0; at = path.indexOf('/', at + 1)) out.push(path.slice(0, at));
  if (path !== '') out.push(path);
  return out;
}

function isComposite(e: ErrorObject): boolean {
  return e.keyword === 'anyOf' || e.keyword === 'oneOf';
}

function depth(e: ErrorObject): number {
  return e.instancePath === '' ? 0 : e.instancePath.split('/').length;
}

function explain(composite: ErrorObject, branches: ErrorObject[]): ErrorObject[] {
  if (branches.length === 0) return [composite];
  const deepest = Math.max(...branches.map(depth));
  if (deepest > depth(composite)) return branches.filter((e) => depth(e) === deepest);
  const typeErrors = branches.filter((e) => e.keyword === 'type');
  if (typeErrors.length === 0) return [branches[0]!];
  const types = [...new Set(typeErrors.flatMap((e) => (e.params as { type: string | string[] }).type))];
  return [{ ...typeErrors[0]!, params: { type: types } }];
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
