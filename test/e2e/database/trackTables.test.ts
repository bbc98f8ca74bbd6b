/**
 * Track Tables… in the real VS Code, on the database workspace (scripts/e2e.mjs run `database`):
 * its migrations create a view, `public.article_stats`, that no table file tracks. The command,
 * given its argument object, writes the table file and the include in one saved edit; the project
 * stays clean, the view is tracked (nothing left to track), and one undo takes it all back.
 */
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ExtensionApi } from '../../../client/src/api';
import type { CommandOutcome } from '../../../client/src/commands/outcome';
import { toCorePath } from '../../../common/paths';
import { activateExtension, fixtureUri, pressKeys, waitForStatus } from '../helpers';
import { nextOutcome } from '../serverHelpers';
import { diskText, exists, thenChecked, waitForSummary } from '../files';

const TABLES = 'metadata/databases/default/tables/tables.yaml';
const STATS = 'metadata/databases/default/tables/public_article_stats.yaml';

suite('database: Track Tables…', () => {
  let api: ExtensionApi;
  let original: string;

  suiteSetup(async () => {
    api = await activateExtension();
    await waitForStatus(api, (s) => s.state === 'ready' && s.roots[0]?.databases?.[0]?.model === true, 300_000);
    original = await diskText(fixtureUri(TABLES));
  });

  suiteTeardown(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  test('tracks the view in one saved edit: its table file, its include; the project stays clean; one undo takes both back', async () => {
    const before = api.lastStatus!.roots[0]!;
    let outcome: CommandOutcome | undefined;
    await thenChecked(
      api,
      async () =>
        (outcome = await vscode.commands.executeCommand<CommandOutcome>('graphqlMetadata.trackTables', {
          source: 'default',
          tables: ['public.article_stats'],
        })),
      60_000,
    );
    assert.equal(outcome?.status, 'done', outcome?.message);
    assert.deepEqual(outcome?.files, [toCorePath(fixtureUri(TABLES).fsPath), toCorePath(fixtureUri(STATS).fsPath)]);
    assert.equal(outcome?.message, `Tracked 1 table of source default (${TABLES}, ${STATS}).`);
    assert.equal(await diskText(fixtureUri(STATS)), 'table:\n  name: article_stats\n  schema: public\n');
    assert.equal(await diskText(fixtureUri(TABLES)), `- "!include public_article_stats.yaml"\n${original}`);
    assert.deepEqual(
      vscode.workspace.textDocuments.filter((d) => d.isDirty).map((d) => d.uri.fsPath),
      [],
      'saved',
    );

    // The check that reads the new file (a later pass than the one the first save started), then
    // the files' diagnostics (VS Code applies them apart from the status: waitForSummary).
    const after = (await waitForStatus(api, (st) => st.state === 'ready' && st.roots[0]?.files === before.files + 1, 60_000)).roots[0]!;
    assert.deepEqual([after.errors, after.warnings], [before.errors, before.warnings], 'no new finding');
    await waitForSummary(fixtureUri(STATS), []);
    await waitForSummary(fixtureUri(TABLES), []);
    const again = await vscode.commands.executeCommand<CommandOutcome>('graphqlMetadata.trackTables', { source: 'default', tables: ['public.article_stats'] });
    assert.deepEqual(
      [again.status, again.message],
      ['not-run', "Every table and view of source default's database model is tracked already: there is nothing to track."],
    );

    await vscode.window.showTextDocument(fixtureUri(TABLES), { preview: false });
    await vscode.commands.executeCommand('undo');
    const tables = vscode.workspace.textDocuments.find((d) => d.uri.fsPath === fixtureUri(TABLES).fsPath)!;
    assert.equal(tables.getText(), original, 'the include is gone');
    assert.ok(await tables.save());
    assert.equal(await diskText(fixtureUri(TABLES)), original);
    assert.equal(await exists(fixtureUri(STATS)), false, 'the table file is gone');
  });

  test('from the command palette: the multi-select pick lists the view; checking it and Enter tracks it', async () => {
    const finished = nextOutcome(api, 'graphqlMetadata.trackTables');
    await vscode.commands.executeCommand('workbench.action.showCommands');
    await pressKeys('palette-track-tables', [
      { type: 'GraphQL Metadata: Track Tables' },
      { waitFor: 'GraphQL Metadata: Track Tables', press: 'Enter' },
      { waitFor: 'Track Tables: 1 untracked table of source default' },
      { waitFor: 'public.article_stats', press: 'ArrowDown' },
      { press: 'Space' },
      { press: 'Enter' },
    ]);
    const outcome = await finished;
    assert.equal(outcome.status, 'done', outcome.message);
    assert.equal(outcome.message, `Tracked 1 table of source default (${TABLES}, ${STATS}).`);
    assert.equal(await diskText(fixtureUri(STATS)), 'table:\n  name: article_stats\n  schema: public\n');
    assert.equal(await diskText(fixtureUri(TABLES)), `- "!include public_article_stats.yaml"\n${original}`);
    await vscode.window.showTextDocument(fixtureUri(TABLES), { preview: false });
    await vscode.commands.executeCommand('undo');
    const tables = vscode.workspace.textDocuments.find((d) => d.uri.fsPath === fixtureUri(TABLES).fsPath)!;
    assert.ok(await tables.save());
    assert.equal(await diskText(fixtureUri(TABLES)), original);
    assert.equal(await exists(fixtureUri(STATS)), false);
  });
});
