/**
 * Server faults end to end: every command that talks to the server, against the test server told
 * to answer slowly, drop the connection, answer HTML or truncated JSON, 500, 401, 409, or redirect
 * to a second server on another port. Each run (with a full argument object, so no prompt) must end
 * failed or refused with the sentence that names the fault, leave every workspace file byte for
 * byte as it was and no document dirty, send nothing to the other origin, and never write the
 * admin secret to the output channel, the logs, the settings or the workspace.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync, watch } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { ExtensionApi } from '../../../client/src/api';
import { extensionId } from '../../../client/src/api';
import type { CommandOutcome } from '../../../client/src/commands/outcome';
import type { SpawnedServer } from '../../server/spawn';
import { REPO_ROOT, spawnTestServer } from '../../server/spawn';
import { activateExtension, waitForStatus, workspaceRoot } from '../helpers';
import { runCommand as run, serverSettings } from '../serverHelpers';

const SECRET = 'e2e-fault-s3cret-91c4d';
// Short, so the slow case is quick; 2 s, so that an ordinary answer on a loaded machine is not taken for one.
const TIMEOUT_SECONDS = 2;
const HTML = '<html><head><title>502 Bad Gateway</title></head><body><h1>502 Bad Gateway</h1><hr><center>nginx</center></body></html>';
const article = { schema: 'public', name: 'article' };
const author = { schema: 'public', name: 'author' };
const comment = { schema: 'public', name: 'comment' };

/** A command that calls the server: its argument object, the request it sends, and what it changes. */
interface Command {
  readonly id: string;
  readonly args: Record<string, unknown>;
  /** `type` of the metadata request, or `config` for GET /v1alpha1/config. */
  readonly operation: string;
  /** `change`: a metadata change mirrored in the local files; `apply`: Apply To Server; `read`: the rest. */
  readonly shape: 'change' | 'apply' | 'read';
  /** The first half of the server's real answer (what the truncated fault sends), or its pattern. */
  readonly half: string | RegExp;
}

