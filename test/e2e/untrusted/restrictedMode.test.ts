/**
 * Restricted Mode (the `untrusted` run of scripts/e2e.mjs: workspace trust on, the folder never
 * trusted). The metadata files are still checked; no server command runs: each returns not-run with
 * the Restricted Mode message, nothing reaches the test server although both the project's
 * config.yaml endpoint and the workspace's graphqlMetadata.server.url point at it, and the commands
 * do not even ask the language server for the project's facts (where the config.yaml endpoint is
 * read): the traced protocol shows no such request. Nothing shows the endpoint.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { ExtensionApi } from '../../../client/src/api';
import { extensionId } from '../../../client/src/api';
import { UNTRUSTED_MESSAGE } from '../../../client/src/commands/connection';
import { REPO_ROOT } from '../../server/spawn';
import { diskText, metaUri, waitForSummary, writeDisk } from '../files';
import { activateExtension, fixtureUri, waitForStatus } from '../helpers';
import { outputLogFile, waitForFileText } from '../logs';
import { runCommand as run } from '../serverHelpers';
import type { TestServer } from '../testServer';
import { startTestServer } from '../testServer';

const CONFIG = 'hasura/config.yaml';
const SETTINGS = '.vscode/settings.json';
const PLANTED = ['allow-list-unknown-collection error 0:14-0:28'];
/** Commands that do not talk to a GraphQL engine (they work in Restricted Mode). */
const LOCAL_COMMANDS = new Set([
  'graphqlMetadata.restartServer',
  'graphqlMetadata.trackTables',
  'graphqlMetadata.showGraphqlSchema',
  'graphqlMetadata.chooseOperationsRole',
]);
const CONFIGURATION = { connection_info: { database_url: { from_env: 'ANALYTICS_DATABASE_URL' } } };
const article = { schema: 'public', name: 'article' };

/** Each server command with an argument object complete enough that it would not prompt (were it to run). */
const ARGS: Readonly<Record<string, unknown>> = {
  'graphqlMetadata.addSource': { kind: 'postgres', name: 'analytics', configuration: CONFIGURATION },
  'graphqlMetadata.dropSource': { name: 'default', cascade: false },
  'graphqlMetadata.renameSource': { name: 'default', new_name: 'main' },
  'graphqlMetadata.createObjectRelationship': { table: article, name: 'writer', using: { foreign_key_constraint_on: 'author_id' } },
  'graphqlMetadata.createArrayRelationship': {
    table: article,
    name: 'notes',
    using: { foreign_key_constraint_on: { table: { schema: 'public', name: 'comment' }, columns: ['article_id'] } },
  },
  'graphqlMetadata.renameRelationship': { table: article, name: 'author', new_name: 'writer' },
  'graphqlMetadata.dropRelationship': { table: article, relationship: 'author', cascade: false },
  'graphqlMetadata.setRelationshipComment': { table: article, relationship: 'author', comment: 'Who wrote it' },
  'graphqlMetadata.addInheritedRole': { role: 'staff', role_set: ['user', 'editor'] },
  'graphqlMetadata.dropInheritedRole': { role: 'editor' },
  'graphqlMetadata.showServerConfiguration': {},
  'graphqlMetadata.setAdminSecret': { secret: 'restricted-s3cret' },
  'graphqlMetadata.clearAdminSecret': {},
  'graphqlMetadata.exportFromServer': { confirm: true },
  'graphqlMetadata.applyToServer': { confirm: true },
  'graphqlMetadata.diffWithServer': {},
  'graphqlMetadata.reloadMetadata': {},
  'graphqlMetadata.showInconsistencies': {},
};

