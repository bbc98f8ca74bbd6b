import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, test } from 'node:test';
import { checkRoot } from '../../../server/src/core/check';
import type { RootResult } from '../../../server/src/core/check';
import type { FileSystemHost } from '../../../server/src/core/host';
import { ParseCache } from '../../../server/src/core/project/cache';
import { IndexMemo } from '../../../server/src/core/project/index/memo';
import { RootSession } from '../../../server/src/core/session';
import { memoryHost } from '../helpers/memoryHost';
import { CORPUS, corpusProject } from '../helpers/corpus';
import { BASE, path as inRoot, ROOT, schemaValidator } from '../helpers/project';

const validator = schemaValidator();

/** A seeded PRNG (mulberry32), so every run makes the same edits. */
function random(seed: number): (n: number) => number {
  let a = seed;
  return (n) => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
  };
}

type Files = Record<string, string>;
type Edit = (files: Files, pick: (n: number) => number, original: Readonly<Files>) => string | undefined;

const lineEdit =
  (change: (lines: string[], at: number) => void): Edit =>
  (files, pick) => {
    const paths = Object.keys(files).filter((p) => /\.(ya?ml|graphql)$/.test(p));
    const file = paths[pick(paths.length)]!;
    const lines = files[file]!.split('\n');
    change(lines, pick(lines.length));
    files[file] = lines.join('\n');
    return file;
  };

/** The edits a user makes: each returns the path it changed (created or deleted). */
const EDITS: Record<string, Edit> = {
  appendToLine: lineEdit((lines, at) => (lines[at] = `${lines[at]}x`)),
  deleteLine: lineEdit((lines, at) => lines.splice(at, 1)),
  duplicateLine: lineEdit((lines, at) => lines.splice(at, 0, lines[at]!)),
  commentOnTop: lineEdit((lines) => lines.unshift('# moved down a line')),
  renameKey: lineEdit((lines, at) => (lines[at] = lines[at]!.replace(/(\w+):/, '$1_renamed:'))),
  revert: (files, pick, original) => {
    const changed = Object.keys(original).filter((p) => files[p] !== original[p]);
    const file = changed[pick(changed.length)];
    if (file === undefined) return undefined;
    files[file] = original[file]!;
    return file;
  },
  deleteTableFile: (files, pick) => {
    const tables = Object.keys(files).filter((p) => /\/tables\/[^/]+\.yaml$/.test(p) && !p.endsWith('tables.yaml'));
    const file = tables[pick(tables.length)];
    if (file !== undefined) delete files[file];
    return file;
  },
  newOrphanTable: (files, pick) => {
    const dirs = [
      ...new Set(
        Object.keys(files)
          .filter((p) => p.endsWith('/tables/tables.yaml'))
          .map((p) => path.dirname(p)),
      ),
    ];
    const dir = dirs[pick(dirs.length)];
    if (dir === undefined) return undefined;
    const file = path.join(dir, `public_new_${pick(1000)}.yaml`);
    files[file] = 'table:\n  name: brand_new\n  schema: public\n';
    return file;
  },
};

/** What a check found, and the index facts rules and features read, as plain data. */
function summary(result: RootResult): unknown {
  const { index } = result;
  return {
    findings: result.findings,
    tables: index.tables.map((t) => ({
      source: t.source,
      key: t.key,
      file: t.at.file,
      include: t.includeLoc,
      rel: t.relationships.map((r) => [r.kind, r.name, r.target]),
      perm: t.permissions.map((p) => [p.kind, p.role]),
      columns: [...t.columns],
    })),
    keys: [...index.tableKeys],
    roles: [...index.roles],
    parts: [index.collections, index.allowList, index.inheritedRoles, index.remoteSchemas, index.cronTriggers, index.actions, index.restEndpoints].map((list) =>
      list.map((e) => ('name' in e ? e.name : 'collection' in e ? e.collection : e.role)),
    ),
    sources: index.sources.map((s) => [s.name, s.kind, s.tables.length]),
  };
}