const SUCCESS_HALF = '{"message"';
const CONSISTENT_HALF = '{"is_consistent":true,"i';
const LONG_HALF = /\{"(resource_version|version)":.{150,}…/;

const COMMANDS: readonly Command[] = [
  {
    id: 'addSource',
    operation: 'pg_add_source',
    shape: 'change',
    half: SUCCESS_HALF,
    args: {
      kind: 'postgres',
      name: 'analytics',
      replace_configuration: false,
      configuration: { connection_info: { database_url: { from_env: 'ANALYTICS_DATABASE_URL' } } },
    },
  },
  { id: 'dropSource', operation: 'pg_drop_source', shape: 'change', half: SUCCESS_HALF, args: { name: 'default', cascade: false } },
  { id: 'renameSource', operation: 'rename_source', shape: 'change', half: SUCCESS_HALF, args: { name: 'default', new_name: 'main' } },
  {
    id: 'createObjectRelationship',
    operation: 'pg_create_object_relationship',
    shape: 'change',
    half: SUCCESS_HALF,
    args: { source: 'default', table: comment, name: 'post', using: { foreign_key_constraint_on: 'article_id' } },
  },
  {
    id: 'createArrayRelationship',
    operation: 'pg_create_array_relationship',
    shape: 'change',
    half: SUCCESS_HALF,
    args: { table: author, name: 'comments', using: { foreign_key_constraint_on: { table: comment, columns: ['author_id'] } } },
  },
  {
    id: 'renameRelationship',
    operation: 'pg_rename_relationship',
    shape: 'change',
    half: SUCCESS_HALF,
    args: { table: article, name: 'author', new_name: 'writer' },
  },
  {
    id: 'dropRelationship',
    operation: 'pg_drop_relationship',
    shape: 'change',
    half: SUCCESS_HALF,
    args: { table: article, relationship: 'author', cascade: false },
  },
  {
    id: 'setRelationshipComment',
    operation: 'pg_set_relationship_comment',
    shape: 'change',
    half: SUCCESS_HALF,
    args: { table: article, relationship: 'author', comment: 'Who wrote it' },
  },
  { id: 'addInheritedRole', operation: 'add_inherited_role', shape: 'change', half: SUCCESS_HALF, args: { role: 'staff', role_set: ['user', 'anonymous'] } },
  { id: 'dropInheritedRole', operation: 'drop_inherited_role', shape: 'change', half: SUCCESS_HALF, args: { role: 'editor' } },
  { id: 'showServerConfiguration', operation: 'config', shape: 'read', half: LONG_HALF, args: {} },
  { id: 'exportFromServer', operation: 'export_metadata', shape: 'read', half: LONG_HALF, args: { confirm: true } },
  { id: 'applyToServer', operation: 'replace_metadata', shape: 'apply', half: CONSISTENT_HALF, args: { confirm: true, resource_version: 1 } },
  { id: 'diffWithServer', operation: 'export_metadata', shape: 'read', half: LONG_HALF, args: {} },
  { id: 'reloadMetadata', operation: 'reload_metadata', shape: 'read', half: '{"is_consistent":true', args: {} },
  { id: 'showInconsistencies', operation: 'get_inconsistent_metadata', shape: 'read', half: CONSISTENT_HALF, args: {} },
];

/** Where a case runs: the server's URL and host, and the URL of the other origin (the redirect target). */
interface Where {
  readonly url: string;
  readonly host: string;
  readonly other: string;
}

interface Fault {
  readonly name: string;
  readonly spec: (where: Where) => Record<string, unknown>;
  readonly status: CommandOutcome['status'];
  readonly errorKind: CommandOutcome['errorKind'];
  /** The exact message, or its pattern when it holds a socket error's text or a long body, per command. */
  readonly message: (command: Command, where: Where) => string | RegExp;
}

const endpoint = (command: Command, where: Where): string => `${where.url}/${command.operation === 'config' ? 'v1alpha1/config' : 'v1/metadata'}`;
const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** What a change or an apply adds when the server may have done it after all (nothing for the read commands). */
const MAYBE = {
  change: ' The server may have made the change all the same; the local files were not changed. Run Diff With Server to see whether they differ.',
  apply: ' The server may have applied hasura/metadata all the same: run Diff With Server to see whether it did.',
};
const PROBABLY = {
  change: ' The server answered 200, so it probably made the change; the local files were not changed. Run Diff With Server to see whether they differ.',
  apply: ' The server answered 200, so it probably applied hasura/metadata: run Diff With Server to see whether it did.',
};
const after = (command: Command, tails: { change: string; apply: string }): string => (command.shape === 'read' ? '' : tails[command.shape]);
/** Apply says that nothing was applied when the server refused it. */
const notApplied = (command: Command, where: Where): string => (command.shape === 'apply' ? ` Nothing was applied to ${where.host}.` : '');

const FAULTS: readonly Fault[] = [
  {
    name: 'slow',
    spec: () => ({ mode: 'slow', delayMs: TIMEOUT_SECONDS * 1000 + 1500 }),
    status: 'failed',
    errorKind: 'timeout',
    message: (c, w) =>
      `No answer from ${endpoint(c, w)} after ${TIMEOUT_SECONDS * 1000} ms: the request timed out. Check that the server is up, or raise the timeout.${after(c, MAYBE)}`,
  },
  {
    name: 'drop',
    spec: () => ({ mode: 'drop' }),
    status: 'failed',
    errorKind: 'network',
    message: (c, w) =>
      new RegExp(
        `^Could not reach ${escape(endpoint(c, w))} \\((UND_ERR_SOCKET|ECONNRESET): [^)]*\\): the connection (closed|was reset) before an answer came\\.${escape(after(c, MAYBE))}$`,
      ),
  },
  {
    name: 'html',
    spec: () => ({ mode: 'html' }),
    status: 'failed',
    errorKind: 'not-json',
    message: (c) =>
      `The server answered 502 (text/html) with a body that is not valid JSON: "${HTML}". Is the URL pointing at the GraphQL engine (and not at a proxy or web page)?${after(c, MAYBE)}`,
  },
  {
    name: 'truncated',
    spec: () => ({ mode: 'truncated' }),
    status: 'failed',
    errorKind: 'not-json',
    message: (c) => {
      const half = typeof c.half === 'string' ? escape(c.half) : c.half.source;
      const tail = 'The answer was cut short on the way (by the connection or a proxy); try again.';
      return new RegExp(
        `^The server answered 200 \\(application/json; charset=utf-8\\) with JSON that breaks off: "${half}"\\. ${escape(tail + after(c, PROBABLY))}$`,
      );
    },
  },
  {
    name: '500',
    spec: () => ({ mode: '500' }),
    status: 'refused',
    errorKind: 'server-error',
    message: (c, w) =>
      `The server failed with an internal error while running ${c.operation}: database query error (unexpected at $). See the server log.${notApplied(c, w)}`,
  },
  {
    name: '401',
    spec: () => ({ mode: '401' }),
    status: 'refused',
    errorKind: 'access-denied',
    message: (c, w) =>
      `The server rejected the admin secret it was sent (401 access-denied: invalid x-hasura-admin-secret/x-hasura-access-key). Set the right one with the command 'GraphQL Metadata: Set Admin Secret'.${notApplied(c, w)}`,
  },
  {
    name: '409',
    spec: () => ({ mode: '409' }),
    status: 'refused',
    errorKind: 'conflict',
    message: (c, w) =>
      c.shape === 'apply'
        ? `Apply refused: the metadata on ${w.host} changed since resource_version 1, your last export (409 conflict); nothing was applied. See what changed with Diff With Server, then export again (or merge the changes by hand) and apply.`
        : `${c.operation} was refused: the server's metadata changed since you last exported (metadata resource version referenced (0) did not match current version (conflict at $)). Export again / diff, then retry.`,
  },
  {
    name: 'redirect',
    spec: (w) => ({ mode: 'redirect', location: `${w.other}/v1/metadata?next=1` }),
    status: 'failed',
    errorKind: 'redirect',
    message: (c, w) =>
      `The server answered 307 to ${w.other}/v1/metadata. Redirects are not followed, so the admin secret is never sent to another address: set the server URL to the final address.${notApplied(c, w)}`,
  },
];

suite('server faults', () => {
  let api: ExtensionApi;
  let main: SpawnedServer;
  let other: SpawnedServer;
  let before: Map<string, string>;
  const seen: CommandOutcome[] = [];

  suiteSetup(async () => {
    api = await activateExtension();
    await waitForStatus(api, (s) => s.state === 'ready' && s.roots.length === 1);
    const state = path.join(REPO_ROOT, 'test', 'e2e', 'server-state.json');
    [main, other] = await Promise.all([spawnTestServer({ state, adminSecret: SECRET }), spawnTestServer({ state })]);
    // Each of these starts the quiet config check of the status bar: wait for it, so that no
    // background request is in flight when the cases start.
    await afterServerCheck(api, () => serverSettings().update('url', main.url, vscode.ConfigurationTarget.Workspace));
    await afterServerCheck(api, () => serverSettings().update('timeoutSeconds', TIMEOUT_SECONDS, vscode.ConfigurationTarget.Workspace));
    await afterServerCheck(api, async () => assert.equal((await run('graphqlMetadata.setAdminSecret', { url: main.url, secret: SECRET })).status, 'done'));
    before = workspaceFiles();
  });

  suiteTeardown(async () => {
    await serverSettings().update('timeoutSeconds', undefined, vscode.ConfigurationTarget.Workspace);
    await serverSettings().update('url', undefined, vscode.ConfigurationTarget.Workspace);
    await vscode.commands.executeCommand('notifications.clearAll');
    if (main !== undefined) await run('graphqlMetadata.clearAdminSecret', { url: main.url });
    await Promise.all([main?.stop(), other?.stop()]);
  });

  for (const fault of FAULTS) {
    test(`${fault.name}: every server command fails with its message and changes nothing`, async () => {
      const where: Where = { url: main.url, host: new URL(main.url).host, other: other.url };
      const problems: string[] = [];
      for (const command of COMMANDS) {
        const outcome = await runCase(command, fault, where);
        seen.push(outcome);
        problems.push(...checkOutcome(command, fault, where, outcome));
        problems.push(...(await checkUntouched(`${fault.name} × ${command.id}`, command)));
      }
      await vscode.commands.executeCommand('notifications.clearAll');
      assert.deepEqual(problems, []);
    });
  }

  test('the admin secret reached the server only, never the other origin, the output, the logs, the settings or the workspace', async () => {
    assert.equal(seen.length, COMMANDS.length * FAULTS.length);
    assert.deepEqual(await other.requests(), []);
    assert.ok(!api.commandLog.join('\n').includes(SECRET), 'no secret in the command log');
    assert.match(api.commandLog.join('\n'), /pg_rename_relationship -> http:\/\/127\.0\.0\.1:\d+/);
    // The output channel reaches its file a moment later: wait for the last case's line.
    await waitForFileText(outputLogFile(api.hostLogFolder), (t) => t.includes('get_inconsistent_metadata failed (redirect)'));
    const logs = logsFolder(api.hostLogFolder);
    assert.deepEqual(filesContaining(logs, SECRET), [], `no secret under ${logs}`);
    assert.deepEqual(filesContaining(workspaceRoot().fsPath, SECRET), [], 'no secret in the workspace');
    assert.deepEqual(settingsContaining(SECRET), [], 'no secret in any setting');
  });

  /** Resets the server, queues the fault for the command's route, runs the command. */
  async function runCase(command: Command, fault: Fault, where: Where): Promise<CommandOutcome> {
    await main.reset();
    await main.fault({ ...fault.spec(where), path: command.operation === 'config' ? '/v1alpha1/config' : '/v1/metadata' });
    return run(`graphqlMetadata.${command.id}`, command.args);
  }

  /** The files as before the matrix, no dirty document, nothing at the other origin, the one request at the server with the secret. */
  async function checkUntouched(label: string, command: Command): Promise<string[]> {
    const problems: string[] = [];
    const now = workspaceFiles();
    const changed = [...new Set([...before.keys(), ...now.keys()])].filter((f) => before.get(f) !== now.get(f));
    if (changed.length > 0) problems.push(`${label}: changed ${changed.join(', ')}`);
    const dirty = vscode.workspace.textDocuments.filter((d) => d.isDirty).map((d) => d.uri.toString());
    if (dirty.length > 0) problems.push(`${label}: dirty ${dirty.join(', ')}`);
    const reached = await other.requests();
    if (reached.length > 0) problems.push(`${label}: ${reached.length} request(s) reached the other origin`);
    const sent = (await main.requests()).map(
      (r) =>
        `${r.method} ${r.path} ${r.method === 'POST' ? (JSON.parse(r.body) as { type: string }).type : ''} ${r.headers['x-hasura-admin-secret'] === SECRET ? 'with' : 'without'} the secret`,
    );
    const expected = command.operation === 'config' ? 'GET /v1alpha1/config  with the secret' : `POST /v1/metadata ${command.operation} with the secret`;
    if (sent.length !== 1 || sent[0] !== expected) problems.push(`${label}: the server got ${JSON.stringify(sent)}, expected [${expected}]`);
    return problems;
  }
});

function checkOutcome(command: Command, fault: Fault, where: Where, outcome: CommandOutcome): string[] {
  const problems: string[] = [];
  const label = `${fault.name} × ${command.id}`;
  if (outcome.status !== fault.status) problems.push(`${label}: status ${outcome.status}, expected ${fault.status} (${outcome.message})`);
  if (outcome.errorKind !== fault.errorKind) problems.push(`${label}: error kind ${outcome.errorKind}, expected ${fault.errorKind}`);
  const expected = fault.message(command, where);
  const matches = typeof expected === 'string' ? outcome.message === expected : expected.test(outcome.message);
  if (!matches) problems.push(`${label}: message\n  ${outcome.message}\nexpected\n  ${String(expected)}`);
  if (outcome.files !== undefined && outcome.files.length > 0) problems.push(`${label}: reports files ${outcome.files.join(', ')}`);
  return problems;
}

/** Runs `trigger`, then waits for the server status item to change (the quiet config check it starts). */
async function afterServerCheck(api: ExtensionApi, trigger: () => Thenable<unknown>): Promise<void> {
  const changed = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      subscription.dispose();
      reject(new Error(`the server status did not change; last: ${JSON.stringify(api.serverView)}`));
    }, 30_000);
    const subscription = api.onDidChangeServerView(() => {
      clearTimeout(timer);
      subscription.dispose();
      resolve();
    });
  });
  await trigger();
  await changed;
}

