// The language server (dist/server.js) over stdio: time from `initialize` to the status
// notification `ready` (every file's diagnostics published), then one-line edit latency as a client
// sees it: from sending didChange to the edited file's publishDiagnostics (to the next `ready` when
// the edit leaves its diagnostics as they were), with the edits spaced as someone types them
// (`gapMs` after each one's diagnostics), and as the server counts it (the `editMs` of that ready,
// from the end of its pause, without the pause, the read of the message or the way out); a burst
// of fast typing (typing.mjs). Each run gets an empty cache folder (XDG_CACHE_HOME), so its start
// parses every file; `measureRestart` times a second start that finds the parse store the first
// one wrote. Edits start once the store is written.

import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { editPlan } from './edits.mjs';
import { LspClient } from './lspClient.mjs';
import { measureBurst } from './typing.mjs';
import { round, summary } from './stats.mjs';

/**
 * The pause after each edit's diagnostics before the next edit: a client types and reads. Sent the
 * moment the last `ready` arrived instead, edits find the server's process still running on a core
 * and its code and data in the caches; on a loaded machine that halved what the client sees
 * (scripts/bench/README.md). Below the server's SCHEMA_IDLE_MS, so the GraphQL schemas are not
 * made again between two edits (`measureAfterIdle` in databaseModel.mjs times that case).
 */
export const EDIT_GAP_MS = 250;

/** Longer than the server's SCHEMA_IDLE_MS (1 s, lsp/workspace.ts): someone stops typing, reads, types again. */
export const AFTER_IDLE_GAP_MS = 1500;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const readyCount = (client) => client.notifications.filter((n) => n.method === 'graphqlMetadata/status' && n.params.state === 'ready').length;

/**
 * @param folder the workspace folder (the project, holding metadata/)
 * @param edits edit kinds (see edits.mjs), `count` edits each, in `tableRel` for the table kinds
 * @param settings (section) => what workspace/configuration answers; afterReady(client) runs after the first ready
 */
export async function measureServer(
  repo,
  folder,
  root,
  {
    edits = [],
    tableRel,
    count = 30,
    gapMs = EDIT_GAP_MS,
    idleEdits = 0,
    burst = false,
    timeoutMs = 30 * 60_000,
    cacheDir,
    beforeStop,
    afterReady,
    settings = () => ({}),
  } = {},
) {
  const started = performance.now();
  const ownCache = cacheDir === undefined ? mkdtempSync(path.join(os.tmpdir(), 'gem-bench-cache-')) : undefined;
  const client = new LspClient(process.execPath, [path.join(repo, 'dist/server.js'), '--stdio'], settings, { XDG_CACHE_HOME: cacheDir ?? ownCache });
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
    if (afterReady) result.afterReady = await afterReady(client);
    // Edits are timed once the server has written its parse store (it compacts every parse right
    // after start-up, ~3 s at 10k tables, and edits made meanwhile wait for that work's slices).
    if (edits.length > 0) result.storeWrittenAfterReadyMs = round((await storeIn(cacheDir ?? ownCache, timeoutMs)) ? performance.now() - readyAt : NaN);
    const read = (rel) => readFileSync(path.join(root, rel), 'utf8');
    const opened = new Map();
    for (const kind of edits) result.edits[kind] = await editLatency(client, root, editPlan(kind, tableRel, read), opened, count, timeoutMs, gapMs);
    if (idleEdits > 0) {
      // Edits after a pause longer than the server's SCHEMA_IDLE_MS: the GraphQL schemas kept through
      // the edits before are made again then, and an edit arriving meanwhile waits for that.
      await sleep(AFTER_IDLE_GAP_MS);
      result.afterIdle = await editLatency(client, root, editPlan('table', tableRel, read), opened, idleEdits, timeoutMs, AFTER_IDLE_GAP_MS);
    }
    if (burst) {
      const plan = editPlan('table', tableRel, read);
      await editLatency(client, root, plan, opened, 0, timeoutMs);
      result.burst = await measureBurst(client, root, plan, opened.get(pathToFileURL(path.join(root, plan.rel)).href));
    }
    result.peakRssKb = client.peakRssKb();
    if (beforeStop) await beforeStop();
    return result;
  } finally {
    await client.stop();
    if (ownCache) rmSync(ownCache, { recursive: true, force: true });
  }
}

