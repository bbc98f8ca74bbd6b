/** Add Source, Drop Source, Rename Source. */
import type { ApiError } from '../../../common/api/errors';
import type { MetadataOperation, SourceKind } from '../../../common/protocol';
import type { Args } from './args';
import { argumentObject, booleanArg, nameProblem, objectArg, parseOptionalCount, stringArg } from './args';
import { chooseSource } from './choose';
import type { CommandFactory, Result } from './context';
import { resourceOf } from './context';
import { runOperation, tell } from './flow';
import { addSourceArgs } from './operationArgs';
import { ArgumentError, Cancelled } from './outcome';
import type { Target } from './project';
import { chooseTarget } from './project';
import type { Choice } from './prompts';
import { confirm, input, pick } from './prompts';
import * as vscode from 'vscode';

const NO_ROOT = 'No metadata folder (a folder with version.yaml saying version: 3) is open.';

const KINDS: readonly Choice<SourceKind>[] = [
  { label: 'Postgres', description: 'pg_add_source', value: 'postgres' },
  { label: 'MS SQL Server', description: 'mssql_add_source', value: 'mssql' },
  { label: 'BigQuery', description: 'bigquery_add_source', value: 'bigquery' },
];

function kindArg(args: Args): SourceKind | undefined {
  const kind = stringArg(args, 'kind');
  if (kind === undefined) return undefined;
  const known: Record<string, SourceKind> = { postgres: 'postgres', pg: 'postgres', mssql: 'mssql', bigquery: 'bigquery' };
  const value = known[kind];
  if (value === undefined) throw new ArgumentError('Argument `kind` must be postgres, mssql or bigquery.');
  return value;
}

export const addSource: CommandFactory = (ctx) => async (arg) => {
  const args = argumentObject(arg);
  const target = await chooseTarget(ctx, resourceOf(arg, vscode.Uri));
  if (!target) return tell('not-run', NO_ROOT);
  const kind = await pick(kindArg(args), KINDS, 'Add Source: kind of database');
  const name = await input(stringArg(args, 'name'), {
    title: 'Add Source: name',
    prompt: 'The name the metadata gives the database',
    validate: (t) => nameProblem(t, [], 'source'),
  });
  const exists = target.facts.sources.some((s) => s.name === name);
  let replace = booleanArg(args, 'replace_configuration');
  if (replace === undefined && exists) replace = await askReplace(name);
  const configuration = objectArg(args, 'configuration') ?? (await promptConfiguration(kind, name));
  const operation: MetadataOperation = { type: 'add_source', args: addSourceArgs(kind, name, configuration, replace) };
  return runOperation(ctx, target, operation, {
    summary: (op) => (op.type === 'add_source' && op.args.replace_configuration ? `Replaced the configuration of source ${name}` : `Added source ${name}`),
    // Asked only when the argument object left replace_configuration open.
    retry: async (error, op) =>
      error.kind === 'already-exists' && op.type === 'add_source' && replace === undefined && (await askReplace(name))
        ? { ...op, args: { ...op.args, replace_configuration: true } }
        : undefined,
  });
};

async function askReplace(name: string): Promise<true> {
  await confirm(
    `Source ${name} already exists.`,
    'Replace its configuration with the new one (replace_configuration: true)? Its tables stay.',
    'Replace configuration',
  );
  return true;
}

async function promptConfiguration(kind: SourceKind, name: string): Promise<Record<string, unknown>> {
  const env = `${name.toUpperCase().replace(/[^A-Z0-9]+/g, '_')}_DATABASE_URL`;
  if (kind === 'bigquery') {
    const serviceAccount = await fromEnvOrValue('service account key', `${env.replace(/_DATABASE_URL$/, '')}_SERVICE_ACCOUNT`, 'The service account JSON key');
    const projectId = await input(undefined, { title: 'Add Source: BigQuery project id', validate: (t) => (t.trim() === '' ? 'Required.' : undefined) });
    const datasets = await input(undefined, {
      title: 'Add Source: datasets',
      prompt: 'Comma-separated dataset names',
      validate: (t) => (t.trim() === '' ? 'Required.' : undefined),
    });
    return { service_account: serviceAccount, project_id: projectId, datasets };
  }
  const key = kind === 'mssql' ? 'connection_string' : 'database_url';
  const connection = await fromEnvOrValue(
    kind === 'mssql' ? 'connection string' : 'database URL',
    env,
    kind === 'mssql' ? 'The ODBC connection string' : 'postgres://user:password@host:5432/db',
  );
  const pool = await poolSettings(kind);
  return { connection_info: { [key]: connection, ...(pool ? { pool_settings: pool } : {}) } };
}

