/** Show GraphQL Schema for Role…: the schema the engine would serve to a role, in a read-only document that follows edits. */
import * as vscode from 'vscode';
import { graphqlSchemaRequest, listRootsRequest } from '../../../common/protocol';
import { toCorePath } from '../../../common/paths';
import { argumentObject, stringArg } from './args';
import type { CommandContext, CommandFactory } from './context';
import { resourceOf } from './context';
import { tell } from './flow';
import { ArgumentError } from './outcome';
import { ownRoot, pickRoot, uriOf } from './project';
import { pick } from './prompts';
import { SchemaView } from './schemaView';

export const showGraphqlSchema: CommandFactory = (ctx) => async (arg) => {
  const args = argumentObject(arg);
  await ctx.ready();
  const root = stringArg(args, 'root') ?? (await chooseRoot(ctx, resourceOf(arg, vscode.Uri)));
  if (root === undefined) return tell('not-run', 'No metadata folder is open: there is no schema to show.');
  // The admin schema first: it also names the roles to choose from.
  const admin = await ctx.client.sendRequest(graphqlSchemaRequest, { root });
  if (!admin.ok) return tell('failed', admin.error);
  const given = stringArg(args, 'role');
  if (given !== undefined && !admin.roles.includes(given)) throw new ArgumentError(`The metadata has no role ${given} (its roles: ${admin.roles.join(', ')}).`);
  const role = await pick(
    given,
    admin.roles.map((r) => ({ label: r, value: r })),
    'Show GraphQL Schema for Role',
    'The role whose schema to show',
  );
  const uri = SchemaView.uriOf(root, role);
  await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri), { preview: false });
  const message = `Showing the GraphQL schema of role ${role}.`;
  ctx.log.info(`${message} (${vscode.workspace.asRelativePath(uriOf(root))})`);
  return { status: 'done', message };
};

/**
 * The root of the file the command was run on (or of the active editor's), the only one, or the one
 * the user picks. Only the roots are asked for: nothing reads config.yaml (the command runs in
 * Restricted Mode, where the engine's endpoint is never read).
 */
async function chooseRoot(ctx: CommandContext, resource: vscode.Uri | undefined): Promise<string | undefined> {
  const { roots } = await ctx.client.sendRequest(listRootsRequest);
  if (roots.length === 0) return undefined;
  const uri = resource ?? vscode.window.activeTextEditor?.document.uri;
  const file = uri?.scheme === 'file' ? toCorePath(uri.fsPath) : undefined;
  const own = file === undefined ? undefined : ownRoot(roots, file);
  return own ?? pickRoot(roots);
}
