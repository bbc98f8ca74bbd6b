import { checkRoot, countChanges, generatedSchemas, LATEST_V2, ParseCache, roleChanges } from '../core';
import type { DatabaseModel, RoleChanges, SchemaProvider, SchemaSide } from '../core';
import type { SchemaDiffArgs } from './args';
import { hasVersionFile, metadataDir, shown } from './engineCommon';
import { fail } from './env';
import type { CliEnv } from './env';
import { engineEnvironmentOf } from './schema';

/** Runs `schema-diff`: 0 no breaking change (or allowed), 1 breaking changes, 2 usage or I/O error. */
export async function runSchemaDiff(args: SchemaDiffArgs, env: CliEnv): Promise<number> {
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
  const provider: SchemaProvider = generatedSchemas(engineEnvironmentOf(args.namingConvention, env))({
    project: first.project,
    index: first.index,
    databases: models,
    engineVersion: args.engineVersion ?? LATEST_V2,
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
