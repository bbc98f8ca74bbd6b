import type { CheckServices, RootResult } from './check';
import type { DatabaseModels } from './db/model';
import { LATEST_V2 } from './engineVersion';
import { compareFindings } from './diagnostics';
import type { SchemaProvider } from './graphql/operations/provider';
import type { Finding } from './diagnostics';
import { indexProject, updateIndex } from './project/index/build';
import type { IndexBuild } from './project/index/build';
import { IndexMemo } from './project/index/memo';
import { Walk } from './project/index/walk';
import { loadProject, reloadFiles } from './project/load';
import type { Reload } from './project/load';
import type { Project, ProjectFile } from './project/project';
import { RULES } from './rules';
import { inlinesBrokenFragment, isBroken, syntaxPause } from './rules/paused';
import type { SyntaxPause } from './rules/paused';
import type { RuleContext } from './rules/rule';
import { RuleRunner } from './rules/runner';
import { applySeverity } from './severity';
import type { SeverityOverrides } from './severity';

const NO_DATABASES: DatabaseModels = new Map();

/** The kinds of files the GraphQL schema is not made from. */
const NOT_IN_SCHEMA: ReadonlySet<string | undefined> = new Set([
  'allow_list',
  'query_collections',
  'rest_endpoints',
  'cron_triggers',
  'api_limits',
  'network',
  'metrics_config',
  'opentelemetry',
  'graphql_schema_introspection',
]);

interface State {
  readonly project: Project;
  readonly build: IndexBuild;
  /** YAML syntax and schema findings per file (files without any are absent). */
  readonly perFile: ReadonlyMap<string, readonly Finding[]>;
}

/**
 * One metadata root, checked again and again (the language server keeps one per root). Told which
 * paths changed, a check re-reads only those files, re-indexes only the parts they feed, validates
 * only them and re-runs only the rules whose inputs changed. A change to the project's shape (a file
 * created or deleted, an include edited) loads the root again, still with every parse cached.
 */
export class RootSession {
  private state: State | undefined;
  private readonly runner: RuleRunner;
  private readonly memo: IndexMemo;
  private lastSchemas: { readonly inputs: readonly unknown[]; readonly provider: SchemaProvider } | undefined;
  private stale = false;
  private refreshDue = false;

  /** `once`: a single check (the CLI): no rule findings are kept for a next one. */
  constructor(
    readonly root: string,
    private readonly services: CheckServices,
    { once = false }: { readonly once?: boolean } = {},
  ) {
    // Also for one check: a table file that tables.yaml includes many times is read once.
    this.memo = services.memo ?? new IndexMemo();
    this.runner = new RuleRunner({ keepFindings: !once });
  }

  /** `changed`: the paths that changed since the last check; undefined: anything may have. */
  check(changed?: readonly string[], severity: SeverityOverrides | undefined = this.services.severity): RootResult {
    const prev = this.state;
    const reload = prev && changed ? reloadFiles(prev.project, changed, this.services.host, this.services.cache) : undefined;
    this.state = prev && reload ? this.update(prev, reload) : this.load();
    return this.result(this.state, severity);
  }

  /** How many times rule code ran (whole project or one table) in this session. */
  get ruleRuns(): number {
    return this.runner.runs;
  }

  private load(): State {
    const project = loadProject(this.root, this.services.host, this.services.cache);
    const perFile = new Map<string, readonly Finding[]>();
    for (const file of project.files.values()) this.validate(project, file, perFile);
    return { project, build: indexProject(project, this.memo), perFile };
  }

  private update(prev: State, { project, changed }: Reload): State {
    if (changed.length === 0) return prev;
    const perFile = new Map(prev.perFile);
    for (const path of withIncluders(project, changed)) {
      const file = project.files.get(path);
      if (file) this.validate(project, file, perFile);
    }
    return { project, build: updateIndex(prev.build, project, changed, this.memo), perFile };
  }

  private validate(project: Project, file: ProjectFile, perFile: Map<string, readonly Finding[]>): void {
    // A fragment with YAML errors would be read into this file's value: its own findings say enough.
    const schema = this.services.validator && !inlinesBrokenFragment(project, file) ? this.services.validator.validate(project, file) : [];
    const findings = [...(file.yaml?.syntax ?? []), ...schema];
    if (findings.length > 0) perFile.set(file.path, findings);
    else perFile.delete(file.path);
  }

