import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, test } from 'node:test';
import { checkFolder } from '../../../server/src/core/check';
import { ParseCache } from '../../../server/src/core/project/cache';
import { SchemaValidator } from '../../../server/src/core/schema/validator';
import { createNodeHost } from '../../../server/src/node/fsHost';
import { toCorePath } from '../../../common/paths';
import { loadSchemaSet } from '../../../server/src/node/schemas';
import { schemaValidator } from '../helpers/project';

const REPO = path.resolve(__dirname, '../../../..');
const CLI = path.join(REPO, 'dist/cli.js');

function run(args: string[], cwd: string): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [CLI, ...args], { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

function fixture(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gem-cli-'));
  fs.cpSync(path.join(REPO, 'test/fixtures/projects/basic'), path.join(dir, 'proj'), { recursive: true });
  return dir;
}

function treeHash(dir: string): string {
  const hash = createHash('sha256');
  for (const entry of fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .sort((a, b) => (a.parentPath + a.name).localeCompare(b.parentPath + b.name))) {
    const full = path.join(entry.parentPath, entry.name);
    hash.update(full);
    if (entry.isFile()) hash.update(fs.readFileSync(full));
  }
  return hash.digest('hex');
}

describe('graphql-metadata check', () => {
  test('stylish: path:line:col severity message code, grouped, with a summary; exit 1 on errors', () => {
    const dir = fixture();
    const r = run(['check', 'proj'], dir);
    assert.equal(r.code, 1);
    assert.equal(
      r.stdout,
      'proj/metadata/allow_list.yaml\n' +
        '  proj/metadata/allow_list.yaml:1:15  error    No query collection is named `allowed-querys` in query_collections.yaml; the engine silently ignores this entry. Did you mean `allowed-queries`?  allow-list-unknown-collection\n' +
        '\n' +
        '✖ 1 problem (1 error, 0 warnings, 0 infos) in 8 files; 1 hint not shown.\n',
    );
  });

  test('json: the documented shape, 1-based positions, paths relative to the cwd', () => {
    const dir = fixture();
    const r = run(['check', '--format', 'json'], path.join(dir, 'proj'));
    assert.equal(r.code, 1);
    const out = JSON.parse(r.stdout) as { diagnostics: unknown[]; summary: unknown };
    assert.deepEqual(out.summary, { errors: 1, warnings: 0, infos: 0, hints: 1, files: 8 });
    assert.deepEqual(out.diagnostics[0], {
      file: 'metadata/allow_list.yaml',
      line: 1,
      column: 15,
      endLine: 1,
      endColumn: 29,
      severity: 'error',
      code: 'allow-list-unknown-collection',
      message:
        'No query collection is named `allowed-querys` in query_collections.yaml; the engine silently ignores this entry. Did you mean `allowed-queries`?',
    });
    assert.deepEqual(out.diagnostics[1], {
      file: 'metadata/databases/default/tables/public_author.yaml',
      line: 8,
      column: 9,
      endLine: 8,
      endColumn: 15,
      severity: 'hint',
      code: 'relationship-deprecated-column',
      message: '`column` is deprecated here; use `columns` with a list.',
    });
  });

  test('--rule turns a rule off or changes its severity; --max-warnings', () => {
    const dir = fixture();
    assert.equal(run(['check', 'proj', '--rule', 'allow-list-unknown-collection=off'], dir).code, 0);
    const warn = run(['check', 'proj', '--rule', 'allow-list-unknown-collection=warning', '--format=json'], dir);
    assert.equal(warn.code, 0);
    assert.deepEqual((JSON.parse(warn.stdout) as { summary: object }).summary, { errors: 0, warnings: 1, infos: 0, hints: 1, files: 8 });
    const tooMany = run(['check', 'proj', '--rule', 'allow-list-unknown-collection=warning', '--max-warnings', '0'], dir);
    assert.equal(tooMany.code, 1);
    assert.match(tooMany.stderr, /1 warnings, more than --max-warnings 0/);
  });

  test('a clean project exits 0; usage and I/O errors exit 2; check writes nothing', () => {
    const dir = fixture();
    fs.writeFileSync(path.join(dir, 'proj/metadata/allow_list.yaml'), '- collection: allowed-queries\n');
    const before = treeHash(dir);
    const clean = run(['check'], dir);
    assert.equal(clean.code, 0);
    assert.equal(clean.stdout, '✔ No problems in 8 files; 1 hint not shown.\n');
    assert.equal(treeHash(dir), before);
    assert.equal(run(['check', 'nope'], dir).code, 2);
    assert.equal(run(['check', '--format', 'xml'], dir).code, 2);
    assert.equal(run(['lint'], dir).code, 2);
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'gem-empty-'));
    const none = run(['check'], empty);
    assert.equal(none.code, 2);
    assert.match(none.stderr, /no metadata project/);
  });

  test('--help and --version', () => {
    assert.match(run(['--help'], REPO).stdout, /Usage: graphql-metadata check/);
    assert.equal(run(['--version'], REPO).stdout, `${(JSON.parse(fs.readFileSync(path.join(REPO, 'package.json'), 'utf8')) as { version: string }).version}\n`);
  });
});

