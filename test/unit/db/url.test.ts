import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { describeUrl, parsePostgresUrl, redactPasswords } from '../../../server/src/core/db/url';

describe('postgres URLs', () => {
  test('parts of a URL with a percent-encoded password, port and database', () => {
    const parts = parsePostgresUrl('postgresql://app%20user:p%40ss%3Aw%2Frd@db.example.com:6543/shop%2Fmain?sslmode=require');
    assert.deepEqual(parts, {
      user: 'app user',
      password: 'p@ss:w/rd',
      hosts: 'db.example.com:6543',
      database: 'shop/main',
      rawPasswords: ['p%40ss%3Aw%2Frd'],
    });
  });

  test('a raw @ in the password: the user info ends at the last @ before the query', () => {
    assert.deepEqual(parsePostgresUrl('postgres://u:a@b@h:5432/d'), { user: 'u', password: 'a@b', hosts: 'h:5432', database: 'd', rawPasswords: ['a@b'] });
  });

  test('?password= in the query string wins over none in the user info', () => {
    const parts = parsePostgresUrl('postgres://u@h/d?sslmode=disable&password=q%26s');
    assert.equal(parts?.password, 'q&s');
    assert.deepEqual(parts?.rawPasswords, ['q%26s']);
  });

  test('not a postgres URL', () => {
    assert.equal(parsePostgresUrl('mysql://u:p@h/d'), undefined);
    assert.equal(describeUrl('mysql://u:p@h/d'), 'a URL that is not postgres://');
  });

  test('describeUrl shows host and database, never user or password', () => {
    assert.equal(describeUrl('postgres://admin:secret@db.example.com:5432/app'), 'db.example.com:5432/app');
    assert.equal(describeUrl('postgres://admin:secret@/app?host=/var/run/postgresql'), 'localhost/app');
  });
});

describe('redactPasswords', () => {
  const cases: [string, string][] = [
    ['plain', 'postgres://u:hunter2@h/d'],
    ['special characters, percent-encoded', 'postgres://u:p%40%3A%2F%3F%23%26%3D%20%C3%A9x@h:5432/d'],
    ['special characters written raw', 'postgres://u:p@:é#x&@h/d'],
    ['query-string form', 'postgres://u@h/d?sslmode=require&password=S3cr%2Bet'],
  ];
  for (const [name, url] of cases) {
    test(`${name}: no spelling of the password survives`, () => {
      const parts = parsePostgresUrl(url)!;
      const raw = parts.rawPasswords[0]!;
      const decoded = parts.password!;
      const text = `connect ${url} failed; password ${decoded} / ${raw} / ${encodeURIComponent(decoded)} rejected`;
      const out = redactPasswords(text, [url]);
      for (const s of [raw, decoded, encodeURIComponent(decoded)]) assert.equal(out.includes(s), false, `${JSON.stringify(s)} in ${out}`);
      assert.match(out, /\*\*\*/);
      assert.match(out, /rejected$/);
    });
  }

  test('exact output: the user info password of the URL and its decoded form', () => {
    const url = 'postgres://app:p%40ss@db:5432/shop';
    assert.equal(redactPasswords(`url ${url} password p@ss`, [url]), 'url postgres://app:***@db:5432/shop password ***');
  });

  test('URLs it was not told about: user info and password= are masked', () => {
    assert.equal(
      redactPasswords('tried postgresql://bob:t0p$ecret@10.0.0.1/x and host=h password=abc&user=bob then "postgres://a:b@c/d"'),
      'tried postgresql://bob:***@10.0.0.1/x and host=h password=***&user=bob then "postgres://a:***@c/d"',
    );
  });

  test('a text without secrets is unchanged', () => {
    const text = 'connect ECONNREFUSED 127.0.0.1:5432';
    assert.equal(redactPasswords(text, ['postgres://u@h/d']), text);
  });
});
