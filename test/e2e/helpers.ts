/**
 * What the e2e suites wait on. Every wait is on an event (diagnostics changed, status received,
 * file written), never on a sleep; the timeouts only turn a hang into a readable failure.
 */
import { existsSync, readFileSync, renameSync, watch, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { extensionId, type ExtensionApi } from '../../client/src/api';
import type { StatusParams } from '../../common/protocol';

export const diagnosticSource = 'graphql-metadata';
const defaultTimeoutMs = 30_000;

/** The fixture workspace (a temporary copy of test/fixtures/e2e-project). */
export function workspaceRoot(): vscode.Uri {
  const folder = vscode.workspace.workspaceFolders?.[0];
  if (folder === undefined) {
    throw new Error('The e2e run has no workspace folder: the harness opens the fixture copy.');
  }
  return folder.uri;
}

export function fixtureUri(relPath: string): vscode.Uri {
  return vscode.Uri.joinPath(workspaceRoot(), ...relPath.split('/'));
}

/** Activates the extension (if it is not yet) and returns its API. */
export async function activateExtension(): Promise<ExtensionApi> {
  const extension = vscode.extensions.getExtension<ExtensionApi>(extensionId);
  if (extension === undefined) {
    throw new Error(`Extension ${extensionId} is not loaded in this VS Code.`);
  }
  return extension.activate();
}

export async function openFixture(relPath: string): Promise<vscode.TextEditor> {
  const document = await vscode.workspace.openTextDocument(fixtureUri(relPath));
  return vscode.window.showTextDocument(document, { preview: false });
}

/** Our diagnostics for a file: those with source `graphql-metadata`. */
export function ourDiagnostics(uri: vscode.Uri): vscode.Diagnostic[] {
  return vscode.languages.getDiagnostics(uri).filter((d) => d.source === diagnosticSource);
}

/** Resolves when `predicate` holds for the file's diagnostics (checked now, then on each change). */
export function waitForDiagnostics(
  uri: vscode.Uri,
  predicate: (diagnostics: vscode.Diagnostic[]) => boolean,
  timeoutMs = defaultTimeoutMs,
): Promise<vscode.Diagnostic[]> {
  const key = uri.toString();
  return waitUntil(
    () => {
      const diagnostics = vscode.languages.getDiagnostics(uri);
      return predicate(diagnostics) ? diagnostics : undefined;
    },
    (check) =>
      vscode.languages.onDidChangeDiagnostics((e) => {
        if (e.uris.some((u) => u.toString() === key)) {
          check();
        }
      }),
    timeoutMs,
    () => `diagnostics of ${vscode.workspace.asRelativePath(uri)}: ${JSON.stringify(vscode.languages.getDiagnostics(uri))}`,
  );
}

/** Resolves with the first status (the current one, or a later one) that satisfies `predicate`. */
export function waitForStatus(api: ExtensionApi, predicate: (status: StatusParams) => boolean, timeoutMs = defaultTimeoutMs): Promise<StatusParams> {
  return waitUntil(
    () => (api.lastStatus !== undefined && predicate(api.lastStatus) ? api.lastStatus : undefined),
    (check) => api.onDidChangeStatus(() => check()),
    timeoutMs,
    () => `status: last was ${JSON.stringify(api.lastStatus)}; our diagnostics now: ${describeOurDiagnostics()}`,
  );
}

/**
 * Resolves once the open `document` shows `text`. A clean document VS Code has open is reloaded from
 * the disk by a file watcher, some time after the file changed; an edit applied to it before then
 * cannot be saved (the file on disk is newer).
 */
export async function waitForDocumentText(document: vscode.TextDocument, text: string, timeoutMs = defaultTimeoutMs): Promise<void> {
  await waitUntil(
    () => (document.getText() === text ? true : undefined),
    (check) =>
      vscode.workspace.onDidChangeTextDocument((e) => {
        if (e.document === document) check();
      }),
    timeoutMs,
    () => `${vscode.workspace.asRelativePath(document.uri)} to show the text on disk; it shows ${JSON.stringify(document.getText().slice(0, 200))}`,
  );
}

/** `file:line severity code` for each of our diagnostics in the workspace (for failure messages). */
export function describeOurDiagnostics(): string {
  const lines = vscode.languages
    .getDiagnostics()
    .flatMap(([uri, ds]) =>
      ds
        .filter((d) => d.source === diagnosticSource)
        .map((d) => `${vscode.workspace.asRelativePath(uri)}:${d.range.start.line + 1} ${vscode.DiagnosticSeverity[d.severity]} ${codeOf(d)}`),
    );
  return lines.length === 0 ? 'none' : lines.join(', ');
}

export function codeOf(diagnostic: vscode.Diagnostic): string | undefined {
  const code = typeof diagnostic.code === 'object' ? diagnostic.code.value : diagnostic.code;
  return code === undefined ? undefined : String(code);
}

/**
 * Asks the harness (scripts/e2e.mjs) for a screenshot of the workbench, saved as
 * <E2E_SCREENSHOTS_DIR>/<name>.png (test-results/screenshots; docs/images by npm run screenshots), and resolves once it is written. The tests run in the extension host
 * and cannot reach the page, so the request goes through files in E2E_SCREENSHOT_DIR: this
 * writes <name>.request (JSON `{waitForText, waitForSelectors}`), the harness answers with <name>.done or <name>.failed.
 * `waitForText`: texts the harness waits to see in the page before it shoots; `waitForSelectors`:
 * elements (playwright selectors) it waits for too, for what no text shows (e.g. the colours of a grammar that loads late).
 * Without the harness (E2E_SCREENSHOT_DIR unset) it does nothing.
 */
export async function screenshot(name: string, waitForText: readonly string[] = [], waitForSelectors: readonly string[] = []): Promise<void> {
  const dir = process.env.E2E_SCREENSHOT_DIR;
  if (dir === undefined || dir === '') {
    console.log(`screenshot ${name}: skipped (not run by scripts/e2e.mjs)`);
    return;
  }
  const done = path.join(dir, `${name}.done`);
  const failed = path.join(dir, `${name}.failed`);
  const answered = waitForFile(dir, [done, failed], 60_000);
  // Written aside and renamed: the harness never sees a half-written request.
  const request = path.join(dir, `${name}.request`);
  writeFileSync(`${request}.partial`, JSON.stringify({ waitForText, waitForSelectors }));
  renameSync(`${request}.partial`, request);
  if ((await answered) === failed) {
    throw new Error(`screenshot ${name} failed: ${readFileSync(failed, 'utf8')}`);
  }
}

/** Resolves with the first of `files` that exists in `dir` (watching the folder for it). */
function waitForFile(dir: string, files: readonly string[], timeoutMs: number): Promise<string> {
  return waitUntil(
    () => files.find((file) => existsSync(file)),
    (check) => {
      const watcher = watch(dir, () => check());
      return { dispose: () => watcher.close() };
    },
    timeoutMs,
    () => `one of ${files.join(', ')}`,
  );
}

/**
 * The one waiting primitive: `probe` returns a value once the condition holds; `subscribe`
 * calls `check` on every event that may change it. Checks once right away (no lost event).
 */
function waitUntil<T>(probe: () => T | undefined, subscribe: (check: () => void) => vscode.Disposable, timeoutMs: number, describe: () => string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    // `subscribe` must not call `check` synchronously (`subscription` is assigned after it returns).
    const finish = (settle: () => void): void => {
      clearTimeout(timer);
      subscription.dispose();
      settle();
    };
    const check = (): void => {
      const value = probe();
      if (value !== undefined) {
        finish(() => resolve(value));
      }
    };
    const timer = setTimeout(() => finish(() => reject(new Error(`Timed out after ${timeoutMs} ms waiting for ${describe()}`))), timeoutMs);
    const subscription = subscribe(check);
    check();
  });
}

