// Typing and start-up as the editor sees them over LSP (dist/server.js over stdio):
// - measureBurst: 20 one-line edits 30 ms apart in one file, as fast typing sends them; how many
//   re-checks ran during the burst, how many `ready`s came after the last keystroke (the re-check
//   running when it arrived, and at most one queued behind it: <= 2), and the last keystroke's
//   latency to the final `ready`.
// - measureStartUp: a cold start (empty cache folder, no parse store) with a table file open (as
//   VS Code opens the document right after `initialized`), carrying a schema error: the time from
//   spawning the server to `initialize` answered (node and the bundle loaded), to that file's first
//   publishDiagnostics, and to the project's first `ready` (how far ahead of the project's check the
//   open file's diagnostics came).

import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { editPlan, withLine } from './edits.mjs';
import { LspClient } from './lspClient.mjs';
import { round } from './stats.mjs';

const readies = (client) => client.notifications.filter((n) => n.method === 'graphqlMetadata/status' && n.params.state === 'ready');
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * `keystrokes` edits `gapMs` apart in the (already opened, `doc.version`) file of `plan`, then waits
 * until no `ready` came for `quietMs`.
 */
export async function measureBurst(client, root, plan, doc, { keystrokes = 20, gapMs = 30, quietMs = 600 } = {}) {
  const uri = pathToFileURL(path.join(root, plan.rel)).href;
  const before = readies(client).length;
  let current = plan.original;
  const sent = [];
  for (let k = 1; k <= keystrokes; k++) {
    const next = plan.variant(k);
    sent.push(performance.now());
    await client.notify('textDocument/didChange', {
      textDocument: { uri, version: ++doc.version },
      contentChanges: [{ range: { start: { line: plan.line, character: 0 }, end: { line: plan.line, character: current.length } }, text: next }],
    });
    current = next;
    if (k < keystrokes) await sleep(Math.max(0, sent[k - 1] + gapMs - performance.now()));
  }
  const last = sent[sent.length - 1];
  for (let count = readies(client).length; ; count = readies(client).length) {
    await sleep(quietMs);
    if (readies(client).length === count && count > before) break;
  }
  const during = readies(client).slice(before);
  const after = during.filter((n) => n.at > last);
  // Back to the original line, so later measurements start from the same file.
  await client.notify('textDocument/didChange', {
    textDocument: { uri, version: ++doc.version },
    contentChanges: [{ range: { start: { line: plan.line, character: 0 }, end: { line: plan.line, character: current.length } }, text: plan.original }],
  });
  await sleep(quietMs);
  return {
    file: plan.rel,
    keystrokes,
    gapMs,
    burstMs: round(last - sent[0]),
    rechecks: during.length,
    readiesAfterLastKeystroke: after.length,
    queuedBehindRunning: Math.max(0, after.length - 1),
    lastKeystrokeToReadyMs: round(after.length > 0 ? after[after.length - 1].at - last : NaN),
    serverEditMsMax: round(Math.max(...during.map((n) => n.params.editMs ?? 0))),
  };
}

/**
 * One cold start with `tableRel` open (its text made to carry a schema error): spawn → that file's
 * first diagnostics, spawn → first `ready`; whether the first equal the final ones.
 */
export async function measureStartUp(repo, folder, root, tableRel, { codeCache = true, timeoutMs = 10 * 60_000 } = {}) {
  const cacheDir = mkdtempSync(path.join(os.tmpdir(), 'gem-bench-cache-'));
  const plan = editPlan('table-typo', tableRel, (rel) => readFileSync(path.join(root, rel), 'utf8'));
  const text = withLine(readFileSync(path.join(root, plan.rel), 'utf8'), plan.line, plan.variant(1));
  const uri = pathToFileURL(path.join(root, plan.rel)).href;
  const spawned = performance.now();
  // Without the code cache: the first start after an install or update (server/src/node/codeCache.ts).
  const env = { XDG_CACHE_HOME: cacheDir, ...(codeCache ? {} : { GRAPHQL_METADATA_NO_CODE_CACHE: '1' }) };
  const client = new LspClient(process.execPath, [path.join(repo, 'dist/server.js'), '--stdio'], () => ({}), env);
  try {
    await client.initialize(folder);
    // Node started, the server's bundle loaded, `initialize` answered: the part no check can shorten.
    const loadedAt = performance.now();
    await client.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'yaml', version: 1, text } });
    const firstAt = await client.until(() => client.diagnostics.has(uri), `the first diagnostics of ${plan.rel}`, timeoutMs);
    const first = client.diagnostics.get(uri).diagnostics;
    const readyAt = await client.until(() => readies(client).length > 0, 'the first ready status', timeoutMs);
    const final = client.diagnostics.get(uri).diagnostics;
    return {
      file: plan.rel,
      openFileDiagnosticsMs: round(firstAt - spawned),
      // Spawn -> `initialize` answered (node's start and the server's bundle loaded), and the rest.
      serverLoadedMs: round(loadedAt - spawned),
      loadedToOpenFileDiagnosticsMs: round(firstAt - loadedAt),
      readyMs: round(readyAt - spawned),
      // How long before the project's first `ready` the open file's diagnostics were out.
      aheadOfReadyMs: round(readyAt - firstAt),
      firstDiagnostics: first.length,
      firstEqualsFinal: JSON.stringify(first) === JSON.stringify(final),
    };
  } finally {
    await client.stop();
    rmSync(cacheDir, { recursive: true, force: true });
  }
}
