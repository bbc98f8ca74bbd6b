import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, test } from 'node:test';
import { cacheFolder, cacheMaxBytes, cacheUsage, DEFAULT_CACHE_MAX_MB, pruneCache } from '../../../server/src/node/cacheFolder';
import { readCachedBuild, writeCachedBuild } from '../../../server/src/node/db/cache';

const REPO = path.resolve(__dirname, '../../../..');
const CLI = path.join(REPO, 'dist/cli.js');
const MB = 1024 * 1024;
const HOUR = 60 * 60 * 1000;

function tempDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'gem-cache-'));
}

/** Writes `bytes` bytes to `folder/name`, last used `ageMs` ago. */
function put(folder: string, name: string, bytes: number, ageMs: number): void {
  const file = path.join(folder, name);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, Buffer.alloc(bytes));
  const at = new Date(Date.now() - ageMs);
  fs.utimesSync(file, at, at);
}

/** The id of a process that has ended. */
function deadPid(): number {
  return spawnSync(process.execPath, ['-e', '']).pid;
}

function names(folder: string): string[] {
  return fs
    .readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(folder, path.join(e.parentPath, e.name)))
    .sort();
}

describe('the cache folder: a size bound, least recently used first', () => {
  test('over the bound, the least recently used files go until the rest fits; temporary files of dead processes always go', () => {
    const folder = tempDir();
    put(folder, 'db-old.json', 3 * MB, 5 * HOUR);
    put(folder, 'pglite-0.5.16-v2-base.tar.gz', 4 * MB, 4 * HOUR);
    put(folder, 'v8-cache/cli-abc.bin', 1 * MB, 3 * HOUR);
    put(folder, 'parses-1234.txt', 2 * MB, 2 * HOUR);
    put(folder, 'db-new.json', 3 * MB, 1 * HOUR);
    put(folder, `db-x.json.${deadPid()}.tmp`, 1 * MB, 0);
    put(folder, `parses-1234.txt.${process.pid}.1.tmp`, 1 * MB, 0);
    put(folder, `cli-abc.bin.${process.ppid}.k3j2.tmp`, 1 * MB, 0);
    put(folder, `db-y.json.${process.ppid}.tmp`, 1 * MB, 25 * HOUR);
    const pruned = pruneCache(folder, 6 * MB);
    assert.deepEqual(names(folder), [
      `cli-abc.bin.${process.ppid}.k3j2.tmp`,
      'db-new.json',
      'parses-1234.txt',
      `parses-1234.txt.${process.pid}.1.tmp`,
      'v8-cache/cli-abc.bin',
    ]);
    assert.deepEqual(pruned, { removed: 4, freedBytes: 9 * MB, temporary: 2 });
    assert.deepEqual(cacheUsage(folder), { folder, files: 5, bytes: 8 * MB, temporary: 2 });
  });

  test('a cached build that is read counts as used: it outlives an older one that is not', async () => {
    const folder = tempDir();
    const build = (source: string) => ({ source, status: 'from migrations: 1/1 applied', findings: [] });
    writeCachedBuild(folder, '/p', 'k1', build('first'));
    writeCachedBuild(folder, '/p', 'k2', build('second'));
    const long = new Date(Date.now() - 10 * HOUR);
    const longer = new Date(Date.now() - 20 * HOUR);
    const [a, b] = fs.readdirSync(folder).map((n) => path.join(folder, n));
    // The first written is the older, then read: it is the one kept.
    const firstFile = fs.readFileSync(a!, 'utf8').includes('"first"') ? a! : b!;
    const secondFile = firstFile === a ? b! : a!;
    fs.utimesSync(firstFile, longer, longer);
    fs.utimesSync(secondFile, long, long);
    assert.equal((await readCachedBuild(folder, '/p', 'k1', 'first'))?.source, 'first');
    pruneCache(folder, fs.statSync(firstFile).size);
    assert.deepEqual(fs.readdirSync(folder), [path.basename(firstFile)]);
  });

  test('the bound: the setting, else GRAPHQL_METADATA_CACHE_MAX_MB, else 256 MB; 0 keeps nothing; anything else is ignored', () => {
    assert.equal(cacheMaxBytes(64, { GRAPHQL_METADATA_CACHE_MAX_MB: '32' }), 64 * MB);
    assert.equal(cacheMaxBytes(undefined, { GRAPHQL_METADATA_CACHE_MAX_MB: '32' }), 32 * MB);
    assert.equal(cacheMaxBytes(0, {}), 0);
    assert.equal(cacheMaxBytes(0.5, {}), MB / 2);
    assert.equal(cacheMaxBytes(-1, { GRAPHQL_METADATA_CACHE_MAX_MB: 'lots' }), DEFAULT_CACHE_MAX_MB * MB);
    assert.equal(cacheMaxBytes('64', { GRAPHQL_METADATA_CACHE_MAX_MB: '' }), DEFAULT_CACHE_MAX_MB * MB);
    assert.equal(cacheFolder('/home/u/.cache'), '/home/u/.cache/graphql-engine-metadata');
  });
});

describe('graphql-metadata cache', () => {
  const run = (args: string[], env: Record<string, string>, cwd = REPO) => {
    const r = spawnSync(process.execPath, [CLI, ...args], { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', ...env } });
    return { code: r.status, stdout: r.stdout, stderr: r.stderr };
  };

  test('prints the folder and its size, and --clean empties it', () => {
    const home = tempDir();
    const folder = path.join(home, 'graphql-engine-metadata');
    put(folder, 'db-a.json', MB, HOUR);
    put(folder, 'v8-cache/cli-abc.bin', MB / 2, HOUR);
    put(folder, `db-b.json.${deadPid()}.tmp`, MB / 2, 0);
    put(folder, `db-c.json.${process.pid}.tmp`, MB / 2, 0);
    const env = { XDG_CACHE_HOME: home, GRAPHQL_METADATA_CACHE_MAX_MB: '100' };
    assert.deepEqual(run(['cache'], env), {
      code: 0,
      stdout: `${folder}\n3 files (1 being written), 2.0 MB of at most 100.0 MB (GRAPHQL_METADATA_CACHE_MAX_MB); 1 file removed now\n`,
      stderr: '',
    });
    assert.deepEqual(run(['cache', '--clean'], env), { code: 0, stdout: `${folder}\nremoved 2 files, 1.5 MB\n`, stderr: '' });
    assert.deepEqual(names(folder), [`db-c.json.${process.pid}.tmp`]);
    fs.rmSync(path.join(folder, `db-c.json.${process.pid}.tmp`));
    assert.deepEqual(names(folder), []);
    assert.equal(run(['cache', '--all'], env).code, 2);
  });

  test('a check leaves the cache within GRAPHQL_METADATA_CACHE_MAX_MB, and no temporary file of a killed process', () => {
    const home = tempDir();
    const folder = path.join(home, 'graphql-engine-metadata');
    put(folder, 'db-old.json', 2 * MB, 10 * HOUR);
    put(folder, 'db-new.json', MB / 2, HOUR);
    put(folder, `db-c.json.${deadPid()}.tmp`, 10, 0);
    const r = run(['check', 'test/fixtures/projects/basic', '--database', 'off'], { XDG_CACHE_HOME: home, GRAPHQL_METADATA_CACHE_MAX_MB: '1' });
    assert.equal(r.code, 1, r.stderr);
    assert.deepEqual(names(folder), ['db-new.json']);
  });
});
