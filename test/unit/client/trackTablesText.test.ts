import assert from 'node:assert/strict';
import { test } from 'node:test';
import { NO_MODEL, nothingToTrack } from '../../../client/src/commands/trackTablesText';

test('Track Tables… with no source to pick says why: no model at all, or a model but no tables.yaml', () => {
  assert.equal(nothingToTrack([]), NO_MODEL);
  assert.equal(
    nothingToTrack(['default']),
    'Source default has a database model but no tables.yaml to track tables in: give it one in databases.yaml (`tables: "!include default/tables/tables.yaml"`, the file holding `[]`), then run Track Tables… again.',
  );
  assert.equal(
    nothingToTrack(['analytics', 'default', 'analytics']),
    'Sources analytics, default have a database model but no tables.yaml to track tables in: give each one in databases.yaml (`tables: "!include analytics/tables/tables.yaml"`, the file holding `[]`), then run Track Tables… again.',
  );
});
