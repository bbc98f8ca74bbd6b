import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ArgumentError } from '../../../client/src/commands/outcome';
import {
  conflictMessage,
  diffCounts,
  exportCounts,
  exportRecordKey,
  inconsistenciesMessage,
  localErrorsMessage,
  planCounts,
  plannedLabel,
  rememberedVersion,
  reloadArgs,
  resourceVersionArg,
} from '../../../client/src/commands/syncText';
import type { PlacedProblem, PlannedFile } from '../../../common/protocol';

const rel = (file: string): string => file.replace('/w/hasura/metadata/', 'hasura/metadata/');
const file = (kind: PlannedFile['kind'], name: string): PlannedFile => ({ file: `/w/hasura/metadata/${name}`, rel: name, kind });
const problem = (name: string, line: number, message: string, code = 'server-inconsistent-object'): PlacedProblem => ({
  file: `/w/hasura/metadata/${name}`,
  line,
  character: 0,
  code,
  message,
});

describe('sync messages', () => {
  test('counts of a plan, for the export and the diff', () => {
    const counts = planCounts([file('create', 'a.yaml'), file('update', 'b.yaml'), file('update', 'c.yaml'), file('delete', 'd.yaml')]);
    assert.deepEqual(counts, { create: 1, update: 2, delete: 1 });
    assert.equal(exportCounts(counts), '1 created, 2 updated, 1 deleted');
    assert.equal(diffCounts(counts, 'hasura/metadata'), '4 files differ (2 changed, 1 only on the server, 1 only in hasura/metadata)');
    assert.equal(diffCounts({ create: 0, update: 1, delete: 0 }, 'm'), '1 file differs (1 changed, 0 only on the server, 0 only in m)');
  });

  test('each planned file says what happens to it in the preview', () => {
    assert.deepEqual(
      ['create', 'update', 'delete'].map((k) => plannedLabel(file(k as PlannedFile['kind'], 'x.yaml'))),
      [
        { icon: '$(diff-added)', description: 'new on the server: created' },
        { icon: '$(diff-modified)', description: 'changed: overwritten' },
        { icon: '$(diff-removed)', description: 'not on the server any more: deleted' },
      ],
    );
  });

  test('local errors: file:line (1-based) of the first five, then how many more', () => {
    const one = [problem('databases/default/tables/public_tag.yaml', 2, 'Relationship target not found', 'relationship-target-unknown')];
    assert.equal(
      localErrorsMessage('hasura/metadata', one, rel),
      'Apply refused: hasura/metadata has 1 error; fix it and apply again. hasura/metadata/databases/default/tables/public_tag.yaml:3 Relationship target not found (relationship-target-unknown)',
    );
    const seven = Array.from({ length: 7 }, (_, i) => problem('x.yaml', i, `e${i}`, 'c'));
    assert.equal(
      localErrorsMessage('m', seven, rel),
      'Apply refused: m has 7 errors; fix them and apply again. hasura/metadata/x.yaml:1 e0 (c); hasura/metadata/x.yaml:2 e1 (c); hasura/metadata/x.yaml:3 e2 (c); hasura/metadata/x.yaml:4 e3 (c); hasura/metadata/x.yaml:5 e4 (c); and 2 more',
    );
  });

  test('a 409 says what changed since when, that nothing was applied, and what to do', () => {
    assert.equal(
      conflictMessage('127.0.0.1:8080', 7),
      'Apply refused: the metadata on 127.0.0.1:8080 changed since resource_version 7, your last export (409 conflict); nothing was applied. See what changed with Diff With Server, then export again (or merge the changes by hand) and apply.',
    );
    assert.match(conflictMessage('h', undefined), /^Apply refused: the metadata on h changed since it was read \(409 conflict\)/);
  });

  test('inconsistencies: consistent, placed ones with their lines, and those no local file defines', () => {
    assert.equal(inconsistenciesMessage('h:1', [], [], rel), 'The metadata on h:1 is consistent.');
    const placed = [problem('databases/default/tables/public_ghost.yaml', 0, 'no such table (table public.ghost in source default)')];
    const unplaced = [{ type: 'remote_schema', name: 'remote_schema x', message: 'unreachable (remote_schema x)' }];
    assert.equal(
      inconsistenciesMessage('h:1', placed, unplaced, rel),
      '2 inconsistent objects on h:1. 1 marked in the local files (Problems panel): hasura/metadata/databases/default/tables/public_ghost.yaml:1 no such table (table public.ghost in source default) (server-inconsistent-object). Not in the local files: unreachable (remote_schema x).',
    );
  });
});

describe('sync arguments and memory', () => {
  test('the remembered resource version counts only for the server it was exported from', () => {
    assert.equal(exportRecordKey('/w/hasura/metadata'), 'graphqlMetadata.lastExport:/w/hasura/metadata');
    const record = { url: 'http://127.0.0.1:8080/', resourceVersion: 12 };
    assert.equal(rememberedVersion(record, 'http://127.0.0.1:8080/'), 12);
    assert.equal(rememberedVersion(record, 'http://127.0.0.1:9090/'), undefined);
    assert.equal(rememberedVersion(undefined, 'http://127.0.0.1:8080/'), undefined);
    assert.equal(rememberedVersion({ url: 'http://127.0.0.1:8080/', resourceVersion: '12' }, 'http://127.0.0.1:8080/'), undefined);
  });

  test('resource_version and the reload arguments are checked', () => {
    assert.equal(resourceVersionArg({ resource_version: 4 }), 4);
    assert.equal(resourceVersionArg({}), undefined);
    assert.throws(() => resourceVersionArg({ resource_version: '4' }), ArgumentError);
    assert.throws(() => resourceVersionArg({ resource_version: 1.5 }), ArgumentError);
    assert.deepEqual(reloadArgs({}), {});
    assert.deepEqual(reloadArgs({ reload_sources: ['default'], reload_remote_schemas: false, root: '/x' }), {
      reload_remote_schemas: false,
      reload_sources: ['default'],
    });
    assert.throws(() => reloadArgs({ recreate_event_triggers: 'yes' }), /Argument `recreate_event_triggers` must be true, false or a list of names\./);
  });
});
