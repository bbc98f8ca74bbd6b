import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, test } from 'node:test';
import { checkRoot } from '../../../server/src/core/check';
import { ParseCache } from '../../../server/src/core/project/cache';
import { directoryToMetadata } from '../../../server/src/core/sync/directory';
import { createNodeHost } from '../../../server/src/node/fsHost';
import { toCorePath } from '../../../common/paths';
import { CORPUS } from '../helpers/corpus';
import { engineSchema, findDocument } from './openapi';

const found = findDocument();
const skip = 'missing' in found ? found.missing : false;

describe("every corpus project, as metadata JSON built by our sync code, is valid for the engine's own schema (corrected)", { skip }, () => {
  const text = 'text' in found ? found.text : '';
  const corrected = engineSchema(text);
  const published = engineSchema(text, false);
  let publishedRejects = 0;
  const projects = fs.readdirSync(CORPUS).filter((p) => fs.existsSync(path.join(CORPUS, p, 'metadata')));
  for (const project of projects) {
    test(project, () => {
      const root = toCorePath(path.join(CORPUS, project, 'metadata'));
      const { metadata } = directoryToMetadata(checkRoot(root, { host: createNodeHost(), cache: new ParseCache() }));
      const valid = corrected.validate(metadata);
      assert.equal(valid, true, JSON.stringify(corrected.validate.errors?.slice(0, 3), null, 1));
      if (!published.validate(metadata)) publishedRejects++;
    });
  }
  test('the corrections matter: the document as published rejects most of the corpus', () => {
    assert.equal(projects.length, 26);
    assert.ok(publishedRejects >= 20, `the published document rejects ${publishedRejects} of ${projects.length}`);
  });
});
