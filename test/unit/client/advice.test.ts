import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { errorClass, errorFromStatus, withAdvice } from '../../../common/api/errors';
import type { ApiErrorKind } from '../../../common/api/errors';
import { extensionAdvice } from '../../../client/src/commands/advice';
import { statusOfError } from '../../../client/src/commands/outcome';

const ctx = { url: 'http://localhost:8080/v1/metadata', operation: 'export_metadata', api: 'metadata' as const, roleHeader: 'X-Hasura-Role' };
const denied = (error: string): ReturnType<typeof errorFromStatus> => errorFromStatus(ctx, 401, '', { code: 'access-denied', error, path: '$' });

void describe("the extension's advice and outcomes follow the API module's classification", () => {
  void test('each 401 points at the Set Admin Secret command in its own words', () => {
    assert.equal(
      withAdvice(denied('x-hasura-admin-secret/x-hasura-access-key required, but not found'), extensionAdvice).message,
      "The server requires an admin secret and none was sent (401 access-denied: x-hasura-admin-secret/x-hasura-access-key required, but not found). Set it with the command 'GraphQL Metadata: Set Admin Secret'.",
    );
    assert.equal(
      withAdvice(denied('invalid x-hasura-admin-secret/x-hasura-access-key'), extensionAdvice).message,
      "The server rejected the admin secret it was sent (401 access-denied: invalid x-hasura-admin-secret/x-hasura-access-key). Set the right one with the command 'GraphQL Metadata: Set Admin Secret'.",
    );
    assert.equal(
      withAdvice(denied('webhook denied'), extensionAdvice).message,
      "The server refused access (401 access-denied: webhook denied). Set the admin secret with the command 'GraphQL Metadata: Set Admin Secret'.",
    );
  });

  void test('a non-admin role names the setting; other errors get no advice', () => {
    const notAdmin = errorFromStatus(ctx, 400, '', { code: 'access-denied', error: 'restricted access : admin only', path: '$.args' });
    assert.equal(
      withAdvice(notAdmin, extensionAdvice).message,
      'The server did not run export_metadata as admin: restricted access : admin only (access-denied at $.args). Send the role header "X-Hasura-Role: admin". Check the graphqlMetadata.server.dialect setting and the role header name.',
    );
    const conflict = errorFromStatus(ctx, 409, '', { code: 'conflict', error: 'metadata changed', path: '$' });
    assert.equal(withAdvice(conflict, extensionAdvice), conflict);
  });

  void test('outcome: engine answers are refused, not reaching it failed, as errorClass says', () => {
    const kinds: [ApiErrorKind, string, string][] = [
      ['network', 'unreachable', 'failed'],
      ['not-json', 'unreachable', 'failed'],
      ['cancelled', 'cancelled', 'cancelled'],
      ['access-denied', 'denied', 'refused'],
      ['not-found', 'denied', 'refused'],
      ['server-error', 'engine-failed', 'refused'],
      ['dependency', 'refused', 'refused'],
      ['engine', 'refused', 'refused'],
    ];
    assert.deepEqual(
      kinds.map(([kind]) => [kind, errorClass({ kind }), statusOfError(kind)]),
      kinds,
    );
  });
});
