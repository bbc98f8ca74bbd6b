import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, test } from 'node:test';
import { quickYamlFile } from '../../server/src/core/parse/yamlFile';
import { copyFixture, ServerUnderTest } from './harness';

const ready = (server: ServerUnderTest): boolean => server.statuses.some((s) => (s as { state: string }).state === 'ready');

/** The parse store file in a cache folder, once the server has written it (it does so after start-up, sending nothing). */
async function storeFile(cacheDir: string): Promise<string> {
  const dir = path.join(cacheDir, 'graphql-engine-metadata');
  for (let waited = 0; waited < 20_000; waited += 50) {
    const found = fs.existsSync(dir) ? fs.readdirSync(dir).find((f) => /^parses-[0-9a-f]{16}\.txt$/.test(f)) : undefined;
    if (found) return path.join(dir, found);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no parse store in ${dir}`);
}

describe('language server restart with its parse store (dist/server.js over stdio)', () => {
  test('the first run writes a store of its files, a second run uses it and publishes the same diagnostics', async () => {
    const dir = copyFixture('basic');
    // In flow style with an item: yaml parses it (the quick pack reads the fixture's other files).
    fs.writeFileSync(path.join(dir, 'metadata/version.yaml'), '{version: 3}\n');
    const first = new ServerUnderTest(dir);
    let store = '';
    let firstAllowList: ReturnType<ServerUnderTest['diagnostics']> = undefined;
    try {
      await first.start();
      await first.until(() => ready(first), 'the first ready status');
      store = await storeFile(first.cacheDir);
      firstAllowList = first.diagnostics('metadata/allow_list.yaml');
    } finally {
      await first.stop();
    }
    const lines = fs.readFileSync(store, 'utf8').trimEnd().split('\n');
    const yamlFiles = fs.readdirSync(path.join(dir, 'metadata'), { recursive: true }).filter((f) => /\.ya?ml$/.test(String(f)));
    // The files the quick pack leaves to yaml (none has a YAML error): the others are read again faster than restored.
    const parsedByYaml = yamlFiles.filter((f) => !quickYamlFile('/f.yaml', fs.readFileSync(path.join(dir, 'metadata', String(f)), 'utf8')));
    assert.equal(lines[0], 'graphql-metadata parse store 2');
    assert.deepEqual(parsedByYaml, ['version.yaml']);
    assert.equal(lines.length - 1, parsedByYaml.length, 'one entry per YAML file yaml parsed');
    assert.equal(fs.statSync(store).mode & 0o777, 0o600);

    const second = new ServerUnderTest(dir, {}, first.cacheDir);
    try {
      await second.start();
      await second.until(() => ready(second), 'the second ready status');
      assert.ok(firstAllowList?.length);
      assert.deepEqual(second.diagnostics('metadata/allow_list.yaml'), firstAllowList);
    } finally {
      await second.stop();
    }
  });
});