function fullCheck(root: string, host: FileSystemHost): RootResult {
  return checkRoot(root, { host, cache: new ParseCache(), validator });
}

function replay(project: string, seed: number, steps: number): void {
  const { root, files: original } = corpusProject(project);
  const files: Files = { ...original };
  const host = memoryHost(files);
  const session = new RootSession(root, { host, cache: new ParseCache(), validator, memo: new IndexMemo() });
  assert.deepEqual(summary(session.check()), summary(fullCheck(root, host)));
  const pick = random(seed);
  const kinds = Object.keys(EDITS);
  for (let step = 0; step < steps; step++) {
    const kind = kinds[pick(kinds.length)]!;
    const changed = EDITS[kind]!(files, pick, original);
    if (changed === undefined) continue;
    const incremental = session.check([changed]);
    assert.deepEqual(summary(incremental), summary(fullCheck(root, host)), `${project}, step ${step}: ${kind} of ${path.relative(root, changed)}`);
  }
}

describe('RootSession: a check after an edit equals a check from scratch', () => {
  const projects = fs.readdirSync(CORPUS).filter((name) => fs.existsSync(path.join(CORPUS, name, 'metadata', 'version.yaml')));
  for (const [i, project] of projects.entries()) {
    test(project, () => replay(project, 1000 + i, project === '5stackgg__api' ? 25 : 10));
  }
});

/** A host that counts what is read. */
function counting(host: FileSystemHost): FileSystemHost & { reads: string[] } {
  const reads: string[] = [];
  return { reads, readFile: (p) => (reads.push(p), host.readFile(p)), readDir: (p) => host.readDir(p), realPath: (p) => host.realPath(p) };
}

describe('RootSession: what an edit costs', () => {
  test('a table file edit reads and parses that file only, and re-runs only the rules of that table and of the table list', () => {
    const { root, files } = corpusProject('5stackgg__api');
    const host = counting(memoryHost(files));
    const cache = new ParseCache();
    const session = new RootSession(root, { host, cache, validator });
    session.check();
    const table = path.join(root, 'databases/default/tables/public_matches.yaml');
    const [parses, runs] = [cache.parses, session.ruleRuns];
    host.reads.length = 0;
    files[table] = files[table]!.replace('select_permissions:', 'select_permissions:\n  - role: auditor\n    permission: {columns: [id], filter: {}}');
    const result = session.check([table]);
    assert.deepEqual(host.reads, [table]);
    assert.equal(cache.parses - parses, 1);
    // The 8 per-table rules on public_matches, table-duplicate (it reads the table list) and the
    // inherited-role rule (the permission brings a new role name, auditor).
    assert.equal(session.ruleRuns - runs, 10);
    assert.deepEqual(summary(result), summary(fullCheck(root, host)));
    assert.ok(result.index.roles.get('auditor')?.some((use) => use.via === 'select permission on public.matches'));
  });

  test('an edit that changes nothing re-runs nothing and keeps the result objects', () => {
    const { root, files } = corpusProject('hasura__hasura-ecommerce');
    const session = new RootSession(root, { host: memoryHost(files), cache: new ParseCache(), validator });
    const first = session.check();
    const runs = session.ruleRuns;
    const again = session.check([path.join(root, 'actions.yaml')]);
    assert.equal(session.ruleRuns, runs);
    assert.equal(again.index, first.index);
    assert.equal(again.project, first.project);
  });

  test('a loading finding of an edited file follows its include (a missing table file, then lines added above)', () => {
    const { root, files } = corpusProject('hasura__hasura-ecommerce');
    const host = memoryHost(files);
    const session = new RootSession(root, { host, cache: new ParseCache(), validator });
    const tables = Object.keys(files).find((p) => p.endsWith('/tables/tables.yaml'))!;
    const gone = path.join(path.dirname(tables), /"!include (\S+?)"/.exec(files[tables]!)![1]!);
    delete files[gone];
    const missing = session.check([gone]).findings.filter((f) => f.code === 'include-not-found');
    assert.equal(missing.length, 1);
    files[tables] = `# two lines\n# on top\n${files[tables]!}`;
    const moved = session.check([tables]).findings.filter((f) => f.code === 'include-not-found');
    assert.deepEqual(
      moved.map((f) => f.span.start - missing[0]!.span.start),
      [21],
    );
    assert.deepEqual(summary(session.check([tables])), summary(fullCheck(root, host)));
  });
});

