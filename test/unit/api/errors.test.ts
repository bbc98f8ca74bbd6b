import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { RequestContext } from '../../../common/api';
import { errorFromStatus, notJsonError, parseDependentObjects } from '../../../common/api';

const ctx: RequestContext = { url: 'http://127.0.0.1:9/v1/metadata?x=1', operation: 'pg_drop_relationship', api: 'metadata', roleHeader: 'X-Service-Role' };

function classify(status: number, body: unknown, context: RequestContext = ctx): ReturnType<typeof errorFromStatus> {
  const text = JSON.stringify(body);
  return errorFromStatus(context, status, text, body);
}

void describe('parseDependentObjects', () => {
  void test('current text with one object', () => {
    assert.deepEqual(parseDependentObjects('cannot drop due to the following dependent objects: permission public.article.user.select in source "default"'), [
      'permission public.article.user.select in source "default"',
    ]);
  });

  void test('older " : " variant with several objects', () => {
    assert.deepEqual(
      parseDependentObjects('cannot drop due to the following dependent objects : permission article.user.select, relationship author.articles'),
      ['permission article.user.select', 'relationship author.articles'],
    );
  });

  void test('a comma inside a quoted source name does not split', () => {
    assert.deepEqual(
      parseDependentObjects('cannot drop due to the following dependent objects: permission a.b.c.select in source "x, y", event-trigger s.t.n'),
      ['permission a.b.c.select in source "x, y"', 'event-trigger s.t.n'],
    );
  });

  void test('other messages give undefined', () => {
    assert.equal(parseDependentObjects('field with name "x" already exists'), undefined);
  });
});

