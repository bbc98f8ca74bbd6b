// The projects the benchmark measures: generated ones (cached by N, seed and generator source) and
// the largest real projects of ../shared/corpus.

import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateProject } from './generate.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));

/** A hash of the generator's source: a changed generator never reuses an old cached project. */
function generatorHash() {
  const files = [
    'generate.mjs',
    ...readdirSync(path.join(HERE, 'gen'))
      .sort()
      .map((f) => `gen/${f}`),
  ];
  const hash = createHash('sha256');
  for (const f of files) hash.update(readFileSync(path.join(HERE, f)));
  return hash.digest('hex').slice(0, 10);
}

/** The generated project with `tables` tables, from the cache when it is complete there. */
export function generatedProject(cacheDir, tables, seed, log) {
  const folder = path.join(cacheDir, `gen-n${tables}-s${seed}-${generatorHash()}`);
  const marker = path.join(folder, '.bench-complete.json');
  let info;
  if (existsSync(marker)) {
    info = JSON.parse(readFileSync(marker, 'utf8'));
  } else {
    log(`generating ${tables} tables (seed ${seed}) into ${folder}`);
    const t0 = performance.now();
    info = { ...generateProject(folder, { tables, seed }), generateMs: Math.round(performance.now() - t0) };
    writeFileSync(marker, JSON.stringify(info));
  }
  return {
    name: `generated N=${tables}`,
    kind: 'generated',
    tables,
    folder,
    root: info.root,
    files: info.files.length + 1,
    bytes: info.bytes,
    tableRel: info.tableFile,
  };
}

function sizeOf(dir) {
  let files = 0;
  let bytes = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) {
      const sub = sizeOf(full);
      files += sub.files;
      bytes += sub.bytes;
    } else {
      files++;
      bytes += statSync(full).size;
    }
  }
  return { files, bytes };
}

/** The `count` largest corpus projects (by bytes), largest first; [] when the corpus is not there. */
export function corpusProjects(repo, count) {
  const corpus = path.resolve(repo, '../shared/corpus');
  if (!existsSync(corpus)) return [];
  return readdirSync(corpus)
    .filter((name) => existsSync(path.join(corpus, name, 'metadata', 'version.yaml')))
    .map((name) => ({ name, folder: path.join(corpus, name), root: path.join(corpus, name, 'metadata'), ...sizeOf(path.join(corpus, name, 'metadata')) }))
    .sort((a, b) => b.bytes - a.bytes || a.name.localeCompare(b.name))
    .slice(0, count)
    .map((p) => ({ ...p, name: `corpus ${p.name}`, kind: 'corpus' }));
}
