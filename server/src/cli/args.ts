/**
 * The CLI's commands and options, each declared once (in the manner of eslint's lib/options.js):
 * parsing, the hint for a missing value, `--help` and the README's option table (checked by
 * test/unit/cli/options.test.ts) all come from COMMANDS and COMMON_OPTIONS below. A new command is
 * one entry of COMMANDS with its options; a new option is one entry in its command's list.
 */
import type { Dialect } from '../../../common/api/types';
import { CACHE_MAX_MB_ENV } from '../node/cacheFolder';
import {
  DATABASE_MODES,
  isNamingConvention,
  NAMING_CONVENTIONS,
  parseEngineVersion,
  redactPasswords,
  SEVERITY_SETTINGS,
  sourceConnections,
  sourceForBareUrl,
} from '../core';
import type { DatabaseMode, EngineVersion, ExplicitUrls, NamingConvention, Severity, SourceFact } from '../core';

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

/** `schema`: the GraphQL schema the engine would serve to a role (cli/schema.ts). */
export interface SchemaArgs {
  readonly command: 'schema';
  readonly dir: string;
  readonly role: string;
  readonly format: 'sdl' | 'introspection';
  readonly outputFile: string | undefined;
  /** --naming-convention, else the engine's HASURA_GRAPHQL_DEFAULT_NAMING_CONVENTION in the environment. */
  readonly namingConvention: NamingConvention | undefined;
  readonly engineVersion: EngineVersion | undefined;
  readonly database: DatabaseArg;
  /** --remote-schema NAME=FILE: the SDL file of each remote schema, by name. */
  readonly remoteSchemas: Readonly<Record<string, string>>;
}

/** `cache`: print where the cache is and its size, or empty it. */
export interface CacheArgs {
  readonly command: 'cache';
  readonly clean: boolean;
  readonly color: boolean;
}

export type ParsedArgs =
  CheckArgs | EngineArgs | SchemaArgs | CacheArgs | { readonly command: 'help' | 'version' } | { readonly command: 'error'; readonly message: string };

/** The only way to give the admin secret: flags end up in shell history and process lists. */
export const ADMIN_SECRET_ENV = 'GRAPHQL_METADATA_ADMIN_SECRET';

/** What every command's state has: the colour choice (`undefined`: the default). */
interface Colored {
  color: boolean | undefined;
}

/** An option: how it is written, what it takes, what help says, and what it sets. */
export interface OptionSpec<S> {
  /** Its names: long ones (`--format`) and short ones (`-f`); the first names it in messages. */
  readonly names: readonly string[];
  /** Its value as help shows it (`stylish|json|sarif`); none for a switch. */
  readonly value?: string;
  /** What the value should be, said when it is missing (`stylish, json or sarif`). */
  readonly expects?: string;
  /** Help, one entry per line; none: not shown (a flag that only says why it does not exist). */
  readonly help?: readonly string[];
  /** Sets it on the command's state: a message when the value is not one it takes, or the command it turns into. */
  readonly set: (state: S, value: string, flag: string) => string | Exclusive | undefined;
}

/** An option that ends the parse with a command of its own (`--help`, `--version`). */
interface Exclusive {
  readonly exclusive: 'help' | 'version';
}

/** A command: its usage, what it does, its options, and its arguments once parsed. */
export interface CommandSpec<S extends Colored> {
  /** After `graphql-metadata `, e.g. `check [DIR...] [options]`. */
  readonly usage: string;
  /** What it does, for --help (lines after the first are indented under it). */
  readonly about: readonly string[];
  readonly options: readonly OptionSpec<S>[];
  /** Said in --help after the options that only this command takes. */
  readonly note?: string;
  readonly start: () => S;
  /** A word that is not an option (a folder). */
  readonly operand: (state: S, word: string) => void;
  /** The parsed arguments, `color` settled; or the message of what is missing. */
  readonly finish: (state: S, color: boolean) => ParsedArgs;
}

const SEVERITIES = new Set<string>(SEVERITY_SETTINGS);
const POSTGRES_URL = /^postgres(?:ql)?:\/\/\S+$/i;

/** A whole number >= `min`, or undefined. */
function wholeNumber(text: string, min: number): number | undefined {
  const n = Number(text);
  return Number.isInteger(n) && n >= min ? n : undefined;
}

