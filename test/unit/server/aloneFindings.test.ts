import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, describe, test } from 'node:test';
import { toCorePath } from '../../../common/paths';
import { ParseCache } from '../../../server/src/core/project/cache';
import { aloneFindings } from '../../../server/src/lsp/startUp';
import { createNodeHost } from '../../../server/src/node/fsHost';
import { schemaValidator } from '../helpers/project';

const TMP = fs.mkdtempSync(path.join(os.tmpdir(), 'gem-alone-'));
after(() => fs.rmSync(TMP, { recursive: true, force: true }));

/** A root with one source whose tables.yaml lists `listed.yaml` and `tagged.yaml` (tag form, `./`); returns the core path of the root. */
function project(): string {
  const tables = path.join(TMP, 'metadata', 'databases', 'default', 'tables');
  fs.mkdirSync(tables, { recursive: true });
  fs.writeFileSync(path.join(TMP, 'metadata', 'version.yaml'), 'version: 3\n');
  fs.writeFileSync(path.join(tables, 'tables.yaml'), '- "!include listed.yaml"\n- !include ./tagged.yaml\n');
  return toCorePath(path.join(TMP, 'metadata'));
}

const TEXT = 'table:\n  name: t\n  schema: public\ncolour: blue\n';
const summary = (findings: readonly { code: string; severity: string; span: { start: number } }[]): string[] =>
  findings.map((f) => `${f.code} ${f.severity} @${f.span.start}`);

describe('a file checked alone at start-up (lsp/startUp.ts aloneFindings)', () => {
  const root = project();
  const options = () => ({ cache: new ParseCache(), validator: schemaValidator(), host: createNodeHost() });

  test('a table file its tables.yaml includes: its schema findings, as errors', () => {
    const file = `${root}/databases/default/tables/listed.yaml`;
    assert.deepEqual(summary(aloneFindings(root, file, TEXT, options())), [`schema-unknown-key error @${TEXT.indexOf('colour')}`]);
  });

  test('an include in the tag form, with ./, lists the file too', () => {
    const file = `${root}/databases/default/tables/tagged.yaml`;
    assert.deepEqual(summary(aloneFindings(root, file, TEXT, options())), [`schema-unknown-key error @${TEXT.indexOf('colour')}`]);
  });

  test('a table file no tables.yaml includes: nothing (the project check reports its errors as warnings)', () => {
    const file = `${root}/databases/default/tables/unlisted.yaml`;
    assert.deepEqual(aloneFindings(root, file, TEXT, options()), []);
    assert.deepEqual(aloneFindings(root, file, 'table: [\n', options()), [], 'not even a syntax error, which the project makes a warning too');
  });

  test('a top-level file: its syntax error', () => {
    const file = `${root}/allow_list.yaml`;
    assert.deepEqual(summary(aloneFindings(root, file, '- collection: [\n', options())), ['yaml-syntax error @14']);
  });
});
