import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, describe, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { checkFolder } from '../../../server/src/core/check';
import { ParseCache } from '../../../server/src/core/project/cache';
import { createNodeHost } from '../../../server/src/node/fsHost';
import { toCorePath } from '../../../common/paths';
import { schemaValidator } from '../helpers/project';
import type * as Generator from '../../../scripts/bench/generate.mjs' with { 'resolution-mode': 'import' };

const REPO = path.resolve(__dirname, '../../../..');
const TMP = fs.mkdtempSync(path.join(os.tmpdir(), 'gem-bench-gen-'));
after(() => fs.rmSync(TMP, { recursive: true, force: true }));

async function generate(name: string, tables: number, seed: number): Promise<Generator.GeneratedProject & { dir: string }> {
  const { generateProject } = (await import(pathToFileURL(path.join(REPO, 'scripts/bench/generate.mjs')).href)) as typeof Generator;
  const dir = path.join(TMP, name);
  return { ...generateProject(dir, { tables, seed }), dir };
}

/** Relative path -> sha256 of every file below `dir`. */
function hashes(dir: string): Record<string, string> {
  const files = fs
    .readdirSync(dir, { recursive: true })
    .map(String)
    .filter((f) => fs.statSync(path.join(dir, f)).isFile())
    .sort();
  return Object.fromEntries(
    files.map((f) => [
      f,
      createHash('sha256')
        .update(fs.readFileSync(path.join(dir, f)))
        .digest('hex'),
    ]),
  );
}

function checkClean(dir: string): ReturnType<typeof checkFolder> {
  const result = checkFolder(toCorePath(dir), { host: createNodeHost(), cache: new ParseCache(), validator: schemaValidator() });
  const problems = [...result.problems, ...result.roots.flatMap((r) => r.findings)].filter((f) => f.severity === 'error' || f.severity === 'warning');
  assert.deepEqual(
    problems.map((f) => `${f.code} ${path.relative(dir, f.file)}:${f.span.start} ${f.message}`),
    [],
  );
  assert.equal(result.roots.length, 1);
  return result;
}

describe('bench project generator', () => {
  test('the same tables and seed give byte-identical files; another seed gives other files', async () => {
    const a = await generate('a', 100, 7);
    const b = await generate('b', 100, 7);
    const c = await generate('c', 100, 8);
    const ha = hashes(a.dir);
    assert.deepEqual(hashes(b.dir), ha);
    assert.equal(Object.keys(ha).length, a.files.length + 1); // + config.yaml beside metadata/
    const hc = hashes(c.dir);
    assert.deepEqual(Object.keys(hc).length, Object.keys(ha).length);
    assert.notDeepEqual(hc, ha);
    assert.equal(
      a.bytes,
      Object.keys(ha).reduce((n, f) => n + fs.statSync(path.join(a.dir, f)).size, 0),
    );
  });

  test('N=100 checks clean through the core, with every kind of file indexed', async () => {
    const project = await generate('n100', 100, 1);
    const root = checkClean(project.dir).roots[0]!;
    assert.equal(root.root, toCorePath(project.root));
    assert.equal(root.index.tables.length, 100);
    assert.deepEqual(
      root.index.collections.map((c) => [c.name.name, c.queries.length]),
      [
        ['allowed-queries', 23],
        ['admin-queries', 2],
      ],
    );
    assert.deepEqual(
      root.index.allowList.map((a) => a.collection.name),
      ['allowed-queries', 'admin-queries'],
    );
    assert.deepEqual(
      root.index.inheritedRoles.map((r) => r.role.name),
      ['staff', 'org_admin', 'readonly'],
    );
    assert.equal(root.index.actions.length, 4);
    assert.equal(root.index.cronTriggers.length, 2);
    assert.equal(root.index.remoteSchemas.length, 2);
    assert.ok(root.project.files.has(`${root.root}/actions.graphql`));
    assert.ok(fs.existsSync(path.join(project.root, project.tableFile)));
  });

  test('N=100 has the features the benchmark is about', async () => {
    const project = await generate('features', 100, 1);
    const tables = path.join(project.root, 'databases/default/tables');
    const text = fs
      .readdirSync(tables)
      .map((f) => fs.readFileSync(path.join(tables, f), 'utf8'))
      .join('\n');
    const count = (re: RegExp): number => text.match(re)?.length ?? 0;
    assert.ok(count(/foreign_key_constraint_on: \w+\n/g) > 50, 'column form');
    assert.ok(count(/foreign_key_constraint_on:\n\s+- owner_id\n/g) > 10, 'column list form');
    assert.ok(count(/foreign_key_constraint_on:\n\s+columns:\n/g) > 10, 'remote table form');
    assert.ok(count(/manual_configuration:/g) > 10, 'manual configuration');
    assert.ok(count(/_and:/g) > 20 && count(/_or:/g) > 20 && count(/_not:/g) > 5 && count(/_exists:/g) > 5, 'boolean operators');
    assert.ok(count(/owner:\n\s+organization:\n\s+members:\n/g) > 5, 'expressions through relationships');
    assert.ok(count(/event_triggers:/g) > 3, 'event triggers');
    const collections = fs.readFileSync(path.join(project.root, 'query_collections.yaml'), 'utf8');
    assert.match(collections, /query: \|\n\s+(query|mutation|subscription) [A-Z]\w*\(/);
  });

  test('N=1,000 checks clean through the core', async () => {
    const project = await generate('n1000', 1000, 1);
    assert.equal(checkClean(project.dir).roots[0]!.index.tables.length, 1000);
  });
});
