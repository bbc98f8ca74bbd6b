import * as fs from 'node:fs';
import * as path from 'node:path';
import type { SchemaSet } from '../core/schema/validator';

/** Finds the package's schemas/ folder from a bundle (dist/) or a compiled file (out/...). */
export function findSchemasDir(start = __dirname): string {
  let dir = start;
  for (;;) {
    const candidate = path.join(dir, 'schemas', 'index.json');
    if (fs.existsSync(candidate)) return path.dirname(candidate);
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`schemas/index.json not found above ${start}`);
    dir = parent;
  }
}

/** Reads schemas/*.json; index.json maps each file kind to its schema file. */
export function loadSchemaSet(dir = findSchemasDir()): SchemaSet {
  const index = JSON.parse(fs.readFileSync(path.join(dir, 'index.json'), 'utf8')) as Record<string, string>;
  const files = fs.readdirSync(dir).filter((f) => f.endsWith('.json') && f !== 'index.json');
  const schemas = files.map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as { $id?: string });
  const idOf = new Map(files.map((f, i) => [f, schemas[i]!.$id ?? f]));
  const kinds = Object.fromEntries(Object.entries(index).map(([kind, file]) => [kind, idOf.get(file) ?? file]));
  return { schemas, kinds };
}
