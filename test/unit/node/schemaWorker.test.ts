import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, test } from 'node:test';
import { printSchema } from 'graphql';
import { generateSchema } from '../../../server/src/core/graphql/schema/index';
import { directoryToMetadata } from '../../../server/src/core/sync/directory';
import { SchemaSdlWorker } from '../../../server/src/node/schema/sdl';
import { SCHEMAS, loadSchemasProject } from '../helpers/schemaFacts';
import { sharedFolder } from '../helpers/shared';

describe('SchemaSdlWorker: a role schema generated and printed in a worker thread', () => {
  test('the same SDL, notes and roles as generating it on this thread; an unknown role is its error', async () => {
    sharedFolder(SCHEMAS);
    const { result, models } = await loadSchemasProject('novaforgood__canopy__admin');
    const worker = new SchemaSdlWorker();
    try {
      const metadata = directoryToMetadata(result, { sourceMap: false }).metadata;
      for (const role of ['admin', 'user']) {
        const here = generateSchema(result, models, { role, namingConvention: 'hasura-default' });
        assert.ok(here.ok);
        const there = await worker.sdl(metadata, models, { role, namingConvention: 'hasura-default' });
        assert.deepEqual(there, { ok: true, sdl: printSchema(here.schema), notes: here.notes, roles: here.roles });
      }
      const unknown = await worker.sdl(metadata, models, { role: 'nobody' });
      assert.equal(unknown.ok, false);
      assert.match(unknown.ok ? '' : unknown.error, /^unknown role nobody: the metadata's roles are admin, /);
    } finally {
      await worker.stop();
    }
  });

  test('one request at a time; a waiting request is replaced by a newer one of the same key, both answered with its SDL', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gem-schema-worker-'));
    const file = path.join(dir, 'worker.js');
    // Answers with the role it was asked for and the ids it has seen, after a pause (so requests queue).
    fs.writeFileSync(
      file,
      `const { parentPort } = require('node:worker_threads'); const seen = [];
parentPort.on('message', (m) => { seen.push(m.options.role); setTimeout(() => parentPort.postMessage({ id: m.id, ok: true, sdl: seen.join(','), notes: [], roles: [] }), 50); });`,
    );
    const worker = new SchemaSdlWorker(file);
    try {
      const answers = await Promise.all([
        worker.sdl({}, new Map(), { role: 'a' }, 'root/user'),
        worker.sdl({}, new Map(), { role: 'b' }, 'root/user'),
        worker.sdl({}, new Map(), { role: 'c' }, 'root/admin'),
        worker.sdl({}, new Map(), { role: 'd' }, 'root/user'),
      ]);
      // a ran at once; b waited and was replaced by d (which takes its turn after c's); b has d's answer.
      assert.deepEqual(
        answers.map((a) => (a.ok ? a.sdl : a.error)),
        ['a', 'a,c,d', 'a,c', 'a,c,d'],
      );
    } finally {
      await worker.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test('a worker that dies fails what it was asked, and the next request starts another', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gem-schema-worker-'));
    const file = path.join(dir, 'worker.js');
    // Dies on its first message; answers the second process's first message.
    fs.writeFileSync(
      file,
      `const { parentPort } = require('node:worker_threads'); const fs = require('node:fs'); const mark = ${JSON.stringify(path.join(dir, 'died'))};
parentPort.on('message', (m) => { if (!fs.existsSync(mark)) { fs.writeFileSync(mark, ''); process.exit(3); } parentPort.postMessage({ id: m.id, ok: true, sdl: 'type Query { a: Int }', notes: [], roles: ['admin'] }); });`,
    );
    const worker = new SchemaSdlWorker(file);
    try {
      assert.deepEqual(await worker.sdl({}, new Map(), {}), { ok: false, error: 'the schema worker stopped: exit code 3', roles: [] });
      assert.deepEqual(await worker.sdl({}, new Map(), {}), { ok: true, sdl: 'type Query { a: Int }', notes: [], roles: ['admin'] });
    } finally {
      await worker.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
