import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, test } from 'node:test';
import { checkRoot } from '../../../server/src/core/check';
import { ParseCache } from '../../../server/src/core/project/cache';
import { createNodeHost } from '../../../server/src/node/fsHost';
import { toCorePath } from '../../../common/paths';
import { BASE, check, path as inRoot, schemaValidator } from '../helpers/project';

const BOMB = `a: &a ["x","x","x","x","x","x","x","x","x","x"]
b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a,*a]
c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b,*b]
d: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c,*c]
e: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d,*d]
f: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e,*e]
g: &g [*f,*f,*f,*f,*f,*f,*f,*f,*f,*f]
h: &h [*g,*g,*g,*g,*g,*g,*g,*g,*g,*g]
i: &i [*h,*h,*h,*h,*h,*h,*h,*h,*h,*h]
`;

describe('bad input is reported, never crashes or hangs', () => {
  test('an alias bomb in a checked file stops at the alias budget', () => {
    const started = Date.now();
    const { result } = check({ 'api_limits.yaml': BOMB }, { schemas: true });
    assert.ok(Date.now() - started < 2000);
    assert.deepEqual(
      result.findings.filter((f) => f.file === inRoot('api_limits.yaml')).map((f) => f.code),
      ['yaml-alias-limit'],
    );
  });

  test('an empty mapping file is a warning; an empty list file is fine', () => {
    const { result } = check({ 'api_limits.yaml': '', 'allow_list.yaml': '' }, { schemas: true });
    assert.deepEqual(
      result.findings.filter((f) => f.severity !== 'hint').map((f) => [f.code, path.basename(f.file)]),
      [['file-empty', 'api_limits.yaml']],
    );
  });

  test('non-UTF-8, binary and over-size files on disk are reported where they are read from', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gem-bad-'));
    for (const [rel, text] of Object.entries(BASE)) {
      fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
      fs.writeFileSync(path.join(dir, rel), text);
    }
    const tables = path.join(dir, 'databases/default/tables');
    fs.writeFileSync(
      path.join(tables, 'tables.yaml'),
      '- "!include public_author.yaml"\n- "!include latin1.yaml"\n- "!include blob.yaml"\n- "!include huge.yaml"\n',
    );
    fs.writeFileSync(path.join(tables, 'latin1.yaml'), Buffer.from([0x74, 0x61, 0x62, 0x6c, 0x65, 0x3a, 0x20, 0xe9, 0x0a]));
    fs.writeFileSync(path.join(tables, 'blob.yaml'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x00]));
    fs.writeFileSync(path.join(tables, 'huge.yaml'), `table: {name: huge}\n#${'x'.repeat(3000)}\n`);
    fs.writeFileSync(path.join(dir, 'actions.yaml'), '\ufeffactions: []\ncustom_types: {}\n');
    const result = checkRoot(toCorePath(dir), { host: createNodeHost(2048), cache: new ParseCache(), validator: schemaValidator() });
    assert.deepEqual(
      result.findings.filter((f) => f.code === 'file-unreadable').map((f) => f.message),
      [
        'databases/default/tables/latin1.yaml is not a UTF-8 text file (it is not valid UTF-8); it is not read.',
        'databases/default/tables/blob.yaml is not a UTF-8 text file (it contains NUL bytes); it is not read.',
        'databases/default/tables/huge.yaml is 3022 bytes, over the 2048-byte limit; it is not read.',
      ],
    );
    assert.equal(result.project.files.get(toCorePath(path.join(dir, 'actions.yaml')))?.text.charCodeAt(0), 'a'.charCodeAt(0));
  });

  test('garbage in every file never throws', () => {
    const garbage = [
      '{{{',
      ']]]',
      '- - - :',
      '!include',
      '"!include "',
      'table: !include',
      '&a [*a]',
      '? [a]: b',
      '%YAML 9.9\n---\n',
      '---\na: 1\n---\nb: 2\n',
    ];
    for (const g of garbage) {
      const files = Object.fromEntries(Object.keys(BASE).map((k) => [k, g]));
      assert.doesNotThrow(
        () => check({ ...files, 'allow_list.yaml': g, 'actions.yaml': g, 'inherited_roles.yaml': g, 'cron_triggers.yaml': g }, { schemas: true }),
        g,
      );
    }
  });
});
