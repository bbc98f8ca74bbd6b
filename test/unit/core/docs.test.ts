import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { PIPELINE_CODES } from '../../../server/src/core/codes';
import { RULES } from '../../../server/src/core/rules';
import { parseRuleDocs, ruleTableRows } from '../../../server/src/core/ruleDocs';

test('every diagnostic code has a section in docs/rules.md (the editor links to it)', () => {
  const docs = fs.readFileSync(path.resolve(__dirname, '../../../../docs/rules.md'), 'utf8');
  const sections = new Set([...docs.matchAll(/^### ([a-z0-9-]+)$/gm)].map((m) => m[1]));
  const codes = [...PIPELINE_CODES, ...RULES.flatMap((r) => r.codes)];
  assert.deepEqual(
    codes.filter((c) => !sections.has(c)),
    [],
  );
  for (const code of codes) assert.match(code, /^[a-z0-9]+(-[a-z0-9]+)*$/);
});

test("the README's table of rule codes: every code, in docs/rules.md's order, with the severity and first sentence its section gives", () => {
  const root = path.resolve(__dirname, '../../../..');
  const docs = parseRuleDocs(fs.readFileSync(path.join(root, 'docs/rules.md'), 'utf8'));
  const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
  const start = readme.indexOf('| Code | Default | What it reports |');
  assert.ok(start >= 0, 'the README has the table');
  const rows = readme.slice(start, readme.indexOf('\n\n', start)).split('\n').slice(2);
  assert.deepEqual(rows, ruleTableRows(docs), 'the table is out of date: `npx tsc -b && node scripts/readme-rules.mjs` rewrites it');
  const codes = [...PIPELINE_CODES, ...RULES.flatMap((r) => r.codes)];
  assert.deepEqual([...docs.keys()].sort(), [...new Set(codes)].sort(), 'docs/rules.md has a section for exactly the codes there are');
});

test("ARCHITECTURE.md's list of the core's module-level caches names every file that has one", () => {
  const root = path.resolve(__dirname, '../../../..');
  const core = path.join(root, 'server/src/core');
  const architecture = fs.readFileSync(path.join(root, 'ARCHITECTURE.md'), 'utf8');
  const start = architecture.indexOf('**State is explicit; the module-level caches are listed.**');
  const list = architecture.slice(start, architecture.indexOf('\n- **', start + 1));
  // A cache: a top-level WeakMap or WeakSet, or a Map with a lower-case (mutable) name; an upper-case Map or Set is a constant table.
  const cache = /^(?:export )?(?:const|let) (?:[a-z]\w*(?:: [^=]+)? = new (?:Weak)?(?:Map|Set)|[A-Z_]+(?:: [^=]+)? = new Weak(?:Map|Set))\b/m;
  const files = (dir: string): string[] =>
    fs
      .readdirSync(dir, { withFileTypes: true })
      .flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : e.name.endsWith('.ts') ? [path.join(dir, e.name)] : []));
  const withCache = files(core)
    .filter((f) => cache.test(fs.readFileSync(f, 'utf8')))
    .map((f) => path.relative(core, f).split(path.sep).join('/'));
  assert.ok(withCache.length > 10, 'the scan finds the caches');
  assert.deepEqual(
    withCache.filter((f) => !list.includes(f) && !list.includes(f.replace(/\.ts$/, '').split('/').pop()! + '.ts')),
    [],
  );
});
