import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { PIPELINE_CODES } from '../../../server/src/core/codes';
import { RULES } from '../../../server/src/core/rules';

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
