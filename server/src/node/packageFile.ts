import * as fs from 'node:fs';
import * as path from 'node:path';

/** Finds a file of this package (e.g. `schemas/index.json`) from a bundle (dist/) or a compiled file (out/...). */
export function findPackageFile(relative: string, start = __dirname): string {
  let dir = start;
  for (;;) {
    const candidate = path.join(dir, relative);
    if (fs.existsSync(candidate)) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`${relative} not found above ${start}`);
    dir = parent;
  }
}

/** docs/rules.md as shipped with the package ('' when it is missing: the SARIF rules then have no help). */
export function readRuleDocs(): string {
  try {
    return fs.readFileSync(findPackageFile(path.join('docs', 'rules.md')), 'utf8');
  } catch {
    // Silent: no docs/rules.md beside the package: SARIF's rules go without help (said in the doc comment).
    return '';
  }
}
