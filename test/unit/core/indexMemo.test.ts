import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ParseCache } from '../../../server/src/core/project/cache';
import { buildIndex } from '../../../server/src/core/project/index/build';
import { IndexMemo } from '../../../server/src/core/project/index/memo';
import type { ProjectIndex } from '../../../server/src/core/project/index/types';
import { loadProject } from '../../../server/src/core/project/load';
import { markedProject } from '../helpers/marked';
import { memoryHost } from '../helpers/memoryHost';
import { BASE, path, ROOT } from '../helpers/project';

function summary(index: ProjectIndex): unknown {
  return index.tables.map((t) => ({
    key: t.key,
    include: t.includeLoc,
    relationships: t.relationships.map((r) => [r.kind, r.name.name, r.target?.name]),
    permissions: t.permissions.map((p) => [p.kind, p.role.name]),
    columns: [...t.columns].map(([c, locs]) => [c, locs.length]).sort(),
  }));
}

test('an index built with the memo equals a fresh one, before and after an edit, without growing columns', () => {
  const { files } = markedProject(ROOT, BASE);
  const cache = new ParseCache();
  const memo = new IndexMemo();
  const build = (withMemo: boolean): ProjectIndex => buildIndex(loadProject(ROOT, memoryHost(files), cache), withMemo ? memo : undefined);
  const first = summary(build(true));
  assert.deepEqual(summary(build(true)), first);
  assert.deepEqual(summary(build(true)), summary(build(false)));
  files[path('databases/default/tables/public_article.yaml')] += 'select_permissions:\n  - role: user\n    permission: {columns: [id, title], filter: {}}\n';
  const edited = summary(build(true));
  assert.notDeepEqual(edited, first);
  assert.deepEqual(edited, summary(build(false)));
});
