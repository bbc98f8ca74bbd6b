import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { quickFixes } from '../../../server/src/core/features/codeActions';
import { applyChange } from '../../../server/src/core/features/edits';
import { ADMIN_SDL, BASE_ORIGINS, sdlSchemas, USER_SDL } from '../helpers/graphqlSchemas';
import { caretProject, checkFiles } from '../helpers/features';
import { path } from '../helpers/project';

const graphqlSchemas = sdlSchemas({ admin: { sdl: ADMIN_SDL, origins: BASE_ORIGINS }, user: USER_SDL });
const COLLECTIONS = 'query_collections.yaml';

const collection = (queries: string): string => `- name: allowed-queries
  definition:
    queries:
${queries}`;

describe('quick fix: operation-invalid', () => {
  for (const [style, query] of [
    ['a block scalar', '        query: |\n          query q {\n            author { id nme }\n          }\n'],
    ['a double-quoted string with escapes', '        query: "query q {\\n  author(where: {name: {_eq: \\"a\\"}}) { id nme }\\n}"\n'],
    ['a single-quoted string', "        query: 'query q { author(where: {name: {_eq: \"it''s\"}}) { id nme } }'\n"],
  ] as const) {
    test(`in ${style}: changes the unknown field to the one meant; the finding is gone and none is new`, () => {
      const text = collection(`      - name: q\n${query}`);
      const p = caretProject({ [COLLECTIONS]: text }, { graphqlSchemas });
      const finding = p.result.findings.find((f) => f.code === 'operation-invalid')!;
      const fixes = quickFixes({ finding, result: p.result });
      const start = text.indexOf('nme');
      assert.deepEqual(
        fixes.map((f) => [f.title, f.change]),
        [['Change to `name`', { edits: [{ file: path(COLLECTIONS), span: { start, end: start + 3 }, newText: 'name' }], files: [] }]],
      );
      const after = checkFiles(applyChange(p.files, fixes[0]!.change), { graphqlSchemas });
      assert.equal(after.project.files.get(path(COLLECTIONS))?.text, text.replace('nme', 'name'));
      assert.deepEqual(
        after.findings.map((f) => f.code),
        p.result.findings.filter((f) => f !== finding).map((f) => f.code),
      );
    });
  }

  test('no suggestion, no fix', () => {
    const p = caretProject({ [COLLECTIONS]: collection('      - name: q\n        query: query q { author { zzzzzz } }\n') }, { graphqlSchemas });
    const finding = p.result.findings.find((f) => f.code === 'operation-invalid')!;
    assert.deepEqual(quickFixes({ finding, result: p.result }), []);
  });
});
