/**
 * The language server killed (SIGKILL, by its pid from the extension API) in the real VS Code: the
 * client restarts it and the diagnostics come back; the user is told once per crash episode, not
 * once per restart; the 5th crash within 3 minutes leaves it stopped with an error that offers Show
 * Output and Restart; the Restart command brings it back and starts a new episode.
 */
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ExtensionApi } from '../../../client/src/api';
import type { ServerNotice } from '../../../client/src/languageServerSupervisor';
import { stoppedStatusView } from '../../../client/src/statusView';
import { SERVER_STOPPED_MESSAGE } from '../../../client/src/commands';
import { runCommand } from '../serverHelpers';
import { diskText, metaUri, waitForSummary, writeDisk } from '../files';
import { activateExtension, ourDiagnostics, waitForDiagnostics, waitForStatus } from '../helpers';
import { settleWindow } from '../window';

const FILE = 'allow_list.yaml';
const PLANTED = ['allow-list-unknown-collection error 0:14-0:28'];
const RESTARTED = 'The GraphQL Metadata language server stopped unexpectedly and was restarted; its diagnostics come back in a moment.';
const GAVE_UP =
  'The GraphQL Metadata language server crashed 5 times in 3 minutes and was not restarted: metadata diagnostics and navigation are off until you restart it.';

suite('language server crashes', () => {
  let api: ExtensionApi;
  let original: string;
  const uri = (): vscode.Uri => metaUri(FILE);
  const newNotices = (since: number): ServerNotice[] => api.serverNotices.slice(since);

  /** Resolves at the first `ready` status of a server other than `pid`. */
  const readyAfter = (pid: number): Promise<unknown> => waitForStatus(api, (s) => s.state === 'ready' && api.serverPid !== undefined && api.serverPid !== pid);

  /** Kills the server; resolves once its diagnostics were dropped and a new server published them again. */
  const killAndRecover = async (): Promise<void> => {
    const pid = runningPid();
    const dropped = waitForDiagnostics(uri(), () => ourDiagnostics(uri()).length === 0);
    const ready = readyAfter(pid);
    process.kill(pid, 'SIGKILL');
    await dropped;
    await ready;
    await waitForSummary(uri(), PLANTED);
  };

  const runningPid = (): number => {
    const pid = api.serverPid;
    assert.ok(pid !== undefined, 'the language server runs');
    return pid;
  };

  const restartByCommand = async (): Promise<void> => {
    const before = api.serverPid ?? -1;
    const ready = readyAfter(before);
    await vscode.commands.executeCommand('graphqlMetadata.restartServer');
    await ready;
    await waitForSummary(uri(), PLANTED);
  };

  suiteSetup(async () => {
    api = await activateExtension();
    await waitForStatus(api, (s) => s.state === 'ready' && s.roots.length === 1 && s.roots[0]!.errors === 0);
    original = await diskText(uri());
    await writeDisk(uri(), original.replace('allowed-queries', 'allowed-querys'));
    await waitForSummary(uri(), PLANTED);
  });

  suiteTeardown(async () => {
    if (api.serverPid === undefined) await vscode.commands.executeCommand('graphqlMetadata.restartServer');
    await writeDisk(uri(), original);
    await waitForSummary(uri(), []);
    await waitForStatus(api, (s) => s.state === 'ready' && s.roots[0]?.errors === 0);
    await settleWindow();
  });

  test('killed twice in an episode: restarted each time, diagnostics back, one message', async () => {
    await restartByCommand();
    const since = api.serverNotices.length;
    await killAndRecover();
    assert.deepEqual(newNotices(since), [{ severity: 'warning', message: RESTARTED, actions: ['Show Output'] }]);
    await killAndRecover();
    assert.deepEqual(
      newNotices(since).map((n) => n.message),
      [RESTARTED],
      'the second crash of the episode is only logged',
    );
  });

  test('the 5th crash within 3 minutes: stopped, one error with Show Output and Restart; Restart brings it back and a new episode is told again', async () => {
    await restartByCommand();
    const since = api.serverNotices.length;
    for (let i = 1; i <= 4; i++) await killAndRecover();
    assert.deepEqual(
      newNotices(since).map((n) => n.message),
      [RESTARTED],
    );

    const gaveUp = new Promise<ServerNotice>((resolve) => {
      const subscription = api.onDidNoticeServer((notice) => {
        subscription.dispose();
        resolve(notice);
      });
    });
    const dropped = waitForDiagnostics(uri(), () => ourDiagnostics(uri()).length === 0);
    process.kill(runningPid(), 'SIGKILL');
    assert.deepEqual(await gaveUp, { severity: 'error', message: GAVE_UP, actions: ['Show Output', 'Restart'] });
    await dropped;
    assert.equal(api.serverPid, undefined, 'not restarted');
    assert.equal(newNotices(since).length, 2);
    assert.deepEqual(api.statusView, stoppedStatusView(GAVE_UP), 'the status bar says the server is stopped, not the last counts');
    const command = await runCommand('graphqlMetadata.reloadMetadata', { root: metaUri('').fsPath });
    assert.deepEqual([command.status, command.message], ['not-run', SERVER_STOPPED_MESSAGE], 'a command says the server is stopped');
    await vscode.commands.executeCommand('notifications.clearAll');

    await restartByCommand();
    assert.match(api.statusView.text, /^Metadata: \$\(error\) 1 \$\(warning\) \d+$/, 'the counts are back');
    await killAndRecover();
    assert.deepEqual(
      newNotices(since).map((n) => n.severity),
      ['warning', 'error', 'warning'],
      'a crash after the manual restart opens a new episode',
    );
  });
});
