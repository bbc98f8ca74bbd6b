import { isAlias, isMap, isScalar, isSeq } from 'yaml';
import type { Document } from 'yaml';
import { keyText, pairsOf, itemsOf } from '../parse/ast';
import type { YNode } from '../parse/ast';
import type { Project, ProjectFile } from '../project/project';

/** Stand-ins for includes whose target has a kind (and schema) of its own: it is validated on its own. */
const STUBS: Partial<Record<string, unknown>> = {
  tables: [],
  functions: [],
  table: { table: { schema: 'public', name: 'included' } },
  function: { function: { schema: 'public', name: 'included' } },
};

/** Marks a value whose errors must not be reported (an include that could not be read). */
export const UNRESOLVED = Symbol('unresolved include');

export class AliasBudgetExceeded extends Error {}

interface Ctx {
  readonly project: Project;
  readonly doc: Document.Parsed;
  readonly file: ProjectFile;
  budget: { left: number };
  readonly depth: number;
  /** The value of each included file, made once: a file included 10,000 times is converted once. */
  readonly included: Map<ProjectFile, unknown>;
}

/** The JSON value of a file as the engine would see it, for schema validation. */
export function fileValue(project: Project, file: ProjectFile, aliasBudget = 10_000): unknown {
  if (!file.yaml) return file.text;
  const ctx: Ctx = { project, doc: file.yaml.doc, file, budget: { left: aliasBudget }, depth: 0, included: new Map() };
  return toValue(file.yaml.doc.contents, ctx);
}

function toValue(node: YNode, ctx: Ctx): unknown {
  if (ctx.depth > 512) throw new AliasBudgetExceeded('nesting');
  const ref = ctx.file.yaml?.includeAt.get(node);
  if (ref) return includedValue(ctx, ctx.project.includeTargets.get(ref));
  if (isScalar(node)) return node.value;
  const inner: Ctx = { ...ctx, depth: ctx.depth + 1 };
  if (isMap(node)) {
    const out: Record<string, unknown> = {};
    for (const pair of pairsOf(node)) out[keyText(pair) ?? String(pair.key)] = toValue(pair.value as YNode, inner);
    return out;
  }
  if (isSeq(node)) return itemsOf(node).map((item) => toValue(item, inner));
  if (isAlias(node)) {
    if (--ctx.budget.left < 0) throw new AliasBudgetExceeded('aliases');
    return toValue(node.resolve(ctx.doc), inner);
  }
  return null;
}

function includedValue(ctx: Ctx, target: ProjectFile | undefined): unknown {
  if (!target) return UNRESOLVED;
  if (target.kind in STUBS) return STUBS[target.kind];
  if (!target.yaml) return target.text;
  if (ctx.included.has(target)) return ctx.included.get(target);
  const value = toValue(target.yaml.doc.contents, { ...ctx, file: target, doc: target.yaml.doc, depth: ctx.depth + 1 });
  ctx.included.set(target, value);
  return value;
}
