import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { buildHeaders, displayUrl, endpointUrl, parseBaseUrl, resolveHeaderNames } from '../../../common/api';

void describe('headers', () => {
  void test('spec dialect: X-Service-Role admin, JSON content type, no secret when none is set', () => {
    assert.deepEqual(buildHeaders('spec', {}, true, undefined), { 'Content-Type': 'application/json', 'X-Service-Role': 'admin' });
  });

  void test('spec dialect with a secret: the secret header defaults to x-hasura-admin-secret', () => {
    assert.deepEqual(buildHeaders('spec', {}, true, 's3cret'), {
      'Content-Type': 'application/json',
      'X-Service-Role': 'admin',
      'x-hasura-admin-secret': 's3cret',
    });
  });

  void test('engine dialect: x-hasura-role; GET requests carry no content type', () => {
    assert.deepEqual(buildHeaders('engine', {}, false, 'k'), { 'x-hasura-role': 'admin', 'x-hasura-admin-secret': 'k' });
  });

  void test('every header name is an option; an empty secret is not sent', () => {
    const options = { roleHeader: 'X-Role', role: 'boss', adminSecretHeader: 'X-Admin-Key', extra: { 'X-Request-Id': 'r1' } };
    assert.deepEqual(buildHeaders('spec', options, true, ''), { 'X-Request-Id': 'r1', 'Content-Type': 'application/json', 'X-Role': 'boss' });
    assert.deepEqual(resolveHeaderNames('engine', options), { roleHeader: 'X-Role', role: 'boss', adminSecretHeader: 'X-Admin-Key' });
  });
});

void describe('base URL', () => {
  const endpoint = (base: string, path: string): string => {
    const parsed = parseBaseUrl(base);
    assert.ok(parsed.ok, `expected ${base} to parse`);
    return endpointUrl(parsed.url, path).href;
  };

  void test('with or without a trailing slash, with a path prefix', () => {
    assert.equal(endpoint('http://localhost:8080', 'v1/metadata'), 'http://localhost:8080/v1/metadata');
    assert.equal(endpoint('http://localhost:8080/', 'v1/metadata'), 'http://localhost:8080/v1/metadata');
    assert.equal(endpoint('https://example.com/hasura/', 'v1alpha1/config'), 'https://example.com/hasura/v1alpha1/config');
    assert.equal(endpoint('https://example.com/hasura//', '/v1/metadata'), 'https://example.com/hasura/v1/metadata');
    assert.equal(endpoint('  http://h:1/?x=1#frag ', 'v1/metadata'), 'http://h:1/v1/metadata');
  });

  void test('rejects other schemes, credentials, junk and empty', () => {
    assert.deepEqual(parseBaseUrl('ftp://h/'), { ok: false, message: 'The server URL must use http or https, not "ftp".' });
    assert.deepEqual(parseBaseUrl('file:///etc/passwd'), { ok: false, message: 'The server URL must use http or https, not "file".' });
    assert.deepEqual(parseBaseUrl('http://user:pw@h/'), {
      ok: false,
      message: 'The server URL must not contain a user name or password; set the admin secret instead.',
    });
    assert.deepEqual(parseBaseUrl('localhost:8080'), {
      ok: false,
      message: 'The server URL "localhost:8080" has no scheme; write it as http://localhost:8080 or https://localhost:8080.',
    });
    assert.deepEqual(parseBaseUrl('http://exa mple.com'), {
      ok: false,
      message: 'The server URL "http://exa mple.com" is not a valid URL (expected e.g. http://localhost:8080).',
    });
    assert.deepEqual(parseBaseUrl(' '), { ok: false, message: 'No server URL is set.' });
  });

  void test('displayUrl drops query strings and credentials', () => {
    assert.equal(displayUrl('https://u:p@evil.example:444/path?token=abc#x'), 'https://evil.example:444/path');
  });
});
