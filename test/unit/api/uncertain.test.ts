import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { ApiError, ApiErrorKind } from '../../../common/api';
import { mayHaveRun } from '../../../common/api';

const error = (kind: ApiErrorKind, extra: Partial<ApiError> = {}): ApiError => ({
  kind,
  message: 'm',
  url: 'http://h/v1/metadata',
  operation: 'pg_drop_relationship',
  ...extra,
});

void describe('mayHaveRun', () => {
  void test('no answer: a timeout, a cancel or a connection that broke may have run it', () => {
    assert.equal(mayHaveRun(error('timeout', { timeoutMs: 1000 })), 'maybe');
    assert.equal(mayHaveRun(error('cancelled')), 'maybe');
    assert.equal(mayHaveRun(error('network', { code: 'UND_ERR_SOCKET' })), 'maybe');
    assert.equal(mayHaveRun(error('network', { code: 'ECONNRESET' })), 'maybe');
    assert.equal(mayHaveRun(error('network')), 'maybe');
  });

  void test('never sent: refused connections, unknown hosts, TLS failures', () => {
    for (const code of [
      'ECONNREFUSED',
      'ENOTFOUND',
      'EAI_AGAIN',
      'EHOSTUNREACH',
      'UND_ERR_CONNECT_TIMEOUT',
      'CERT_HAS_EXPIRED',
      'DEPTH_ZERO_SELF_SIGNED_CERT',
    ]) {
      assert.equal(mayHaveRun(error('network', { code })), 'no', code);
    }
    assert.equal(mayHaveRun(error('invalid-url')), 'no');
    assert.equal(mayHaveRun(error('secret-unavailable')), 'no');
  });

  void test('an unreadable success probably ran it; a gateway error may have; other answers did not', () => {
    assert.equal(mayHaveRun(error('not-json', { status: 200 })), 'probably');
    assert.equal(mayHaveRun(error('unexpected-response', { status: 201 })), 'probably');
    assert.equal(mayHaveRun(error('not-json', { status: 502 })), 'maybe');
    assert.equal(mayHaveRun(error('not-json', { status: 504 })), 'maybe');
    assert.equal(mayHaveRun(error('not-json', { status: 503 })), 'no');
    assert.equal(mayHaveRun(error('unexpected-response', { status: 418 })), 'no');
  });

  void test('the engine refused it, or another server answered: not run', () => {
    for (const kind of [
      'redirect',
      'access-denied',
      'not-admin',
      'not-found',
      'conflict',
      'dependency',
      'already-exists',
      'not-exists',
      'parse-failed',
      'server-error',
      'engine',
    ] as const) {
      assert.equal(mayHaveRun(error(kind, { status: 400 })), 'no', kind);
    }
  });
});
