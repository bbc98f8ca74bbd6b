import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { hiddenStatus, engineStatusView, statusView, stoppedStatusView } from '../../../client/src/statusView';
import { hasDatabaseModel } from '../../../common/databaseStatus';

describe('the server status item', () => {
  test('hidden until a config request; then the server and its version', () => {
    assert.deepEqual(engineStatusView(undefined), hiddenStatus);
    assert.deepEqual(engineStatusView({ state: 'connected', url: 'http://127.0.0.1:8080/', label: '127.0.0.1:8080', version: 'v2.44.0' }), {
      visible: true,
      text: '$(server) 127.0.0.1:8080 — v2.44.0',
      tooltip: '**GraphQL engine**\n\n- URL: `http://127.0.0.1:8080/`\n- Version: `v2.44.0`\n\nClick to show its configuration.',
      severity: 'none',
    });
    assert.equal(engineStatusView({ state: 'connected', url: 'http://h/', label: 'h' }).text, '$(server) h — version not reported');
  });

  test('a failed request: a warning, and the reason (Markdown-escaped) in the tooltip', () => {
    assert.deepEqual(engineStatusView({ state: 'error', url: 'http://h:1/', label: 'h:1', message: 'Not found (404): the config API is disabled' }), {
      visible: true,
      text: '$(server) h:1 — $(warning) not connected',
      tooltip: '**GraphQL engine**\n\n- URL: `http://h:1/`\n\nNot found \\(404\\): the config API is disabled\n\nClick to try again.',
      severity: 'warning',
    });
  });
});

test('the metadata item once the language server was left stopped: an error, the reason, and a click restarts', () => {
  assert.deepEqual(stoppedStatusView('It crashed 5 times in 3 minutes (see the output).'), {
    visible: true,
    text: '$(error) Metadata: server stopped',
    tooltip: '**GraphQL Engine Metadata**\n\nIt crashed 5 times in 3 minutes \\(see the output\\).\n\nClick to restart the language server.',
    severity: 'error',
  });
});

describe('the metadata item with database models', () => {
  const root = { root: '/w/hasura/metadata', errors: 1, warnings: 0, files: 12 };
  test('one source: where its model came from, in the text and the tooltip', () => {
    const view = statusView(
      { state: 'ready', roots: [{ ...root, databases: [{ source: 'default', status: 'from migrations: 254/256 applied', model: true }] }], problems: [] },
      (p) => p.slice(3),
    );
    assert.equal(view.text, 'Metadata: $(error) 1 $(warning) 0 $(database) from migrations: 254/256 applied');
    assert.equal(
      view.tooltip,
      '**GraphQL Engine Metadata**\n\n- `hasura/metadata`: 1 error, 0 warnings in 12 files\n  - database of source `default`: from migrations: 254/256 applied\n\nClick to open the Problems view.',
    );
  });
  test('several sources are counted; sources without a model (off, no migrations) and none leave the text as it was', () => {
    const two = [
      { source: 'a', status: 'live: db.example.com/app', model: true },
      { source: 'b', status: 'from migrations: 3/3 applied', model: true },
    ];
    assert.equal(
      statusView({ state: 'ready', roots: [{ ...root, errors: 0, databases: two }], problems: [] }, (p) => p).text,
      '$(check) Metadata: 1 root $(database) 2 sources',
    );
    const quiet = [
      { source: 'a', status: 'off', model: false },
      { source: 'b', status: 'no migrations', model: false },
      { source: 'c', status: 'no model for mssql sources', model: false },
    ];
    assert.equal(statusView({ state: 'ready', roots: [{ ...root, errors: 0, databases: quiet }], problems: [] }, (p) => p).text, '$(check) Metadata: 1 root');
    assert.equal(statusView({ state: 'ready', roots: [{ ...root, errors: 0 }], problems: [] }, (p) => p).text, '$(check) Metadata: 1 root');
  });
  test('graphqlMetadata.hasDatabaseModel: true once any source of any root has a model', () => {
    assert.equal(hasDatabaseModel({ roots: [{ databases: [{ model: false }] }, { databases: [{ model: false }, { model: true }] }] }), true);
    assert.equal(hasDatabaseModel({ roots: [{ databases: [{ model: false }] }, {}] }), false);
    assert.equal(hasDatabaseModel({ roots: [] }), false);
  });
});