// ── check ──────────────────────────────────────────────────────────────────────────────────────────

type CheckState = Colored & {
  dirs: string[];
  format: CheckArgs['format'];
  maxWarnings: number | undefined;
  rules: Record<string, Severity | 'off'>;
  show: CheckArgs['show'];
  outputFile: string | undefined;
  database: { mode: DatabaseMode; urls: Record<string, string>; bareUrl: string | undefined };
  engineVersion: EngineVersion | undefined;
  jobs: number | undefined;
};

type DatabaseState = Colored & { database: { mode: DatabaseMode; urls: Record<string, string>; bareUrl: string | undefined } };

/** `--database`: check and schema. */
const DATABASE: OptionSpec<DatabaseState> = {
  names: ['--database'],
  value: 'MODE|URL',
  help: [
    "where each source's database model comes from (default: auto):",
    "auto: a live database when a URL is configured (databases.yaml's",
    '  database_url, its from_env variable set in the environment or',
    "  the project's .env), else the project's migrations, else none",
    'migrations, live, off: only that',
    'postgres://...: this database for the default (or only) source',
    'SOURCE=postgres://...: this database for SOURCE (repeatable)',
    'A live database is only read (a READ ONLY transaction).',
  ],
  set: (s, v) => databaseFlag(v, s.database),
};

/** `--engine-version`: check and schema. */
const ENGINE_VERSION: OptionSpec<Colored & { engineVersion: EngineVersion | undefined }> = {
  names: ['--engine-version'],
  value: 'VERSION',
  help: ['the engine the metadata targets, e.g. v2.37 (default: the latest v2)'],
  set: (s, v) => ((s.engineVersion = parseEngineVersion(v)) === undefined ? '--engine-version takes a version such as v2.39 or 2.36.6, or latest.' : undefined),
};

const CHECK_OPTIONS: readonly OptionSpec<CheckState>[] = [
  {
    names: ['--format', '-f'],
    value: 'stylish|json|sarif',
    expects: 'stylish, json or sarif',
    help: ['output format (default: stylish)'],
    set: (s, v) => {
      if (v !== 'stylish' && v !== 'json' && v !== 'sarif') return `--format must be stylish, json or sarif, not \`${v}\`.`;
      s.format = v;
      return undefined;
    },
  },
  {
    names: ['--max-warnings'],
    value: 'N',
    expects: 'a whole number >= 0',
    help: ['exit 1 when there are more than N warnings'],
    set: (s, v) => ((s.maxWarnings = wholeNumber(v, 0)) === undefined ? '--max-warnings takes a whole number >= 0.' : undefined),
  },
  {
    names: ['--rule'],
    value: 'CODE=SEVERITY',
    expects: 'CODE=error|warning|info|hint|off',
    help: ["set a rule's severity: error, warning, info, hint or off"],
    set: (s, v) => {
      const [code, severity] = v.split('=');
      if (!code || !severity || !SEVERITIES.has(severity)) return `--rule takes CODE=error|warning|info|hint|off, not \`${v}\`.`;
      s.rules[code] = severity as Severity | 'off';
      return undefined;
    },
  },
  DATABASE,
  ENGINE_VERSION,
  {
    names: ['--jobs', '-j'],
    value: 'N',
    expects: 'a whole number >= 1',
    help: ['threads that parse a large project (default: GRAPHQL_METADATA_JOBS,', 'else every core, at most 8; 1: no worker threads)'],
    set: (s, v) => ((s.jobs = wholeNumber(v, 1)) === undefined ? '--jobs takes a whole number >= 1.' : undefined),
  },
  { names: ['--quiet', '-q'], help: ['list errors only (warnings are still counted)'], set: (s) => void (s.show = 'errors') },
  { names: ['--hints'], help: ['list every finding, infos and hints too'], set: (s) => void (s.show = 'all') },
  {
    names: ['--output-file', '-o'],
    value: 'FILE',
    expects: 'the file to write the report to',
    help: ['write the report to FILE instead of stdout'],
    set: (s, v) => void (s.outputFile = v),
  },
];

