import type { Dialect } from '../../../common/api/types';
import { DATABASE_MODES, parseEngineVersion, redactPasswords, SEVERITY_SETTINGS } from '../core';
import type { DatabaseMode, EngineVersion, Severity } from '../core';

export interface CheckArgs {
  readonly command: 'check';
  readonly dirs: string[];
  readonly format: 'stylish' | 'json' | 'sarif';
  readonly maxWarnings: number | undefined;
  readonly rules: Record<string, Severity | 'off'>;
  readonly color: boolean;
  /** Which findings are listed (all are counted): errors only, the format's default, or every one with hints. */
  readonly show: 'errors' | 'default' | 'all';
  /** Write the report to this file instead of stdout. */
  readonly outputFile: string | undefined;
  /** --engine-version: the engine the metadata targets (undefined: the latest v2). */
  readonly engineVersion?: EngineVersion;
  readonly database: DatabaseArg;
  /** --jobs: how many threads parse (undefined: GRAPHQL_METADATA_JOBS, else every core). */
  readonly jobs?: number;
}

/** `--database`: where the sources' models come from, and URLs given on the command line. */
export interface DatabaseArg {
  readonly mode: DatabaseMode;
  /** `--database SOURCE=URL`, by source name. */
  readonly urls: Readonly<Record<string, string>>;
  /** `--database URL`: for the `default` source, else the only Postgres source. */
  readonly bareUrl: string | undefined;
}

/** `export`, `apply` and `diff`: one metadata folder and a server. */
export interface EngineArgs {
  readonly command: 'export' | 'apply' | 'diff';
  readonly server: string;
  readonly dir: string;
  readonly dialect: Dialect;
  readonly color: boolean;
  /** apply: send `resource_version` so that the server refuses (409) when it changed since that export. */
  readonly resourceVersion: number | undefined;
}

export type ParsedArgs = CheckArgs | EngineArgs | { readonly command: 'help' | 'version' } | { readonly command: 'error'; readonly message: string };

/** The only way to give the admin secret: flags end up in shell history and process lists. */
export const ADMIN_SECRET_ENV = 'GRAPHQL_METADATA_ADMIN_SECRET';

const SEVERITIES = new Set<string>(SEVERITY_SETTINGS);
const SERVER_COMMANDS = new Set(['export', 'apply', 'diff']);

type Flag = { flag: string; value: () => string };

/** A flag given without its value (at the end, or followed by another `--flag`). */
class MissingValue extends Error {}

function splitFlag(argv: readonly string[], i: number): Flag & { next: () => number } {
  const arg = argv[i]!;
  const eq = arg.startsWith('--') ? arg.indexOf('=') : -1;
  const flag = eq >= 0 ? arg.slice(0, eq) : arg;
  let index = i;
  const value = (): string => {
    if (eq >= 0) return arg.slice(eq + 1);
    const next = argv[index + 1];
    if (next === undefined || next.startsWith('--')) throw new MissingValue(`${flag} needs a value${HINTS[flag] ? `: ${HINTS[flag]}` : ''}.`);
    index++;
    return next;
  };
  return { flag, value, next: () => index };
}

const HINTS: Readonly<Record<string, string>> = {
  '--format': 'stylish, json or sarif',
  '-f': 'stylish, json or sarif',
  '--max-warnings': 'a whole number >= 0',
  '--jobs': 'a whole number >= 1',
  '-j': 'a whole number >= 1',
  '--rule': 'CODE=error|warning|info|hint|off',
  '--output-file': 'the file to write the report to',
  '-o': 'the file to write the report to',
  '--server': "the engine's base URL, e.g. http://localhost:8080",
  '--dialect': 'spec or engine',
  '--resource-version': 'the number export printed',
};

/** Colours by default: on a terminal, unless NO_COLOR is set; FORCE_COLOR (other than 0/false) forces them on. */
export function colorByDefault(isTty: boolean, env: Readonly<Record<string, string | undefined>>): boolean {
  const force = env.FORCE_COLOR;
  if (force !== undefined && force !== '0' && force !== 'false') return true;
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  return isTty;
}

export function parseArgs(argv: readonly string[], isTty: boolean): ParsedArgs {
  try {
    return parseCommand(argv, isTty);
  } catch (error) {
    if (error instanceof MissingValue) return { command: 'error', message: error.message };
    throw error;
  }
}

