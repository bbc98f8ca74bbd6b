import type { ErrorObject } from 'ajv';

/**
 * ajv reports every branch of a failed anyOf/oneOf (just before the composite error itself). A
 * person wants the branch they meant: the errors that got deepest into the value. When every
 * branch failed on the value itself, say what types were expected, once.
 */
export function pickBranchErrors(errors: readonly ErrorObject[]): ErrorObject[] {
  const consumed = new Set<ErrorObject>();
  const out: ErrorObject[] = [];
  errors.forEach((error, at) => {
    if (error.keyword === 'if' || consumed.has(error)) return;
    if (!isComposite(error)) return void out.push(error);
    const branches = errors.slice(0, at).filter((e) => !consumed.has(e) && e.keyword !== 'if' && within(e.instancePath, error.instancePath));
    for (const e of branches) {
      consumed.add(e);
      out.splice(out.indexOf(e), 1);
    }
    out.push(...explain(error, branches));
  });
  return dedupe(out.filter((e) => !isComposite(e) || !out.some((other) => other !== e && !isComposite(other) && within(other.instancePath, e.instancePath))));
}

function isComposite(e: ErrorObject): boolean {
  return e.keyword === 'anyOf' || e.keyword === 'oneOf';
}

function within(path: string, parent: string): boolean {
  return path === parent || path.startsWith(`${parent}/`);
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