/** One `--database` value into `database`; a message when it is none of the accepted forms. */
function databaseFlag(value: string, database: DatabaseState['database']): string | undefined {
  const text = value.trim();
  if ((DATABASE_MODES as readonly string[]).includes(text)) database.mode = text as DatabaseMode;
  else if (POSTGRES_URL.test(text)) database.bareUrl = text;
  else {
    const named = /^([^=\s]+)=(.*)$/s.exec(text);
    if (!named || !POSTGRES_URL.test(named[2]!))
      return `--database takes auto, migrations, live, off, a postgres:// URL or SOURCE=postgres://URL, not \`${redactPasswords(value)}\`.`;
    database.urls[named[1]!] = named[2]!;
  }
  return undefined;
}

const CHECK: CommandSpec<CheckState> = {
  usage: 'check [DIR...] [options]',
  about: ['Checks every GraphQL engine metadata project (config v3) found below each DIR (default: .).'],
  options: CHECK_OPTIONS,
  note: 'By default stylish lists errors, warnings and infos, sarif errors and warnings, json every finding.',
  start: () => ({
    dirs: [],
    format: 'stylish',
    maxWarnings: undefined,
    rules: {},
    color: undefined,
    show: 'default',
    outputFile: undefined,
    database: { mode: 'auto', urls: {}, bareUrl: undefined },
    engineVersion: undefined,
    jobs: undefined,
  }),
  operand: (s, word) => void s.dirs.push(word),
  finish: ({ dirs, ...s }, color) => ({
    ...s,
    command: 'check',
    dirs: dirs.length > 0 ? dirs : ['.'],
    // A report written to a file gets no colour codes unless --color asks for them.
    color: s.color ?? (s.outputFile === undefined && color),
  }),
};

/** The URLs given with --database for a root's sources (a bare URL goes to its default source). */
export function explicitUrls(args: { readonly database: DatabaseArg }, sources: readonly SourceFact[]): ExplicitUrls | string {
  const urls = { ...args.database.urls };
  if (args.database.bareUrl !== undefined) {
    const target = sourceForBareUrl(sourceConnections(sources));
    if ('problem' in target) return `--database URL: ${target.problem}.`;
    urls[target.source] ??= args.database.bareUrl;
  }
  return { urls, from: '--database' };
}

// ── schema ─────────────────────────────────────────────────────────────────────────────────────────

type SchemaState = DatabaseState & {
  dirs: string[];
  role: string;
  format: SchemaArgs['format'];
  outputFile: string | undefined;
  namingConvention: NamingConvention | undefined;
  engineVersion: EngineVersion | undefined;
  remoteSchemas: Record<string, string>;
};

const SCHEMA: CommandSpec<SchemaState> = {
  usage: 'schema [DIR] [options]',
  about: [
    'Prints the GraphQL schema the engine would serve to a role, generated from the metadata and',
    'the database models (built from the migrations), without running the engine.',
  ],
  options: [
    {
      names: ['--role'],
      value: 'ROLE',
      expects: 'a role of the metadata',
      help: ['the role whose schema it is (default: admin)'],
      set: (s, v) => void (s.role = v),
    },
    {
      names: ['--format', '-f'],
      value: 'sdl|introspection',
      expects: 'sdl or introspection',
      help: ['SDL as graphql-js prints it (default), or the JSON result of the', 'standard introspection query ({"data": {"__schema": ...}})'],
      set: (s, v) => {
        if (v !== 'sdl' && v !== 'introspection') return `--format of schema must be sdl or introspection, not \`${v}\`.`;
        s.format = v;
        return undefined;
      },
    },
    {
      names: ['--naming-convention'],
      value: 'CONVENTION',
      expects: NAMING_CONVENTIONS.join(' or '),
      help: [
        "hasura-default or graphql-default: the engine's default, as",
        'HASURA_GRAPHQL_DEFAULT_NAMING_CONVENTION sets it (also read from the',
        "environment); a source's own naming_convention wins",
      ],
      set: (s, v) => {
        if (!isNamingConvention(v)) return `--naming-convention must be ${NAMING_CONVENTIONS.join(' or ')}, not \`${v}\`.`;
        s.namingConvention = v;
        return undefined;
      },
    },
    ENGINE_VERSION,
    DATABASE,
    {
      names: ['--remote-schema'],
      value: 'NAME=FILE',
      expects: "a remote schema's name and its SDL file",
      help: ['the SDL of the remote schema NAME (repeatable); without it a remote', "schema's fields are left out, with a note"],
      set: (s, v) => {
        const m = /^([^=]+)=(.+)$/s.exec(v);
        if (!m) return `--remote-schema takes NAME=FILE (the remote schema's name in remote_schemas.yaml and its SDL file), not \`${v}\`.`;
        s.remoteSchemas[m[1]!] = m[2]!;
        return undefined;
      },
    },
    {
      names: ['--output-file', '-o'],
      value: 'FILE',
      expects: 'the file to write the schema to',
      help: ['write the schema to FILE instead of stdout'],
      set: (s, v) => void (s.outputFile = v),
    },
  ],
  start: () => ({
    dirs: [],
    role: 'admin',
    format: 'sdl',
    outputFile: undefined,
    namingConvention: undefined,
    engineVersion: undefined,
    database: { mode: 'auto', urls: {}, bareUrl: undefined },
    remoteSchemas: {},
    color: undefined,
  }),
  operand: (s, word) => void s.dirs.push(word),
  finish: ({ dirs, color: _color, ...s }) => {
    if (dirs.length > 1) return { command: 'error', message: `schema takes one metadata folder, not ${dirs.length}.` };
    return { ...s, command: 'schema', dir: dirs[0] ?? '.' };
  },
};

