import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { CommandLog } from '../../../client/src/commands/logger';
import type { LogLevel } from '../../../client/src/commands/logger';

describe('the command log', () => {
  test('masks every secret it was told about, in the channel and in the kept lines', () => {
    const sink: [LogLevel, string][] = [];
    const log = new CommandLog((level, line) => sink.push([level, line]));
    log.info('before: s3cret is not known yet');
    log.protect('s3cret');
    log.protect('');
    log.protect(undefined);
    log.warn('header x-hasura-admin-secret: s3cret, again s3cret');
    log.error('other text');
    assert.deepEqual(sink, [
      ['info', 'before: s3cret is not known yet'],
      ['warn', 'header x-hasura-admin-secret: ***, again ***'],
      ['error', 'other text'],
    ]);
    assert.deepEqual(log.lines, ['[info] before: s3cret is not known yet', '[warn] header x-hasura-admin-secret: ***, again ***', '[error] other text']);
    assert.equal(log.redact('a s3cret b'), 'a *** b');
  });

  test('keeps only the most recent lines', () => {
    const log = new CommandLog(() => undefined, 2);
    log.info('1');
    log.info('2');
    log.info('3');
    assert.deepEqual(log.lines, ['[info] 2', '[info] 3']);
  });
});