function parseCommand(argv: readonly string[], isTty: boolean): ParsedArgs {
  if (argv.length === 0 || argv[0] === '--help' || argv[0] === '-h' || argv[0] === 'help') return { command: 'help' };
  if (argv[0] === '--version' || argv[0] === '-v') return { command: 'version' };
  if (SERVER_COMMANDS.has(argv[0]!)) return parseServerArgs(argv[0] as EngineArgs['command'], argv, isTty);
  if (argv[0] !== 'check') return { command: 'error', message: `Unknown command \`${argv[0]}\`.` };
  const database = { mode: 'auto' as DatabaseMode, urls: {} as Record<string, string>, bareUrl: undefined as string | undefined };
  const args = {
    command: 'check' as const,
    dirs: [] as string[],
    format: 'stylish' as CheckArgs['format'],
    maxWarnings: undefined as number | undefined,
    rules: {} as Record<string, Severity | 'off'>,
    color: undefined as boolean | undefined,
    show: 'default' as CheckArgs['show'],
    outputFile: undefined as string | undefined,
    database,
    engineVersion: undefined as EngineVersion | undefined,
    jobs: undefined as number | undefined,
  };
  for (let i = 1; i < argv.length; i++) {
    const arg = argv[i]!;
    const { flag, value, next } = splitFlag(argv, i);
    if (flag === '--format' || flag === '-f') {
      const format = value();
      if (format !== 'stylish' && format !== 'json' && format !== 'sarif')
        return { command: 'error', message: `--format must be stylish, json or sarif, not \`${format}\`.` };
      args.format = format;
    } else if (flag === '--max-warnings') {
      const n = Number(value());
      if (!Number.isInteger(n) || n < 0) return { command: 'error', message: '--max-warnings takes a whole number >= 0.' };
      args.maxWarnings = n;
    } else if (flag === '--jobs' || flag === '-j') {
      const n = Number(value());
      if (!Number.isInteger(n) || n < 1) return { command: 'error', message: '--jobs takes a whole number >= 1.' };
      args.jobs = n;
    } else if (flag === '--rule') {
      const rule = value();
      const [code, severity] = rule.split('=');
      if (!code || !severity || !SEVERITIES.has(severity))
        return { command: 'error', message: `--rule takes CODE=error|warning|info|hint|off, not \`${rule}\`.` };
      args.rules[code] = severity as Severity | 'off';
    } else if (flag === '--database') {
      const error = databaseFlag(value(), database);
      if (error) return { command: 'error', message: error };
    } else if (flag === '--engine-version') {
      const version = parseEngineVersion(value() ?? 'none');
      if (!version) return { command: 'error', message: '--engine-version takes a version such as v2.39 or 2.36.6, or latest.' };
      args.engineVersion = version;
    } else if (flag === '--output-file' || flag === '-o') args.outputFile = value();
    else if (flag === '--quiet' || flag === '-q') args.show = 'errors';
    else if (flag === '--hints') args.show = 'all';
    else if (flag === '--no-color') args.color = false;
    else if (flag === '--color') args.color = true;
    else if (flag === '--help' || flag === '-h') return { command: 'help' };
    else if (flag.startsWith('-')) return { command: 'error', message: `Unknown option ${flag}.` };
    else args.dirs.push(arg);
    i = next();
  }
  if (args.dirs.length === 0) args.dirs.push('.');
  // A report written to a file gets no colour codes unless --color asks for them.
  return { ...args, color: args.color ?? (args.outputFile === undefined && isTty) };
}

const POSTGRES_URL = /^postgres(?:ql)?:\/\/\S+$/i;

/** One `--database` value into `database`; a message when it is none of the accepted forms. */
function databaseFlag(
  value: string | undefined,
  database: { mode: DatabaseMode; urls: Record<string, string>; bareUrl: string | undefined },
): string | undefined {
  const text = (value ?? '').trim();
  if ((DATABASE_MODES as readonly string[]).includes(text)) database.mode = text as DatabaseMode;
  else if (POSTGRES_URL.test(text)) database.bareUrl = text;
  else {
    const named = /^([^=\s]+)=(.*)$/s.exec(text);
    if (!named || !POSTGRES_URL.test(named[2]!)) {
      const shown = value === undefined ? 'nothing' : `\`${redactPasswords(value)}\``;
      return `--database takes auto, migrations, live, off, a postgres:// URL or SOURCE=postgres://URL, not ${shown}.`;
    }
    database.urls[named[1]!] = named[2]!;
  }
  return undefined;
}