/** The parse store a server wrote into `cacheDir`, once it is there (undefined after `timeoutMs`). */
async function storeIn(cacheDir, timeoutMs) {
  const dir = path.join(cacheDir, 'graphql-engine-metadata');
  for (const until = performance.now() + timeoutMs; performance.now() < until; await new Promise((r) => setTimeout(r, 50))) {
    const file = existsSync(dir) ? readdirSync(dir).find((f) => /^parses-.*\.txt$/.test(f)) : undefined;
    if (file) return path.join(dir, file);
  }
  return undefined;
}

/**
 * A restart on an unchanged project: a first start (empty cache folder) until ready and until its
 * parse store is written, then a second start with that store, until ready.
 */
export async function measureRestart(repo, folder, root, timeoutMs = 30 * 60_000) {
  const cacheDir = mkdtempSync(path.join(os.tmpdir(), 'gem-bench-cache-'));
  try {
    let store;
    const first = await measureServer(repo, folder, root, { cacheDir, timeoutMs, beforeStop: async () => (store = await storeIn(cacheDir, timeoutMs)) });
    if (!store) throw new Error('the first start wrote no parse store');
    const second = await measureServer(repo, folder, root, { cacheDir, timeoutMs });
    return {
      withoutStoreMs: first.initializeToReadyMs,
      withStoreMs: second.initializeToReadyMs,
      storeMb: round(statSync(store).size / 1e6),
      ratio: round(second.initializeToReadyMs / first.initializeToReadyMs),
    };
  } finally {
    rmSync(cacheDir, { recursive: true, force: true });
  }
}

/**
 * Opens the plan's file (once), then `count` edits, `gapMs` apart; each waits for `ready` (all
 * diagnostics out). `client`: what a client sees, from sending didChange to the edited file's (or the
 * watched file's) publishDiagnostics, or to `ready` when the edit left its diagnostics as they were.
 */
export async function editLatency(client, root, plan, opened, count, timeoutMs, gapMs = EDIT_GAP_MS) {
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
  const seen = [];
  const serverSide = [];
  let current = plan.original;
  for (let k = 1; k <= count; k++) {
    if (k > 1 && gapMs > 0) await sleep(gapMs);
    const next = plan.variant(k);
    const before = client.notifications.length;
    const sentAt = performance.now();
    await client.notify('textDocument/didChange', {
      textDocument: { uri, version: ++doc.version },
      contentChanges: [{ range: { start: { line: plan.line, character: 0 }, end: { line: plan.line, character: current.length } }, text: next }],
    });
    current = next;
    // The ready of the re-check that read this edit (it carries `editMs`); a check the server ran
    // on its own meanwhile (the GraphQL schemas made again) ends with a ready without it.
    const editReady = () =>
      client.notifications
        .slice(before)
        .find((n) => n.method === 'graphqlMetadata/status' && n.params.state === 'ready' && n.at > sentAt && typeof n.params.editMs === 'number');
    const readyAt = await client.until(() => editReady() !== undefined, `ready after ${plan.kind} edit ${k}`, timeoutMs);
    toReady.push(readyAt - sentAt);
    // The server's own count: from the end of its pause to that ready.
    serverSide.push(editReady().params.editMs);
    const publishedAt = (u) => {
      const at = client.diagnostics.get(u)?.at ?? 0;
      return at > sentAt ? at : undefined;
    };
    if (watched) {
      const at = publishedAt(watched);
      if (at === undefined) throw new Error(`${plan.kind} edit ${k} did not publish diagnostics for ${plan.watch}`);
      toDiagnostics.push(at - sentAt);
    }
    const shown = publishedAt(watched ?? uri);
    seen.push((shown ?? readyAt) - sentAt);
  }
  return {
    file: plan.rel,
    gapMs,
    // The machine's 1-minute load average as the edits end (a loaded machine delays every process).
    load: round(os.loadavg()[0]),
    client: summary(seen),
    toReady: summary(toReady),
    serverSide: summary(serverSide),
    ...(watched ? { watched: plan.watch, toDiagnostics: summary(toDiagnostics) } : {}),
  };
}
