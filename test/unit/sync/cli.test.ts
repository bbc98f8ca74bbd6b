import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, beforeEach, describe, test } from 'node:test';
import { checkRoot } from '../../../server/src/core/check';
import { ParseCache } from '../../../server/src/core/project/cache';
import { directoryToMetadata } from '../../../server/src/core/sync/directory';
import { metadataToFiles } from '../../../server/src/core/sync/files';
import { runCli } from '../../../server/src/cli/run';
import type { CliEnv } from '../../../server/src/cli/env';
import { nodeTreeFs } from '../../../server/src/cli/writeTree';
import type { TreeFs } from '../../../server/src/cli/writeTree';
import { createNodeHost } from '../../../server/src/node/fsHost';
import { toCorePath } from '../../../common/paths';
import { loadSchemaSet } from '../../../server/src/node/schemas';
import type { SpawnedServer } from '../../server/spawn';
import { fixturePath, spawnTestServer } from '../../server/spawn';

const CLI = path.resolve(__dirname, '../../../../dist/cli.js');

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

async function cli(cwd: string, argv: string[], extra: Partial<CliEnv> = {}): Promise<Run> {
  let stdout = '';
  let stderr = '';
  const code = await runCli({
    argv,
    cwd: toCorePath(cwd),
    colorByDefault: false,
    host: createNodeHost(),
    schemas: loadSchemaSet,
    version: 'test',
    stdout: (t) => (stdout += t),
    stderr: (t) => (stderr += t),
    fetch: (url, init) => fetch(url, init),
    env: {},
    ...extra,
  });
  return { code, stdout, stderr };
}

/** A port nothing listens on (one that was just free). */
function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** Every file under `dir` (relative path -> text), to prove a folder did not change. */
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) out[path.relative(dir, path.join(entry.parentPath, entry.name))] = fs.readFileSync(path.join(entry.parentPath, entry.name), 'utf8');
  }
  return out;
}

