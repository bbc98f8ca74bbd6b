/** Track Tables…: the untracked tables and views of a source's database model, tracked in one edit. */
import * as vscode from 'vscode';
import { trackTablesRequest, untrackedTablesRequest } from '../../../common/protocol';
import type { UntrackedTablesSource } from '../../../common/protocol';
import { toCorePath } from '../../../common/paths';
import type { Args } from './args';
import { argumentObject, stringArg, stringListArg } from './args';
import type { CommandFactory, Result } from './context';
import { resourceOf } from './context';
import { tell } from './flow';
import { ArgumentError, Cancelled } from './outcome';
import { applyRangedResult, uriOf } from './project';
import { pick } from './prompts';
import { nothingToTrack } from './trackTablesText';

type Table = UntrackedTablesSource['tables'][number];

export const trackTables: CommandFactory = (ctx) => async (arg) => {
  const args = argumentObject(arg);
  const root = stringArg(args, 'root');
  const given = stringListArg(args, 'tables');
  await ctx.ready();
  const found = await ctx.client.sendRequest(untrackedTablesRequest, root !== undefined ? { root } : {});
  if (!found.ok) return tell('failed', found.error);
  const withoutTablesFile = found.withoutTablesFile.map((s) => s.source);
  if (found.sources.length === 0) return inform('not-run', nothingToTrack(withoutTablesFile));
  const source = await chooseSource(found.sources, withoutTablesFile, args, resourceOf(arg, vscode.Uri));
  if (source.tables.length === 0)
    return inform('not-run', `Every table and view of source ${source.source}'s database model is tracked already: there is nothing to track.`);
  const tables = given !== undefined ? named(source, given) : await pickTables(source);
  const applied = await applyRangedResult(
    ctx,
    await ctx.client.sendRequest(trackTablesRequest, {
      root: source.root,
      source: source.source,
      tables: tables.map(({ schema, name }) => ({ schema, name })),
    }),
    'run Track Tables… again once what was in the way is gone.',
  );
  if (!applied.ok) return tell('failed', `The tables were not tracked: ${applied.message}`);
  const message = `Tracked ${count(tables.length, 'table')} of source ${source.source} (${applied.files.map((f) => vscode.workspace.asRelativePath(uriOf(f))).join(', ')}).`;
  ctx.log.info(message);
  void vscode.window.showInformationMessage(message);
  return { status: 'done', message, files: applied.files, notes: applied.notes };
};

/** The source of the tables.yaml the context menu was opened on, the one the arguments name, the only one, or the one the user picks. */
async function chooseSource(
  sources: readonly UntrackedTablesSource[],
  withoutTablesFile: readonly string[],
  args: Args,
  resource: vscode.Uri | undefined,
): Promise<UntrackedTablesSource> {
  const fromMenu = resource && sources.find((s) => s.tablesFile === toCorePath(resource.fsPath));
  if (fromMenu) return fromMenu;
  const name = stringArg(args, 'source');
  if (name !== undefined) {
    const named = sources.find((s) => s.source === name);
    if (!named && withoutTablesFile.includes(name)) throw new ArgumentError(nothingToTrack([name]));
    if (!named) throw new ArgumentError(`Source ${name} has no database model here (sources with one: ${sources.map((s) => s.source).join(', ')}).`);
    return named;
  }
  const roots = new Set(sources.map((s) => s.root));
  return pick(
    undefined,
    sources.map((s) => ({
      label: s.source,
      description: `${count(s.tables.length, 'untracked table')}${roots.size > 1 ? ` · ${vscode.workspace.asRelativePath(uriOf(s.root))}` : ''}`,
      value: s,
    })),
    'Track Tables: source',
  );
}

/** `schema.name` of each given table, as the list names it. */
function named(source: UntrackedTablesSource, given: readonly string[]): Table[] {
  if (given.length === 0) throw new ArgumentError('Argument `tables` must name at least one table.');
  return given.map((label) => {
    const table = source.tables.find((t) => `${t.schema}.${t.name}` === label);
    if (!table) throw new ArgumentError(`\`${label}\` is not an untracked table or view of source ${source.source}.`);
    return table;
  });
}

async function pickTables(source: UntrackedTablesSource): Promise<Table[]> {
  const items = source.tables.map((t) => ({ label: `${t.schema}.${t.name}`, description: t.kind.replace('_', ' '), table: t }));
  const chosen = await vscode.window.showQuickPick(items, {
    title: `Track Tables: ${count(source.tables.length, 'untracked table')} of source ${source.source}`,
    placeHolder: 'Pick the tables and views to track',
    canPickMany: true,
    ignoreFocusOut: true,
    matchOnDescription: true,
  });
  if (!chosen || chosen.length === 0) throw new Cancelled();
  return chosen.map((c) => c.table);
}

function inform(status: Result['status'], message: string): Result {
  void vscode.window.showInformationMessage(message);
  return { status, message };
}

function count(n: number, what: string): string {
  return `${n} ${what}${n === 1 ? '' : 's'}`;
}
