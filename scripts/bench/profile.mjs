// Top self-time functions of a V8 .cpuprofile (from `node --cpu-prof`).

import { existsSync, readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export function topSelfTime(file, count = 10) {
  const profile = JSON.parse(readFileSync(file, 'utf8'));
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  const deltas = profile.timeDeltas ?? [];
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (deltas[i] ?? 0)));
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const byFunction = new Map();
  for (const [id, micros] of self) {
    const key = `${byId.get(id).callFrame.functionName || '(anonymous)'} ${where(byId.get(id).callFrame)}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + micros);
  }
  return [...byFunction]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([fn, micros]) => ({ function: fn, selfMs: Math.round(micros / 100) / 10, share: Math.round((1000 * micros) / total) / 10 }));
}

/** Self time grouped by area: the yaml package, schema validation, each core folder, GC, the rest. */
export function selfTimeByArea(file) {
  const rows = topSelfTime(file, Infinity);
  const areas = new Map();
  for (const row of rows) {
    const area = areaOf(row.function);
    areas.set(area, (areas.get(area) ?? 0) + row.selfMs);
  }
  const total = rows.reduce((n, r) => n + r.selfMs, 0);
  return [...areas].sort((a, b) => b[1] - a[1]).map(([area, ms]) => ({ area, selfMs: Math.round(ms), share: Math.round((1000 * ms) / total) / 10 }));
}

function areaOf(fn) {
  if (fn.startsWith('(garbage collector)')) return 'garbage collector';
  if (fn.includes('node_modules/yaml/')) return 'yaml package';
  if (fn.includes('node_modules/ajv') || fn.includes('validators.js')) return 'schema validation (ajv)';
  const core = /server\/src\/(core\/[a-z]+|[a-z]+)/.exec(fn);
  if (core) return `server/src/${core[1]}`;
  if (fn.startsWith('(program)') || fn.startsWith('(idle)')) return '(program/idle)';
  return 'other (node internals, graphql, ...)';
}

const maps = new Map();

/** `source:line` of a call frame, through the bundle's source map when there is one. */
function where({ url, lineNumber, columnNumber }) {
  if (!url) return '';
  const file = url.startsWith('file:') ? fileURLToPath(url) : url;
  if (!maps.has(file)) maps.set(file, existsSync(`${file}.map`) ? new SourceMap(JSON.parse(readFileSync(`${file}.map`, 'utf8'))) : null);
  const entry = maps.get(file)?.findEntry(lineNumber, columnNumber);
  if (entry?.originalSource) return `${entry.originalSource.replace(/^.*?(node_modules\/|server\/src\/)/, '$1')}:${entry.originalLine + 1}`;
  return `${path.basename(file)}:${lineNumber + 1}`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  console.table(topSelfTime(process.argv[2], Number(process.argv[3] ?? 10)));
  console.table(selfTimeByArea(process.argv[2]));
}
