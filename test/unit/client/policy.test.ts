import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { chooseServerUrl, isLoopbackHost, needsPlainHttpConsent, originOf, secretKey, serverLabel } from '../../../client/src/commands/policy';

describe('admin secret policy', () => {
  test('one SecretStorage key per origin: scheme, host and port, never the path', () => {
    const a = originOf('http://localhost:8080/hasura/');
    const b = originOf('http://localhost:8080');
    assert.ok(a.ok && b.ok);
    assert.equal(a.origin, 'http://localhost:8080');
    assert.equal(secretKey(a.origin), secretKey(b.origin));
    assert.equal(secretKey(a.origin), 'graphqlMetadata.adminSecret:http://localhost:8080');
    const other = originOf('https://localhost:8080');
    assert.ok(other.ok);
    assert.notEqual(secretKey(other.origin), secretKey(a.origin));
  });

  test('unusable URLs say why', () => {
    assert.deepEqual(originOf('localhost:8080'), {
      ok: false,
      message: 'The server URL "localhost:8080" has no scheme; write it as http://localhost:8080 or https://localhost:8080.',
    });
    assert.deepEqual(originOf('ftp://h'), { ok: false, message: 'The server URL must use http or https, not "ftp".' });
    assert.deepEqual(originOf('http://u:p@h'), {
      ok: false,
      message: 'The server URL must not contain a user name or password; set the admin secret instead.',
    });
    assert.deepEqual(originOf(''), { ok: false, message: 'No server URL is set.' });
  });

  test('loopback hosts', () => {
    for (const host of ['localhost', 'LOCALHOST', 'api.localhost', '127.0.0.1', '127.1.2.3', '[::1]', '::1']) assert.equal(isLoopbackHost(host), true, host);
    for (const host of ['10.0.0.1', '192.168.1.2', 'example.com', 'localhost.example.com', '127.0.0.1.nip.io', '0.0.0.0'])
      assert.equal(isLoopbackHost(host), false, host);
  });

  test('plain http needs consent only towards another machine', () => {
    assert.equal(needsPlainHttpConsent(new URL('http://db.example.com:8080')), true);
    assert.equal(needsPlainHttpConsent(new URL('http://10.1.1.1')), true);
    assert.equal(needsPlainHttpConsent(new URL('https://db.example.com')), false);
    assert.equal(needsPlainHttpConsent(new URL('http://localhost:8080')), false);
    assert.equal(needsPlainHttpConsent(new URL('http://[::1]:8080')), false);
  });

  test('the server URL: the setting, else the CLI config.yaml endpoint to offer, else none', () => {
    assert.deepEqual(chooseServerUrl(' http://a:1 ', 'http://b:2'), { url: 'http://a:1', from: 'setting' });
    assert.deepEqual(chooseServerUrl('', 'http://b:2'), { url: 'http://b:2', from: 'config.yaml' });
    assert.deepEqual(chooseServerUrl(undefined, undefined), undefined);
    assert.deepEqual(chooseServerUrl('  ', ' '), undefined);
  });

  test('the status bar label is host:port', () => {
    assert.equal(serverLabel(new URL('http://127.0.0.1:18080/x')), '127.0.0.1:18080');
    assert.equal(serverLabel(new URL('https://h.example')), 'h.example');
  });
});
