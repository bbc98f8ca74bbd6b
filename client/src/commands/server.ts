/** Show Server Configuration, Set / Clear Admin Secret, and the quiet connect that fills the status bar. */
import * as vscode from 'vscode';
import { listRootsRequest } from '../../../common/protocol';
import { argumentObject, stringArg } from './args';
import type { EngineTarget, EngineSession } from './connection';
import type { CommandContext, CommandFactory, Result } from './context';
import { resourceOf } from './context';
import { refusal, tell } from './flow';
import { originOf, serverLabel } from './policy';
import { chooseTarget, uriOf } from './project';
import { input } from './prompts';

/** The folder (and, when there is a metadata root, its facts) whose server settings apply. */
async function serverTarget(ctx: CommandContext, arg: unknown): Promise<EngineTarget> {
  const target = await chooseTarget(ctx, resourceOf(arg, vscode.Uri));
  if (target) return { facts: target.facts, ...(target.folder ? { folder: target.folder } : {}) };
  const uri = vscode.window.activeTextEditor?.document.uri;
  const folder = (uri && vscode.workspace.getWorkspaceFolder(uri)) ?? vscode.workspace.workspaceFolders?.[0];
  return folder ? { folder } : {};
}

/** GET the config record: the status bar shows the server and its version (or the problem); `show` opens the view. */
async function fetchConfig(ctx: CommandContext, session: EngineSession, show: boolean): Promise<Result> {
  const label = serverLabel(session.url);
  ctx.log.info(`config <- ${session.origin}`);
  const result = await session.client.getConfig();
  if (!result.ok) {
    ctx.log.error(`config failed (${result.error.kind}): ${result.error.message}`);
    ctx.showEngine({ state: 'error', url: session.url.href, label, message: result.error.message });
    return show ? refusal(result.error) : { status: 'failed', message: result.error.message, errorKind: result.error.kind };
  }
  const version = result.data.version;
  ctx.showEngine({ state: 'connected', url: session.url.href, label, ...(version !== undefined ? { version } : {}) });
  if (show) await ctx.configView.show(session.url, result.data);
  return { status: 'done', message: `${label} runs ${version ?? 'an unreported version'}.` };
}

export const showServerConfiguration: CommandFactory = (ctx) => async (arg) => {
  const opened = await ctx.connections.open(await serverTarget(ctx, arg));
  if (!opened.ok) return tell('not-run', opened.message);
  return fetchConfig(ctx, opened.session, true);
};

/** `{url?, secret?}`: the server URL defaults to the folder's. */
export const setAdminSecret: CommandFactory = (ctx) => async (arg) => {
  const args = argumentObject(arg);
  const url = stringArg(args, 'url') ?? (await ctx.connections.serverUrl(await serverTarget(ctx, arg), true));
  const origin = originOf(url ?? '');
  if (!origin.ok) return tell('failed', origin.message);
  const secret = await input(stringArg(args, 'secret'), {
    title: `Admin secret for ${origin.origin}`,
    prompt: "Kept in VS Code's secret storage for this server only; never written to settings, logs or output.",
    password: true,
    validate: (t) => (t === '' ? 'Empty: use Clear Admin Secret to remove it.' : undefined),
  });
  await ctx.connections.storeSecret(origin.origin, secret);
  void connectQuietly(ctx);
  return { status: 'done', message: `Admin secret stored for ${origin.origin}.` };
};

export const clearAdminSecret: CommandFactory = (ctx) => async (arg) => {
  const args = argumentObject(arg);
  const url = stringArg(args, 'url') ?? (await ctx.connections.serverUrl(await serverTarget(ctx, arg), true));
  const origin = originOf(url ?? '');
  if (!origin.ok) return tell('failed', origin.message);
  const had = await ctx.connections.clearSecret(origin.origin);
  const message = had ? `Admin secret of ${origin.origin} cleared.` : `No admin secret was stored for ${origin.origin}.`;
  void vscode.window.showInformationMessage(message);
  return { status: 'done', message };
};

let quietRuns = 0;

/**
 * Asks the configured server for its config without any prompt, so the status bar shows it:
 * only in a trusted workspace, only with an explicit server URL setting, never when the admin
 * secret would first need the plain-http question.
 */
export async function connectQuietly(context: CommandContext): Promise<Result | undefined> {
  if (!vscode.workspace.isTrusted) return undefined;
  // Settings change in quick succession (a URL removed while the answer for the old one is on its
  // way): only the latest quiet connect may change the status item.
  const run = ++quietRuns;
  const ctx: CommandContext = {
    ...context,
    showEngine: (state) => {
      if (run === quietRuns) context.showEngine(state);
    },
  };
  await ctx.ready();
  const { roots } = await ctx.client.sendRequest(listRootsRequest);
  const folder = (roots[0] !== undefined ? vscode.workspace.getWorkspaceFolder(uriOf(roots[0])) : undefined) ?? vscode.workspace.workspaceFolders?.[0];
  const opened = await ctx.connections.open(folder ? { folder } : {}, false);
  if (!opened.ok || !(await ctx.connections.quietlyUsable(opened.session.url))) {
    // No server URL set (any more), or not one to ask without a question: the item shows no stale server.
    ctx.showEngine(undefined);
    return undefined;
  }
  return fetchConfig(ctx, opened.session, false);
}
