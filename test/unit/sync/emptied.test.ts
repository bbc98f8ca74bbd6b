import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { emptiedFolders } from '../../../server/src/core/sync/emptied';
import { planWrite } from '../../../server/src/core/sync/plan';
import { memoryHost } from '../helpers/memoryHost';

const ROOT = '/p/metadata';

/** The plan of an export that keeps only `kept` of the folder's files, and the folders it empties. */
function emptiedBy(files: Record<string, string>, next: Record<string, string>): string[] {
  const host = memoryHost(Object.fromEntries(Object.entries(files).map(([rel, text]) => [`${ROOT}/${rel}`, text])));
  return emptiedFolders(host, ROOT, planWrite(new Map(Object.entries(files)), new Map(Object.entries(next))));
}

describe('emptiedFolders (the one policy for the CLI, the language server and the extension)', () => {
  test("a dropped source: its tables and functions folders, then the source's folder, deepest first", () => {
    const files = {
      'databases/databases.yaml': '[]\n',
      'databases/old/tables/tables.yaml': '[]\n',
      'databases/old/tables/public_x.yaml': 'table: x\n',
      'databases/old/functions/public_f.yaml': 'function: f\n',
    };
    assert.deepEqual(emptiedBy(files, { 'databases/databases.yaml': '[]\n' }), ['databases/old/functions', 'databases/old/tables', 'databases/old']);
  });

  test('a folder keeps what the export does not own, and what it writes into', () => {
    const files = {
      'databases/old/tables/public_x.yaml': 'table: x\n',
      'databases/old/seed.sql': 'select 1;\n',
      'databases/default/tables/public_gone.yaml': 'table: gone\n',
    };
    assert.deepEqual(emptiedBy(files, { 'databases/default/tables/tables.yaml': '[]\n' }), ['databases/old/tables']);
  });

  test('a folder with a file the export keeps (unchanged) is not emptied; nothing deleted, nothing emptied', () => {
    const files = { 'databases/default/tables/public_a.yaml': 'table: a\n', 'databases/default/tables/public_b.yaml': 'table: b\n' };
    assert.deepEqual(emptiedBy(files, { 'databases/default/tables/public_a.yaml': 'table: a\n' }), []);
    assert.deepEqual(emptiedBy(files, files), []);
  });

  test('databases/ itself and folders outside it are never removed', () => {
    assert.deepEqual(emptiedBy({ 'databases/databases.yaml': '[]\n', 'actions.yaml': 'actions: []\n' }, {}), []);
  });
});