describe('graphql-metadata export / apply / diff against the test server', () => {
  let server: SpawnedServer;
  let work: string;
  let meta: string;

  before(async () => {
    server = await spawnTestServer({ state: fixturePath('basic.json') });
  });
  after(() => server.stop());
  beforeEach(async () => {
    await server.reset();
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'gem-sync-'));
    meta = path.join(work, 'metadata');
  });

  test('export writes the directory in the CLI layout; a second export changes nothing', async () => {
    const first = await cli(work, ['export', '--server', server.url, 'metadata']);
    assert.equal(first.code, 0, first.stderr);
    assert.match(first.stdout, /^create {2}actions\.graphql\n/);
    assert.match(first.stdout, /\nExported resource_version 1 from http:\/\/127\.0\.0\.1:\d+ to metadata: 20 created, 0 updated, 0 deleted\.\n$/);
    assert.deepEqual(fs.readdirSync(path.join(meta, 'databases/default/tables')).sort(), [
      'public_article.yaml',
      'public_author.yaml',
      'public_author_view.yaml',
      'tables.yaml',
    ]);
    assert.equal(
      fs.readFileSync(path.join(meta, 'databases/default/tables/tables.yaml'), 'utf8'),
      '- "!include public_article.yaml"\n- "!include public_author.yaml"\n- "!include public_author_view.yaml"\n',
    );
    assert.equal(fs.readFileSync(path.join(meta, 'inherited_roles.yaml'), 'utf8'), '- role_name: manager\n  role_set:\n    - user\n    - editor\n');
    assert.equal(fs.readFileSync(path.join(meta, 'version.yaml'), 'utf8'), 'version: 3\n');
    const writes: string[] = [];
    const spy: TreeFs = { ...nodeTreeFs(), writeFile: (p) => void writes.push(p) };
    const second = await cli(work, ['export', '--server', server.url, 'metadata'], { tree: spy });
    assert.equal(second.code, 0);
    assert.match(second.stdout, /^No changes: metadata already matches http:\/\/127\.0\.0\.1:\d+ \(resource_version 1\)\.\n$/);
    assert.deepEqual(writes, []);
  });

  test('export leaves files it does not own alone and deletes the files of tables the server no longer has', async () => {
    await cli(work, ['export', '--server', server.url, 'metadata']);
    fs.writeFileSync(path.join(meta, 'README.md'), 'notes\n');
    fs.writeFileSync(path.join(meta, 'databases/default/tables/public_gone.yaml'), 'table:\n  name: gone\n  schema: public\n');
    fs.mkdirSync(path.join(meta, 'databases/old/tables'), { recursive: true });
    fs.writeFileSync(path.join(meta, 'databases/old/tables/public_x.yaml'), 'table: x\n');
    const r = await cli(work, ['export', '--server', server.url, 'metadata']);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(
      r.stdout
        .split('\n')
        .filter((l) => /^(create|update|delete) /.test(l))
        .join('\n'),
      'delete  databases/default/tables/public_gone.yaml\ndelete  databases/old/tables/public_x.yaml',
    );
    assert.equal(fs.readFileSync(path.join(meta, 'README.md'), 'utf8'), 'notes\n');
    assert.equal(fs.existsSync(path.join(meta, 'databases/default/tables/public_gone.yaml')), false);
    assert.equal(fs.existsSync(path.join(meta, 'databases/old')), false);
  });

  test('export is all or nothing: a failing write leaves the folder as it was, and no temporary folder', async () => {
    await cli(work, ['export', '--server', server.url, 'metadata']);
    fs.writeFileSync(path.join(meta, 'actions.yaml'), 'actions: []\n# edited\n');
    fs.rmSync(path.join(meta, 'databases/default/tables/public_author.yaml'));
    const before = snapshot(meta);
    let calls = 0;
    const failing: TreeFs = {
      ...nodeTreeFs(),
      writeFile: (p, text) => {
        if (++calls === 2) throw new Error('ENOSPC: no space left on device');
        nodeTreeFs().writeFile(p, text);
      },
    };
    const r = await cli(work, ['export', '--server', server.url, 'metadata'], { tree: failing });
    assert.equal(r.code, 2);
    assert.equal(r.stderr, 'graphql-metadata: could not write metadata: ENOSPC: no space left on device; the folder was left as it was.\n');
    assert.deepEqual(snapshot(meta), before);
    assert.deepEqual(fs.readdirSync(work), ['metadata']);
  });

  test('apply sends the JSON the directory describes (replace_metadata v2, resource_version when given)', async () => {
    await cli(work, ['export', '--server', server.url, 'metadata']);
    const file = path.join(meta, 'databases/default/tables/public_author.yaml');
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('        - name\n', ''));
    const r = await cli(work, ['apply', '--server', server.url, 'metadata', '--resource-version', '1']);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stdout, `Applied metadata to ${server.url}.\n`);
    const expected = directoryToMetadata(checkRoot(toCorePath(meta), { host: createNodeHost(), cache: new ParseCache() })).metadata;
    const sent = (await server.requests()).map((q) => JSON.parse(q.body) as Record<string, unknown>).find((b) => b.type === 'replace_metadata');
    assert.deepEqual(sent, { type: 'replace_metadata', version: 2, resource_version: 1, args: { allow_inconsistent_metadata: false, metadata: expected } });
    const state = await server.state();
    assert.equal(state.resource_version, 2);
    assert.deepEqual(state.metadata, expected);
  });

  test('apply with a stale resource_version gets 409: nothing applied, the message says how to see what changed', async () => {
    await cli(work, ['export', '--server', server.url, 'metadata']);
    assert.equal((await cli(work, ['apply', '--server', server.url, 'metadata', '--resource-version', '1'])).code, 0);
    const r = await cli(work, ['apply', '--server', server.url, 'metadata', '--resource-version', '1']);
    assert.equal(r.code, 1);
    assert.equal(
      r.stderr,
      `graphql-metadata: apply refused: the server's metadata changed since resource_version 1 was exported (409 conflict); nothing was applied. See what changed with \`graphql-metadata diff --server ${server.url} metadata\`, then export again, or apply without --resource-version to overwrite it.\n`,
    );
    assert.equal((await server.state()).resource_version, 2);
  });

  test('apply refuses while the local check has errors, and sends nothing', async () => {
    await cli(work, ['export', '--server', server.url, 'metadata']);
    fs.writeFileSync(path.join(meta, 'allow_list.yaml'), '- collection: nope\n');
    const r = await cli(work, ['apply', '--server', server.url, 'metadata']);
    assert.equal(r.code, 1);
    assert.match(r.stdout, /^metadata\/allow_list\.yaml\n {2}metadata\/allow_list\.yaml:1:15 {2}error {4}No query collection is named `nope`/);
    assert.equal(r.stderr, 'graphql-metadata: apply refused: metadata has 1 error; fix it (graphql-metadata check) and apply again.\n');
    assert.deepEqual(
      (await server.requests()).map((q) => (JSON.parse(q.body) as { type: string }).type),
      ['export_metadata'],
    );
  });

  test('an inconsistency the server reports lands on the line of the file that defines it', async () => {
    await cli(work, ['export', '--server', server.url, 'metadata']);
    fs.writeFileSync(path.join(meta, 'databases/default/tables/public_ghost.yaml'), 'table:\n  name: ghost\n  schema: public\n');
    fs.appendFileSync(path.join(meta, 'databases/default/tables/tables.yaml'), '- "!include public_ghost.yaml"\n');
    const r = await cli(work, ['apply', '--server', server.url, 'metadata']);
    assert.equal(r.code, 1);
    assert.equal(
      r.stdout,
      'metadata/databases/default/tables/public_ghost.yaml\n' +
        '  metadata/databases/default/tables/public_ghost.yaml:1:1  error    no such table/view exists in source: "ghost" (table ghost in source default)  server-inconsistent-object\n\n' +
        '✖ 1 problem (1 error, 0 warnings, 0 infos) in 21 files.\n',
    );
    assert.equal(
      r.stderr,
      'graphql-metadata: the server rejected the metadata: replace_metadata failed: cannot continue due to inconsistent metadata (unexpected at $.args).\n',
    );
  });

  test('diff prints a unified diff per file and exits 1; none and exit 0 when equal', async () => {
    await cli(work, ['export', '--server', server.url, 'metadata']);
    assert.equal((await cli(work, ['diff', '--server', server.url, 'metadata'])).code, 0);
    fs.writeFileSync(path.join(meta, 'inherited_roles.yaml'), '- role_name: manager\n  role_set:\n    - user\n');
    fs.rmSync(path.join(meta, 'databases/default/tables/public_author_view.yaml'));
    const r = await cli(work, ['diff', '--server', server.url, 'metadata']);
    assert.equal(r.code, 1);
    assert.equal(
      r.stdout,
      '--- /dev/null\n+++ server/databases/default/tables/public_author_view.yaml\n@@ -0,0 +1,3 @@\n+table:\n+  schema: public\n+  name: author_view\n' +
        '--- local/inherited_roles.yaml\n+++ server/inherited_roles.yaml\n@@ -1,3 +1,4 @@\n - role_name: manager\n   role_set:\n     - user\n+    - editor\n' +
        '2 files differ (1 changed, 1 only on the server, 0 only in metadata); server resource_version 1.\n',
    );
  });

  test('usage errors exit 2', async () => {
    assert.equal(
      (await cli(work, ['export', 'metadata'])).stderr.split('\n')[0],
      'graphql-metadata: export needs --server URL (e.g. --server http://localhost:8080).',
    );
    const secret = await cli(work, ['apply', '--server', server.url, '--admin-secret', 'x']);
    assert.equal(secret.code, 2);
    assert.match(
      secret.stderr,
      /^graphql-metadata: There is no --admin-secret flag: set the admin secret in the environment variable GRAPHQL_METADATA_ADMIN_SECRET/,
    );
    const apply = await cli(work, ['apply', '--server', server.url, 'nowhere']);
    assert.deepEqual([apply.code, apply.stderr], [2, 'graphql-metadata: nowhere is not a metadata folder (it has no version.yaml).\n']);
    const port = await closedPort();
    const down = await cli(work, ['export', '--server', `http://127.0.0.1:${port}`, 'metadata']);
    assert.equal(down.code, 2);
    assert.match(down.stderr, new RegExp(`^graphql-metadata: Could not reach http://127\\.0\\.0\\.1:${port}/v1/metadata \\(ECONNREFUSED`));
    assert.equal(fs.existsSync(meta), false);
  });
});

