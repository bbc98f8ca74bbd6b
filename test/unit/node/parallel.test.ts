import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, describe, test } from 'node:test';
import { checkFolder } from '../../../server/src/core/check';
import type { CheckServices, FolderResult } from '../../../server/src/core/check';
import { toCompact } from '../../../server/src/core/parse/compact';
import { ParseCache } from '../../../server/src/core/project/cache';
import type { ParseStore } from '../../../server/src/core/project/cache';
import { SchemaValidator } from '../../../server/src/core/schema/validator';
import { toCorePath, toNativePath } from '../../../common/paths';
import { createNodeHost } from '../../../server/src/node/fsHost';
import { parallelLoad, resolveJobs, yamlFilesBelow } from '../../../server/src/node/parallel/load';
import type { ParallelOptions } from '../../../server/src/node/parallel/load';
import { CHUNK, runPool } from '../../../server/src/node/parallel/pool';
import { loadSchemaSet } from '../../../server/src/node/schemas';
import { CORPUS } from '../helpers/corpus';

const FIXTURES = toCorePath(path.resolve(__dirname, '../../../../test/fixtures/projects'));
const schemas = loadSchemaSet();
const fresh = (store?: ParseStore): CheckServices => ({ host: createNodeHost(), cache: new ParseCache(store), validator: new SchemaValidator(schemas) });

/** What a check found and what its index holds, as plain data. */
function plain(result: FolderResult): unknown {
  return {
    problems: result.problems,
    roots: result.roots.map((r) => ({
      root: r.root,
      findings: r.findings,
      files: [...r.project.files.values()].map((f) => [
        f.path,
        f.kind,
        f.unreferenced,
        f.includedBy.map((s) => [s.file, s.ref.raw, s.ref.span]),
        f.yaml?.includes.map((i) => [i.raw, i.target, i.span, i.path]),
      ]),
      loading: r.project.findings,
      tables: r.index.tables.map((t) => [
        t.key,
        t.source,
        t.at.file,
        t.relationships.map((x) => [x.name.name, x.target ? [x.target.schema, x.target.name] : null]),
        t.permissions.map((p) => [p.role, p.kind]),
        [...t.columns],
      ]),
      sources: r.index.sources.map((s) => s.name.name),
      roles: [...r.index.roles.keys()],
      collections: r.index.collections.map((c) => c.name.name),
    })),
  };
}

async function both(
  dir: string,
  options: Partial<ParallelOptions> = {},
): Promise<{ serial: FolderResult; parallel: FolderResult; adopted: number; errors: readonly string[]; services: CheckServices }> {
  const serial = checkFolder(dir, fresh());
  const loaded = await parallelLoad(dir, fresh(), { jobs: 3, threshold: 0, ...options });
  return { serial, parallel: checkFolder(dir, loaded.services), adopted: loaded.adopted, errors: loaded.errors, services: loaded.services };
}

