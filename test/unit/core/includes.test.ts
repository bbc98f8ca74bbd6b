import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { checkRoot } from '../../../server/src/core/check';
import { ParseCache } from '../../../server/src/core/project/cache';
import { loadProject } from '../../../server/src/core/project/load';
import { markedProject } from '../helpers/marked';
import { memoryHost } from '../helpers/memoryHost';
import { assertMarked, BASE, path, ROOT } from '../helpers/project';

describe('includes', () => {
  test('a missing include is reported on the path inside the quotes', () => {
    const result = assertMarked('include-not-found', {
      'databases/default/tables/tables.yaml': '- "!include public_author.yaml"\n- "!include ⟦public_missing.yaml⟧"\n',
    });
    const f = result.findings.find((x) => x.code === 'include-not-found')!;
    assert.equal(f.message, 'The included file databases/default/tables/public_missing.yaml does not exist.');
    assert.deepEqual(f.data, { target: path('databases/default/tables/public_missing.yaml') });
  });
  test('tag form with a missing file, single-quoted form', () => {
    assertMarked('include-not-found', {
      'databases/databases.yaml':
        "- name: default\n  tables: !include ⟦default/tables/nope.yaml⟧\n- name: other\n  tables: '!include ⟦other/tables/tables.yaml⟧'\n",
    });
  });
  test('nested includes resolve relative to the including file, to any depth', () => {
    const { files } = markedProject(ROOT, {
      ...BASE,
      'databases/default/tables/public_article.yaml': `${BASE['databases/default/tables/public_article.yaml']!}select_permissions: !include perms/article.yaml\n`,
      'databases/default/tables/perms/article.yaml': '- role: user\n  permission: "!include deeper/user.yaml"\n',
      'databases/default/tables/perms/deeper/user.yaml': 'columns: [id, title]\nfilter: {}\n',
    });
    const result = checkRoot(ROOT, { host: memoryHost(files), cache: new ParseCache() });
    assert.deepEqual(
      result.findings.filter((f) => f.severity === 'error'),
      [],
    );
    const article = result.index.tables.find((t) => t.key === 'public.article')!;
    assert.deepEqual(
      article.permissions.map((p) => [p.kind, p.role.name, p.at.file]),
      [['select', 'user', path('databases/default/tables/perms/article.yaml')]],
    );
    assert.deepEqual([...article.columns.keys()].sort(), ['author_id', 'id', 'title']);
    assert.equal(article.columns.get('title')![0]!.file, path('databases/default/tables/perms/deeper/user.yaml'));
  });
  test('a cycle is reported on the include that closes it, and loading stops', () => {
    const result = assertMarked('include-cycle', {
      'databases/default/tables/tables.yaml': '- "!include public_author.yaml"\n- "!include loop.yaml"\n',
      'databases/default/tables/loop.yaml': '- "!include ⟦tables.yaml⟧"\n',
    });
    assert.equal(
      result.findings.find((f) => f.code === 'include-cycle')?.message,
      'Include cycle: databases/default/tables/tables.yaml -> databases/default/tables/loop.yaml -> databases/default/tables/tables.yaml.',
    );
  });
  test('includes outside the metadata root are reported and never read', () => {
    const { files, spans } = markedProject(ROOT, {
      ...BASE,
      'databases/default/tables/tables.yaml': '- "!include ⟦../../../../secret.yaml⟧"\n- "!include ⟦/etc/passwd⟧"\n',
    });
    const reads: string[] = [];
    const host = memoryHost({ ...files, '/p/secret.yaml': 'table: {name: x}\n' });
    const spy = { ...host, readFile: (p: string) => (reads.push(p), host.readFile(p)) };
    const result = checkRoot(ROOT, { host: spy, cache: new ParseCache() });
    const found = result.findings.filter((f) => f.code === 'include-outside-root');
    assert.deepEqual(
      found.map((f) => f.span),
      spans[path('databases/default/tables/tables.yaml')],
    );
    assert.ok(!reads.includes('/p/secret.yaml') && !reads.includes('/etc/passwd'));
  });
  test('a symlink inside the root that points outside is not followed', () => {
    const { files } = markedProject(ROOT, { ...BASE, 'databases/default/tables/tables.yaml': '- "!include ⟦link/x.yaml⟧"\n' });
    const host = memoryHost({ ...files, '/elsewhere/x.yaml': 'table: {name: x}\n' }, { links: { [path('databases/default/tables/link')]: '/elsewhere' } });
    const result = checkRoot(ROOT, { host, cache: new ParseCache() });
    assert.deepEqual(
      result.findings.filter((f) => f.severity === 'error').map((f) => f.code),
      ['include-outside-root'],
    );
  });
  test('a very deep include chain stops with include-too-deep', () => {
    const chain: Record<string, string> = {
      'databases/default/tables/public_author.yaml': 'table: {name: author, schema: public}\nselect_permissions: "!include chain/l0.yaml"\n',
    };
    for (let i = 0; i < 40; i++) chain[`databases/default/tables/chain/l${i}.yaml`] = `"!include l${i + 1}.yaml"\n`;
    chain['databases/default/tables/chain/l40.yaml'] = '[]\n';
    const { files } = markedProject(ROOT, { ...BASE, ...chain });
    const result = checkRoot(ROOT, { host: memoryHost(files), cache: new ParseCache() });
    assert.deepEqual(
      result.findings.filter((f) => f.severity === 'error').map((f) => [f.code, f.file]),
      [['include-too-deep', path('databases/default/tables/chain/l28.yaml')]],
    );
  });
  test('a missing include named many times is looked up once, each with the closest file named (fuzz case 20814 of seed 37000001)', () => {
    const lines = Array.from({ length: 2000 }, () => '- "!include public_autor.yaml"\n').join('');
    const { files } = markedProject(ROOT, { ...BASE, 'databases/default/tables/tables.yaml': lines });
    const host = memoryHost(files);
    let listings = 0;
    const counted = { ...host, readDir: (dir: string) => (dir === path('databases/default/tables') && listings++, host.readDir(dir)) };
    const result = checkRoot(ROOT, { host: counted, cache: new ParseCache() });
    const missing = result.findings.filter((f) => f.code === 'include-not-found');
    assert.equal(missing.length, 2000);
    assert.deepEqual(
      new Set(missing.map((f) => f.message)),
      new Set(['The included file databases/default/tables/public_autor.yaml does not exist. Did you mean `public_author.yaml`?']),
    );
    // Once for the closest file, once for the orphan table files.
    assert.equal(listings, 2);
  });
  test('a binary include target and an over-size one are reported at the include', () => {
    const { files } = markedProject(ROOT, {
      ...BASE,
      'databases/default/tables/tables.yaml': '- "!include public_author.yaml"\n- "!include big.yaml"\n- "!include bin.yaml"\n',
    });
    const host = memoryHost(
      { ...files, [path('databases/default/tables/big.yaml')]: 'x'.repeat(2000), [path('databases/default/tables/bin.yaml')]: new Uint8Array([0, 1, 2]) },
      { maxBytes: 1500 },
    );
    const result = checkRoot(ROOT, { host, cache: new ParseCache() });
    const unreadable = result.findings.filter((f) => f.code === 'file-unreadable');
    assert.deepEqual(
      unreadable.map((f) => f.message),
      [
        'databases/default/tables/big.yaml is 2000 bytes, over the 1500-byte limit; it is not read.',
        'databases/default/tables/bin.yaml is not a UTF-8 text file (it contains NUL bytes); it is not read.',
      ],
    );
  });
});

describe('parse cache', () => {
  test('re-loading after one file changes re-parses only that file', () => {
    const { files } = markedProject(ROOT, BASE);
    const cache = new ParseCache();
    loadProject(ROOT, memoryHost(files), cache);
    const first = cache.parses;
    assert.equal(first, Object.keys(BASE).length);
    files[path('databases/default/tables/public_article.yaml')] += 'is_enum: false\n';
    loadProject(ROOT, memoryHost(files), cache);
    assert.equal(cache.parses, first + 1);
  });
});

describe('YAML syntax', () => {
  test('a syntax error is reported at its position and other files are still checked', () => {
    const result = assertMarked('yaml-syntax', {
      'databases/default/tables/public_author.yaml': 'table:\n  name: author\n  schema: public\n ⟦bad⟧: indent\n',
      'allow_list.yaml': '- collection: ghost\n',
    });
    assert.ok(result.findings.some((f) => f.code === 'allow-list-unknown-collection'));
  });
  test('duplicate keys have their own code', () => {
    assertMarked('yaml-duplicate-key', { 'databases/default/tables/public_author.yaml': 'table:\n  name: author\n  schema: public\n⟦table⟧: {name: x}\n' });
  });
});
