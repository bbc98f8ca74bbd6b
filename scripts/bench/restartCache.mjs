// A language-server restart on an unchanged project: does the parse store (parses kept on disk,
// keyed by file content: server/src/node/parseStore.ts) make it cheaper than parsing every file
// again? With the real core, on the YAML files of a root: parse them all into a ParseCache (what a
// start without a store does), write the store as the server does after start-up, then open it and
// fill a fresh ParseCache from it (what the next start does). Prints JSON (medians of ROUNDS).
// Usage: node scripts/bench/restartCache.mjs ROOT [ROUNDS]

import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadCore } from './coreBundle.mjs';
import { median, round } from './stats.mjs';

function yamlFiles(dir, out = []) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yamlFiles(full, out);
    else if (/\.ya?ml$/.test(entry.name)) out.push(full);
  }
  return out;
}

function timed(fn) {
  const t0 = performance.now();
  const value = fn();
  return { ms: performance.now() - t0, value };
}

const core = await loadCore();
const [root, roundsArg] = process.argv.slice(2);
const rounds = Number(roundsArg ?? 3);
const files = yamlFiles(root);
const dir = mkdtempSync(path.join(os.tmpdir(), 'parse-store-bench-'));
const samples = { parseMs: [], writeMs: [], openMs: [], restoreMs: [] };
let restored = 0;
let storeMb = 0;
try {
  for (let r = 0; r < rounds; r++) {
    const texts = files.map((f) => readFileSync(f, 'utf8'));
    const cold = new core.ParseCache();
    samples.parseMs.push(timed(() => files.forEach((f, i) => cold.get(f, texts[i]))).ms);
    const file = path.join(dir, `store-${r}.txt`);
    const store = new core.DiskParseStore(file);
    const t0 = performance.now();
    for (const parsed of cold.current()) {
      const compact = parsed.syntax.length === 0 ? core.toCompact(parsed.doc) : undefined;
      if (compact !== undefined) store.save(parsed.text, compact);
    }
    await store.write();
    samples.writeMs.push(performance.now() - t0);
    storeMb = statSync(file).size / 1e6;
    const opened = timed(() => core.DiskParseStore.open(file));
    samples.openMs.push(opened.ms);
    const warm = new core.ParseCache(opened.value);
    samples.restoreMs.push(timed(() => files.forEach((f, i) => warm.get(f, texts[i]))).ms);
    restored = warm.restored;
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
const m = Object.fromEntries(Object.entries(samples).map(([k, v]) => [k, round(median(v))]));
const withStore = m.openMs + m.restoreMs;
process.stdout.write(
  `${JSON.stringify({ files: files.length, restored, storeMb: round(storeMb), rounds, ...m, restartParseMs: m.parseMs, restartWithStoreMs: round(withStore), ratio: round(withStore / m.parseMs) })}\n`,
);
