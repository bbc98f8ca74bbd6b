import { checkFolder } from '../core/check';
import { DOCS_URL } from '../core/codes';
import type { Finding } from '../core/diagnostics';
import type { FileSystemHost } from '../core/host';
import { ParseCache } from '../core/project/cache';
import { SchemaValidator } from '../core/schema/validator';
import type { SchemaSet } from '../core/schema/validator';
import type { FetchLike } from '../api/fetch';
import { runApply } from './apply';
import { HELP, parseArgs } from './args';
import type { CheckArgs } from './args';
import { runDiff } from './diff';
import { runExport } from './export';
import { parseRuleDocs } from '../core/ruleDocs';
import { allCodes, checkSeverities } from '../core/severitySettings';
import { readRuleDocs } from '../node/packageFile';
import { formatSarif } from './formatSarif';
import { formatStylish } from './formatStylish';
import { buildReport, listed } from './report';
import type { Report } from './report';
import { nodeTreeFs } from './writeTree';
import type { TreeFs } from './writeTree';


export interface CliEnv {
  readonly argv: readonly string[];
  readonly cwd: string;
  readonly isTty: boolean;
  readonly host: FileSystemHost;
  readonly schemas: () => SchemaSet;
  readonly version: string;
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  /** For export, apply and diff (Node's global fetch in the real CLI). */
  readonly fetch?: FetchLike;
  /** The environment (the admin secret is read from it). */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** File operations of export and of check's --output-file; tests inject failures. Defaults to node:fs. */
  readonly tree?: TreeFs;
  /** docs/rules.md (SARIF's rule descriptions); defaults to the package's copy. */
  readonly ruleDocs?: () => string;
}

/** Runs the CLI and returns its exit code: 0 clean, 1 errors or too many warnings, 2 usage or I/O error. */
export async function runCli(env: CliEnv): Promise<number> {
  const args = parseArgs(env.argv, env.isTty);
  switch (args.command) {
    case 'check':
      return runCheck(args, env);
    case 'export':
      return runExport(args, env);
    case 'apply':
      return runApply(args, env);
    case 'diff':
      return runDiff(args, env);
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

function runCheck(args: CheckArgs, env: CliEnv): number {
  const { overrides, problems } = checkSeverities(args.rules);
  if (problems.length > 0) {
    env.stderr(problems.map((p) => `graphql-metadata: --rule: ${p}\n`).join(''));
    return 2;
  }
  const services = { host: env.host, cache: new ParseCache(), validator: new SchemaValidator(env.schemas()), severity: overrides };
  const findings: Finding[] = [];
  const texts = new Map<string, string>();
  let roots = 0;
  for (const dir of args.dirs) {
    const abs = dir.startsWith('/') ? dir : `${env.cwd}/${dir}`;
    if (!env.host.readDir(abs)) {
      env.stderr(`graphql-metadata: ${dir} is not a readable folder.\n`);
      return 2;
    }
    const result = checkFolder(abs, services);
    findings.push(...result.problems);
    for (const root of result.roots) {
      roots++;
      findings.push(...root.findings);
      for (const file of root.project.files.values()) texts.set(file.path, file.text);
    }
  }
  if (roots === 0 && findings.length === 0) {
    env.stderr(`graphql-metadata: no metadata project (a folder with version.yaml saying \`version: 3\`) found below ${args.dirs.join(', ')}.\n`);
    return 2;
  }
  const cwd = normalizeCwd(env.cwd);
  const report = buildReport(findings, texts.size, cwd, env.host, texts);
  if (!emit(formatReport(report, args, env, cwd), args, env)) return 2;
  const tooManyWarnings = args.maxWarnings !== undefined && report.summary.warnings > args.maxWarnings;
  if (tooManyWarnings && (args.format === 'stylish' || args.outputFile !== undefined)) env.stderr(`graphql-metadata: ${report.summary.warnings} warnings, more than --max-warnings ${args.maxWarnings}.\n`);
  return report.summary.errors > 0 || tooManyWarnings ? 1 : 0;
}

function formatReport(report: Report, args: CheckArgs, env: CliEnv, cwd: string): string {
  const shown = listed(report, args.show === 'errors' ? 'error' : args.show === 'all' ? 'hint' : DEFAULT_LISTED[args.format]);
  if (args.format === 'json') return `${JSON.stringify(shown, null, 2)}\n`;
  if (args.format === 'sarif') return formatSarif(shown, { version: env.version, docsUrl: DOCS_URL, codes: allCodes(), docs: parseRuleDocs((env.ruleDocs ?? readRuleDocs)()), cwd });
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
    env.stderr(`graphql-metadata: could not write ${args.outputFile}: ${error instanceof Error ? error.message : String(error)}\n`);
    return false;
  }
}

function normalizeCwd(cwd: string): string {
  return cwd.replace(/\/+$/, '') || '/';
}
