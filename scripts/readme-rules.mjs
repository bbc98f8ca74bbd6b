// Rewrites the README's table of rule codes from docs/rules.md (run `npx tsc -b` first: it reads the
// compiled core's parseRuleDocs). test/unit/core/docs.test.ts fails while the table is out of date.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const { parseRuleDocs, ruleTableRows } = createRequire(import.meta.url)(path.join(ROOT, 'out/server/src/core/ruleDocs.js'));
const docs = parseRuleDocs(readFileSync(path.join(ROOT, 'docs/rules.md'), 'utf8'));
const readmePath = path.join(ROOT, 'README.md');
const readme = readFileSync(readmePath, 'utf8');
const HEADER = '| Code | Default | What it reports |\n|---|---|---|\n';
const start = readme.indexOf(HEADER);
if (start < 0) throw new Error('README.md has no table of rule codes');
const end = readme.indexOf('\n\n', start);
writeFileSync(readmePath, readme.slice(0, start) + HEADER + ruleTableRows(docs).join('\n') + readme.slice(end));