describe('the built CLI reads the admin secret from GRAPHQL_METADATA_ADMIN_SECRET', () => {
  let server: SpawnedServer;
  before(async () => {
    server = await spawnTestServer({ state: fixturePath('basic.json'), adminSecret: 's3cret' });
  });
  after(() => server.stop());

  test('without it the server refuses (exit 2, a hint at the variable); with it export works', () => {
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'gem-sync-secret-'));
    const run = (env: Record<string, string>): ReturnType<typeof spawnSync> =>
      spawnSync(process.execPath, [CLI, 'export', '--server', server.url, 'metadata'], {
        cwd: work,
        encoding: 'utf8',
        env: { PATH: process.env.PATH ?? '', NO_COLOR: '1', ...env },
      });
    const without = run({});
    assert.equal(without.status, 2);
    assert.match(String(without.stderr), /Set the environment variable GRAPHQL_METADATA_ADMIN_SECRET\.\n$/);
    const wrong = run({ GRAPHQL_METADATA_ADMIN_SECRET: 'nope' });
    assert.equal(wrong.status, 2);
    assert.doesNotMatch(String(wrong.stderr), /nope/);
    const right = run({ GRAPHQL_METADATA_ADMIN_SECRET: 's3cret' });
    assert.equal(right.status, 0, String(right.stderr));
    assert.equal(fs.existsSync(path.join(work, 'metadata/databases/databases.yaml')), true);
  });
});

describe('a test server loaded from a real project folder', () => {
  const project = path.resolve(__dirname, '../../../../../shared/corpus/hasura__hasura-ecommerce');
  let server: SpawnedServer;
  before(async () => {
    server = await spawnTestServer({ state: project });
  });
  after(() => server.stop());

  test('serves the JSON the folder describes; export writes exactly the files of metadataToFiles', async () => {
    const built = directoryToMetadata(checkRoot(toCorePath(path.join(project, 'metadata')), { host: createNodeHost(), cache: new ParseCache() }));
    assert.deepEqual((await server.state()).metadata, built.metadata);
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'gem-sync-corpus-'));
    const r = await cli(work, ['export', '--server', server.url, 'out']);
    assert.equal(r.code, 0, r.stderr);
    const want = Object.fromEntries(metadataToFiles(built.metadata));
    assert.deepEqual(snapshot(path.join(work, 'out')), want);
    assert.equal(
      want['databases/default/tables/public_order.yaml']?.startsWith(
        'table:\n  name: order\n  schema: public\nobject_relationships:\n  - name: billing_address\n',
      ),
      true,
    );
  });
});
