import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, test } from 'node:test';
import { checkFolder, checkRoot } from '../../../server/src/core/check';
import { readSdl } from '../../../server/src/core/graphql/actionsSdl';
import { ParseCache } from '../../../server/src/core/project/cache';
import { createNodeHost } from '../../../server/src/node/fsHost';
import { toCorePath } from '../../../common/paths';
import { memoryHost } from '../helpers/memoryHost';
import { schemaValidator } from '../helpers/project';
import { GRAPHQL_CODES } from './codes';
import { CORPUS, corpusProject } from '../helpers/corpus';

/** /work/shared/corpus beside the repository (from out/test/unit/graphql/). */

describe('the GraphQL rules find nothing in the real projects of ../shared/corpus', () => {
  const projects = fs.readdirSync(CORPUS).filter((p) => fs.statSync(path.join(CORPUS, p)).isDirectory());
  test('the corpus is there', () => assert.equal(projects.length, 26));
  for (const project of projects) {
    test(project, () => {
      const result = checkFolder(toCorePath(path.join(CORPUS, project)), { host: createNodeHost(), cache: new ParseCache(), validator: schemaValidator() });
      assert.equal(result.roots.length, 1);
      const mine = result.roots.flatMap((r) => r.findings).filter((f) => GRAPHQL_CODES.includes(f.code));
      assert.deepEqual(
        mine.map((f) => `${f.code} ${f.file}:${f.span.start} ${f.message}`),
        [],
      );
    });
  }

  test('actions.graphql facts are read in full (5stackgg__api: 168 actions, 105 types, of which 84 are listed in actions.yaml)', () => {
    const file = path.join(CORPUS, '5stackgg__api/metadata/actions.graphql');
    const sdl = readSdl(file, fs.readFileSync(file, 'utf8'));
    assert.equal(sdl.error, undefined);
    assert.equal(sdl.actions.length, 168);
    assert.equal(sdl.types.length, 105);
    const result = checkFolder(toCorePath(path.join(CORPUS, '5stackgg__api')), { host: createNodeHost(), cache: new ParseCache() });
    assert.equal(result.roots[0]!.index.actions.length, 168);
  });
});

/** The codes found after replacing `from` by `to` in one file of a corpus project. */
function codesAfter(project: string, file: string, from: string, to: string): string[] {
  const { root, files } = corpusProject(project);
  const key = `${root}/${file}`;
  const text = files[key] ?? '';
  assert.ok(text.includes(from), `${file} of ${project} has no ${JSON.stringify(from)}`);
  files[key] = text.replace(from, to);
  const result = checkRoot(root, { host: memoryHost(files), cache: new ParseCache() });
  return result.findings.filter((f) => GRAPHQL_CODES.includes(f.code)).map((f) => f.code);
}

describe('one typo in a real project is found, and only it', () => {
  test('an action renamed in actions.yaml (5stackgg__api)', () => {
    assert.deepEqual(codesAfter('5stackgg__api', 'actions.yaml', '- name: sendScrimRequest', '- name: sendScrimRequests'), [
      'action-not-in-yaml',
      'action-not-in-graphql',
    ]);
  });
  test('a field_mapping key that is not a field (5stackgg__api)', () => {
    assert.deepEqual(codesAfter('5stackgg__api', 'actions.yaml', 'steam_id: steam_id', 'steamid: steam_id'), ['action-relationship-unknown-field']);
  });
  test('a url variable renamed (metaDAOproject__futarchy-indexer)', () => {
    assert.deepEqual(codesAfter('metaDAOproject__futarchy-indexer', 'rest_endpoints.yaml', 'url: dao-name/:slug', 'url: dao-name/:slugs'), [
      'rest-endpoint-variables',
    ]);
  });
  test('a brace lost in a block-scalar query (metaDAOproject__futarchy-indexer)', () => {
    assert.deepEqual(
      codesAfter(
        'metaDAOproject__futarchy-indexer',
        'query_collections.yaml',
        'dao_details(where: {slug:{_eq:$slug}}) {',
        'dao_details(where: {slug:{_eq:$slug}) {',
      ),
      ['query-syntax'],
    );
  });
  test('a type reference misspelt in actions.graphql (MrMint__cellar-assistant)', () => {
    const text = fs.readFileSync(path.join(CORPUS, 'MrMint__cellar-assistant/metadata/actions.graphql'), 'utf8');
    const use = /: uuid!?/.exec(text)![0];
    assert.deepEqual(codesAfter('MrMint__cellar-assistant', 'actions.graphql', use, use.replace('uuid', 'uuidd')), ['graphql-unknown-type']);
  });
});
