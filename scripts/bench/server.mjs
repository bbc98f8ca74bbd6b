// The language server (dist/server.js) over stdio: time from `initialize` to the status
// notification `ready` (every file's diagnostics published), then one-line edit latency: from
// didChange to the edited file's publishDiagnostics, and to the next `ready`.

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { editPlan } from './edits.mjs';
import { LspClient } from './lspClient.mjs';
import { round, summary } from './stats.mjs';

/** The server's debounce before a re-check (MetadataWorkspace debounceMs, server/src/lsp/workspace.ts). */
export const DEBOUNCE_MS = 120;

const readyCount = (client) => client.notifications.filter((n) => n.method === 'graphqlMetadata/status' && n.params.state === 'ready').length;

/**
 * @param folder the workspace folder (the project, holding metadata/)
 * @param edits edit kinds (see edits.mjs), `count` edits each, in `tableRel` for the table kinds
 */
export async function measureServer(repo, folder, root, { edits = [], tableRel, count = 30, timeoutMs = 30 * 60_000 } = {}) {
  const started = performance.now();
  const client = new LspClient(process.execPath, [path.join(repo, 'dist/server.js'), '--stdio']);
  try {
    const initStart = performance.now();
    await client.initialize(folder);
    const readyAt = await client.until(() => readyCount(client) > 0, 'the first ready status', timeoutMs);
    const status = client.notifications.findLast((n) => n.method === 'graphqlMetadata/status').params;
    const result = {
      initializeToReadyMs: round(readyAt - initStart),
      spawnToReadyMs: round(readyAt - started),
      diagnosticsPublished: client.published,
      errors: status.roots.reduce((n, r) => n + r.errors, 0),
      warnings: status.roots.reduce((n, r) => n + r.warnings, 0),
      files: status.roots.reduce((n, r) => n + r.files, 0),
      rssAfterReadyKb: client.peakRssKb(),
      edits: {},
    };
    const read = (rel) => readFileSync(path.join(root, rel), 'utf8');
    const opened = new Map();
    for (const kind of edits) result.edits[kind] = await editLatency(client, root, editPlan(kind, tableRel, read), opened, count, timeoutMs);
    result.peakRssKb = client.peakRssKb();
    return result;
  } finally {
    await client.stop();
  }
}

/** Opens the plan's file (once), then `count` edits; each waits for `ready` (all diagnostics out). */
async function editLatency(client, root, plan, opened, count, timeoutMs) {
  const uri = pathToFileURL(path.join(root, plan.rel)).href;
  const watched = plan.watch ? pathToFileURL(path.join(root, plan.watch)).href : undefined;
  if (!opened.has(uri)) {
    const before = readyCount(client);
    const text = readFileSync(path.join(root, plan.rel), 'utf8');
    await client.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'yaml', version: 1, text } });
    await client.until(() => readyCount(client) > before, `the check after opening ${plan.rel}`, timeoutMs);
    opened.set(uri, { version: 1 });
  }
  const doc = opened.get(uri);
  const toDiagnostics = [];
  const toReady = [];
  let current = plan.original;
  for (let k = 1; k <= count; k++) {
    const next = plan.variant(k);
    const before = readyCount(client);
    const sentAt = performance.now();
    await client.notify('textDocument/didChange', {
      textDocument: { uri, version: ++doc.version },
      contentChanges: [{ range: { start: { line: plan.line, character: 0 }, end: { line: plan.line, character: current.length } }, text: next }],
    });
    current = next;
    const readyAt = await client.until(() => readyCount(client) > before, `ready after ${plan.kind} edit ${k}`, timeoutMs);
    toReady.push(readyAt - sentAt);
    if (watched) {
      const at = client.diagnostics.get(watched)?.at ?? 0;
      if (at <= sentAt) throw new Error(`${plan.kind} edit ${k} did not publish diagnostics for ${plan.watch}`);
      toDiagnostics.push(at - sentAt);
    }
  }
  return {
    file: plan.rel,
    toReady: summary(toReady),
    toReadyMinusDebounce: summary(toReady.map((ms) => ms - DEBOUNCE_MS)),
    ...(watched ? { watched: plan.watch, toDiagnostics: summary(toDiagnostics), toDiagnosticsMinusDebounce: summary(toDiagnostics.map((ms) => ms - DEBOUNCE_MS)) } : {}),
  };
}
