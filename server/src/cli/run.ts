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
import { formatSarif } from './formatSarif';
import { formatStylish } from './formatStylish';
import { buildReport } from './report';
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
  /** File operations of export; tests inject failures. Defaults to node:fs. */
  readonly tree?: TreeFs;
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
      env.stderr(`graphql-metadata: ${args.message}\n\n${HELP}`);
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
  const services = { host: env.host, cache: new ParseCache(), validator: new SchemaValidator(env.schemas()), severity: args.rules, ...(args.engineVersion ? { engineVersion: args.engineVersion } : {}) };
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
  const report = buildReport(findings, texts.size, normalizeCwd(env.cwd), env.host, texts);
  if (args.format === 'json') env.stdout(`${JSON.stringify(report, null, 2)}\n`);
  else if (args.format === 'sarif') env.stdout(formatSarif(report, env.version, DOCS_URL));
  else env.stdout(formatStylish(report, args.color));
  const tooManyWarnings = args.maxWarnings !== undefined && report.summary.warnings > args.maxWarnings;
  if (tooManyWarnings && args.format === 'stylish') env.stderr(`graphql-metadata: ${report.summary.warnings} warnings, more than --max-warnings ${args.maxWarnings}.\n`);
  return report.summary.errors > 0 || tooManyWarnings ? 1 : 0;
}

function normalizeCwd(cwd: string): string {
  return cwd.replace(/\/+$/, '') || '/';
}
