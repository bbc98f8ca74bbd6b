/** Show GraphQL Schema for Role…: the schema the engine would serve to a role, in a read-only document that follows edits. */
import * as vscode from 'vscode';
import { graphqlSchemaRequest } from '../../../common/protocol';
import { argumentObject, stringArg } from './args';
import type { CommandFactory } from './context';
import { resourceOf } from './context';
import { tell } from './flow';
import { ArgumentError } from './outcome';
import { chooseLocalRoot, uriOf } from './project';
import { pick } from './prompts';
import { SchemaView } from './schemaView';

export const showGraphqlSchema: CommandFactory = (ctx) => async (arg) => {
  const args = argumentObject(arg);
  await ctx.ready();
  const root = stringArg(args, 'root') ?? (await chooseLocalRoot(ctx, resourceOf(arg, vscode.Uri)));
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
