import { compareFindings } from './diagnostics';
import type { Finding, Severity } from './diagnostics';
import type { FileSystemHost } from './host';
import type { ParseCache } from './project/cache';
import { discoverRoots } from './project/discover';
import { buildIndex } from './project/index/build';
import type { IndexMemo } from './project/index/memo';
import type { ProjectIndex } from './project/index/types';
import { Walk } from './project/index/walk';
import { loadProject } from './project/load';
import type { Project } from './project/project';
import { RULES } from './rules';
import type { Rule, RuleContext } from './rules/rule';
import type { SchemaValidator } from './schema/validator';

/** Per-code severity settings (`graphqlMetadata.rules.<code>`, or the CLI's config). */
export type SeverityOverrides = Readonly<Record<string, Severity | 'off'>>;

export interface CheckServices {
  readonly host: FileSystemHost;
  readonly cache: ParseCache;
  readonly validator?: SchemaValidator;
  readonly rules?: readonly Rule[];
  readonly severity?: SeverityOverrides;
  /** Remembers per-file index facts between checks (the language server keeps one). */
  readonly memo?: IndexMemo;
}

export interface RootResult {
  readonly root: string;
  readonly project: Project;
  readonly index: ProjectIndex;
  readonly findings: Finding[];
}

export interface FolderResult {
  readonly roots: RootResult[];
  /** Folders that look like metadata but are not config v3 (version problems). */
  readonly problems: Finding[];
}

/** Finds every metadata root below `dir` and checks each. */
export function checkFolder(dir: string, services: CheckServices): FolderResult {
  const { roots, problems } = discoverRoots(dir, services.host);
  return { roots: roots.map((root) => checkRoot(root, services)), problems: applySeverity(problems, services.severity) };
}

/** The whole pipeline for one root: load, YAML syntax, schemas, cross-file rules, severity settings. */
export function checkRoot(root: string, services: CheckServices): RootResult {
  const project = loadProject(root, services.host, services.cache);
  const index = buildIndex(project, services.memo);
  const findings: Finding[] = [...project.findings];
  for (const file of project.files.values()) {
    findings.push(...(file.yaml?.syntax ?? []));
    if (services.validator) findings.push(...services.validator.validate(project, file));
  }
  findings.push(...runRules({ project, index, walk: new Walk(project) }, services.rules ?? RULES, root));
  return { root, project, index, findings: applySeverity(findings, services.severity).sort(compareFindings) };
}

/** Runs each rule in isolation: a rule that throws is reported for that rule, the others still run. */
export function runRules(ctx: RuleContext, rules: readonly Rule[], root: string): Finding[] {
  return rules.flatMap((rule) => {
    try {
      return rule.check(ctx);
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error);
      return [{ code: 'rule-failed', severity: 'error' as const, message: `Rule ${rule.codes[0] ?? '?'} failed on this project: ${detail}. Please report it.`, file: `${root}/version.yaml`, span: { start: 0, end: 0 } }];
    }
  });
}

export function applySeverity(findings: readonly Finding[], overrides: SeverityOverrides | undefined): Finding[] {
  if (!overrides) return [...findings];
  return findings.flatMap((f) => {
    const setting = overrides[f.code];
    if (setting === 'off') return [];
    return setting ? [{ ...f, severity: setting }] : [f];
  });
}
