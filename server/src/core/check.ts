import type { DatabaseModels } from './db/model';
import type { Finding } from './diagnostics';
import type { EngineVersion } from './engineVersion';
import type { SchemaProvider, SchemaSource } from './graphql/operations/provider';
import type { FileSystemHost } from './host';
import type { ParseCache } from './project/cache';
import { discoverRoots, enclosingRoot } from './project/discover';
import type { IndexMemo } from './project/index/memo';
import type { ProjectIndex } from './project/index/types';
import type { Project } from './project/project';
import type { Rule, RuleContext } from './rules/rule';
import { RuleRunner } from './rules/runner';
import type { SchemaValidator } from './schema/validator';
import { applySeverity } from './severity';
import { isInside, normalize } from './util/paths';
import type { SeverityOverrides } from './severity';
import { RootSession } from './session';

export { applySeverity } from './severity';
export type { SeverityOverrides } from './severity';

export interface CheckServices {
  readonly host: FileSystemHost;
  readonly cache: ParseCache;
  readonly validator?: SchemaValidator;
  readonly rules?: readonly Rule[];
  readonly severity?: SeverityOverrides;
  /** Remembers per-file index facts between checks (the language server keeps one). */
  readonly memo?: IndexMemo;
  /** The database models of a root's sources (none: the database rules stay silent). */
  readonly databases?: (root: string) => DatabaseModels | undefined;
  /** The engine version the metadata targets (default: the latest v2, engineVersion.ts). */
  readonly engineVersion?: EngineVersion;
  /** Makes the GraphQL schema each role sees (none: the operation rules and GraphQL features are silent). */
  readonly graphqlSchemas?: SchemaSource;
  /**
   * `idle`: after an edit of what the schemas are made from, a check keeps the schemas it had (the
   * session says `schemasStale`) until `refreshSchemas()`: the language server makes them again once
   * the edits pause, not on every keystroke (the generator is not incremental). Default `now`.
   */
  readonly schemaRefresh?: 'now' | 'idle';
}

export interface RootResult {
  readonly root: string;
  readonly project: Project;
  readonly index: ProjectIndex;
  readonly findings: Finding[];
  /** The database models the check used (empty without). */
  readonly databases: DatabaseModels;
  /** The GraphQL schemas the check used (absent without a schema generator). */
  readonly schemas?: SchemaProvider;
}

export interface FolderResult {
  readonly roots: RootResult[];
  /** Folders that look like metadata but are not config v3 (version problems). */
  readonly problems: Finding[];
}

/** Finds every metadata root below `dir` and checks each. */
export function checkFolder(dir: string, services: CheckServices): FolderResult {
  const { roots, problems } = discoverRoots(dir, services.host);
  if (roots.length === 0 && problems.length === 0) return checkInside(normalize(dir), services);
  return { roots: roots.map((root) => checkRoot(root, services)), problems: applySeverity(problems, services.severity) };
}

/**
 * A folder or file inside a metadata root (`check` run from `metadata/databases`, or given one file):
 * its root is checked whole, and only the findings in `path` are kept.
 */
export function checkInside(path: string, services: CheckServices): FolderResult {
  const root = enclosingRoot(path, services.host);
  if (root === undefined) return { roots: [], problems: [] };
  const result = checkRoot(root, services);
  return { roots: [{ ...result, findings: result.findings.filter((f) => isInside(f.file, path)) }], problems: [] };
}

/** The whole pipeline for one root: load, YAML syntax, schemas, cross-file rules, severity settings. */
export function checkRoot(root: string, services: CheckServices): RootResult {
  return new RootSession(root, services, { once: true }).check();
}

/** Runs each rule in isolation: a rule that throws is reported for that rule, the others still run. */
export function runRules(ctx: RuleContext, rules: readonly Rule[]): Finding[] {
  return new RuleRunner({ keepFindings: false }).run(ctx, rules);
}