const temps: string[] = [];
function tempDir(files: Record<string, string | Uint8Array>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gem-parallel-'));
  temps.push(dir);
  for (const [rel, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), content);
  }
  return toCorePath(dir);
}
after(() => temps.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

const TABLE = (name: string, extra = ''): string => `table:\n  name: ${name}\n  schema: public\n${extra}`;
/** A project with a broken file, a binary file, anchors, a schema error, an include outside a table file and an orphan. */
const MIXED: Record<string, string | Uint8Array> = {
  'metadata/version.yaml': 'version: 3\n',
  'metadata/databases/databases.yaml':
    '- name: default\n  kind: postgres\n  configuration:\n    connection_info:\n      database_url: postgres://x\n  tables: "!include default/tables/tables.yaml"\n',
  'metadata/databases/default/tables/tables.yaml':
    '- "!include public_a.yaml"\n- "!include public_b.yaml"\n- "!include public_c.yaml"\n- "!include public_d.yaml"\n- "!include public_e.yaml"\n',
  'metadata/databases/default/tables/public_a.yaml': TABLE(
    'a',
    'select_permissions:\n  - role: user\n    permission:\n      columns: [id]\n      filter: {}\n',
  ),
  'metadata/databases/default/tables/public_b.yaml': TABLE('b', 'select_permissions:\n  - role: user\n    permision:\n      columns: [id\n'),
  'metadata/databases/default/tables/public_c.yaml': new Uint8Array([0x74, 0, 0x61]),
  'metadata/databases/default/tables/public_d.yaml': TABLE('d', 'x: &anchor {a: 1}\ny: *anchor\n'),
  'metadata/databases/default/tables/public_e.yaml': TABLE(
    'e',
    'object_relationships:\n  - name: a\n    using:\n      foreign_key_constraint_on: a_id\n  - nmae: b\n',
  ),
  'metadata/databases/default/tables/public_orphan.yaml': TABLE('orphan', 'unknown_key: 1\n'),
  'metadata/query_collections.yaml': '- name: allowed-queries\n  definition:\n    queries:\n      - name: q\n        query: "query { a { id } }"\n',
  'metadata/allow_list.yaml': '- collection: allowed-queries\n',
};

describe('parallel load (check --jobs)', () => {
  test('the fixtures check the same with worker threads as without (findings, files, includes, index)', async () => {
    for (const name of fs.readdirSync(FIXTURES)) {
      const { serial, parallel, errors } = await both(`${FIXTURES}/${name}`);
      assert.deepEqual(plain(parallel), plain(serial), name);
      assert.deepEqual(errors, [], name);
    }
  });

  test('corpus projects check the same with 2 and 4 threads as with one; the workers parse and validate most files', async () => {
    const projects = fs
      .readdirSync(CORPUS)
      .filter((name) => fs.existsSync(path.join(CORPUS, name, 'metadata', 'version.yaml')))
      .slice(0, 8);
    assert.ok(projects.length >= 5);
    for (const project of projects) {
      const dir = toCorePath(path.join(CORPUS, project, 'metadata'));
      for (const jobs of [2, 4]) {
        const { serial, parallel, adopted, errors, services } = await both(dir, { jobs });
        assert.deepEqual(plain(parallel), plain(serial), `${project} with ${jobs} jobs`);
        assert.deepEqual(errors, [], project);
        const files = yamlFilesBelow(dir).length;
        // Every file is parsed once, by a worker or by the main thread, never twice.
        assert.equal(adopted + services.cache.parses, files, project);
      }
    }
  });

  test('a broken file, a binary file, anchors, schema errors and an orphan: the same findings', async () => {
    const dir = `${tempDir(MIXED)}/metadata`;
    const { serial, parallel, adopted } = await both(dir);
    assert.deepEqual(plain(parallel), plain(serial));
    const codes = serial.roots[0]!.findings.map((f) => f.code).sort();
    assert.ok(codes.includes('yaml-syntax') && codes.includes('file-unreadable') && codes.includes('schema-unknown-key'), codes.join(', '));
    assert.ok(adopted >= 5, `adopted ${adopted}`);
  });

  test('a worker that cannot start, or exits at its first message, or answers garbage: the main thread does the work, same result', async () => {
    const dir = `${tempDir(MIXED)}/metadata`;
    const failing = tempDir({
      'throws.js': 'throw new Error("boom");\n',
      'exits.js': 'require("node:worker_threads").parentPort.on("message", () => process.exit(3));\n',
      // Reads as the real worker does, but sends parses that do not fit the texts.
      'garbage.js': `const host = require(${JSON.stringify(path.resolve(__dirname, '../../../server/src/node/fsHost.js'))}).createNodeHost();\nconst { parentPort } = require("node:worker_threads");\nparentPort.on("message", (m) => parentPort.postMessage({ id: m.id, files: m.paths.map((p) => ({ path: p, read: host.readFile(p), real: host.realPath(p), packed: { ints: new Int32Array([7, 7, 7]), strings: [], numbers: [] }, kind: "table", schema: [] })) }));\n`,
    });
    const serial = plain(checkFolder(dir, fresh()));
    for (const [file, expectError] of [
      ['throws.js', true],
      ['exits.js', true],
      ['garbage.js', false],
    ] as const) {
      const loaded = await parallelLoad(dir, fresh(), { jobs: 3, threshold: 0, workerFile: path.join(failing, file) });
      assert.deepEqual(plain(checkFolder(dir, loaded.services)), serial, file);
      assert.equal(loaded.errors.length > 0, expectError, `${file}: ${loaded.errors.join('; ')}`);
      assert.equal(loaded.adopted, 0, file);
    }
  });

  test("the main thread primes the validator for its own share and reads every table file's index facts into the memo before the check", async () => {
    const dir = `${tempDir(MIXED)}/metadata`;
    const failing = tempDir({ 'throws.js': 'throw new Error("boom");\n' });
    const serial = checkFolder(dir, fresh());
    // Table files without includes and without syntax findings: their schema findings and facts depend on their text alone.
    const alone = [...serial.roots[0]!.project.files.values()]
      .filter((f) => f.kind === 'table' && f.yaml && f.yaml.includes.length === 0 && f.yaml.syntax.length === 0)
      .map((f) => f.path)
      .sort();
    assert.deepEqual(
      alone.map((p) => p.slice(p.lastIndexOf('/') + 1)),
      ['public_a.yaml', 'public_d.yaml', 'public_e.yaml', 'public_orphan.yaml'],
    );
    // Every file on the main thread (the worker cannot start): it primes what a worker would have.
    const services = fresh();
    const primed: string[] = [];
    const prime = services.validator!.prime.bind(services.validator);
    services.validator!.prime = (yaml, kind, findings) => {
      primed.push(`${yaml.path} ${kind}`);
      prime(yaml, kind, findings);
    };
    const loaded = await parallelLoad(dir, services, { jobs: 2, threshold: 0, workerFile: path.join(failing, 'throws.js') });
    assert.deepEqual(
      primed.sort(),
      alone.map((p) => `${p} table`),
    );
    const memo = loaded.services.memo!;
    // The orphan is in no source's table list: its remembered facts are never asked for.
    for (const p of alone.filter((p) => !p.endsWith('orphan.yaml'))) {
      const yaml = loaded.services.cache.get(p, fs.readFileSync(toNativePath(p), 'utf8'));
      const fact = memo.get(yaml, 'default')?.fact;
      const indexed = serial.roots[0]!.index.tables.find((t) => t.at.file === p);
      assert.ok(indexed, p);
      assert.deepEqual(
        [fact?.key, fact?.permissions.length, fact && [...fact.columns.keys()]],
        [indexed?.key, indexed?.permissions.length, indexed && [...indexed.columns.keys()]],
        p,
      );
    }
    assert.deepEqual(plain(checkFolder(dir, loaded.services)), plain(serial));
  });

  test('a source named unlike its folder: the facts remembered for the folder name go unused, the check is the same', async () => {
    const files = Object.fromEntries(
      Object.entries(MIXED).map(([rel, content]) => [
        rel.replace('/databases/default/', '/databases/main_db/'),
        typeof content === 'string' ? content.replace('default/tables/tables.yaml', 'main_db/tables/tables.yaml') : content,
      ]),
    );
    const dir = `${tempDir(files)}/metadata`;
    const { serial, parallel, adopted } = await both(dir, { jobs: 2 });
    assert.equal(serial.roots[0]!.index.sources[0]!.name.name, 'default');
    assert.ok(serial.roots[0]!.index.tables.length >= 4);
    assert.ok(adopted > 0);
    assert.deepEqual(plain(parallel), plain(serial));
  });

  test('the parse store keeps working: the parses of a parallel load are saved and restore the same check', async () => {
    const dir = toCorePath(
      path.join(
        CORPUS,
        fs.readdirSync(CORPUS).find((n) => fs.existsSync(path.join(CORPUS, n, 'metadata', 'version.yaml')))!,
        'metadata',
      ),
    );
    const loaded = await parallelLoad(dir, fresh(), { jobs: 2, threshold: 0 });
    const first = checkFolder(dir, loaded.services);
    assert.ok(loaded.adopted > 0);
    const entries = new Map<string, string>();
    const store: ParseStore = {
      load: (text) => (entries.has(text) ? (JSON.parse(entries.get(text)!) as unknown) : undefined),
      save: (text, compact) => entries.set(text, JSON.stringify(compact)),
    };
    let saved = 0;
    for (const file of loaded.services.cache.current()) {
      const compact = file.syntax.length === 0 ? toCompact(file.doc) : undefined;
      if (compact !== undefined) {
        store.save(file.text, compact);
        saved++;
      }
    }
    const services = fresh(store);
    const again = checkFolder(dir, services);
    assert.equal(services.cache.restored, saved);
    assert.ok(saved >= loaded.adopted);
    assert.deepEqual(plain(again), plain(first));
  });

  test("the pool: the main thread does its chunks 4 files at a time (between workers' messages), every path once", async () => {
    const failing = tempDir({ 'throws.js': 'throw new Error("boom");\n' });
    const paths = Array.from({ length: 3 * CHUNK + 5 }, (_, i) => `/p/${i}.yaml`);
    const calls: (readonly string[])[] = [];
    const result = await runPool(paths, {
      workers: 1,
      workerFile: path.join(failing, 'throws.js'),
      onFile: () => undefined,
      local: (slice) => calls.push(slice),
    });
    assert.deepEqual(result.missed, []);
    assert.equal(result.errors.length, 1);
    assert.deepEqual(
      calls.flat().sort((a, b) => a.localeCompare(b)),
      [...paths].sort((a, b) => a.localeCompare(b)),
    );
    // The failed worker's two chunks went back to the end of the queue: the order of chunks varies, their slices do not.
    assert.deepEqual(
      calls.map((c) => c.length).sort((a, b) => b - a),
      [4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 1],
    );
  });

  test('small folders and --jobs 1 stay on the main thread', async () => {
    const dir = `${FIXTURES}/basic/metadata`;
    const services = fresh();
    assert.equal((await parallelLoad(dir, services, { jobs: 4 })).services, services);
    assert.equal((await parallelLoad(dir, services, { jobs: 1, threshold: 0 })).services, services);
  });

  test('the built CLI: a 300-table project reports the same with --jobs 3 (dist/parseWorker.js) as with --jobs 1; bad jobs settings are usage errors', () => {
    const files: Record<string, string> = { ...(Object.fromEntries(Object.entries(MIXED).filter(([, v]) => typeof v === 'string')) as Record<string, string>) };
    const names = Array.from({ length: 300 }, (_, i) => `t${i}`);
    files['metadata/databases/default/tables/tables.yaml'] = names.map((n) => `- "!include public_${n}.yaml"\n`).join('');
    for (const [i, n] of names.entries())
      files[`metadata/databases/default/tables/public_${n}.yaml`] = TABLE(n, i % 7 === 0 ? 'select_permissions:\n  - role: user\n    permision: {}\n' : '');
    const dir = tempDir(files);
    const cli = (args: string[], env: Record<string, string> = {}): ReturnType<typeof spawnSync> =>
      spawnSync(process.execPath, [path.resolve(__dirname, '../../../../dist/cli.js'), 'check', dir, '--format', 'json', ...args], {
        encoding: 'utf8',
        env: { ...process.env, ...env },
      });
    const one = cli(['--jobs', '1']);
    const three = cli(['--jobs', '3']);
    assert.equal(one.status, 1, String(one.stderr));
    assert.equal(three.stdout, one.stdout);
    assert.equal(three.stderr, one.stderr);
    assert.equal(cli([], { GRAPHQL_METADATA_JOBS: '3' }).stdout, one.stdout);
    assert.ok((JSON.parse(String(one.stdout)) as { summary: { errors: number } }).summary.errors >= 43);
    const zero = cli(['--jobs', '0']);
    assert.equal(zero.status, 2);
    assert.match(String(zero.stderr), /--jobs takes a whole number >= 1\./);
    const env = cli([], { GRAPHQL_METADATA_JOBS: 'all' });
    assert.equal(env.status, 2);
    assert.equal(String(env.stderr), 'graphql-metadata: GRAPHQL_METADATA_JOBS must be a whole number >= 1, not `all`.\n');
  });

  test('jobs: --jobs, else GRAPHQL_METADATA_JOBS, else every core (at most 8); a bad value is a message', () => {
    assert.equal(resolveJobs(3, { GRAPHQL_METADATA_JOBS: '5' }), 3);
    assert.equal(resolveJobs(undefined, { GRAPHQL_METADATA_JOBS: '5' }), 5);
    assert.equal(resolveJobs(undefined, {}), Math.min(os.availableParallelism(), 8));
    assert.equal(resolveJobs(undefined, { GRAPHQL_METADATA_JOBS: 'many' }), 'GRAPHQL_METADATA_JOBS must be a whole number >= 1, not `many`.');
    assert.equal(resolveJobs(undefined, { GRAPHQL_METADATA_JOBS: '0' }), 'GRAPHQL_METADATA_JOBS must be a whole number >= 1, not `0`.');
  });
});
