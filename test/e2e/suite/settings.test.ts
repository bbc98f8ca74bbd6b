/**
 * Settings reach the server: a workspace `graphqlMetadata.rules` entry re-levels a diagnostic
 * (client `synchronize.configurationSection` -> didChangeConfiguration -> the server re-reads).
 */
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { activateExtension, codeOf, diagnosticSource, openFixture, waitForDiagnostics, waitForStatus } from '../helpers';

const authorFile = 'hasura/metadata/databases/default/tables/public_author.yaml';

suite('settings', () => {
  test('graphqlMetadata.rules changes the severity of a code, and removing it restores it', async () => {
    const api = await activateExtension();
    const editor = await openFixture(authorFile);
    const { document } = editor;
    const original = document.getText();
    await replaceText(document, `${original}broken: [1, 2\n`);
    const isError = (d: vscode.Diagnostic): boolean => d.severity === vscode.DiagnosticSeverity.Error;
    const diagnostics = await waitForDiagnostics(document.uri, (ds) => ours(ds).some(isError));
    const code = codeOf(ours(diagnostics).find(isError)!);
    assert.ok(code !== undefined, 'our diagnostics carry a code');
    const config = vscode.workspace.getConfiguration('graphqlMetadata', document.uri);
    try {
      await config.update('rules', { [code]: 'warning' }, vscode.ConfigurationTarget.Workspace);
      await waitForDiagnostics(document.uri, (ds) => ours(ds).some((d) => codeOf(d) === code && d.severity === vscode.DiagnosticSeverity.Warning));
      await waitForStatus(api, (s) => s.state === 'ready' && s.roots.every((r) => r.errors === 0) && s.roots.some((r) => r.warnings > 0));
    } finally {
      await config.update('rules', undefined, vscode.ConfigurationTarget.Workspace);
    }
    await waitForDiagnostics(document.uri, (ds) => ours(ds).some((d) => codeOf(d) === code && d.severity === vscode.DiagnosticSeverity.Error));
    await replaceText(document, original);
    await waitForDiagnostics(document.uri, (ds) => !ours(ds).some(isError));
    await document.save();
  });
});

function ours(diagnostics: readonly vscode.Diagnostic[]): vscode.Diagnostic[] {
  return diagnostics.filter((d) => d.source === diagnosticSource);
}

async function replaceText(document: vscode.TextDocument, text: string): Promise<void> {
  const edit = new vscode.WorkspaceEdit();
  edit.replace(document.uri, new vscode.Range(document.positionAt(0), document.positionAt(document.getText().length)), text);
  assert.ok(await vscode.workspace.applyEdit(edit), 'edit applied');
}
