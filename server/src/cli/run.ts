import {
  allCodes,
  applySeverity,
  checkFolder,
  checkInside,
  checkRoot,
  checkSeverities,
  DOCS_URL,
  generatedSchemas,
  isInside,
  ParseCache,
  parseRuleDocs,
  relative,
  resolve,
  SchemaValidator,
} from '../core';
import type { CheckServices, DatabaseModel, Finding, RootResult, SourceBuild } from '../core';
import { isQuietStatus } from '../../../common/databaseStatus';
import { runApply } from './apply';
import { explicitUrls, HELP, parseArgs } from './args';
import type { CheckArgs } from './args';
import { runDiff } from './diff';
import { runExport } from './export';
import { engineEnvironmentOf, runSchema } from './schema';
import { runSchemaDiff } from './schemaDiff';
import { readRuleDocs } from '../node/packageFile';
import { formatSarif } from './formatSarif';
import { formatStylish } from './formatStylish';
import { buildReport, listed } from './report';
import type { Report } from './report';
import { nodeTreeFs } from './writeTree';
import { fail, say } from './env';
import type { CliEnv } from './env';
import { runCacheCommand } from './cache';

/** Runs the CLI and returns its exit code: 0 clean, 1 errors or too many warnings, 2 usage or I/O error. */
export async function runCli(env: CliEnv): Promise<number> {
  const args = parseArgs(env.argv, env.colorByDefault);
  switch (args.command) {
    case 'check':
      return runCheck(args, env);
    case 'export':
      return runExport(args, env);
    case 'apply':
      return runApply(args, env);
    case 'diff':
      return runDiff(args, env);
    case 'schema':
      return runSchema(args, env);
    case 'cache':
      return runCacheCommand(args, env);
    case 'schema-diff':
      return runSchemaDiff(args, env);
    case 'error':
      env.stderr(`graphql-metadata: ${args.message}\nRun \`graphql-metadata --help\` for the commands and options.\n`);
      return 2;
    case 'version':
      env.stdout(`${env.version}\n`);
      return 0;
    default:
      env.stdout(HELP);
      return 0;
  }
}

async function runCheck(args: CheckArgs, env: CliEnv): Promise<number> {
  const { overrides, problems } = checkSeverities(args.rules);
  if (problems.length > 0) {
    return fail(
      env,
      problems.map((p) => `--rule: ${p}`),
      2,
    );
  }
  const services: CheckServices = {
    host: env.host,
    cache: new ParseCache(),
    validator: new SchemaValidator(env.schemas()),
    severity: overrides,
    ...(args.engineVersion ? { engineVersion: args.engineVersion } : {}),
    graphqlSchemas: generatedSchemas(engineEnvironmentOf(undefined, env)),
  };
  const findings: Finding[] = [];
  const results: RootResult[] = [];
  /** Roots checked for a folder or file inside them: only the findings there are reported. */
  const scopes = new Map<RootResult, string>();
  for (const dir of args.dirs) {
    const abs = resolve(normalizeCwd(env.cwd), dir);
    const isFolder = env.host.readDir(abs) !== undefined;
    if (!isFolder && env.host.readFile(abs).kind !== 'text') {
      return fail(env, `${dir} is not a readable folder or file.`, 2);
    }
    const loaded = isFolder && env.parallel ? await env.parallel(abs, services, args.jobs) : services;
    if (typeof loaded === 'string') {
      return fail(env, loaded, 2);
    }
    const result = isFolder ? checkFolder(abs, loaded) : checkInside(abs, services);
    findings.push(...result.problems);
    results.push(...result.roots);
    if (result.roots.length === 1 && !isInside(result.roots[0]!.root, abs)) scopes.set(result.roots[0]!, abs);
  }
  if (results.length === 0 && findings.length === 0) {
    return fail(env, `no metadata project (a folder with version.yaml saying \`version: 3\`) found below ${args.dirs.join(', ')}.`, 2);
  }
  const unknown = unknownSources(args, results);
  if (unknown) {
    return fail(env, unknown, 2);
  }
  const texts = new Map<string, string>();
  const cwd = normalizeCwd(env.cwd);
  const statuses: { root: string; source: string; status: string }[] = [];
  for (const result of results) {
    const checked = await withDatabases(result, args, env, services);
    if (typeof checked === 'string') {
      return fail(env, checked, 2);
    }
    const scope = scopes.get(result);
    const found = [
      ...checked.root.findings,
      ...applySeverity(
        checked.builds.flatMap((b) => b.findings),
        overrides,
      ),
    ];
    findings.push(...(scope === undefined ? found : found.filter((f) => isInside(f.file, scope))));
    for (const file of checked.root.project.files.values()) texts.set(file.path, file.text);
    const prefix = results.length > 1 ? `${relative(cwd, result.root)}: ` : '';
    if (args.format === 'stylish')
      for (const build of checked.builds.filter((b) => !isQuietStatus(b.status))) env.stderr(`${prefix}${build.source}: ${build.status}\n`);
    statuses.push(...checked.builds.map((b) => ({ root: relative(cwd, result.root), source: b.source, status: b.status })));
  }
  const report = buildReport(findings, texts.size, cwd, env.host, texts);
  if (!emit(formatReport(report, args, env, cwd, statuses), args, env)) return 2;
  const tooManyWarnings = args.maxWarnings !== undefined && report.summary.warnings > args.maxWarnings;
  if (tooManyWarnings && (args.format === 'stylish' || args.outputFile !== undefined))
    say(env, `${report.summary.warnings} warnings, more than --max-warnings ${args.maxWarnings}.`);
  return report.summary.errors > 0 || tooManyWarnings ? 1 : 0;
}