// ── export, apply, diff ────────────────────────────────────────────────────────────────────────────

type EngineState = Colored & { server: string; dirs: string[]; dialect: Dialect; resourceVersion: number | undefined };

const SERVER: OptionSpec<EngineState> = {
  names: ['--server'],
  value: 'URL',
  expects: "the engine's base URL, e.g. http://localhost:8080",
  help: ["the engine's base URL, e.g. http://localhost:8080"],
  set: (s, v) => void (s.server = v),
};

const DIALECT: OptionSpec<EngineState> = {
  names: ['--dialect'],
  value: 'spec|engine',
  expects: 'spec or engine',
  help: ['header names of the spec (default) or of the engine (x-hasura-role)'],
  set: (s, v) => {
    if (v !== 'spec' && v !== 'engine') return `--dialect must be spec or engine, not \`${v}\`.`;
    s.dialect = v;
    return undefined;
  },
};

const RESOURCE_VERSION: OptionSpec<EngineState> = {
  names: ['--resource-version'],
  value: 'N',
  expects: 'the number export printed',
  help: ['refuse (409) if the server changed since export printed N'],
  set: (s, v) => ((s.resourceVersion = wholeNumber(v, 0)) === undefined ? '--resource-version takes a whole number >= 0 (the one export printed).' : undefined),
};

/** Flags people look for: each says where the admin secret goes instead. */
const NO_SECRET_FLAG: OptionSpec<EngineState> = {
  names: ['--admin-secret', '--secret'],
  set: (_s, _v, flag) =>
    `There is no ${flag} flag: set the admin secret in the environment variable ${ADMIN_SECRET_ENV} (flags end up in shell history and process lists).`,
};

function engineCommand(command: EngineArgs['command'], about: readonly string[], options: readonly OptionSpec<EngineState>[]): Command {
  return commandOf<EngineState>(command, {
    usage: `${command} --server URL [DIR] [options]`,
    about,
    options: [...options, NO_SECRET_FLAG],
    start: () => ({ server: '', dirs: [], dialect: 'spec', color: undefined, resourceVersion: undefined }),
    operand: (s, word) => void s.dirs.push(word),
    finish: ({ dirs, ...s }, color) => {
      if (s.server === '') return { command: 'error', message: `${command} needs --server URL (e.g. --server http://localhost:8080).` };
      if (dirs.length > 1) return { command: 'error', message: `${command} takes one metadata folder, not ${dirs.length}.` };
      return { ...s, command, dir: dirs[0] ?? '.', color: s.color ?? color };
    },
  });
}

// ── cache ──────────────────────────────────────────────────────────────────────────────────────────

type CacheState = Colored & { clean: boolean; operands: string[] };

