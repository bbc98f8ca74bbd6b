import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { discoverRoots } from '../../../server/src/core/project/discover';
import { memoryHost } from '../helpers/memoryHost';

const files = {
  '/w/a/hasura/metadata/version.yaml': 'version: 3\n',
  '/w/a/hasura/metadata/databases/databases.yaml': '[]\n',
  '/w/b/metadata/version.yaml': 'version: 3\n',
  '/w/b/metadata/actions.yaml': 'actions: []\n',
  '/w/old/metadata/version.yaml': 'version: 2\n',
  '/w/old/metadata/tables.yaml': '[]\n',
  '/w/bad/metadata/version.yaml': 'version: "three"\n',
  '/w/bad/metadata/databases/databases.yaml': '[]\n',
  '/w/noversion/metadata/databases/databases.yaml': '[]\n',
  '/w/unrelated/version.yaml': 'version: 3\n',
  '/w/node_modules/x/metadata/version.yaml': 'version: 3\n',
  '/w/node_modules/x/metadata/actions.yaml': 'actions: []\n',
};

describe('discoverRoots', () => {
  const found = discoverRoots('/w', memoryHost(files));
  test('finds every config v3 root, skipping node_modules and lone version.yaml files', () => {
    assert.deepEqual(found.roots.sort(), ['/w/a/hasura/metadata', '/w/b/metadata']);
  });
  test('reports config v2, an invalid version and a missing version.yaml', () => {
    assert.deepEqual(found.problems.map((p) => [p.code, p.file, p.span.start, p.span.end]).sort(), [
      ['version-invalid', '/w/bad/metadata/version.yaml', 9, 16],
      ['version-missing', '/w/noversion/metadata/databases/databases.yaml', 0, 0],
      ['version-unsupported', '/w/old/metadata/version.yaml', 9, 10],
    ]);
    assert.match(found.problems.find((p) => p.code === 'version-unsupported')!.message, /config v2 project; only config v3 is supported/);
  });
});
