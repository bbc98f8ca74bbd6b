import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { postgresSkipReason, startCluster } from '../helpers/postgres';
import type { TestCluster } from '../helpers/postgres';

describe('the throwaway PostgreSQL test cluster', { skip: postgresSkipReason() }, () => {
  let cluster: TestCluster;
  before(async () => {
    cluster = await startCluster();
  });
  after(() => cluster?.stop());

  test('answers on its port with password authentication and is removed by stop()', async () => {
    const { rows } = await cluster.sql("select current_user as who, current_setting('password_encryption') as enc");
    assert.deepEqual(rows, [{ who: 'gm_admin', enc: 'scram-sha-256' }]);
    const dir = cluster.dir;
    cluster.stop();
    assert.equal(fs.existsSync(dir), false);
    cluster.stop();
  });
});
