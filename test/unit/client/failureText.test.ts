import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { applyFailureMessage, changeFailureMessage, isAboutTheMetadata } from '../../../client/src/commands/failureText';
import type { ApiError, ApiErrorKind } from '../../../common/api/errors';

const error = (kind: ApiErrorKind, message: string, extra: Partial<ApiError> = {}): ApiError => ({
  kind,
  message,
  url: 'http://h:1/v1/metadata',
  operation: 'rename_source',
  ...extra,
});
const TIMEOUT = 'No answer from http://h:1/v1/metadata after 1000 ms: the request timed out. Check that the server is up, or raise the timeout.';

void describe('changeFailureMessage', () => {
  void test('a refusal is the error alone: nothing happened', () => {
    assert.equal(changeFailureMessage(error('already-exists', 'rename_source failed: x.')), 'rename_source failed: x.');
    assert.equal(changeFailureMessage(error('network', 'Could not reach h.', { code: 'ECONNREFUSED' })), 'Could not reach h.');
  });

  void test('a timeout or a broken connection may have changed the server: the user is told to diff', () => {
    assert.equal(
      changeFailureMessage(error('timeout', TIMEOUT, { timeoutMs: 1000 })),
      `${TIMEOUT} The server may have made the change all the same; the local files were not changed. Run Diff With Server to see whether they differ.`,
    );
    assert.equal(
      changeFailureMessage(
        error('network', 'Could not reach h (UND_ERR_SOCKET: other side closed): the connection closed before an answer came.', { code: 'UND_ERR_SOCKET' }),
      ),
      'Could not reach h (UND_ERR_SOCKET: other side closed): the connection closed before an answer came. The server may have made the change all the same; the local files were not changed. Run Diff With Server to see whether they differ.',
    );
  });

  void test('an unreadable 200 probably changed the server', () => {
    assert.equal(
      changeFailureMessage(error('not-json', 'The server answered 200 with JSON that breaks off.', { status: 200 })),
      'The server answered 200 with JSON that breaks off. The server answered 200, so it probably made the change; the local files were not changed. Run Diff With Server to see whether they differ.',
    );
  });
});

void describe('applyFailureMessage', () => {
  void test('says whether anything was applied', () => {
    assert.equal(
      applyFailureMessage(error('access-denied', 'The server rejected the admin secret.', { status: 401 }), 'hasura/metadata', 'h:1'),
      'The server rejected the admin secret. Nothing was applied to h:1.',
    );
    assert.equal(
      applyFailureMessage(error('timeout', TIMEOUT), 'hasura/metadata', 'h:1'),
      `${TIMEOUT} The server may have applied hasura/metadata all the same: run Diff With Server to see whether it did.`,
    );
    assert.equal(
      applyFailureMessage(error('not-json', 'Cut.', { status: 200 }), 'hasura/metadata', 'h:1'),
      'Cut. The server answered 200, so it probably applied hasura/metadata: run Diff With Server to see whether it did.',
    );
  });
});

void describe('isAboutTheMetadata', () => {
  void test('content errors are placed on the lines; access, route and transport errors are not', () => {
    for (const kind of ['parse-failed', 'engine', 'already-exists', 'not-exists', 'dependency'] as const)
      assert.equal(isAboutTheMetadata(error(kind, 'm')), true, kind);
    for (const kind of ['access-denied', 'not-admin', 'not-found', 'conflict', 'timeout', 'network', 'not-json', 'redirect', 'cancelled'] as const)
      assert.equal(isAboutTheMetadata(error(kind, 'm')), false, kind);
    assert.equal(isAboutTheMetadata(error('server-error', 'm', { status: 500 })), false);
    assert.equal(isAboutTheMetadata(error('server-error', 'm', { status: 500, internal: [{ type: 'table' }] })), true);
  });
});