describe('RootSession: files outside the project', () => {
  test('a YAML file no include names and no loader looks for is not read; a missing include target that appears is', () => {
    const { root, files } = corpusProject('hasura__hasura-ecommerce');
    const host = counting(memoryHost(files));
    const session = new RootSession(root, { host, cache: new ParseCache(), validator });
    const first = session.check();
    const notes = path.join(root, 'notes.yaml');
    files[notes] = 'anything: [at all\n';
    host.reads.length = 0;
    assert.equal(session.check([notes]).project, first.project);
    assert.deepEqual(host.reads, []);

    const tables = Object.keys(files).find((p) => p.endsWith('/tables/tables.yaml'))!;
    const gone = path.join(path.dirname(tables), /"!include (\S+?)"/.exec(files[tables]!)![1]!);
    const text = files[gone]!;
    delete files[gone];
    assert.deepEqual(
      session
        .check([gone])
        .findings.filter((f) => f.code === 'include-not-found')
        .map((f) => f.data?.['target']),
      [gone],
    );
    files[gone] = text;
    const back = session.check([gone]);
    assert.deepEqual(
      back.findings.filter((f) => f.code === 'include-not-found'),
      [],
    );
    assert.deepEqual(summary(back), summary(fullCheck(root, host)));
  });
});

describe('RootSession: a table file two sources track', () => {
  test('an edit of it is seen in both sources, as a check from scratch sees it', () => {
    const files: Record<string, string> = Object.fromEntries(Object.entries(BASE).map(([rel, text]) => [inRoot(rel), text]));
    const databases = inRoot('databases/databases.yaml');
    files[databases] = `${files[databases]!}${files[databases]!.replace('- name: default', '- name: second')}`;
    const host = memoryHost(files);
    const session = new RootSession(ROOT, { host, cache: new ParseCache(), validator });
    assert.equal(session.check().index.tables.length, 4);
    const author = inRoot('databases/default/tables/public_author.yaml');
    files[author] = files[author]!.replace('- role: user', '- role: editor');
    const result = session.check([author]);
    assert.deepEqual(
      result.index.tables.filter((t) => t.key === 'public.author').map((t) => [t.source, t.permissions.map((p) => p.role.name)]),
      [
        ['default', ['editor']],
        ['second', ['editor']],
      ],
    );
    assert.deepEqual(summary(result), summary(fullCheck(ROOT, host)));
  });
});

describe('RootSession: a folder event', () => {
  test('a deleted folder of included files is seen, though the event names only the folder', () => {
    const files: Record<string, string> = Object.fromEntries(Object.entries(BASE).map(([rel, text]) => [inRoot(rel), text]));
    files[inRoot('query_collections.yaml')] = '- name: shared\n  definition: "!include fragments/definition.yaml"\n';
    files[inRoot('fragments/definition.yaml')] = 'queries:\n  - name: q\n    query: "query { a }"\n';
    const host = memoryHost(files);
    const session = new RootSession(ROOT, { host, cache: new ParseCache(), validator });
    assert.deepEqual(
      session.check().findings.filter((f) => f.code === 'include-not-found'),
      [],
    );
    delete files[inRoot('fragments/definition.yaml')];
    const result = session.check([inRoot('fragments')]);
    assert.deepEqual(
      result.findings.filter((f) => f.code === 'include-not-found').map((f) => f.file),
      [inRoot('query_collections.yaml')],
    );
    assert.deepEqual(summary(result), summary(fullCheck(ROOT, host)));
  });
});
