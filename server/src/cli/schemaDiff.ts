import { checkRoot, countChanges, generatedSchemas, LATEST_V2, ParseCache, parseEngineVersion, roleChanges, SCHEMA_NAMING_CONVENTIONS } from '../core';
import type { DatabaseModel, EngineVersion, RoleChanges, SchemaNamingConvention, SchemaProvider, SchemaSide } from '../core';
import { hasVersionFile, metadataDir, shown } from './engineCommon';
import { fail } from './env';
import type { CliEnv } from './env';

/** `graphql-metadata schema-diff OLD_DIR NEW_DIR [options]`. */
export interface SchemaDiffArgs {
  readonly oldDir: string;
  readonly newDir: string;
  /** --role (repeatable): only these roles (default: admin and every role of either side). */
  readonly roles: readonly string[];
  readonly format: 'stylish' | 'json' | 'markdown';
  /** --allow-breaking: exit 0 even with breaking changes. */
  readonly allowBreaking: boolean;
  readonly engineVersion: EngineVersion;
  readonly namingConvention?: SchemaNamingConvention;
  readonly color: boolean;
}

export const SCHEMA_DIFF_HELP = `Usage: graphql-metadata schema-diff OLD_DIR NEW_DIR [options]

Lists, per role, what changed in the GraphQL schema the engine serves between two versions of a
metadata project (each with its migrations): breaking, dangerous and safe changes. Exit 1 when a
change is breaking (unless --allow-breaking), 2 on a usage or I/O error.

  --role ROLE                 only this role (repeatable; default: admin and every role of either side)
  -f, --format stylish|json|markdown   output format (default: stylish; markdown: a pull-request comment)
  --allow-breaking            exit 0 even when a change is breaking
  --engine-version VERSION    the engine the metadata targets, e.g. v2.37 (default: the latest v2)
  --naming-convention C       the engine's HASURA_GRAPHQL_DEFAULT_NAMING_CONVENTION (${SCHEMA_NAMING_CONVENTIONS.join(' or ')})
`;

/** Parses the command's own arguments (after `schema-diff`); a message when they are wrong. */
export function parseSchemaDiffArgs(argv: readonly string[], color: boolean): SchemaDiffArgs | string {
  const dirs: string[] = [];
  const roles: string[] = [];
  let format: SchemaDiffArgs['format'] = 'stylish';
  let allowBreaking = false;
  let engineVersion = LATEST_V2;
  let namingConvention: SchemaNamingConvention | undefined;
  let paint = color;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const eq = arg.startsWith('--') ? arg.indexOf('=') : -1;
    const flag = eq >= 0 ? arg.slice(0, eq) : arg;
    const value = (): string | undefined => (eq >= 0 ? arg.slice(eq + 1) : argv[++i]);
    if (flag === '--role') {
      const v = value();
      if (!v) return '--role needs a role name.';
      roles.push(v);
    } else if (flag === '--format' || flag === '-f') {
      const v = value();
      if (v !== 'stylish' && v !== 'json' && v !== 'markdown') return `--format must be stylish, json or markdown${v ? `, not \`${v}\`` : ''}.`;
      format = v;
    } else if (flag === '--allow-breaking') allowBreaking = true;
    else if (flag === '--engine-version') {
      const v = value();
      const parsed = v ? parseEngineVersion(v) : undefined;
      if (!parsed) return `--engine-version must be a version such as v2.37 or latest${v ? `, not \`${v}\`` : ''}.`;
      engineVersion = parsed;
    } else if (flag === '--naming-convention') {
      const v = value();
      const known = SCHEMA_NAMING_CONVENTIONS.find((c) => c === v);
      if (!known) return `--naming-convention must be ${SCHEMA_NAMING_CONVENTIONS.join(' or ')}${v ? `, not \`${v}\`` : ''}.`;
      namingConvention = known;
    } else if (flag === '--color') paint = true;
    else if (flag === '--no-color') paint = false;
    else if (arg.startsWith('-')) return `Unknown option \`${arg}\` of schema-diff.`;
    else dirs.push(arg);
  }
  if (dirs.length !== 2) return 'schema-diff needs two folders: OLD_DIR NEW_DIR.';
  return {
    oldDir: dirs[0]!,
    newDir: dirs[1]!,
    roles,
    format,
    allowBreaking,
    engineVersion,
    color: paint,
    ...(namingConvention ? { namingConvention } : {}),
  };
}

