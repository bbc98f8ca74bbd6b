// Server-side edit latency, in-process: the core and the language server's workspace bundled from
// source (esbuild), a warm ParseCache, then one-line edits. Times the core's incremental check
// (`RootSession.check([file])`, what the language server runs per edit) and
// `MetadataWorkspace.changed` (that check + the diagnostics of the files whose findings changed, no
// transport). A full `checkRoot` with a warm parse cache is timed too, for reference.
// Usage: node scripts/bench/coreEdits.mjs ROOT TABLE_REL EDITS [KIND,KIND...]   (prints JSON)

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadCore } from './coreBundle.mjs';
import { editPlan, withLine } from './edits.mjs';
import { round, summary } from './stats.mjs';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function time(fn) {
  const t0 = performance.now();
  const value = fn();
  return { ms: performance.now() - t0, value };
}

/** `edits` one-line edits of the plan, each followed by `run()`; the file is restored after. */
function editSeries(host, root, plan, edits, run) {
  const file = `${root}/${plan.rel}`;
  const text = readFileSync(file, 'utf8');
  const times = [];
  for (let k = 1; k <= edits; k++) {
    host.set(file, withLine(text, plan.line, plan.variant(k)));
    times.push(time(() => run(file)).ms);
  }
  host.set(file, text);
  run(file);
  return summary(times);
}

/**
 * A cold and an unchanged full check, then each plan's edits through a RootSession (the core's
 * incremental check) and through a full checkRoot (warm ParseCache), then
 * the same edits through the language server's workspace (check + diagnostics of changed files).
 */
function measureEdits(core, root, plans, edits) {
  const host = new core.OverlayHost(core.createNodeHost());
  const services = { host, cache: new core.ParseCache(), validator: new core.SchemaValidator(core.loadSchemaSet(path.join(REPO, 'schemas'))) };
  const cold = time(() => core.checkRoot(root, services));
  const unchanged = time(() => core.checkRoot(root, services));
  const out = { coldCheckMs: round(cold.ms), findings: cold.value.findings.length, unchangedCheckMs: round(unchanged.ms), edits: {} };
  const session = new core.RootSession(root, { ...services, memo: new core.IndexMemo() });
  session.check();
  for (const plan of plans) {
    out.edits[plan.kind] = {
      file: plan.rel,
      session: editSeries(host, root, plan, edits, (file) => session.check([file])),
      fullCheckRoot: editSeries(host, root, plan, Math.min(edits, 10), () => core.checkRoot(root, services)),
    };
  }
  let published = 0;
  const workspace = new core.MetadataWorkspace(host, services.validator, { diagnostics: () => published++, status: () => undefined });
  workspace.setFolders([root]);
  for (const plan of plans) {
    published = 0;
    out.edits[plan.kind].workspaceChanged = editSeries(host, root, plan, edits, (file) => workspace.changed([file]));
    out.edits[plan.kind].publishedPerEdit = round(published / (edits + 1));
  }
  return out;
}

const [root, tableRel, editsArg, kindsArg] = process.argv.slice(2);
const core = await loadCore();
const read = (rel) => readFileSync(path.join(root, rel), 'utf8');
const plans = (kindsArg ?? 'table,collections').split(',').map((kind) => editPlan(kind, tableRel, read));
process.stdout.write(`${JSON.stringify(measureEdits(core, root, plans, Number(editsArg ?? 50)))}\n`);
