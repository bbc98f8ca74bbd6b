import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, test } from 'node:test';

/**
 * The .vsix carries only what package.json's `files` lists (vsce): every module the database child
 * imports at run time (PGlite's contrib extensions), the extension bundle each one loads, and
 * pgvector's bundle must be in it, or the packaged extension's builds fail where the tests' pass.
 */
const REPO = path.resolve(__dirname, '../../../..');
const pkg = JSON.parse(fs.readFileSync(path.join(REPO, 'package.json'), 'utf8')) as { files: string[] };

/** A `files` entry as a regular expression over a path relative to the repository. */
function globRe(glob: string): RegExp {
  const re = glob
    .split('**')
    .map((part) => part.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*'))
    .join('.*');
  return new RegExp(`^${re}$`);
}
const packaged = (file: string): boolean => pkg.files.some((glob) => globRe(glob).test(path.relative(REPO, file).split(path.sep).join('/')));

describe('what the database child loads at run time is packaged', () => {
  const worker = fs.readFileSync(path.join(REPO, 'server/src/node/db/worker.ts'), 'utf8');
  const specifiers = [...worker.matchAll(/import\('([^']+)'\)/g)].map((m) => m[1]!);

  test('the worker imports pgcrypto and citext (the list below is not empty)', () => {
    for (const name of ['@electric-sql/pglite/contrib/pgcrypto', '@electric-sql/pglite/contrib/citext']) assert.ok(specifiers.includes(name), name);
  });

  test("pgvector's bundle, which the build copies beside the worker (scripts/build.mjs), is packaged", () => {
    assert.match(worker, /path\.join\(__dirname, 'pglite-vector\.tar\.gz'\)/);
    assert.match(fs.readFileSync(path.join(REPO, 'scripts/build.mjs'), 'utf8'), /'dist\/pglite-vector\.tar\.gz'/);
    assert.ok(packaged(path.join(REPO, 'dist/pglite-vector.tar.gz')));
  });

  test('each imported module and the extension bundle it loads are in package.json files', () => {
    const missing: string[] = [];
    for (const specifier of specifiers) {
      const module = require.resolve(specifier, { paths: [REPO] });
      if (!packaged(module)) missing.push(path.relative(REPO, module));
      const bundle = /new URL\(\s*["'`]([^"'`]+\.tar\.gz)["'`]/.exec(fs.readFileSync(module, 'utf8'))?.[1];
      assert.ok(bundle !== undefined, `${specifier} names its bundle`);
      const file = path.resolve(path.dirname(module), bundle);
      assert.ok(fs.existsSync(file), file);
      if (!packaged(file)) missing.push(path.relative(REPO, file));
    }
    assert.deepEqual(missing, []);
  });
});