/** A message when --database SOURCE=URL names a source no root has. */
function unknownSources(args: CheckArgs, results: readonly RootResult[]): string | undefined {
  const names = new Set(results.flatMap((r) => r.index.sources.map((s) => s.name.name)));
  const unknown = Object.keys(args.database.urls).filter((name) => !names.has(name));
  return unknown.length === 0
    ? undefined
    : `--database ${unknown[0]!}=URL: no source is named \`${unknown[0]!}\` (sources: ${[...names].join(', ') || 'none'}).`;
}

/**
 * Builds the root's database models and, when there are any, checks the root again with them
 * (the parses are cached). A message when --database cannot be applied to this root.
 */
async function withDatabases(
  result: RootResult,
  args: CheckArgs,
  env: CliEnv,
  services: CheckServices,
): Promise<{ root: RootResult; builds: SourceBuild[] } | string> {
  if (!env.databases || args.database.mode === 'off') return { root: result, builds: [] };
  const explicit = explicitUrls(args, result.index.sources);
  if (typeof explicit === 'string') return explicit;
  const builds = await env.databases(result.root, result.index.sources, { mode: args.database.mode, explicit, env: env.env ?? {} });
  const models = new Map<string, DatabaseModel>(builds.flatMap((b) => (b.model ? [[b.source, b.model] as const] : [])));
  if (models.size === 0) return { root: result, builds };
  return { root: checkRoot(result.root, { ...services, databases: (root) => (root === result.root ? models : undefined) }), builds };
}

/** Where each root's source models came from (`--format json` lists them as `databases`). */
type ModelStatuses = readonly { readonly root: string; readonly source: string; readonly status: string }[];

function formatReport(report: Report, args: CheckArgs, env: CliEnv, cwd: string, statuses: ModelStatuses): string {
  const shown = listed(report, args.show === 'errors' ? 'error' : args.show === 'all' ? 'hint' : DEFAULT_LISTED[args.format]);
  if (args.format === 'json') return `${JSON.stringify(statuses.length > 0 ? { ...shown, databases: statuses } : shown, null, 2)}\n`;
  if (args.format === 'sarif')
    return formatSarif(shown, { version: env.version, docsUrl: DOCS_URL, codes: allCodes(), docs: parseRuleDocs((env.ruleDocs ?? readRuleDocs)()), cwd });
  return formatStylish(shown, args.color);
}

/** The least severe finding each format lists by default. */
const DEFAULT_LISTED = { stylish: 'info', json: 'hint', sarif: 'warning' } as const;

/** Writes the report to stdout or to --output-file; false (after saying why) when the file cannot be written. */
function emit(text: string, args: CheckArgs, env: CliEnv): boolean {
  if (args.outputFile === undefined) {
    env.stdout(text);
    return true;
  }
  const file = args.outputFile.startsWith('/') ? args.outputFile : `${normalizeCwd(env.cwd)}/${args.outputFile}`;
  try {
    const tree = env.tree ?? nodeTreeFs();
    tree.mkdir(file.slice(0, file.lastIndexOf('/')) || '/');
    tree.writeFile(file, text);
    return true;
  } catch (error) {
    say(env, `could not write ${args.outputFile}: ${error instanceof Error ? error.message : String(error)}`);
    return false;
  }
}

function normalizeCwd(cwd: string): string {
  return cwd.replace(/\/+$/, '') || '/';
}
