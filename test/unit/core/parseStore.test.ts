import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, test } from 'node:test';
import { checkRoot } from '../../../server/src/core/check';
import type { RootResult } from '../../../server/src/core/check';
import { fromCompact, toCompact } from '../../../server/src/core/parse/compact';
import { ParseCache } from '../../../server/src/core/project/cache';
import type { ParseStore } from '../../../server/src/core/project/cache';
import { parseYamlFile, quickYamlFile } from '../../../server/src/core/parse/yamlFile';
import { DiskParseStore, storeFile } from '../../../server/src/node/parseStore';
import { CORPUS, corpusProject } from '../helpers/corpus';
import { memoryHost } from '../helpers/memoryHost';
import { schemaValidator } from '../helpers/project';

/** A store in memory that keeps JSON text, as the disk store does. */
function memoryStore(): ParseStore & { entries: Map<string, string> } {
  const entries = new Map<string, string>();
  return {
    entries,
    load: (text) => (entries.has(text) ? (JSON.parse(entries.get(text)!) as unknown) : undefined),
    save: (text, compact) => entries.set(text, JSON.stringify(compact)),
  };
}

function saveAll(cache: ParseCache, store: ParseStore): number {
  let saved = 0;
  for (const file of cache.current()) {
    const compact = file.syntax.length === 0 ? toCompact(file.doc) : undefined;
    if (compact === undefined) continue;
    store.save(file.text, compact);
    saved++;
  }
  return saved;
}

const plain = (result: RootResult): unknown => ({
  findings: result.findings,
  tables: result.index.tables.map((t) => [t.key, t.relationships.map((r) => [r.name, r.target]), t.permissions.map((p) => p.role), [...t.columns]]),
  roles: [...result.index.roles],
  includes: [...result.project.files.values()].map((f) => [f.path, f.yaml?.includes.map((r) => [r.raw, r.span])]),
});

describe('parses kept between runs (ParseStore)', () => {
  const validator = schemaValidator();
  const projects = fs.readdirSync(CORPUS).filter((name) => fs.existsSync(path.join(CORPUS, name, 'metadata', 'version.yaml')));
  test(`every corpus project checks the same from restored parses as from parsed ones (${projects.length} projects)`, () => {
    let restored = 0;
    for (const project of projects) {
      const { root, files } = corpusProject(project);
      const host = memoryHost(files);
      const first = new ParseCache();
      const parsed = checkRoot(root, { host, cache: first, validator });
      const store = memoryStore();
      const saved = saveAll(first, store);
      const second = new ParseCache(store);
      const again = checkRoot(root, { host, cache: second, validator });
      assert.equal(second.restored, saved, project);
      assert.equal(second.parses, first.parses - saved, project);
      assert.deepEqual(plain(again), plain(parsed), project);
      restored += second.restored;
    }
    assert.ok(restored > 1300, `restored ${restored} files`);
  });

  test('what is worth storing: the files yaml parsed, not those the quick pack read (it reads them again faster than they are restored)', () => {
    const { root, files } = corpusProject('abhi40308__hasura-sample-app-ocd');
    const cache = new ParseCache();
    checkRoot(root, { host: memoryHost(files), cache, validator });
    const byYaml = cache.current().filter((file) => quickYamlFile(file.path, file.text) === undefined);
    assert.ok(byYaml.length > 0 && byYaml.length < cache.size, `${byYaml.length} of ${cache.size}`);
    assert.deepEqual(cache.storable(), byYaml);
  });

  test('what cannot be restored is parsed: anchors, errors, damaged entries', () => {
    assert.equal(toCompact(parseYamlFile('/a.yaml', 'a: &x 1\nb: *x\n').doc), undefined);
    assert.equal(toCompact(parseYamlFile('/a.yaml', 'a: [\n').doc), undefined);
    const text = 'table:\n  name: a\n  schema: public\n';
    const compact = toCompact(parseYamlFile('/a.yaml', text).doc);
    assert.ok(compact);
    assert.ok(fromCompact(compact, text));
    assert.equal(fromCompact(compact, text.slice(0, 10)), undefined, 'ranges past the end of the text');
    for (const damaged of [42, 'x', [9], [1, [0, 1, 2], false, [[1]]], [0, 'v', [5, 3, 4], 'PLAIN']])
      assert.equal(fromCompact(damaged, text), undefined, JSON.stringify(damaged));
    const cache = new ParseCache({ load: () => [7, 'garbage'], save: () => undefined });
    assert.deepEqual(cache.get('/a.yaml', text).syntax, []);
    assert.equal(cache.parses, 1);
    assert.equal(cache.restored, 0);
  });

  test('the disk store: written atomically, read back, and a damaged or foreign file is an empty store', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parse-store-'));
    const file = storeFile(['/w/a', '/w/b'], dir);
    assert.equal(file, storeFile(['/w/b', '/w/a'], dir), 'the folders in any order');
    assert.match(path.relative(dir, file), /^graphql-engine-metadata\/parses-[0-9a-f]{16}\.txt$/);
    const store = DiskParseStore.open(file);
    assert.equal(store.size, 0);
    store.save('a: 1\n', [1, [0, 5, 5], false, []]);
    await store.write();
    assert.equal(fs.statSync(file).mode & 0o777, 0o600);
    assert.deepEqual(fs.readdirSync(path.dirname(file)), [path.basename(file)], 'no temp file left');
    const reopened = DiskParseStore.open(file);
    assert.deepEqual(reopened.load('a: 1\n'), [1, [0, 5, 5], false, []]);
    assert.equal(reopened.load('a: 2\n'), undefined);
    const blocked = DiskParseStore.open(path.join(file, 'under-a-file.txt'));
    blocked.save('a: 1\n', [1, [0, 5, 5], false, []]);
    await assert.rejects(blocked.write(), /ENOTDIR|EEXIST/);
    assert.deepEqual(fs.readdirSync(path.dirname(file)), [path.basename(file)], 'a failed write leaves nothing behind');
    fs.writeFileSync(file, Buffer.from([0xff, 0x00, 0x12, 0x0a, 0x41]));
    assert.equal(DiskParseStore.open(file).size, 0);
    fs.writeFileSync(file, `graphql-metadata parse store 1\n${'a'.repeat(40)}\t[]\n`);
    assert.equal(DiskParseStore.open(file).size, 0);
    fs.writeFileSync(file, `graphql-metadata parse store 2\n${'b'.repeat(40)}\t{not json\n`);
    assert.equal(DiskParseStore.open(file).load('anything'), undefined);
  });
});
