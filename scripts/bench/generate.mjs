// Deterministic generator of realistic config v3 projects (issue 8): N tables with relationships,
// permissions with nested boolean expressions, event triggers, query collections, an allow list,
// REST endpoints, actions (+ actions.graphql), cron triggers, inherited and remote schemas.
// Same N and seed -> byte-identical files.

import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { projectFiles } from './gen/project.mjs';

/**
 * Writes the project into `dir` (config.yaml + metadata/), replacing what was there.
 * @returns {{ root: string, files: string[], bytes: number, tableFile: string }} root is the metadata folder; files are relative to it.
 */
export function generateProject(dir, { tables = 100, seed = 1 } = {}) {
  const { files, tables: model } = projectFiles(tables, seed);
  rmSync(dir, { recursive: true, force: true });
  const made = new Set();
  let bytes = 0;
  for (const [rel, text] of files) {
    const file = path.join(dir, rel);
    const parent = path.dirname(file);
    if (!made.has(parent)) mkdirSync(parent, { recursive: true });
    made.add(parent);
    writeFileSync(file, text);
    bytes += Buffer.byteLength(text);
  }
  const root = path.join(dir, 'metadata');
  const metadataFiles = [...files.keys()].filter((rel) => rel.startsWith('metadata/')).map((rel) => rel.slice('metadata/'.length));
  return { root, files: metadataFiles, bytes, tableFile: representativeTable(model) };
}

/** A table file in the middle of the project with select permissions (the one the edit benchmark changes). */
function representativeTable(tables) {
  const generic = tables.filter((t) => t.generic);
  const t = generic[Math.floor(generic.length / 2)] ?? tables[0];
  return `databases/default/tables/public_${t.name}.yaml`;
}
