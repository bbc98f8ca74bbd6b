import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { EventEmitter } from 'node:events';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, beforeEach, test } from 'node:test';
import { NO_CODE_CACHE, runCached } from '../../../server/src/node/codeCache';

const TMP = fs.mkdtempSync(path.join(os.tmpdir(), 'gem-code-cache-'));
after(() => fs.rmSync(TMP, { recursive: true, force: true }));

let n = 0;
let dir = '';
let dirs: string[] = [];
beforeEach(() => {
  dir = path.join(TMP, `case-${++n}`);
  fs.mkdirSync(dir);
  dirs = [path.join(dir, 'beside'), path.join(dir, 'fallback')];
});

/** A bundle as the build writes one: the loader's comment on line 1, CommonJS below it. */
function bundle(name: string, body: string): string {
  const file = path.join(dir, `${name}.js`);
  fs.writeFileSync(file, `// banner\n"use strict";\n${body}\n`);
  return file;
}

const caches = (at: string): string[] => (fs.existsSync(at) ? fs.readdirSync(at).sort() : []);

const LOADER = require.resolve('../../../server/src/node/codeCache');

/**
 * Runs `file` through the cache in a new Node.js process, as the loaders do (a process of its own: V8 keeps
 * what it compiled in memory, so a second run in this process would not read the cache); it writes the cache at exit.
 */
function runAndSave(file: string, env: NodeJS.ProcessEnv = {}): { cache: string; exports: unknown } {
  const script = `const run = require(${JSON.stringify(LOADER)}).runCached(${JSON.stringify(file)}, { dirs: ${JSON.stringify(dirs)} });
process.stdout.write(JSON.stringify({ cache: run.cache, exports: run.exports }));`;
  const out = execFileSync(process.execPath, ['-e', script], { env: { ...process.env, ...env }, encoding: 'utf8' });
  return JSON.parse(out) as { cache: string; exports: unknown };
}

test('a bundle runs as require() would run it: module.exports, require beside it, __filename and __dirname', () => {
  fs.writeFileSync(path.join(dir, 'dep.js'), 'module.exports = 41;\n');
  const file = bundle(
    'server.bundle',
    'const dep = require("./dep.js"); module.exports = { answer: dep + 1, file: __filename, dir: __dirname, self: this === module.exports };',
  );
  const run = runAndSave(file);
  assert.deepEqual(run.exports, { answer: 42, file, dir, self: true });
});

test('the first run makes the cache, the next one uses it; a changed bundle makes its own and the old one is removed', () => {
  const file = bundle('cli.bundle', 'module.exports = function twice(x) { return x * 2; }(21);');
  assert.equal(runAndSave(file).cache, 'made');
  const [made] = caches(dirs[0]!);
  assert.match(made ?? '', /^cli\.bundle-[0-9a-f]{20}\.bin$/);
  assert.ok(fs.statSync(path.join(dirs[0]!, made!)).size > 0);
  const second = runAndSave(file);
  assert.deepEqual([second.cache, second.exports], ['used', 42]);
  assert.deepEqual(caches(dirs[0]!), [made], 'a used cache is not written again');

  // The same length, other code: V8 checks a cache against the source's length only, the name tells them apart.
  fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('x * 2', 'x + 2'));
  const changed = runAndSave(file);
  assert.deepEqual([changed.cache, changed.exports], ['made', 23]);
  const now = caches(dirs[0]!);
  assert.equal(now.length, 1);
  assert.notEqual(now[0], made, "the changed bundle's cache replaced the old one");
  assert.deepEqual(
    caches(dir).filter((f) => f.endsWith('.tmp')),
    [],
  );
});

test('a cache V8 rejects (damaged) is compiled past and written again; the bundle still runs', () => {
  const file = bundle('parseWorker.bundle', 'module.exports = "ran";');
  runAndSave(file);
  const [name] = caches(dirs[0]!);
  fs.writeFileSync(path.join(dirs[0]!, name!), Buffer.from('not a code cache at all'));
  const run = runAndSave(file);
  assert.deepEqual([run.cache, run.exports], ['made', 'ran']);
  assert.notEqual(fs.readFileSync(path.join(dirs[0]!, name!), 'utf8'), 'not a code cache at all');
  assert.equal(runAndSave(file).cache, 'used');
});

test('a folder beside the bundle that cannot be written: the cache goes to the next folder and is read from there', () => {
  fs.writeFileSync(dirs[0]!, 'a file where the folder would be');
  const file = bundle('validators', 'exports.SCHEMA_HASH = "h";');
  assert.equal(runAndSave(file).cache, 'made');
  assert.equal(caches(dirs[1]!).length, 1);
  const run = runAndSave(file);
  assert.deepEqual([run.cache, run.exports], ['used', { SCHEMA_HASH: 'h' }]);
});

test('GRAPHQL_METADATA_NO_CODE_CACHE: nothing read, nothing written', () => {
  const file = bundle('server.bundle', 'module.exports = 1;');
  const off = { [NO_CODE_CACHE]: '1' };
  assert.deepEqual(runAndSave(file, off), { cache: 'off', exports: 1 });
  assert.deepEqual(caches(dirs[0]!), [], 'no cache written');
  runAndSave(file);
  assert.equal(caches(dirs[0]!).length, 1);
  assert.equal(runAndSave(file, off).cache, 'off', 'nor read');
});

test('in a worker thread the cache is written after the bundle handled its first message (workers are terminated, never exit)', () => {
  const port = new EventEmitter();
  const seen: string[] = [];
  (globalThis as { port?: EventEmitter }).port = port;
  const file = bundle('parseWorker.bundle', 'globalThis.port?.on("message", () => globalThis.seenByBundle()); module.exports = "worker";');
  (globalThis as { seenByBundle?: () => void }).seenByBundle = () => seen.push(`bundle handled it, caches: ${caches(dirs[0]!).length}`);
  const run = runCached(file, { dirs, afterFirstMessage: port });
  assert.deepEqual([run.cache, run.exports, caches(dirs[0]!)], ['made', 'worker', []]);
  port.emit('message');
  assert.deepEqual(seen, ['bundle handled it, caches: 0'], 'the bundle had the message before the cache was made');
  assert.equal(caches(dirs[0]!).length, 1);
  assert.equal(runAndSave(file).cache, 'used');
});

test('a bundle that throws throws to the caller, as require() would (its cache is still made)', () => {
  const file = bundle('cli.bundle', 'throw new Error("broken bundle");');
  const port = new EventEmitter();
  assert.throws(() => runCached(file, { dirs, afterFirstMessage: port }), /broken bundle/);
  port.emit('message');
  assert.equal(caches(dirs[0]!).length, 1);
});
