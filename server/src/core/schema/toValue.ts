import { isAlias, isMap, isPair, isScalar, isSeq } from 'yaml';
import type { Document } from 'yaml';
import { keyText } from '../parse/ast';
import type { YNode } from '../parse/ast';
import type { IncludeRef } from '../parse/include';
import type { YamlFile } from '../parse/yamlFile';
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
  /** The file's includes by node (undefined when it has none: most files). */
  readonly includeAt: ReadonlyMap<unknown, IncludeRef> | undefined;
  readonly budget: { left: number };
  /** The value of each included file, made once: a file included 10,000 times is converted once. */
  readonly included: Map<ProjectFile, unknown>;
}

/** The JSON value of a file as the engine would see it, for schema validation. */
export function fileValue(project: Project, file: ProjectFile, aliasBudget = 10_000): unknown {
  if (!file.yaml) return file.text;
  return toValue(file.yaml.doc.contents, contextOf(project, file, file.yaml, { left: aliasBudget }, new Map()), 0);
}

function contextOf(project: Project, file: ProjectFile, yaml: YamlFile, budget: { left: number }, included: Map<ProjectFile, unknown>): Ctx {
  return { project, doc: yaml.doc, file, includeAt: yaml.includes.length > 0 ? yaml.includeAt : undefined, budget, included };
}

/** Made for every node of every file: no copies of the context, the items or the pairs. */
function toValue(node: YNode, ctx: Ctx, depth: number): unknown {
  if (depth > 512) throw new AliasBudgetExceeded('nesting');
  if (isScalar(node)) {
    const ref = ctx.includeAt?.get(node);
    return ref ? includedValue(ctx, ctx.project.includeTargets.get(ref), depth) : node.value;
  }
  if (isMap(node)) {
    const out: Record<string, unknown> = {};
    for (const pair of node.items) if (isPair(pair)) out[keyText(pair) ?? String(pair.key)] = toValue(pair.value as YNode, ctx, depth + 1);
    return out;
  }
  if (isSeq(node)) return (node.items as readonly YNode[]).map((item) => toValue(item, ctx, depth + 1));
  if (isAlias(node)) {
    if (--ctx.budget.left < 0) throw new AliasBudgetExceeded('aliases');
    return toValue(node.resolve(ctx.doc), ctx, depth + 1);
  }
  return null;
}

function includedValue(ctx: Ctx, target: ProjectFile | undefined, depth: number): unknown {
  if (!target) return UNRESOLVED;
  if (target.kind in STUBS) return STUBS[target.kind];
  if (!target.yaml) return target.text;
  if (ctx.included.has(target)) return ctx.included.get(target);
  const value = toValue(target.yaml.doc.contents, contextOf(ctx.project, target, target.yaml, ctx.budget, ctx.included), depth + 1);
  ctx.included.set(target, value);
  return value;
}
