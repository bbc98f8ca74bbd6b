import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, test } from 'node:test';
import { checkFolder } from '../../../server/src/core/check';
import { ParseCache } from '../../../server/src/core/project/cache';
import { createNodeHost } from '../../../server/src/node/fsHost';
import { toCorePath } from '../../../common/paths';
import { schemaValidator } from '../helpers/project';

/** ../shared/corpus beside the repository: 26 real public metadata projects. */
export const CORPUS = path.resolve(__dirname, '../../../../../shared/corpus');

describe('real projects (../shared/corpus) give zero errors and zero warnings', () => {
  const projects = fs.readdirSync(CORPUS).filter((p) => fs.statSync(path.join(CORPUS, p)).isDirectory());
  test('the corpus is there', () => assert.equal(projects.length, 26));
  for (const project of projects) {
    test(project, () => {
      const result = checkFolder(toCorePath(path.join(CORPUS, project)), { host: createNodeHost(), cache: new ParseCache(), validator: schemaValidator() });
      assert.equal(result.roots.length, 1);
      const problems = [...result.problems, ...result.roots.flatMap((r) => r.findings)].filter((f) => f.severity === 'error' || f.severity === 'warning');
      assert.deepEqual(
        problems.map((f) => `${f.code} ${f.file}:${f.span.start} ${f.message}`),
        [],
      );
      assert.ok(result.roots[0]!.project.files.size > 1);
    });
  }
});