const CACHE: CommandSpec<CacheState> = {
  usage: 'cache [--clean]',
  about: [
    'Prints where the cache is (models built from migrations, base databases, parse stores) and its',
    'size, kept within GRAPHQL_METADATA_CACHE_MAX_MB (default 256); --clean empties it.',
  ],
  options: [{ names: ['--clean'], help: ["remove the cache's files"], set: (s) => void (s.clean = true) }],
  start: () => ({ clean: false, operands: [], color: undefined }),
  operand: (s, word) => void s.operands.push(word),
  finish: (s, color) =>
    s.operands.length > 0
      ? { command: 'error', message: `cache takes no folder (\`${s.operands[0]!}\`): it prints the one cache of this user.` }
      : { command: 'cache', clean: s.clean, color: s.color ?? color },
};

// ── every command ──────────────────────────────────────────────────────────────────────────────────

/** A command as --help and the parse see it (its state's type hidden). */
export interface Command {
  readonly usage: string;
  readonly about: readonly string[];
  readonly options: readonly OptionSpec<never>[];
  readonly note?: string;
  readonly parse: (argv: readonly string[], color: boolean) => ParsedArgs;
}

function commandOf<S extends Colored>(name: string, spec: CommandSpec<S>): Command {
  return {
    usage: spec.usage,
    about: spec.about,
    options: spec.options,
    ...(spec.note !== undefined ? { note: spec.note } : {}),
    parse: (argv, color) => parseCommand(name, spec, argv, color),
  };
}

/** The commands, in --help's order. */
export const COMMANDS: Readonly<Record<string, Command>> = {
  check: commandOf('check', CHECK),
  export: engineCommand(
    'export',
    [
      "Writes the server's metadata into DIR in the engine CLI's layout, all or nothing; files the",
      'export does not own are left alone, files of removed tables, functions and sources are deleted.',
    ],
    [SERVER, DIALECT],
  ),
  apply: engineCommand(
    'apply',
    ["Checks DIR and refuses when it has errors; else replaces the server's metadata with it."],
    [SERVER, DIALECT, RESOURCE_VERSION],
  ),
  diff: engineCommand('diff', ['Prints, per file, what export would change (a unified diff of DIR against the server).'], [SERVER, DIALECT]),
  schema: commandOf('schema', SCHEMA),
  cache: commandOf('cache', CACHE),
} as const;

/** Said in --help after the commands. */
const COMMANDS_NOTE = [
  'DIR of export, apply and diff is the metadata folder (the one with version.yaml); a project folder',
  'with a metadata/ folder inside works too.',
];

/** Options every command takes. */
export const COMMON_OPTIONS: readonly OptionSpec<Colored>[] = [
  {
    names: ['--color', '--no-color'],
    help: ['force colours on or off (default: on for a terminal, off with', 'NO_COLOR set; FORCE_COLOR=1 forces them on)'],
    set: (s, _v, flag) => void (s.color = flag === '--color'),
  },
  { names: ['--help', '-h'], help: ['show this help'], set: () => ({ exclusive: 'help' }) },
  { names: ['--version', '-v'], help: ['print the version'], set: () => ({ exclusive: 'version' }) },
];

/** Colours by default: on a terminal, unless NO_COLOR is set; FORCE_COLOR (other than 0/false) forces them on. */
export function colorByDefault(isTty: boolean, env: Readonly<Record<string, string | undefined>>): boolean {
  const force = env.FORCE_COLOR;
  if (force !== undefined && force !== '0' && force !== 'false') return true;
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  return isTty;
}

/** `argv` (without node and the script) into a command's arguments; `color`: whether colours are on by default. */
export function parseArgs(argv: readonly string[], color: boolean): ParsedArgs {
  const first = argv[0];
  if (first === undefined || first === 'help') return { command: 'help' };
  if (first.startsWith('-')) {
    const common = COMMON_OPTIONS.find((o) => o.names.includes(first));
    const exclusive = common?.set({ color: undefined }, '', first);
    return typeof exclusive === 'object' ? { command: exclusive.exclusive } : { command: 'error', message: `Unknown option ${first}: give a command first.` };
  }
  const command = Object.hasOwn(COMMANDS, first) ? COMMANDS[first] : undefined;
  return command ? command.parse(argv, color) : { command: 'error', message: `Unknown command \`${first}\`.` };
}