  /**
   * The rule work the next check of the files as they are would do (with the database models as
   * they are now), as steps to spread over time; that check then re-uses it (see RuleRunner.warm).
   */
  *warm(): Generator<void, void, undefined> {
    if (!this.state) return;
    const { ctx, pause } = this.ruleContext(this.state);
    yield* this.runner.warm(ctx, this.services.rules ?? RULES, pause);
  }

  private ruleContext(state: State): { readonly ctx: RuleContext; readonly pause: SyntaxPause | undefined } {
    const { project, build } = state;
    const databases = this.services.databases?.(this.root) ?? NO_DATABASES;
    // Files with YAML errors: the rules that read them pause, and nothing but their syntax findings is said about them.
    const pause = syntaxPause(project, new Set([...state.perFile.keys()].filter((path) => isBroken(project.files.get(path)))));
    const engineVersion = this.services.engineVersion ?? LATEST_V2;
    const schemas = this.schemas(project, build.index, databases, engineVersion);
    return { ctx: { project, index: build.index, walk: new Walk(project), databases, engineVersion, ...(schemas ? { schemas } : {}) }, pause };
  }

  /**
   * The schema provider, the same object while what a schema is made from is the same: every file
   * but the allow list, the collections, the REST endpoints, cron triggers, API limits and the like
   * (a file object is new only when its text changed), the database models and the engine version
   * (so an edit inside a collection's query keeps it).
   */
  private schemas(
    project: Project,
    index: RuleContext['index'],
    databases: DatabaseModels,
    engineVersion: RuleContext['engineVersion'],
  ): SchemaProvider | undefined {
    const make = this.services.graphqlSchemas;
    if (!make) return undefined;
    const inputs: unknown[] = [databases, engineVersion];
    for (const file of project.files.values()) if (!NOT_IN_SCHEMA.has(file.kind)) inputs.push(file);
    const last = this.lastSchemas;
    if (last && last.inputs.length === inputs.length && last.inputs.every((x, i) => x === inputs[i])) {
      this.stale = false;
      return last.provider;
    }
    // The same models and engine version: only metadata was edited; in `idle` mode the schemas wait.
    if (last && this.services.schemaRefresh === 'idle' && !this.refreshDue && last.inputs[0] === databases && last.inputs[1] === engineVersion) {
      this.stale = true;
      return last.provider;
    }
    const provider = make({ project, index, databases, engineVersion });
    this.lastSchemas = { inputs, provider };
    this.stale = false;
    this.refreshDue = false;
    return provider;
  }

  /** The check used schemas made before the latest edits (`schemaRefresh: 'idle'`); `refreshSchemas()` then check again. */
  get schemasStale(): boolean {
    return this.stale;
  }

  /** The next check makes the schemas from the files as they are. */
  refreshSchemas(): void {
    this.refreshDue = true;
  }

  private result(state: State, severity: SeverityOverrides | undefined): RootResult {
    const { project } = state;
    const { ctx, pause } = this.ruleContext(state);
    const { databases, schemas } = ctx;
    const ruleFindings = this.runner.run(ctx, this.services.rules ?? RULES, pause);
    const others = [...project.findings, ...ruleFindings];
    const findings = [...(pause ? pause.keep(others) : others), ...[...state.perFile.values()].flat()];
    return {
      root: this.root,
      project,
      index: ctx.index,
      findings: notInEngine(project, applySeverity(findings, severity)).sort(compareFindings),
      databases,
      ...(schemas ? { schemas } : {}),
    };
  }
}

/**
 * Findings inside a file that no include reaches (a table or function file tables.yaml does not list)
 * are at most warnings: the engine CLI never reads that file, so nothing it holds can fail an apply.
 */
function notInEngine(project: Project, findings: Finding[]): Finding[] {
  if (project.unreferenced.length === 0) return findings;
  return findings.map((f) => (f.severity === 'error' && project.files.get(f.file)?.unreferenced ? { ...f, severity: 'warning' } : f));
}

/** `paths` and every file that includes one of them, to any depth (their validation may inline a fragment). */
function withIncluders(project: Project, paths: readonly string[]): Set<string> {
  const out = new Set<string>();
  const visit = (path: string): void => {
    if (out.has(path)) return;
    out.add(path);
    for (const site of project.files.get(path)?.includedBy ?? []) visit(site.file);
  };
  paths.forEach(visit);
  return out;
}
