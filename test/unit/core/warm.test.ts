import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { DatabaseModels } from '../../../server/src/core/db/model';
import { ParseCache } from '../../../server/src/core/project/cache';
import { RootSession } from '../../../server/src/core/session';
import { dbModel } from '../helpers/dbModel';
import { markedProject } from '../helpers/marked';
import { memoryHost } from '../helpers/memoryHost';
import { BASE, ROOT, schemaValidator } from '../helpers/project';

// The author table's permission lists `name`; this database calls it `full_name`, and article has no author_id.
const MODELS: DatabaseModels = new Map([
  [
    'default',
    dbModel({
      relations: {
        'public.author': { columns: { id: 'integer', full_name: 'text' }, pk: ['id'] },
        'public.article': { columns: { id: 'integer' }, pk: ['id'] },
      },
    }),
  ],
]);

/** A session checked once without models, then given MODELS (as the language server's is when a build ends). */
function sessionWithNewModels(): RootSession {
  // The filter names `name` too (db-column-missing of the whole-project filter rule, which keeps its own memo).
  const author = 'databases/default/tables/public_author.yaml';
  const { files } = markedProject(ROOT, { ...BASE, [author]: BASE[author]!.replace('filter: {}', 'filter: { name: { _eq: X-Hasura-User-Id } }') });
  let models: DatabaseModels = new Map();
  const session = new RootSession(ROOT, { host: memoryHost(files), cache: new ParseCache(), validator: schemaValidator(), databases: () => models });
  session.check();
  models = MODELS;
  return session;
}

const summary = (findings: readonly { code: string; file: string; message: string }[]): string[] =>
  findings.map((f) => `${f.code} ${f.file.slice(ROOT.length + 1)}: ${f.message}`);

test('the rule work done ahead in steps is what the check after re-uses: same findings, no rule code run again', () => {
  const unsliced = sessionWithNewModels().check([]);
  // Per-table rules (the relationships, the permission's columns) and the whole-project filter rule (its filter).
  const missing = (file: string, table: string, column: string, by: string): string =>
    `db-column-missing databases/default/tables/${file}: \`${table}\` has no column \`${column}\` in the database the migrations build (named by ${by}).`;
  assert.deepEqual(summary(unsliced.findings), [
    missing('public_article.yaml', 'public.article', 'author_id', 'relationship `author`'),
    missing('public_author.yaml', 'public.article', 'author_id', 'relationship `articles`'),
    missing('public_author.yaml', 'public.author', 'name', 'the select permission of role `user`'),
    missing('public_author.yaml', 'public.author', 'name', 'the select permission of role `user`'),
  ]);

  const session = sessionWithNewModels();
  const steps = [...session.warm()].length;
  // Every database rule's work: one step per table for a per-table rule (2 tables here), one per whole-project rule.
  assert.ok(steps >= 2, `${steps} steps`);
  const runs = session.ruleRuns;
  const sliced = session.check([]);
  assert.equal(session.ruleRuns, runs, 'the check after ran no rule code: it read what the steps left');
  assert.deepEqual(summary(sliced.findings), summary(unsliced.findings));
  assert.deepEqual(sliced.findings, unsliced.findings);
  assert.equal([...session.warm()].length, 0, 'nothing is left to do ahead once the check read the models');
});

test('steps stopped half way (an edit came first) leave a check with the same findings', () => {
  const unsliced = sessionWithNewModels().check([]);
  const session = sessionWithNewModels();
  const steps = session.warm();
  steps.next();
  steps.next();
  const runs = session.ruleRuns;
  const result = session.check([]);
  assert.ok(session.ruleRuns > runs, 'the check did the rest of the work');
  assert.deepEqual(result.findings, unsliced.findings);
});