void describe('errorFromStatus', () => {
  void test('dependency-error: list parsed, cascade suggested, fields kept', () => {
    const error = classify(400, {
      path: '$.args',
      error: 'cannot drop due to the following dependent objects: permission public.article.user.select in source "default"',
      code: 'dependency-error',
    });
    assert.deepEqual(error, {
      kind: 'dependency',
      message:
        'pg_drop_relationship failed: other objects depend on it: permission public.article.user.select in source "default". Retry with cascade to drop them as well.',
      url: 'http://127.0.0.1:9/v1/metadata',
      operation: 'pg_drop_relationship',
      status: 400,
      code: 'dependency-error',
      serverMessage: 'cannot drop due to the following dependent objects: permission public.article.user.select in source "default"',
      path: '$.args',
      dependents: ['permission public.article.user.select in source "default"'],
    });
  });

  void test("401 wrong secret vs missing secret (vs another 401): told apart in `secret`, no front end's advice in the message", () => {
    const wrong = classify(401, { path: '$', error: 'invalid x-hasura-admin-secret/x-hasura-access-key', code: 'access-denied' });
    assert.deepEqual([wrong.kind, wrong.secret], ['access-denied', 'rejected']);
    assert.equal(wrong.message, 'The server rejected the admin secret it was sent (401 access-denied: invalid x-hasura-admin-secret/x-hasura-access-key).');
    const missing = classify(401, { path: '$', error: 'x-hasura-admin-secret/x-hasura-access-key required, but not found', code: 'access-denied' });
    assert.equal(missing.secret, 'missing');
    assert.equal(
      missing.message,
      'The server requires an admin secret and none was sent (401 access-denied: x-hasura-admin-secret/x-hasura-access-key required, but not found).',
    );
    const other = classify(401, { path: '$', error: 'webhook denied', code: 'access-denied' });
    assert.equal(other.secret, 'refused');
    assert.equal(other.message, 'The server refused access (401 access-denied: webhook denied).');
  });

  void test('400 access-denied is a role problem and names the role header', () => {
    const error = classify(400, { path: '$.args', error: 'restricted access : admin only', code: 'access-denied' });
    assert.equal(error.kind, 'not-admin');
    assert.equal(
      error.message,
      'The server did not run pg_drop_relationship as admin: restricted access : admin only (access-denied at $.args). Send the role header "X-Service-Role: admin".',
    );
  });

  void test('409 conflict says to export again', () => {
    const error = classify(409, { path: '$', error: 'metadata resource version referenced (1) did not match current version', code: 'conflict' });
    assert.equal(error.kind, 'conflict');
    assert.equal(
      error.message,
      "pg_drop_relationship was refused: the server's metadata changed since you last exported (metadata resource version referenced (1) did not match current version (conflict at $)). Export again / diff, then retry.",
    );
  });

  void test('404 on the config API explains --enabled-apis; 404 HTML keeps a snippet', () => {
    const configCtx: RequestContext = { ...ctx, url: 'http://h/v1alpha1/config', operation: 'config', api: 'config' };
    const error = classify(404, { path: '$', error: 'resource does not exist', code: 'not-found' }, configCtx);
    assert.equal(error.kind, 'not-found');
    assert.equal(
      error.message,
      'Not found (404) at http://h/v1alpha1/config: the config API is disabled on this server (it is not in --enabled-apis / the ENABLED_APIS env var), or the server URL is wrong.',
    );
    assert.equal(error.code, 'not-found');
    const html = errorFromStatus(ctx, 404, '<html><body>Not Found</body></html>', undefined);
    assert.equal(html.kind, 'not-found');
    assert.equal(html.bodySnippet, '<html><body>Not Found</body></html>');
    assert.match(html.message, /the metadata API is disabled on this server/);
  });

  void test('500 keeps internal for details', () => {
    const error = classify(500, { path: '$', error: 'database query error', code: 'unexpected', internal: { statement: 'select 1' } });
    assert.equal(error.kind, 'server-error');
    assert.deepEqual(error.internal, { statement: 'select 1' });
    assert.equal(
      error.message,
      'The server failed with an internal error while running pg_drop_relationship: database query error (unexpected at $). See the server log.',
    );
  });

  void test('already-exists, not-exists, parse-failed, other codes', () => {
    assert.equal(classify(400, { path: '$.args', error: 'source with name "pg1" already exists', code: 'already-exists' }).kind, 'already-exists');
    const missing = classify(400, { path: '$.args', error: 'source with name "pg1" does not exist', code: 'not-exists' });
    assert.equal(missing.kind, 'not-exists');
    assert.equal(missing.message, 'pg_drop_relationship failed: source with name "pg1" does not exist (not-exists at $.args).');
    const parse = classify(400, { path: '$', error: 'unknown metadata command "x"', code: 'parse-failed' });
    assert.equal(parse.message, 'The server could not parse the pg_drop_relationship request: unknown metadata command "x" (parse-failed at $).');
    assert.equal(classify(400, { path: '$', error: 'bad', code: 'invalid-json' }).kind, 'parse-failed');
    assert.equal(classify(400, { path: '$.args', error: 'no foreign constraint exists on the given column(s)', code: 'constraint-error' }).kind, 'engine');
  });

  void test('JSON that is not an engine error, and a proxy 401 page', () => {
    const odd = errorFromStatus(ctx, 418, '{"teapot":true}', { teapot: true });
    assert.equal(odd.kind, 'unexpected-response');
    assert.equal(odd.message, 'The server answered 418 with JSON that is not an engine error: {"teapot":true}');
    const proxy = errorFromStatus(ctx, 401, '<h1>Unauthorized</h1>', undefined);
    assert.equal(proxy.kind, 'access-denied');
    assert.deepEqual([proxy.message, proxy.secret], ['The server refused access (401).', 'refused']);
  });
});

void describe('notJsonError', () => {
  void test('HTML: shows the first 200 characters', () => {
    const html = `<html>${'x'.repeat(300)}</html>`;
    const error = notJsonError(ctx, 502, html, 'text/html');
    assert.equal(error.kind, 'not-json');
    assert.equal(error.bodySnippet, `${html.slice(0, 200)}…`);
    assert.equal(
      error.message,
      `The server answered 502 (text/html) with a body that is not valid JSON: "${html.slice(0, 200)}…". Is the URL pointing at the GraphQL engine (and not at a proxy or web page)?`,
    );
  });

  void test('truncated JSON and empty bodies are named as such', () => {
    assert.equal(
      notJsonError(ctx, 200, '{"message":"suc', 'application/json').message,
      'The server answered 200 (application/json) with JSON that breaks off: "{"message":"suc". The answer was cut short on the way (by the connection or a proxy); try again.',
    );
    assert.match(notJsonError(ctx, 200, '[1, 2', undefined).message, /^The server answered 200 with JSON that breaks off: "\[1, 2"\./);
    assert.match(notJsonError(ctx, 200, '', undefined).message, /^The server answered 200 with an empty body\./);
  });
});
