import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { isOwnedPath, planChanges, planWrite } from '../../../server/src/core/sync/plan';

describe('planWrite', () => {
  test('creates, updates, keeps, and deletes only files the export owns', () => {
    const existing = new Map([
      ['version.yaml', 'version: 3\n'],
      ['actions.yaml', 'old\n'],
      ['databases/default/tables/public_gone.yaml', 'table: gone\n'],
      ['databases/old_source/functions/public_f.yaml', 'function: f\n'],
      ['databases/default/tables/notes.md', 'my notes\n'],
      ['README.md', 'readme\n'],
      ['databases/default/seeds/x.yaml', 'not a table\n'],
    ]);
    const next = new Map([
      ['version.yaml', 'version: 3\n'],
      ['actions.yaml', 'new\n'],
      ['databases/default/tables/public_new.yaml', 'table: new\n'],
    ]);
    const plan = planWrite(existing, next);
    assert.deepEqual(plan, {
      create: ['databases/default/tables/public_new.yaml'],
      update: ['actions.yaml'],
      delete: ['databases/default/tables/public_gone.yaml', 'databases/old_source/functions/public_f.yaml'],
      unchanged: ['version.yaml'],
    });
    assert.equal(planChanges(plan), 4);
  });

  test('owned paths', () => {
    for (const p of [
      'version.yaml',
      'allow_list.yaml',
      'actions.graphql',
      'databases/databases.yaml',
      'databases/s 3/tables/tables.yaml',
      'databases/x/functions/public_f.yml',
    ])
      assert.equal(isOwnedPath(p), true, p);
    for (const p of ['README.md', 'databases/x/tables/sub/t.yaml', 'databases/x/other.yaml', 'metadata.json', 'databases/x/tables/t.json'])
      assert.equal(isOwnedPath(p), false, p);
  });
});
