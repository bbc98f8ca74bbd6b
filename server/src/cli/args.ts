import type { Dialect } from '../api/types';
import type { Severity } from '../core/diagnostics';
import { parseEngineVersion } from '../core/engineVersion';
import type { EngineVersion } from '../core/engineVersion';

export interface CheckArgs {
  readonly command: 'check';
  readonly dirs: string[];
  readonly format: 'stylish' | 'json' | 'sarif';
  readonly maxWarnings: number | undefined;
  readonly rules: Record<string, Severity | 'off'>;
  readonly color: boolean;
  /** --engine-version: the engine the metadata targets (undefined: the latest v2). */
  readonly engineVersion?: EngineVersion;
}

/** `export`, `apply` and `diff`: one metadata folder and a server. */
export interface ServerArgs {
  readonly command: 'export' | 'apply' | 'diff';
  readonly server: string;
  readonly dir: string;
  readonly dialect: Dialect;
  readonly color: boolean;
  /** apply: send `resource_version` so that the server refuses (409) when it changed since that export. */
  readonly resourceVersion: number | undefined;
}

export type ParsedArgs = CheckArgs | ServerArgs | { readonly command: 'help' | 'version' } | { readonly command: 'error'; readonly message: string };

/** The only way to give the admin secret: flags end up in shell history and process lists. */
export const ADMIN_SECRET_ENV = 'GRAPHQL_METADATA_ADMIN_SECRET';

const SEVERITIES = new Set(['error', 'warning', 'info', 'hint', 'off']);
const SERVER_COMMANDS = new Set(['export', 'apply', 'diff']);

type Flag = { flag: string; value: () => string | undefined };

function splitFlag(argv: readonly string[], i: number): Flag & { next: () => number } {
  const arg = argv[i]!;
  const eq = arg.startsWith('--') ? arg.indexOf('=') : -1;
  let index = i;
  const value = (): string | undefined => (eq >= 0 ? arg.slice(eq + 1) : argv[++index]);
  return { flag: eq >= 0 ? arg.slice(0, eq) : arg, value, next: () => index };
}

export function parseArgs(argv: readonly string[], isTty: boolean): ParsedArgs {
  if (argv.length === 0 || argv[0] === '--help' || argv[0] === '-h' || argv[0] === 'help') return { command: 'help' };
  if (argv[0] === '--version' || argv[0] === '-v') return { command: 'version' };
  if (SERVER_COMMANDS.has(argv[0]!)) return parseServerArgs(argv[0] as ServerArgs['command'], argv, isTty);
  if (argv[0] !== 'check') return { command: 'error', message: `Unknown command \`${argv[0]}\`.` };
  const args = { command: 'check' as const, dirs: [] as string[], format: 'stylish' as CheckArgs['format'], maxWarnings: undefined as number | undefined, rules: {} as Record<string, Severity | 'off'>, color: isTty, engineVersion: undefined as EngineVersion | undefined };
  for (let i = 1; i < argv.length; i++) {
    const arg = argv[i]!;
    const { flag, value, next } = splitFlag(argv, i);
    if (flag === '--format' || flag === '-f') {
      const format = value();
      if (format !== 'stylish' && format !== 'json' && format !== 'sarif') return { command: 'error', message: `--format must be stylish, json or sarif, not ${String(format)}.` };
      args.format = format;
    } else if (flag === '--max-warnings') {
      const n = Number(value());
      if (!Number.isInteger(n) || n < 0) return { command: 'error', message: '--max-warnings takes a whole number >= 0.' };
      args.maxWarnings = n;
    } else if (flag === '--rule') {
      const [code, severity] = (value() ?? '').split('=');
      if (!code || !severity || !SEVERITIES.has(severity)) return { command: 'error', message: '--rule takes CODE=error|warning|info|hint|off.' };
      args.rules[code] = severity as Severity | 'off';
    } else if (flag === '--engine-version') {
      const version = parseEngineVersion(value() ?? 'none');
      if (!version) return { command: 'error', message: '--engine-version takes a version such as v2.39 or 2.36.6, or latest.' };
      args.engineVersion = version;
    } else if (flag === '--no-color') args.color = false;
    else if (flag === '--color') args.color = true;
    else if (flag === '--help' || flag === '-h') return { command: 'help' };
    else if (flag.startsWith('-')) return { command: 'error', message: `Unknown option ${flag}.` };
    else args.dirs.push(arg);
    i = next();
  }
  if (args.dirs.length === 0) args.dirs.push('.');
  return args;
}

