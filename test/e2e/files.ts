/**
 * File and diagnostic helpers of the feature suites (diagnostics, quick fixes, navigation, rename):
 * read and write files of the workspace copy through the VS Code API, and compare our diagnostics
 * as short exact strings (`code severity line:col-line:col`, 0-based like the API).
 */
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ExtensionApi } from '../../client/src/api';
import { diagnosticSource, fixtureUri, waitForDiagnostics } from './helpers';

/** Metadata root of the fixture workspace, relative to the workspace folder. */
export const META = 'hasura/metadata';
export const TABLES_DIR = `${META}/databases/default/tables`;

export function metaUri(rel: string): vscode.Uri {
  return fixtureUri(`${META}/${rel}`);
}

const decoder = new TextDecoder();
const encoder = new TextEncoder();

/** The file's bytes on disk (not an open document's text), as UTF-8. */
export async function diskText(uri: vscode.Uri): Promise<string> {
  return decoder.decode(await vscode.workspace.fs.readFile(uri));
}

export async function writeDisk(uri: vscode.Uri, text: string): Promise<void> {
  await vscode.workspace.fs.writeFile(uri, encoder.encode(text));
}

export async function exists(uri: vscode.Uri): Promise<boolean> {
  try {
    await vscode.workspace.fs.stat(uri);
    return true;
  } catch {
    return false;
  }
}

/** Whether VS Code has the file open as a text document (then the server has it open too). */
export function isOpen(uri: vscode.Uri): boolean {
  return vscode.workspace.textDocuments.some((d) => d.uri.toString() === uri.toString());
}

/** Replaces the whole text of a document (unsaved) as one edit. */
export async function setText(document: vscode.TextDocument, text: string): Promise<void> {
  const edit = new vscode.WorkspaceEdit();
  edit.replace(document.uri, new vscode.Range(document.positionAt(0), document.positionAt(document.getText().length)), text);
  assert.ok(await vscode.workspace.applyEdit(edit), `edit of ${vscode.workspace.asRelativePath(document.uri)} applied`);
}

/** Opens the file (in an editor), replaces its text and saves it: disk and document agree after. */
export async function setTextAndSave(uri: vscode.Uri, text: string): Promise<vscode.TextEditor> {
  const editor = await vscode.window.showTextDocument(uri, { preview: false });
  if (editor.document.getText() !== text) {
    await setText(editor.document, text);
  }
  assert.ok((await editor.document.save()) || !editor.document.isDirty, `${vscode.workspace.asRelativePath(uri)} saved`);
  return editor;
}

/**
 * Saves each file a workspace edit changed: VS Code applies an edit to a file without an editor in
 * a dirty document (`workspace.saveAll` saves only editors).
 */
export async function saveEdited(edit: vscode.WorkspaceEdit): Promise<void> {
  for (const [uri] of edit.entries()) {
    const document = await vscode.workspace.openTextDocument(uri);
    assert.ok((await document.save()) || !document.isDirty, `${vscode.workspace.asRelativePath(uri)} saved`);
  }
}

/**
 * Runs `action` (an edit) and resolves on the server's first `checking` -> `ready` pass that starts
 * after the action started (the server is idle before: a pass runs in one go): it re-checked with the edit. Needed before a request on ANOTHER file of the root, which the server
 * answers from its last check (it re-checks first only when the requested file itself changed).
 */
export async function thenChecked(api: ExtensionApi, action: () => Promise<unknown>, timeoutMs = 30_000): Promise<void> {
  let subscription: vscode.Disposable | undefined;
  let timer: NodeJS.Timeout | undefined;
  const ready = new Promise<void>((resolve, reject) => {
    let checking = false;
    subscription = api.onDidChangeStatus((status) => {
      if (status.state === 'checking') checking = true;
      else if (status.state === 'ready' && checking) resolve();
    });
    timer = setTimeout(() => reject(new Error(`no ready status within ${timeoutMs} ms after the edit`)), timeoutMs);
  });
  try {
    await action();
    await ready;
  } finally {
    subscription?.dispose();
    clearTimeout(timer);
  }
}

/** `code severity l:c-l:c` of each of our diagnostics, in the order VS Code keeps them, sorted. */
export function summary(diagnostics: readonly vscode.Diagnostic[]): string[] {
  return diagnostics
    .filter((d) => d.source === diagnosticSource)
    .map((d) => `${String(typeof d.code === 'object' ? d.code.value : d.code)} ${severityName(d.severity)} ${rangeText(d.range)}`)
    .sort();
}

/** Our diagnostics of a file without hints (what the Problems panel shows), as `summary` strings. */
export function shownSummary(diagnostics: readonly vscode.Diagnostic[]): string[] {
  return summary(diagnostics.filter((d) => d.severity !== vscode.DiagnosticSeverity.Hint));
}

export function rangeText(range: vscode.Range): string {
  return `${range.start.line}:${range.start.character}-${range.end.line}:${range.end.character}`;
}

function severityName(severity: vscode.DiagnosticSeverity): string {
  return ['error', 'warning', 'info', 'hint'][severity] ?? String(severity);
}

/** Resolves when the file's diagnostics (`summary`, or `shownSummary` with `withHints: false`) are exactly `expected`. */
export function waitForSummary(uri: vscode.Uri, expected: readonly string[], withHints = true): Promise<vscode.Diagnostic[]> {
  const pick = withHints ? summary : shownSummary;
  return waitForDiagnostics(uri, (ds) => sameList(pick(ds), [...expected].sort()));
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/** `text` with `find` (which must occur exactly once) replaced by `replacement`. */
export function replaceOnce(text: string, find: string, replacement: string): string {
  const at = text.indexOf(find);
  assert.ok(at >= 0 && text.indexOf(find, at + 1) < 0, `${JSON.stringify(find)} occurs exactly once`);
  return text.slice(0, at) + replacement + text.slice(at + find.length);
}

/** The position of the `nth` (0-based) occurrence of `find` in the document, plus `offset` characters. */
export function positionOf(document: vscode.TextDocument, find: string, offset = 0, nth = 0): vscode.Position {
  const text = document.getText();
  let at = -1;
  for (let i = 0; i <= nth; i++) {
    at = text.indexOf(find, at + 1);
    assert.ok(at >= 0, `${JSON.stringify(find)} (#${i}) in ${vscode.workspace.asRelativePath(document.uri)}`);
  }
  return document.positionAt(at + offset);
}

/** Workspace-relative path and range of a location (or location link), for exact comparisons. */
export function where(location: vscode.Location | vscode.LocationLink): string {
  const [uri, range] = 'targetUri' in location ? [location.targetUri, location.targetSelectionRange ?? location.targetRange] : [location.uri, location.range];
  return `${vscode.workspace.asRelativePath(uri, false)} ${rangeText(range)}`;
}
