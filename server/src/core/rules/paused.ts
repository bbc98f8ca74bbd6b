import type { Finding } from '../diagnostics';
import { segmentsOf } from '../project/index/segments';
import type { Segment } from '../project/index/segments';
import type { Project, ProjectFile } from '../project/project';
import type { Rule, RuleInput } from './rule';

/** The rule inputs each index segment feeds (project/index/build.ts). */
const FED_BY: Readonly<Record<Segment, readonly RuleInput[]>> = {
  databases: ['sources', 'tables', 'tableKeys', 'sourceNames', 'roleNames', 'roles', 'unreferenced'],
  collections: ['collections'],
  allowList: ['allowList', 'roles'],
  inheritedRoles: ['inheritedRoles', 'roleNames', 'roles'],
  remoteSchemas: ['remoteSchemas', 'roleNames', 'roles'],
  cronTriggers: ['cronTriggers'],
  actions: ['actions', 'roleNames', 'roles'],
  restEndpoints: ['restEndpoints'],
  introspection: ['roles'],
  dataConnectors: ['dataConnectors'],
  openTelemetry: ['openTelemetry'],
};

/**
 * What a check leaves out while files have YAML errors: what yaml recovered from a broken file is
 * not what its author meant (an unclosed quote swallows the rest of the file), so nothing read from
 * it may cause a finding, in it or in another file. Only its syntax findings are reported.
 */
export interface SyntaxPause {
  /** Whether a rule reads an input a broken file feeds (it is not run, so it reports nothing). */
  paused(rule: Rule): boolean;
  /** `findings` without those in a broken file or pointing into one. */
  keep(findings: readonly Finding[]): Finding[];
}

/** The pause for `broken` files (undefined when there are none: nothing to leave out). */
export function syntaxPause(project: Project, broken: ReadonlySet<string>): SyntaxPause | undefined {
  if (broken.size === 0) return undefined;
  const inputs = new Set<RuleInput>();
  for (const segment of segmentsOf(project, broken)) FED_BY[segment].forEach((input) => inputs.add(input));
  return {
    paused: (rule) => rule.reads === undefined || rule.reads.some((input) => inputs.has(input)),
    keep: (findings) => findings.filter((f) => !broken.has(f.file) && !(f.related ?? []).some((r) => broken.has(r.file))),
  };
}

/** Whether a file has YAML errors (its schema is not checked, and it pauses what reads it). */
export function isBroken(file: ProjectFile | undefined): boolean {
  return (file?.yaml?.doc.errors.length ?? 0) > 0;
}

/** Whether a file inlines a fragment (to any depth) that has YAML errors: its schema check would read them. */
export function inlinesBrokenFragment(project: Project, file: ProjectFile, seen = new Set<string>()): boolean {
  seen.add(file.path);
  for (const ref of file.yaml?.includes ?? []) {
    const target = project.includeTargets.get(ref);
    if (target?.kind !== 'fragment' || seen.has(target.path)) continue;
    if (isBroken(target) || inlinesBrokenFragment(project, target, seen)) return true;
  }
  return false;
}