suite('Restricted Mode', () => {
  let api: ExtensionApi;
  let server: TestServer;
  let originals: { config: string; allowList: string };
  const requests = async (): Promise<unknown[]> => (await (await fetch(`${server.url}/_test/requests`)).json()) as unknown[];

  suiteSetup(async () => {
    assert.equal(vscode.workspace.isTrusted, false, 'this run opens a folder that was never trusted');
    server = await startTestServer({ state: path.join(REPO_ROOT, 'test', 'e2e', 'server-state.json') });
    await vscode.workspace.getConfiguration('graphqlMetadata').update('trace.server', 'messages', vscode.ConfigurationTarget.Global);
    api = await activateExtension();
    await waitForStatus(api, (s) => s.state === 'ready' && s.roots.length === 1);
    originals = { config: await diskText(fixtureUri(CONFIG)), allowList: await diskText(metaUri('allow_list.yaml')) };
    await writeDisk(fixtureUri(CONFIG), originals.config.replace(/^endpoint: .*$/m, `endpoint: ${server.url}`));
    const changed = new Promise<void>((resolve) => {
      const subscription = vscode.workspace.onDidChangeConfiguration((e) => {
        if (!e.affectsConfiguration('graphqlMetadata.server.url')) return;
        subscription.dispose();
        resolve();
      });
    });
    await writeDisk(fixtureUri(SETTINGS), JSON.stringify({ 'graphqlMetadata.server.url': server.url }, null, 2));
    await changed;
  });

  suiteTeardown(async () => {
    await writeDisk(fixtureUri(CONFIG), originals.config);
    await writeDisk(metaUri('allow_list.yaml'), originals.allowList);
    await vscode.workspace.fs.delete(fixtureUri('.vscode'), { recursive: true, useTrash: false });
    await vscode.workspace.getConfiguration('graphqlMetadata').update('trace.server', undefined, vscode.ConfigurationTarget.Global);
    await server?.stop();
  });

  test("the workspace's server URL setting is ignored (a restricted setting): VS Code does not even report it", async () => {
    assert.match(await diskText(fixtureUri(SETTINGS)), new RegExp(`"graphqlMetadata.server.url": "${server.url}"`));
    const url = vscode.workspace.getConfiguration('graphqlMetadata.server').inspect<string>('url');
    assert.equal(url?.workspaceValue, undefined);
    assert.equal(vscode.workspace.getConfiguration('graphqlMetadata.server').get<string>('url'), '');
  });

  test('diagnostics still arrive: a mistake planted on disk is reported at its range', async () => {
    await writeDisk(metaUri('allow_list.yaml'), originals.allowList.replace('allowed-queries', 'allowed-querys'));
    await waitForSummary(metaUri('allow_list.yaml'), PLANTED);
    await waitForStatus(api, (s) => s.state === 'ready' && s.roots[0]?.errors === 1);
  });

  test('every server command returns not-run with the Restricted Mode message and sends nothing', async () => {
    const contributed = (
      vscode.extensions.getExtension(extensionId)?.packageJSON as { contributes: { commands: { command: string }[] } }
    ).contributes.commands.map((c) => c.command);
    const serverCommands = contributed.filter((id) => !LOCAL_COMMANDS.has(id));
    assert.deepEqual([...serverCommands].sort(), Object.keys(ARGS).sort(), 'every contributed server command is run below');
    for (const id of serverCommands) {
      const outcome = await run(id, ARGS[id]);
      assert.deepEqual({ status: outcome.status, message: outcome.message }, { status: 'not-run', message: UNTRUSTED_MESSAGE }, id);
    }
    assert.deepEqual(await requests(), [], 'the test server received no request');
  });

  test('the config.yaml endpoint is never read or shown: no project-facts request, no server item, not in the log', async () => {
    // The trace of the protocol is on: once a hover request is in the log, every earlier request is too.
    const uri = metaUri('allow_list.yaml');
    await vscode.workspace.openTextDocument(uri);
    await vscode.commands.executeCommand('vscode.executeHoverProvider', uri, new vscode.Position(0, 16));
    const log = await waitForFileText(outputLogFile(api.hostLogFolder), (text) => text.includes("Sending request 'textDocument/hover"));
    assert.match(log, /Received notification 'textDocument\/publishDiagnostics'/);
    for (const method of [
      'graphqlMetadata/projectFacts',
      'graphqlMetadata/listRoots',
      'graphqlMetadata/planExport',
      'graphqlMetadata/localMetadata',
      'graphqlMetadata/editForOperation',
    ]) {
      assert.ok(!log.includes(`'${method}`), `no ${method} request in the log`);
    }
    assert.ok(!log.includes(server.url), 'the endpoint is not in the log');
    assert.ok(!api.commandLog.some((line) => line.includes(server.url)), 'nor in the command log');
    assert.equal(api.serverView.visible, false, 'no server status item');
    assert.deepEqual(await requests(), []);
    assert.equal(readFileSync(fixtureUri(CONFIG).fsPath, 'utf8').includes(server.url), true, 'the endpoint was there to read all along');
  });
});