describe('schema errors through the bundle', () => {
  test('the build-time validators (dist) report exactly what runtime-compiled ajv reports', () => {
    const fixtureDir = path.join(REPO, 'test/fixtures/projects/schema-errors');
    const cli = JSON.parse(run(['check', '--format', 'json', fixtureDir], REPO).stdout) as {
      diagnostics: { file: string; line: number; column: number; code: string; message: string }[];
    };
    const core = checkFolder(toCorePath(fixtureDir), { host: createNodeHost(), cache: new ParseCache(), validator: schemaValidator() }).roots[0]!.findings;
    assert.deepEqual(
      cli.diagnostics.filter((d) => d.code.startsWith('schema-')).map((d) => `${d.code}: ${d.message}`),
      core.filter((f) => f.code.startsWith('schema-')).map((f) => `${f.code}: ${f.message}`),
    );
    assert.deepEqual(
      cli.diagnostics.filter((d) => d.code.startsWith('schema-')).map((d) => `${path.basename(d.file)}:${d.line}:${d.column} ${d.code}`),
      [
        'cron_triggers.yaml:6:18 schema-range',
        'public_article.yaml:4:1 schema-unknown-key',
        'public_article.yaml:9:34 schema-type',
        'public_article.yaml:11:5 schema-missing-key',
        'public_article.yaml:12:5 schema-ignored-key',
        'public_article.yaml:18:21 schema-type',
      ],
    );
  });
});

describe('build-time validators are used only for the schemas they were made from', () => {
  test('dist/validators.js is used with the same schemas, and ignored once a schema changes', () => {
    const schemas = fs.mkdtempSync(path.join(os.tmpdir(), 'gem-schemas-'));
    fs.cpSync(path.join(REPO, 'schemas'), schemas, { recursive: true });
    const dist = path.join(REPO, 'dist');
    assert.ok(loadSchemaSet(schemas, dist).precompiled?.table, 'the same schemas use the generated validators');
    const table = path.join(schemas, 'table.json');
    fs.writeFileSync(table, fs.readFileSync(table, 'utf8').replace('"additionalProperties": false', '"additionalProperties": true'));
    const edited = loadSchemaSet(schemas, dist);
    assert.equal(edited.precompiled, undefined, 'edited schemas never run stale validators');
    const bogus = { table: { name: 'x', schema: 'public' }, bogus: 1 };
    assert.equal(new SchemaValidator(edited).validator('table')!(bogus), true, 'the edited schema itself is what validates');
    assert.equal(new SchemaValidator(loadSchemaSet(path.join(REPO, 'schemas'), dist)).validator('table')!(bogus), false);
  });
});
