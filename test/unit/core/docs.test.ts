import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { PIPELINE_CODES } from '../../../server/src/core/codes';
import { RULES } from '../../../server/src/core/rules';
import { parseRuleDocs } from '../../../server/src/core/ruleDocs';

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
  const expected = [...docs.values()].map((d) => `| [\`${d.code}\`](docs/rules.md#${d.code}) | ${d.severity} | ${d.summary.replace(/\|/g, '\\|')} |`);
  assert.deepEqual(rows, expected);
  const codes = [...PIPELINE_CODES, ...RULES.flatMap((r) => r.codes)];
  assert.deepEqual([...docs.keys()].sort(), [...new Set(codes)].sort(), 'docs/rules.md has a section for exactly the codes there are');
});
