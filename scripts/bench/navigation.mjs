#!/usr/bin/env node
// Navigation at scale: on the generated N-table project (no database), after a one-line edit of a
// table file, what the first hover / go to definition / find references pays (the index of every
// named place of the root, core/features/occurrences.ts, made once per check), then a hover on a
// role name as a client asks it first after the edit and again. In-process, core only. Prints a
// table (median of the runs); no targets are enforced.
// Usage: node scripts/bench/navigation.mjs [--tables 1000] [--runs 5] [--seed 1]

import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { ensureBuilt } from './build.mjs';
import { bundleEntry } from './coreBundle.mjs';
import { generateProject } from './generate.mjs';
import { round, summary } from './stats.mjs';

const REPO = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const ENTRY = `
export { RootSession } from '../../server/src/core/session';
export { ParseCache } from '../../server/src/core/project/cache';
export { createNodeHost } from '../../server/src/node/fsHost';
export { occurrencesOf } from '../../server/src/core/features/occurrences';
export { hover } from '../../server/src/core/features/hover';
`;

const opts = { tables: 1000, runs: 5, seed: 1 };
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i++) {
  const key = argv[i]?.replace(/^--/, '');
  if (!(key in opts) || argv[i + 1] === undefined) throw new Error(`unknown argument ${argv[i]}`);
  opts[key] = Number(argv[++i]);
}
ensureBuilt(REPO, (line) => console.error(line));
const cache = path.join(os.tmpdir(), 'graphql-metadata-bench');
const bundle = path.join(cache, 'navigation-bench.js');
await bundleEntry(ENTRY, bundle, { external: ['@electric-sql/pglite', 'pg'] });
const core = createRequire(import.meta.url)(bundle);
const project = generateProject(path.join(cache, `gen-nav-n${opts.tables}-s${opts.seed}`), { tables: opts.tables, seed: opts.seed });
const session = new core.RootSession(project.root, { host: core.createNodeHost(), cache: new core.ParseCache() }, {});
session.check();

const file = path.join(project.root, project.tableFile);
const text = readFileSync(file, 'utf8');
const role = text.indexOf('role: ');
if (role < 0) throw new Error(`no role in ${project.tableFile}`);
const time = (fn) => {
  const t0 = performance.now();
  const value = fn();
  return [performance.now() - t0, value];
};
const rows = { index: [], first: [], again: [] };
let places = 0;
for (let k = 0; k < opts.runs; k++) {
  writeFileSync(file, `${text}# edit ${k}\n`);
  const result = session.check([file]);
  const [ms, index] = time(() => core.occurrencesOf(result));
  places = index.all.length;
  rows.index.push(ms);
  const result2 = session.check([file]);
  const input = { result: result2, file, offset: role + 'role: '.length + 1 };
  rows.first.push(time(() => core.hover(input))[0]);
  rows.again.push(time(() => core.hover(input))[0]);
}
writeFileSync(file, text);
console.log(`generated project: ${opts.tables} tables, ${places} named places; median of ${opts.runs} edits (load ${os.loadavg()[0].toFixed(1)})`);
console.log('| measure | ms |');
console.log('| --- | --- |');
console.log(`| the index of named places after an edit (first hover, definition or references) | ${round(summary(rows.index).median)} |`);
console.log(`| hover on a role name, first after an edit | ${round(summary(rows.first).median)} |`);
console.log(`| the same hover again | ${round(summary(rows.again).median)} |`);