function parseCommand<S extends Colored>(name: string, spec: CommandSpec<S>, argv: readonly string[], color: boolean): ParsedArgs {
  const state = spec.start();
  const options: readonly OptionSpec<S>[] = [...spec.options, ...COMMON_OPTIONS];
  for (let i = 1; i < argv.length; i++) {
    const word = argv[i]!;
    if (!word.startsWith('-')) {
      spec.operand(state, word);
      continue;
    }
    const eq = word.startsWith('--') ? word.indexOf('=') : -1;
    const flag = eq >= 0 ? word.slice(0, eq) : word;
    const option = options.find((o) => o.names.includes(flag));
    if (!option) return { command: 'error', message: `Unknown option ${flag} for ${name}.` };
    let value = '';
    if (option.value !== undefined) {
      const given = eq >= 0 ? word.slice(eq + 1) : argv[i + 1];
      if (given === undefined || (eq < 0 && given.startsWith('--')))
        return { command: 'error', message: `${flag} needs a value${option.expects ? `: ${option.expects}` : ''}.` };
      if (eq < 0) i++;
      value = given;
    }
    const outcome = option.set(state, value, flag);
    if (typeof outcome === 'string') return { command: 'error', message: outcome };
    if (outcome) return { command: outcome.exclusive };
  }
  return spec.finish(state, color);
}

// ── help ───────────────────────────────────────────────────────────────────────────────────────────

const COLUMN = 36;

/** How help (and the README's option table) writes an option: `-f, --format stylish|json|sarif`, `--color / --no-color`. */
export function optionUsage(option: OptionSpec<never>): string {
  const short = option.names.filter((n) => !n.startsWith('--'));
  const long = option.names.filter((n) => n.startsWith('--')).join(' / ');
  return `${short.map((n) => `${n}, `).join('')}${long}${option.value !== undefined ? ` ${option.value}` : ''}`;
}

function optionLines(option: OptionSpec<never>): string[] {
  const short = option.names.some((n) => !n.startsWith('--'));
  const head = `${short ? '  ' : '      '}${optionUsage(option)}`;
  const [first = '', ...rest] = option.help ?? [];
  return [`${head.padEnd(COLUMN - 1)} ${first}`, ...rest.map((line) => `${' '.repeat(COLUMN)}${line}`)];
}

/** `a`, `a and b`, `a, b and c`. */
function listed(names: readonly string[]): string {
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]!}`;
}

/** Each option under the commands that take it, in the order the commands first name them. */
function optionSections(): string[] {
  const names = Object.keys(COMMANDS);
  const seen = new Set<OptionSpec<never>>();
  const lines: string[] = [];
  for (const name of names) {
    for (const option of COMMANDS[name]!.options) {
      if (seen.has(option) || !option.help) continue;
      const takers = names.filter((n) => COMMANDS[n]!.options.includes(option));
      const group = COMMANDS[name]!.options.filter((o) => names.every((n) => COMMANDS[n]!.options.includes(o) === takers.includes(n)));
      lines.push(`Options of ${listed(takers)}:`);
      for (const member of group.filter((o) => o.help)) {
        seen.add(member);
        lines.push(...optionLines(member));
      }
      const note = takers.length === 1 ? COMMANDS[takers[0]!]!.note : undefined;
      if (note) lines.push(note);
    }
  }
  return [...lines, 'Options of all commands:', ...COMMON_OPTIONS.flatMap((o) => optionLines(o as OptionSpec<never>))];
}

function helpText(): string {
  const names = Object.keys(COMMANDS);
  const width = Math.max(...names.map((n) => n.length)) + 2;
  const usage = names.map((n, i) => `${i === 0 ? 'Usage: ' : '       '}graphql-metadata ${COMMANDS[n]!.usage}`);
  const about = names.flatMap((n) => COMMANDS[n]!.about.map((line, i) => `${i === 0 ? n.padEnd(width) : ' '.repeat(width)}${line}`));
  return `${[...usage, '', ...about, ...COMMANDS_NOTE, '', ...optionSections()].join('\n')}

Environment:
  ${ADMIN_SECRET_ENV}     the admin secret, sent as x-hasura-admin-secret (there is no flag for it)
  ${CACHE_MAX_MB_ENV}     the most the cache folder may hold, in MB (default 256)

Exit codes: 0 success (check: no errors; diff: no differences), 1 errors or refused (check: errors or
too many warnings; apply: local errors, a conflict or the server rejected the metadata; diff: there are
differences), 2 usage, network or I/O error.
`;
}

export const HELP = helpText();
