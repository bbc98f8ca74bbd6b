import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, test } from 'node:test';
import { checkRoot, runRules } from '../../../server/src/core/check';
import { ParseCache } from '../../../server/src/core/project/cache';
import type { Rule } from '../../../server/src/core/rules/rule';
import { Walk } from '../../../server/src/core/project/index/walk';
import { LATEST_V2 } from '../../../server/src/core/engineVersion';
import { RULES } from '../../../server/src/core/rules';
import { createNodeHost } from '../../../server/src/node/fsHost';
import { toCorePath } from '../../../common/paths';
import { BASE, check, path as inRoot } from '../helpers/project';
import { writeTempProject } from '../helpers/tempProject';

function writeProject(files: Record<string, string>): string {
  return writeTempProject(files, 'gem-hostile-');
}

describe('hostile input', () => {
  test('thousands of nesting levels are a yaml-too-deep finding, not a stack overflow', () => {
    const deep = Array.from({ length: 3000 }, (_, i) => `${' '.repeat(i)}k${i}:\n`).join('');
    const { result } = check({ 'api_limits.yaml': deep, 'network.yaml': `${'['.repeat(50_000)}${']'.repeat(50_000)}\n` }, { schemas: true });
    const codes = (file: string): string[] => [...new Set(result.findings.filter((f) => f.file === inRoot(file) && f.severity === 'error').map((f) => f.code))];
    assert.deepEqual([codes('api_limits.yaml'), codes('network.yaml')], [['yaml-too-deep'], ['yaml-too-deep']]);
  });

  test('real symlinks on disk pointing out of the root (file and folder) are reported; the linked folder is never read', () => {
    const outside = fs.mkdtempSync(path.join(os.tmpdir(), 'gem-outside-'));
    fs.writeFileSync(path.join(outside, 'secret.yaml'), 'table: {name: secret, schema: public}\n');
    const dir = writeProject({
      ...BASE,
      'databases/default/tables/tables.yaml':
        '- "!include public_author.yaml"\n- "!include public_article.yaml"\n- "!include leak.yaml"\n- "!include out/secret.yaml"\n',
    });
    const tables = path.join(dir, 'databases/default/tables');
    fs.symlinkSync(path.join(outside, 'secret.yaml'), path.join(tables, 'leak.yaml'));
    fs.symlinkSync(outside, path.join(tables, 'out'), 'dir');
    const host = createNodeHost();
    const reads: string[] = [];
    const spy = { ...host, readFile: (p: string) => (reads.push(p), host.readFile(p)) };
    const result = checkRoot(toCorePath(dir), { host: spy, cache: new ParseCache() });
    const root = toCorePath(dir);
    assert.deepEqual(
      result.findings.filter((f) => f.severity === 'error').map((f) => [f.code, f.file]),
      [
        ['include-outside-root', `${root}/databases/default/tables/tables.yaml`],
        ['include-outside-root', `${root}/databases/default/tables/tables.yaml`],
      ],
    );
    assert.ok(!reads.some((p) => p.includes('/out/')), 'the linked folder is never read');
    assert.ok(!reads.some((p) => p.endsWith('/leak.yaml')), 'the linked file is never read, not even as an unreferenced table file');
  });

  test('a table file of 1,500 unknown keys: the first 1,000 listed, then one finding counts the other 500, at the first of them (fuzz seed 31000001 case 3265: 70,000 of them took 2 s to describe)', () => {
    const keys = Array.from({ length: 1_500 }, (_, i) => `select_permissions_${i}: []\n`);
    const head = 'table:\n  name: article\n  schema: public\n';
    const file = 'databases/default/tables/public_article.yaml';
    const { result } = check({ [file]: head + keys.join('') }, { schemas: true });
    const schema = result.findings.filter((f) => f.code.startsWith('schema-'));
    assert.equal(schema.length, 1_001);
    assert.equal(schema[0]!.message, 'Unknown key `select_permissions_0`; the engine rejects it. Did you mean `select_permissions`?');
    const at = head.length + keys.slice(0, 1_000).join('').length;
    assert.deepEqual(
      { ...schema[1_000]!, file: path.basename(schema[1_000]!.file) },
      {
        code: 'schema-unknown-key',
        severity: 'error',
        message: '500 more schema errors in this file from here on are not listed.',
        file: 'public_article.yaml',
        span: { start: at, end: at + 'select_permissions_1000'.length },
      },
    );
  });

  test('a root with 20,000 table files is checked completely', () => {
    const count = 20_000;
    const names = Array.from({ length: count }, (_, i) => `public_t${i}`);
    const dir = writeProject({
      ...BASE,
      'databases/default/tables/tables.yaml': `${['public_author', 'public_article', ...names].map((n) => `- "!include ${n}.yaml"`).join('\n')}\n`,
    });
    const tables = path.join(dir, 'databases/default/tables');
    names.forEach((n, i) => fs.writeFileSync(path.join(tables, `${n}.yaml`), `table:\n  name: t${i}\n  schema: public\n`));
    fs.writeFileSync(path.join(tables, 'public_orphan.yaml'), 'table:\n  name: orphan\n  schema: public\n');
    const started = performance.now();
    const result = checkRoot(toCorePath(dir), { host: createNodeHost(), cache: new ParseCache() });
    const ms = performance.now() - started;
    console.log(`hostile: ${count + 3} table files checked in ${Math.round(ms)} ms`);
    assert.equal(result.index.tables.length, count + 2);
    assert.deepEqual(
      result.findings.filter((f) => f.severity === 'error' || f.severity === 'warning'),
      [],
    );
    assert.deepEqual(
      result.findings.filter((f) => f.code === 'table-file-unreferenced').map((f) => path.basename(f.file)),
      ['public_orphan.yaml'],
    );
    assert.ok(ms < 60_000, `took ${ms} ms`);
  });

  test('a rule that throws is reported for that rule only; the other rules still report', () => {
    const boom: Rule = {
      codes: ['boom-rule'],
      check: () => {
        throw new Error('kaboom');
      },
    };
    const { result } = check({ 'allow_list.yaml': '- collection: ghost\n' });
    const withBoom = runRules(
      { project: result.project, index: result.index, walk: new Walk(result.project), databases: new Map(), engineVersion: LATEST_V2 },
      [boom, ...RULES],
    );
    const failed = withBoom.filter((f) => f.code === 'rule-failed');
    assert.deepEqual(
      failed.map((f) => [f.message, f.file]),
      [['Rule boom-rule failed on this project: kaboom. Please report it.', inRoot('version.yaml')]],
    );
    assert.deepEqual(
      withBoom.filter((f) => f.code === 'allow-list-unknown-collection').map((f) => f.file),
      [inRoot('allow_list.yaml')],
    );
  });
});
