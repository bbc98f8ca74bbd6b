import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { checkRoot } from '../../../server/src/core/check';
import { planModel, resolveSourceUrl, sourceConnections, sourceForBareUrl } from '../../../server/src/core/db/connection';
import type { EnvLookup, SourceConnection } from '../../../server/src/core/db/connection';
import { ParseCache } from '../../../server/src/core/project/cache';
import { memoryHost } from '../helpers/memoryHost';
import { FROM_ENV, MSSQL, sourceEntry } from '../helpers/sources';

const DATABASES = [
  sourceEntry('default', 'postgres', FROM_ENV),
  sourceEntry('plain', 'postgres', 'database_url: postgres://app:pw@db:5432/plain'),
  sourceEntry(
    'params',
    'citus',
    'database_url:\n  connection_parameters:\n    host: "::1"\n    port: 6543\n    username: app user\n    password: "p@ss/w:rd"\n    database: shop',
  ),
  sourceEntry('dynamic', 'postgres', 'database_url:\n  dynamic_from_file: /run/db-url'),
  '- name: bare\n  kind: postgres\n  configuration: {}\n  tables: []\n',
  sourceEntry('mssql_src', 'mssql', MSSQL),
].join('');

function connections(databases = DATABASES): SourceConnection[] {
  const host = memoryHost({ '/p/metadata/version.yaml': 'version: 3\n', '/p/metadata/databases/databases.yaml': databases });
  const result = checkRoot('/p/metadata', { host, cache: new ParseCache() });
  return sourceConnections(result.index.sources);
}

const noEnv: EnvLookup = () => undefined;

describe('database URLs from databases.yaml', () => {
  test('each form, with the database_url value as the place to report at', () => {
    const list = connections();
    assert.deepEqual(
      list.map((c) => [c.source, c.kind, c.config]),
      [
        ['default', 'postgres', { kind: 'env', variable: 'PG_DATABASE_URL' }],
        ['plain', 'postgres', { kind: 'url', url: 'postgres://app:pw@db:5432/plain' }],
        ['params', 'citus', { kind: 'params', host: '::1', port: '6543', user: 'app user', password: 'p@ss/w:rd', database: 'shop' }],
        ['dynamic', 'postgres', { kind: 'unsupported', what: '`dynamic_from_file`' }],
        ['bare', 'postgres', { kind: 'none' }],
        ['mssql_src', 'mssql', { kind: 'none' }],
      ],
    );
    const plain = list[1]!;
    assert.equal(DATABASES.slice(plain.span.start, plain.span.end), 'postgres://app:pw@db:5432/plain');
    const bare = list[4]!;
    assert.equal(DATABASES.slice(bare.span.start, bare.span.end), 'bare');
    assert.equal(plain.file, '/p/metadata/databases/databases.yaml');
  });

  test('resolution order: explicit URL, then databases.yaml; from_env through the lookup', () => {
    const [env, plain, params, dynamic, bare] = connections();
    const explicit = { urls: { plain: 'postgres://x@override/db' }, from: '--database' };
    const lookup: EnvLookup = (name) => (name === 'PG_DATABASE_URL' ? { value: 'postgres://e@h/d', where: '.env' } : undefined);
    assert.deepEqual(resolveSourceUrl(plain!, explicit, lookup), { kind: 'url', url: 'postgres://x@override/db', from: '--database' });
    assert.deepEqual(resolveSourceUrl(plain!, undefined, lookup), { kind: 'url', url: 'postgres://app:pw@db:5432/plain', from: 'databases.yaml' });
    assert.deepEqual(resolveSourceUrl(env!, explicit, lookup), { kind: 'url', url: 'postgres://e@h/d', from: 'PG_DATABASE_URL (.env)' });
    assert.deepEqual(resolveSourceUrl(env!, undefined, noEnv), { kind: 'none', why: "PG_DATABASE_URL is not set in the environment or the project's .env" });
    assert.deepEqual(resolveSourceUrl(params!, undefined, noEnv), {
      kind: 'url',
      url: 'postgres://app%20user:p%40ss%2Fw%3Ard@[::1]:6543/shop',
      from: 'databases.yaml (connection_parameters)',
    });
    assert.deepEqual(resolveSourceUrl(dynamic!, undefined, noEnv), { kind: 'none', why: 'databases.yaml gives `dynamic_from_file`, which is not read here' });
    assert.deepEqual(resolveSourceUrl(bare!, undefined, noEnv), { kind: 'none', why: 'databases.yaml gives no database_url' });
    assert.deepEqual(resolveSourceUrl(bare!, { urls: { bare: '  ' }, from: 'x' }, noEnv), { kind: 'none', why: 'databases.yaml gives no database_url' });
  });

  test('plan: auto is live with a URL, else migrations; live without one is off with the reason; off; other kinds', () => {
    const url = { kind: 'url', url: 'postgres://h/d', from: 'databases.yaml' } as const;
    const none = { kind: 'none', why: 'PG_DATABASE_URL is not set' } as const;
    assert.deepEqual(planModel('auto', 'postgres', url), { use: 'live', url: 'postgres://h/d', from: 'databases.yaml' });
    assert.deepEqual(planModel('auto', 'postgres', none), { use: 'migrations' });
    assert.deepEqual(planModel('migrations', 'postgres', url), { use: 'migrations' });
    assert.deepEqual(planModel('live', 'citus', none), { use: 'off', status: 'live: no database URL (PG_DATABASE_URL is not set)' });
    assert.deepEqual(planModel('off', 'postgres', url), { use: 'off', status: 'off' });
    assert.deepEqual(planModel('auto', 'mssql', url), { use: 'off', status: 'no model for mssql sources' });
  });

  test('a URL without a source name goes to default, else to the only Postgres source', () => {
    assert.deepEqual(sourceForBareUrl(connections()), { source: 'default' });
    const two = DATABASES.split('- name: ')
      .slice(2, 4)
      .map((s) => `- name: ${s}`)
      .join('');
    assert.deepEqual(sourceForBareUrl(connections(two)), {
      problem: 'the project has several Postgres sources (plain, params) and none is named `default`: give --database SOURCE=URL for each',
    });
    const one = DATABASES.split('- name: ')
      .slice(2, 3)
      .map((s) => `- name: ${s}`)
      .join('');
    assert.deepEqual(sourceForBareUrl(connections(one)), { source: 'plain' });
    const mssql = `- name: mssql_src${DATABASES.split('- name: mssql_src')[1]!}`;
    assert.deepEqual(sourceForBareUrl(connections(mssql)), { problem: 'the project has no Postgres source to connect the database URL to' });
  });
});