function parseServerArgs(command: ServerArgs['command'], argv: readonly string[], isTty: boolean): ParsedArgs {
  const args = { command, server: '', dirs: [] as string[], dialect: 'spec' as Dialect, color: isTty, resourceVersion: undefined as number | undefined };
  for (let i = 1; i < argv.length; i++) {
    const { flag, value, next } = splitFlag(argv, i);
    const error = serverFlag(command, flag, value, args, argv[i]!);
    if (error) return error;
    i = next();
  }
  if (args.server === '') return { command: 'error', message: `${command} needs --server URL (e.g. --server http://localhost:8080).` };
  if (args.dirs.length > 1) return { command: 'error', message: `${command} takes one metadata folder, not ${args.dirs.length}.` };
  const { dirs, ...rest } = args;
  return { ...rest, dir: dirs[0] ?? '.' };
}

type MutableServerArgs = { server: string; dirs: string[]; dialect: Dialect; color: boolean; resourceVersion: number | undefined };

function serverFlag(command: string, flag: string, value: () => string | undefined, args: MutableServerArgs, raw: string): ParsedArgs | undefined {
  if (flag === '--server') args.server = value() ?? '';
  else if (flag === '--dialect') {
    const dialect = value();
    if (dialect !== 'spec' && dialect !== 'engine') return { command: 'error', message: `--dialect must be spec or engine, not ${String(dialect)}.` };
    args.dialect = dialect;
  } else if (flag === '--resource-version' && command === 'apply') {
    const n = Number(value());
    if (!Number.isInteger(n) || n < 0) return { command: 'error', message: '--resource-version takes a whole number >= 0 (the one export printed).' };
    args.resourceVersion = n;
  } else if (flag === '--admin-secret' || flag === '--secret') {
    return { command: 'error', message: `There is no ${flag} flag: set the admin secret in the environment variable ${ADMIN_SECRET_ENV} (flags end up in shell history and process lists).` };
  } else if (flag === '--no-color') args.color = false;
  else if (flag === '--color') args.color = true;
  else if (flag === '--help' || flag === '-h') return { command: 'help' };
  else if (flag.startsWith('-')) return { command: 'error', message: `Unknown option ${flag} for ${command}.` };
  else args.dirs.push(raw);
  return undefined;
}

export const HELP = `Usage: graphql-metadata check [DIR...] [options]
       graphql-metadata export --server URL [DIR] [options]
       graphql-metadata apply --server URL [DIR] [options]
       graphql-metadata diff --server URL [DIR] [options]

check   Checks every GraphQL engine metadata project (config v3) found below each DIR (default: .).
export  Writes the server's metadata into DIR in the engine CLI's layout, all or nothing; files the
        export does not own are left alone, files of removed tables, functions and sources are deleted.
apply   Checks DIR and refuses when it has errors; else replaces the server's metadata with it.
diff    Prints, per file, what export would change (a unified diff of DIR against the server).
DIR of export, apply and diff is the metadata folder (the one with version.yaml); a project folder
with a metadata/ folder inside works too.

Options of check:
  -f, --format stylish|json|sarif   output format (default: stylish)
      --max-warnings N              exit 1 when there are more than N warnings
      --rule CODE=SEVERITY          set a rule's severity: error, warning, info, hint or off
      --engine-version VERSION      the engine the metadata targets, e.g. v2.37 (default: the latest v2)
Options of export, apply and diff:
      --server URL                  the engine's base URL, e.g. http://localhost:8080
      --dialect spec|engine         header names of the spec (default) or of the engine (x-hasura-role)
      --resource-version N          apply only: refuse (409) if the server changed since export printed N
Options of all commands:
      --color / --no-color          force colours on or off
  -h, --help                        show this help
  -v, --version                     print the version

Environment:
  ${ADMIN_SECRET_ENV}     the admin secret, sent as x-hasura-admin-secret (there is no flag for it)

Exit codes: 0 success (check: no errors; diff: no differences), 1 errors or refused (check: errors or
too many warnings; apply: local errors, a conflict or the server rejected the metadata; diff: there are
differences), 2 usage, network or I/O error.
`;