async function fromEnvOrValue(what: string, envDefault: string, placeHolder: string): Promise<string | { from_env: string }> {
  const how = await pick<'env' | 'value'>(
    undefined,
    [
      { label: 'From an environment variable', description: 'recommended: keeps credentials out of the metadata files', value: 'env' },
      { label: `Type the ${what}`, description: 'it is written into databases.yaml', value: 'value' },
    ],
    `Add Source: ${what}`,
  );
  if (how === 'env')
    return {
      from_env: await input(undefined, {
        title: `Add Source: environment variable holding the ${what}`,
        value: envDefault,
        validate: (t) => (/^[A-Za-z_][A-Za-z0-9_]*$/.test(t) ? undefined : 'An environment variable name.'),
      }),
    };
  return input(undefined, { title: `Add Source: ${what}`, placeHolder, validate: (t) => (t.trim() === '' ? 'Required.' : undefined) });
}

async function poolSettings(kind: SourceKind): Promise<Record<string, number> | undefined> {
  const set = await pick<boolean>(
    undefined,
    [
      { label: 'Default pool settings', value: false },
      { label: 'Set pool settings…', value: true },
    ],
    'Add Source: connection pool',
  );
  if (!set) return undefined;
  const keys = kind === 'mssql' ? ['max_connections', 'idle_timeout'] : ['max_connections', 'idle_timeout', 'retries', 'pool_timeout', 'connection_lifetime'];
  const out: Record<string, number> = {};
  for (const key of keys) {
    const text = await input(undefined, {
      title: `Add Source: pool ${key}`,
      prompt: 'Empty leaves it out',
      validate: (t) => {
        const r = parseOptionalCount(t);
        return r.ok ? undefined : r.message;
      },
    });
    const parsed = parseOptionalCount(text);
    if (parsed.ok && parsed.value !== undefined) out[key] = parsed.value;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/** On a dependency error: the dependents, and the offer to run again with cascade. */
export async function offerCascade(error: ApiError, what: string): Promise<boolean> {
  if (error.kind !== 'dependency') return false;
  const list = (error.dependents ?? []).map((d) => `• ${d}`).join('\n');
  try {
    await confirm(`Other objects depend on ${what}.`, `${list || error.message}\n\nDrop them as well (cascade: true)?`, 'Drop with cascade');
    return true;
  } catch (e) {
    if (e instanceof Cancelled) return false;
    throw e;
  }
}

export const dropSource: CommandFactory = (ctx) => async (arg) => {
  const args = argumentObject(arg);
  const target = await chooseTarget(ctx, resourceOf(arg, vscode.Uri));
  if (!target) return tell('not-run', NO_ROOT);
  const named = stringArg(args, 'name');
  const name = await chooseSource(target, args, 'Drop Source', 'name');
  if (named === undefined)
    await confirm(
      `Drop source ${name}?`,
      'The server forgets the database and everything tracked in it; its files here are deleted (one undoable edit).',
      'Drop source',
    );
  const operation: MetadataOperation = { type: 'drop_source', args: { name, ...cascadeArg(args) } };
  return runDrop(ctx, target, operation, name);
};

function cascadeArg(args: Args): { cascade?: boolean } {
  const cascade = booleanArg(args, 'cascade');
  return cascade !== undefined ? { cascade } : {};
}

function runDrop(ctx: Parameters<CommandFactory>[0], target: Target, operation: MetadataOperation, name: string): Promise<Result> {
  return runOperation(ctx, target, operation, {
    summary: () => `Dropped source ${name}`,
    sourceKind: target.facts.sources.find((s) => s.name === name)?.kind,
    retry: async (error, op) =>
      op.type === 'drop_source' && op.args.cascade === undefined && (await offerCascade(error, `source ${name}`))
        ? { ...op, args: { ...op.args, cascade: true } }
        : undefined,
  });
}

export const renameSource: CommandFactory = (ctx) => async (arg) => {
  const args = argumentObject(arg);
  const target = await chooseTarget(ctx, resourceOf(arg, vscode.Uri));
  if (!target) return tell('not-run', NO_ROOT);
  const name = await chooseSource(target, args, 'Rename Source: which source', 'name');
  const taken = target.facts.sources.map((s) => s.name);
  const newName = await input(stringArg(args, 'new_name'), {
    title: `Rename Source ${name}`,
    prompt: 'New name',
    value: name,
    validate: (t) => (t === name ? 'That is the current name.' : nameProblem(t, taken, 'source')),
  });
  return runOperation(ctx, target, { type: 'rename_source', args: { name, new_name: newName } }, { summary: () => `Renamed source ${name} to ${newName}` });
};
