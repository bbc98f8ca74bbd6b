/**
 * The wiring, end to end: the extension activates on the fixture workspace, starts the language
 * server, shows the server's status and gets its diagnostics, and leaves unrelated YAML alone.
 * Relies on the server contract: diagnostics with source `graphql-metadata` and the
 * `graphqlMetadata/status` notification (server/src/core/protocol.ts).
 */
import assert from 'node:assert/strict';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { ExtensionApi } from '../../../client/src/api';
import {
  activateExtension,
  diagnosticSource,
  fixtureUri,
  openFixture,
  ourDiagnostics,
  screenshot,
  waitForDiagnostics,
  waitForStatus,
  workspaceRoot,
} from '../helpers';
import { hideBreadcrumbs } from '../window';

const articleFile = 'hasura/metadata/databases/default/tables/public_article.yaml';
const commentFile = 'hasura/metadata/databases/default/tables/public_comment.yaml';
const composeFile = 'docker-compose.yaml';

suite('activation', () => {
  let api: ExtensionApi;

  suiteSetup(async () => {
    api = await activateExtension();
  });

  test('the server reports the one config v3 root of the workspace, without problems', async () => {
    // Ready once its database model was looked for too (this project keeps no migrations).
    const status = await waitForStatus(api, (s) => s.state === 'ready' && s.roots[0]?.databases !== undefined);
    // 13 files: version, databases, tables.yaml + 3 tables, actions.yaml + .graphql, 5 other top-level files.
    assert.deepEqual(status.roots, [
      {
        root: fixtureUri('hasura/metadata').fsPath,
        errors: 0,
        warnings: 0,
        files: 13,
        databases: [{ source: 'default', status: 'no migrations', model: false }],
      },
    ]);
    assert.deepEqual(status.problems, []);
  });

  test('the status bar shows the root count', async () => {
    await waitForStatus(api, (s) => s.state === 'ready');
    assert.equal(api.statusView.visible, true);
    assert.equal(api.statusView.text, '$(check) Metadata: 1 root');
    assert.match(api.statusView.tooltip, /^- `hasura\/metadata`: 0 errors, 0 warnings in 13 files$/m);
  });

  test('a valid metadata file opens without errors or warnings', async () => {
    await openFixture(articleFile);
    await vscode.commands.executeCommand('revealInExplorer', fixtureUri(articleFile));
    await waitForStatus(api, (s) => s.state === 'ready');
    // Hints (e.g. a deprecated spelling) may remain: they do not make the project invalid.
    assert.deepEqual(
      ourDiagnostics(fixtureUri(articleFile)).filter((d) => d.severity <= vscode.DiagnosticSeverity.Warning),
      [],
    );
    await screenshot('workbench-metadata-file', ['Metadata: 1 root']);
  });

  test('a YAML syntax error is reported in the file, and unrelated YAML is never reported on', async () => {
    await openFixture(composeFile);
    const comment = await openFixture(commentFile);
    const original = comment.document.getText();
    await replaceText(comment.document, `${original}extra: [1, 2\n`);
    const diagnostics = await waitForDiagnostics(comment.document.uri, (ds) => hasOurError(ds));
    const error = diagnostics.find((d) => d.source === diagnosticSource)!;
    assert.ok(error.range.start.line >= original.split('\n').length - 1, `error at line ${error.range.start.line}`);
    // The server handles messages in order: it saw docker-compose.yaml before this edit.
    assert.deepEqual(ourDiagnostics(fixtureUri(composeFile)), []);
    assert.deepEqual(filesWithOurDiagnosticsOutside('hasura/metadata'), []);
    await waitForStatus(api, (s) => s.state === 'ready' && s.roots.some((r) => r.errors > 0));
    assert.match(api.statusView.text, /^Metadata: \$\(error\) [1-9]\d* \$\(warning\) \d+$/);
    // The breadcrumbs come from the outline, which catches up with the edit by timing (seen both ways).
    const restoreBreadcrumbs = await hideBreadcrumbs();
    await vscode.commands.executeCommand('workbench.actions.view.problems');
    comment.selection = new vscode.Selection(error.range.start, error.range.start);
    comment.revealRange(error.range, vscode.TextEditorRevealType.InCenter);
    await screenshot('problems-yaml-syntax-error', [error.message.replace(/\n[^]*$/, '').slice(0, 40)]);
    await restoreBreadcrumbs();

    await replaceText(comment.document, original);
    await waitForDiagnostics(comment.document.uri, (ds) => !ds.some((d) => d.source === diagnosticSource));
    await comment.document.save();
    await waitForStatus(api, (s) => s.state === 'ready' && s.roots.every((r) => r.errors === 0));
  });
});

function hasOurError(diagnostics: readonly vscode.Diagnostic[]): boolean {
  return diagnostics.some((d) => d.source === diagnosticSource && d.severity === vscode.DiagnosticSeverity.Error);
}

async function replaceText(document: vscode.TextDocument, text: string): Promise<void> {
  const edit = new vscode.WorkspaceEdit();
  const all = new vscode.Range(document.positionAt(0), document.positionAt(document.getText().length));
  edit.replace(document.uri, all, text);
  assert.ok(await vscode.workspace.applyEdit(edit), 'edit applied');
}

/** Workspace-relative paths of files that have our diagnostics but lie outside `folder`. */
function filesWithOurDiagnosticsOutside(folder: string): string[] {
  const inside = fixtureUri(folder).fsPath + path.sep;
  return vscode.languages
    .getDiagnostics()
    .filter(([uri, ds]) => ds.some((d) => d.source === diagnosticSource) && !uri.fsPath.startsWith(inside))
    .map(([uri]) => path.relative(workspaceRoot().fsPath, uri.fsPath));
}