function parseServerArgs(command: EngineArgs['command'], argv: readonly string[], isTty: boolean): ParsedArgs {
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

function serverFlag(command: string, flag: string, value: () => string, args: MutableServerArgs, raw: string): ParsedArgs | undefined {
  if (flag === '--server') args.server = value();
  else if (flag === '--dialect') {
    const dialect = value();
    if (dialect !== 'spec' && dialect !== 'engine') return { command: 'error', message: `--dialect must be spec or engine, not \`${dialect}\`.` };
    args.dialect = dialect;
  } else if (flag === '--resource-version' && command === 'apply') {
    const n = Number(value());
    if (!Number.isInteger(n) || n < 0) return { command: 'error', message: '--resource-version takes a whole number >= 0 (the one export printed).' };
    args.resourceVersion = n;
  } else if (flag === '--admin-secret' || flag === '--secret') {
    return {
      command: 'error',
      message: `There is no ${flag} flag: set the admin secret in the environment variable ${ADMIN_SECRET_ENV} (flags end up in shell history and process lists).`,
    };
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
       graphql-metadata cache [--clean]

check   Checks every GraphQL engine metadata project (config v3) found below each DIR (default: .).
export  Writes the server's metadata into DIR in the engine CLI's layout, all or nothing; files the
        export does not own are left alone, files of removed tables, functions and sources are deleted.
apply   Checks DIR and refuses when it has errors; else replaces the server's metadata with it.
diff    Prints, per file, what export would change (a unified diff of DIR against the server).
cache   Prints where the cache is and its size; --clean empties it (see graphql-metadata cache --help).
DIR of export, apply and diff is the metadata folder (the one with version.yaml); a project folder
with a metadata/ folder inside works too.

Options of check:
  -f, --format stylish|json|sarif   output format (default: stylish)
      --max-warnings N              exit 1 when there are more than N warnings
      --rule CODE=SEVERITY          set a rule's severity: error, warning, info, hint or off
      --database MODE|URL           where each source's database model comes from (default: auto):
                                    auto: a live database when a URL is configured (databases.yaml's
                                      database_url, its from_env variable set in the environment or
                                      the project's .env), else the project's migrations, else none
                                    migrations, live, off: only that
                                    postgres://...: this database for the default (or only) source
                                    SOURCE=postgres://...: this database for SOURCE (repeatable)
                                    A live database is only read (a READ ONLY transaction).
      --engine-version VERSION      the engine the metadata targets, e.g. v2.37 (default: the latest v2)
  -j, --jobs N                      threads that parse a large project (default: GRAPHQL_METADATA_JOBS,
                                    else every core, at most 8; 1: no worker threads)
  -q, --quiet                       list errors only (warnings are still counted)
      --hints                       list every finding, infos and hints too
  -o, --output-file FILE            write the report to FILE instead of stdout
By default stylish lists errors, warnings and infos, sarif errors and warnings, json every finding.
Options of export, apply and diff:
      --server URL                  the engine's base URL, e.g. http://localhost:8080
      --dialect spec|engine         header names of the spec (default) or of the engine (x-hasura-role)
      --resource-version N          apply only: refuse (409) if the server changed since export printed N
Options of all commands:
      --color / --no-color          force colours on or off (default: on for a terminal, off with
                                    NO_COLOR set; FORCE_COLOR=1 forces them on)
  -h, --help                        show this help
  -v, --version                     print the version

Environment:
  ${ADMIN_SECRET_ENV}     the admin secret, sent as x-hasura-admin-secret (there is no flag for it)
  GRAPHQL_METADATA_CACHE_MAX_MB     the most the cache folder may hold, in MB (default 256)

Exit codes: 0 success (check: no errors; diff: no differences), 1 errors or refused (check: errors or
too many warnings; apply: local errors, a conflict or the server rejected the metadata; diff: there are
differences), 2 usage, network or I/O error.
`;