/** Runs `schema-diff`: 0 no breaking change (or allowed), 1 breaking changes, 2 usage or I/O error. */
export async function runSchemaDiff(argv: readonly string[], env: CliEnv): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    env.stdout(SCHEMA_DIFF_HELP);
    return 0;
  }
  const args = parseSchemaDiffArgs(argv, env.isTty && env.env?.NO_COLOR === undefined);
  if (typeof args === 'string') return fail(env, `${args}\nRun \`graphql-metadata schema-diff --help\` for its options.`, 2);
  const before = await side(args.oldDir, args, env);
  if (typeof before === 'string') return fail(env, before, 2);
  const after = await side(args.newDir, args, env);
  if (typeof after === 'string') return fail(env, after, 2);
  const known = new Set(['admin', ...before.roles, ...after.roles]);
  const unknown = args.roles.filter((r) => !known.has(r));
  if (unknown.length > 0) return fail(env, `unknown role ${unknown.map((r) => `\`${r}\``).join(', ')}: the roles are ${[...known].sort().join(', ')}.`, 2);
  const diff = roleChanges(before, after, args.roles.length > 0 ? args.roles : undefined);
  env.stdout(format(diff, args));
  return countChanges(diff).breaking > 0 && !args.allowBreaking ? 1 : 0;
}

/** One version's schemas: its metadata folder checked, its models built from its migrations. */
async function side(dir: string, args: SchemaDiffArgs, env: CliEnv): Promise<SchemaSide | string> {
  const root = metadataDir(env, dir);
  if (!hasVersionFile(env, root)) return `${shown(env, root)} is not a metadata folder (no version.yaml there or in its metadata/ folder).`;
  const first = checkRoot(root, { host: env.host, cache: new ParseCache() });
  const builds = env.databases ? await env.databases(root, first.index.sources, { mode: 'migrations', env: env.env ?? {} }) : [];
  const models = new Map<string, DatabaseModel>(builds.flatMap((b) => (b.model ? [[b.source, b.model] as const] : [])));
  const provider: SchemaProvider = generatedSchemas(args.namingConvention ? { namingConvention: args.namingConvention } : {})({
    project: first.project,
    index: first.index,
    databases: models,
    engineVersion: args.engineVersion,
  });
  if (!provider.schemaFor('admin')) return `${shown(env, root)}: no GraphQL schema: ${provider.missing ?? 'it could not be made'}.`;
  return { roles: provider.roles, schemaFor: (role) => provider.schemaFor(role)?.schema };
}

const COLORS = { breaking: '\u001b[31m', dangerous: '\u001b[33m', safe: '\u001b[32m', bold: '\u001b[1m', reset: '\u001b[0m' } as const;

function format(diff: readonly RoleChanges[], args: SchemaDiffArgs): string {
  const counts = countChanges(diff);
  if (args.format === 'json') return `${JSON.stringify({ roles: diff, summary: counts }, null, 2)}\n`;
  const summary = `${counts.breaking} breaking, ${counts.dangerous} dangerous, ${counts.safe} safe change(s) in ${diff.length} role(s).`;
  if (args.format === 'markdown') {
    const lines = ['## GraphQL schema changes', '', summary, ''];
    for (const { role, changes } of diff) {
      lines.push(`### Role \`${role}\``, '');
      if (changes.length === 0) {
        lines.push('No change.', '');
        continue;
      }
      lines.push('| Level | Change | Description |', '| --- | --- | --- |');
      for (const c of changes) lines.push(`| ${c.level === 'breaking' ? '**breaking**' : c.level} | \`${c.type}\` | ${c.description.replace(/\|/g, '\\|')} |`);
      lines.push('');
    }
    return `${lines.join('\n')}`;
  }
  const paint = (c: keyof typeof COLORS, s: string): string => (args.color ? `${COLORS[c]}${s}${COLORS.reset}` : s);
  const lines: string[] = [];
  for (const { role, changes } of diff) {
    lines.push(paint('bold', `role ${role}`) + (changes.length === 0 ? ': no change' : ''));
    for (const c of changes) lines.push(`  ${paint(c.level, c.level.padEnd(9))}  ${c.description}  ${c.type}`);
    lines.push('');
  }
  lines.push(summary);
  return `${lines.join('\n')}\n`;
}