/** One step of {@link pressKeys}: wait until `waitFor` is visible, then type `type` and/or press `press`. */
export interface KeyStep {
  readonly waitFor?: string;
  readonly type?: string;
  /** A playwright key name, e.g. `Enter`. */
  readonly press?: string;
}

/**
 * Asks the harness to type into the workbench (a real command palette run, answers to quick
 * inputs), through the same file handshake as {@link screenshot}: `<name>.keys`, answered by
 * `<name>.done` or `<name>.failed`. Without the harness it fails: the test needs the keyboard.
 */
export async function pressKeys(name: string, steps: readonly KeyStep[]): Promise<void> {
  const dir = process.env.E2E_SCREENSHOT_DIR;
  if (dir === undefined || dir === '') throw new Error(`keys ${name}: needs scripts/e2e.mjs (E2E_SCREENSHOT_DIR is not set)`);
  const done = path.join(dir, `${name}.done`);
  const failed = path.join(dir, `${name}.failed`);
  const answered = waitForFile(dir, [done, failed], 60_000);
  const request = path.join(dir, `${name}.keys`);
  writeFileSync(`${request}.partial`, JSON.stringify({ steps }));
  renameSync(`${request}.partial`, request);
  if ((await answered) === failed) {
    throw new Error(`keys ${name} failed: ${readFileSync(failed, 'utf8')}`);
  }
}
