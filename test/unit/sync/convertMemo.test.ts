import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, test } from 'node:test';
import { checkRoot } from '../../../server/src/core/check';
import { ParseCache } from '../../../server/src/core/project/cache';
import { directoryToMetadata } from '../../../server/src/core/sync/directory';
import type { JsonObject } from '../../../server/src/core/sync/json';
import { toCorePath } from '../../../common/paths';
import { createNodeHost } from '../../../server/src/node/fsHost';
import { CORPUS } from '../helpers/corpus';
import { memoryHost } from '../helpers/memoryHost';
import { sharedFolder } from '../helpers/shared';

const ROOT = '/p/metadata';
const FILES: Record<string, string> = {
  'version.yaml': 'version: 3\n',
  'databases/databases.yaml': `- name: default
  kind: postgres
  configuration:
    connection_info:
      database_url: postgres://localhost/db
  tables: "!include default/tables/tables.yaml"
`,
  'databases/default/tables/tables.yaml': '- "!include public_author.yaml"\n- "!include public_article.yaml"\n',
  'databases/default/tables/public_author.yaml': 'table:\n  name: author\n  schema: public\n',
  'databases/default/tables/public_article.yaml':
    'table:\n  name: article\n  schema: public\nobject_relationships:\n  - name: author\n    using:\n      foreign_key_constraint_on: author_id\n',
};

function tables(metadata: JsonObject): JsonObject[] {
  return ((metadata.sources as JsonObject[])[0]!.tables as JsonObject[]).map((t) => t);
}

describe('directoryToMetadata without a source map: an included file that includes nothing converted once per parse', () => {
  test('an unchanged table file gives the same (frozen) JSON, an edited one its new JSON', () => {
    const cache = new ParseCache();
    const abs = (files: Record<string, string>): Record<string, string> =>
      Object.fromEntries(Object.entries(files).map(([rel, text]) => [`${ROOT}/${rel}`, text]));
    const first = directoryToMetadata(checkRoot(ROOT, { host: memoryHost(abs(FILES)), cache }), { sourceMap: false }).metadata;
    const edited = { ...FILES, 'databases/default/tables/public_author.yaml': 'table:\n  name: author\n  schema: public\ncomment: writers\n' };
    const second = directoryToMetadata(checkRoot(ROOT, { host: memoryHost(abs(edited)), cache }), { sourceMap: false }).metadata;
    const [author1, article1] = tables(first);
    const [author2, article2] = tables(second);
    assert.equal(article2, article1, 'the unchanged file: the same object');
    assert.notEqual(author2, author1);
    assert.deepEqual(author2, { table: { name: 'author', schema: 'public' }, comment: 'writers' });
    assert.ok(Object.isFrozen(article1) && Object.isFrozen(article1!.object_relationships));
    assert.throws(() => ((article1 as Record<string, unknown>).comment = 'x'));
    // With a source map (apply, diff, locate) nothing is shared.
    const mapped = directoryToMetadata(checkRoot(ROOT, { host: memoryHost(abs(FILES)), cache })).metadata;
    assert.notEqual(tables(mapped)[1], article1);
    assert.deepEqual(mapped, first);
  });

  test('the corpus: the same JSON as with a source map, on a first and a second conversion', () => {
    for (const name of fs.readdirSync(sharedFolder(CORPUS)).sort()) {
      const dir = path.join(CORPUS, name);
      const config = path.join(dir, 'config.yaml');
      const meta = fs.existsSync(config) && /metadata_directory:\s*(\S+)/.exec(fs.readFileSync(config, 'utf8'));
      const root = toCorePath(path.join(dir, meta ? meta[1]! : 'metadata'));
      if (!fs.existsSync(root)) continue;
      const result = checkRoot(root, { host: createNodeHost(), cache: new ParseCache() });
      const mapped = directoryToMetadata(result).metadata;
      assert.deepEqual(directoryToMetadata(result, { sourceMap: false }).metadata, mapped, name);
      assert.deepEqual(directoryToMetadata(result, { sourceMap: false }).metadata, mapped, `${name}, again`);
    }
  });
});
