#!/usr/bin/env node
// The collections' operations against the generated schemas, in-process (issue 28 §6): the generated
// project of N tables with a migration of exactly its tables (databaseModel.mjs), its model built
// from it, a RootSession as the language server runs it (schemas made again only when edits pause:
// schemaRefresh 'idle'). Prints: the first check (every role's schema made: the allow list asks
// each), the admin schema alone, a keystroke inside a query and in a table file (the incremental
// check: what the server runs per edit), and completion inside a query (median / p95); then the
// same keystroke end to end as a client sees it (issue 28 §6): the built language server over stdio,
// its model built from the migrations, `didChange` sent -> the query file's `publishDiagnostics`
// received (server.mjs editLatency; `--no-lsp` skips it).
// Usage: node scripts/bench/operations.mjs [N=1000] [EDITS=20] [--no-lsp]

import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ensureBuilt } from './build.mjs';
import { loadCore } from './coreBundle.mjs';
import { projectWithMigrations } from './databaseModel.mjs';
import { measureServer } from './server.mjs';
import { round, summary } from './stats.mjs';

const positional = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const tables = Number(positional[0] ?? 1000);
const edits = Number(positional[1] ?? 20);
const lsp = !process.argv.includes('--no-lsp');
const cache = path.join(os.tmpdir(), 'graphql-metadata-bench');
const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
ensureBuilt(REPO, (line) => console.error(line));
const core = await loadCore();
const project = projectWithMigrations(cache, tables, 1);
const root = project.root;
const builds = await core.buildDatabaseModels(root, [{ name: 'default', kind: 'postgres' }], {
  mode: 'migrations',
  cacheDir: path.join(cache, 'models'),
  workerPath: path.join(REPO, 'dist/dbWorker.js'),
});
const models = new Map(builds.flatMap((b) => (b.model ? [[b.source, b.model]] : [])));
if (models.size === 0) throw new Error(`no database model: ${builds.map((b) => b.status).join('; ')}`);
const host = new core.OverlayHost(core.createNodeHost());
const session = new core.RootSession(root, {
  host,
  cache: new core.ParseCache(),
  databases: () => models,
  graphqlSchemas: core.generatedSchemas(),
  schemaRefresh: 'idle',
});

const time = (fn) => {
  const t0 = performance.now();
  const value = fn();
  return { ms: performance.now() - t0, value };
};
let result = time(() => session.check());
const first = result.ms;
const operations = result.value.findings.filter((f) => /^operation-|^allow-list-operation/.test(f.code)).length;
const adminSchema = time(() => core.generateSchema(result.value, models, {}));
const admin = adminSchema.ms;
const adminFull = time(() => adminSchema.value.schema.getTypeMap()).ms;

/** `edits` edits of `file` (each `variant(k)` of its text), each followed by the incremental check. */
function series(file, variant) {
  const text = readFileSync(file, 'utf8');
  const times = [];
  for (let k = 1; k <= edits; k++) {
    host.set(file, variant(text, k));
    times.push(time(() => (result = { value: session.check([file]) })).ms);
  }
  host.set(file, text);
  result = { value: session.check([file]) };
  return summary(times);
}

const collections = path.join(root, 'query_collections.yaml');
const inQuery = series(collections, (text, k) => text.replace('      id\n', `      id${k % 2 ? 'x' : ''}\n`));
const inTable = series(path.join(root, project.tableRel), (text, k) => `${text}# ${k}\n`);
const text = readFileSync(collections, 'utf8');
const offset = text.indexOf('      id\n') + '      id'.length;
const completion = summary(Array.from({ length: edits }, () => time(() => core.complete({ result: result.value, file: collections, offset })).ms));

console.log(`operations at ${tables} tables (load average ${os.loadavg()[0].toFixed(1)})`);
console.log(`  first check, every role's schema made: ${round(first)} ms (${operations} operation findings)`);
console.log(`  the admin schema alone: ${round(admin)} ms as the check makes it (lazily), + ${round(adminFull)} ms to collect every type`);
console.log(`  keystroke in a query:      median ${inQuery.median} ms, p95 ${inQuery.p95} ms (target <= 50 ms p95)`);
console.log(`  keystroke in a table file: median ${inTable.median} ms, p95 ${inTable.p95} ms (schemas made again after a 1 s pause)`);
console.log(`  completion in a query:     median ${completion.median} ms, p95 ${completion.p95} ms (target <= 50 ms)`);

if (lsp) {
  // The server publishes the collections' operation findings once its model is built and the schemas made.
  const collectionsUri = pathToFileURL(collections).href;
  const hasOperationFindings = (client) => client.diagnostics.get(collectionsUri)?.diagnostics.some((d) => /^operation-/.test(String(d.code))) === true;
  const server = await measureServer(REPO, project.folder, root, {
    edits: ['query-field'],
    tableRel: project.tableRel,
    count: edits,
    afterReady: async (client) => {
      const t0 = performance.now();
      await client.until(() => hasOperationFindings(client), 'the operation findings (model built, schemas made)', 10 * 60_000);
      return { schemasAfterReadyMs: round(performance.now() - t0) };
    },
  });
  const e2e = server.edits['query-field'];
  console.log(
    `  end to end over LSP (dist/server.js): first ready ${server.initializeToReadyMs} ms, operation findings ${server.afterReady.schemasAfterReadyMs} ms later`,
  );
  console.log(
    `  keystroke in a query, didChange -> publishDiagnostics: median ${e2e.toDiagnostics.median} ms, p95 ${e2e.toDiagnostics.p95} ms (target <= 50 ms p95); -> ready: median ${e2e.toReady.median} ms, p95 ${e2e.toReady.p95} ms`,
  );
  console.log(`  server peak RSS ${round(server.peakRssKb / 1024)} MB`);
}
