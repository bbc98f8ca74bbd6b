/**
 * Choose Role for Collection Queries…: the role whose GraphQL schema completes, explains and
 * navigates the queries of query_collections.yaml (setting `graphqlMetadata.operationsRole`), and the
 * status bar item that shows it while such a file is in the editor (a click runs the command).
 */
import * as vscode from 'vscode';
import { operationsRoleFrom } from '../../../common/operationsRole';
import { graphqlRolesRequest } from '../../../common/protocol';
import { argumentObject, stringArg } from './args';
import type { CommandFactory } from './context';
import { resourceOf } from './context';
import { tell } from './flow';
import { ArgumentError } from './outcome';
import { chooseLocalRoot, uriOf } from './project';
import { pick } from './prompts';

export const CHOOSE_OPERATIONS_ROLE = 'graphqlMetadata.chooseOperationsRole';
const SECTION = 'graphqlMetadata';
const KEY = 'operationsRole';

/** The role the setting names (admin when unset), read as the language server reads it: one for the whole workspace. */
export function operationsRoleOf(): string {
  return operationsRoleFrom(vscode.workspace.getConfiguration(SECTION).get<unknown>(KEY));
}

export const chooseOperationsRole: CommandFactory = (ctx) => async (arg) => {
  const args = argumentObject(arg);
  await ctx.ready();
  const root = stringArg(args, 'root') ?? (await chooseLocalRoot(ctx, resourceOf(arg, vscode.Uri)));
  if (root === undefined) return tell('not-run', 'No metadata folder is open: there are no roles to choose from.');
  const answer = await ctx.client.sendRequest(graphqlRolesRequest, { root });
  if (!answer.ok) return tell('failed', answer.error);
  const given = stringArg(args, 'role');
  if (given !== undefined && !answer.roles.includes(given))
    throw new ArgumentError(`The metadata has no role ${given} (its roles: ${answer.roles.join(', ')}).`);
  const uri = uriOf(root);
  const current = operationsRoleOf();
  const role = await pick(
    given,
    answer.roles.map((r) => ({ label: r, value: r, ...(r === current ? { description: 'current' } : {}) })),
    'Choose Role for Collection Queries',
    'The role whose GraphQL schema completes and explains the queries of query_collections.yaml',
  );
  // The workspace's setting (the user's with no workspace): the language server has one role for every root.
  const target = vscode.workspace.workspaceFolders?.length ? vscode.ConfigurationTarget.Workspace : vscode.ConfigurationTarget.Global;
  await vscode.workspace.getConfiguration(SECTION).update(KEY, role, target);
  const message = `Queries in collections are completed and explained in the schema of role ${role}.`;
  ctx.log.info(`${message} (${vscode.workspace.asRelativePath(uri)})`);
  return { status: 'done', message };
};

/** What the item shows (for the e2e tests, through the extension's API). */
export interface OperationsRoleView {
  readonly visible: boolean;
  readonly text: string;
}

/** Shown while the active editor holds a query_collections.yaml: the role, a click to change it. */
export class OperationsRoleStatusBar implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('graphqlMetadata.operationsRole', vscode.StatusBarAlignment.Left, -2);
  private readonly subscriptions: vscode.Disposable[];
  private shown: OperationsRoleView = { visible: false, text: '' };

  constructor() {
    this.item.name = 'GraphQL Metadata: Role for Collection Queries';
    this.item.command = CHOOSE_OPERATIONS_ROLE;
    this.subscriptions = [
      vscode.window.onDidChangeActiveTextEditor(() => this.render()),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration(`${SECTION}.${KEY}`)) this.render();
      }),
    ];
    this.render();
  }

  get view(): OperationsRoleView {
    return this.shown;
  }

  dispose(): void {
    for (const s of this.subscriptions) s.dispose();
    this.item.dispose();
  }

  private render(): void {
    const uri = vscode.window.activeTextEditor?.document.uri;
    if (uri === undefined || uri.scheme !== 'file' || !uri.path.endsWith('/query_collections.yaml')) {
      this.shown = { visible: false, text: '' };
      this.item.hide();
      return;
    }
    const role = operationsRoleOf();
    this.shown = { visible: true, text: `$(person) ${role}` };
    this.item.text = this.shown.text;
    this.item.tooltip = new vscode.MarkdownString(
      `Queries here are completed, explained and navigated in the GraphQL schema of role \`${role}\` (setting \`graphqlMetadata.operationsRole\`); they are always checked against admin's. Click to choose another role.`,
    );
    this.item.show();
  }
}