/** Every file of the workspace, relative path -> text on disk. */
function workspaceFiles(): Map<string, string> {
  const root = workspaceRoot().fsPath;
  return new Map(allFiles(root).map((f) => [path.relative(root, f), readFileSync(f, 'latin1')]));
}

function allFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((f) => path.join(dir, f))
    .filter((f) => statSync(f).isFile())
    .sort();
}

function filesContaining(dir: string, text: string): string[] {
  return allFiles(dir).filter((f) => readFileSync(f, 'latin1').includes(text));
}

/** The file VS Code writes the "GraphQL Metadata" output channel to (below the extension host's log folder). */
function outputLogFile(hostLogFolder: string): string {
  const found = allFiles(hostLogFolder).filter((f) => path.basename(f) === 'GraphQL Metadata.log');
  assert.equal(found.length, 1, `one GraphQL Metadata log under ${hostLogFolder}: ${JSON.stringify(found)}`);
  return found[0]!;
}

/** Resolves once the file's text satisfies `predicate` (checked now, then on each change of the file). */
function waitForFileText(file: string, predicate: (text: string) => boolean): Promise<void> {
  return new Promise((resolve, reject) => {
    const check = (): void => {
      if (!predicate(readFileSync(file, 'utf8'))) return;
      clearTimeout(timer);
      watcher.close();
      resolve();
    };
    const timer = setTimeout(() => {
      watcher.close();
      reject(new Error(`${file} never had the expected text; it ends:\n${readFileSync(file, 'utf8').slice(-2000)}`));
    }, 30_000);
    const watcher = watch(file, check);
    check();
  });
}

/** The VS Code server's data folder that holds `logs` (and the Machine and User settings, the storage). */
function logsFolder(hostLogFolder: string): string {
  let dir = hostLogFolder;
  while (path.basename(dir) !== 'logs' && path.dirname(dir) !== dir) dir = path.dirname(dir);
  assert.equal(path.basename(dir), 'logs', `a logs folder above ${hostLogFolder}`);
  return path.dirname(dir);
}

/** Settings (every scope of each of the extension's settings, and all settings as merged) that hold `text`. */
function settingsContaining(text: string): string[] {
  const properties = (vscode.extensions.getExtension(extensionId)?.packageJSON as { contributes: { configuration: { properties: Record<string, unknown> } } })
    .contributes.configuration.properties;
  const found = Object.keys(properties).filter((key) => JSON.stringify(vscode.workspace.getConfiguration().inspect(key) ?? {}).includes(text));
  if (JSON.stringify(vscode.workspace.getConfiguration()).includes(text)) found.push('(merged settings)');
  return found;
}
