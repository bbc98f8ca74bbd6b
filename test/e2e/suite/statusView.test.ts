/**
 * The pure status bar formatter (client/src/statusView.ts), exact values. It has no vscode import;
 * the tests live here because test/tsconfig.json (node unit tests) does not reference client/.
 */
import assert from 'node:assert/strict';
import type { RootStatus, StatusParams } from '../../../common/protocol';
import { hiddenStatus, statusView } from '../../../client/src/statusView';

const label = (p: string): string => p.replace('/ws/', '');
const root = (name: string, errors = 0, warnings = 0, files = 12): RootStatus => ({ root: `/ws/${name}`, errors, warnings, files });
const status = (over: Partial<StatusParams>): StatusParams => ({ state: 'ready', roots: [], problems: [], ...over });

suite('status bar text', () => {
  test('hidden before the first status and when there is neither a root nor a problem', () => {
    assert.deepEqual(statusView(undefined, label), hiddenStatus);
    assert.deepEqual(statusView(status({}), label), hiddenStatus);
    assert.deepEqual(statusView(status({ state: 'checking' }), label), hiddenStatus);
  });

  test('clean roots: a check and the root count', () => {
    assert.deepEqual(statusView(status({ roots: [root('hasura/metadata')] }), label), {
      visible: true,
      text: '$(check) Metadata: 1 root',
      tooltip: '**GraphQL Engine Metadata**\n\n- `hasura/metadata`: 0 errors, 0 warnings in 12 files\n\nClick to open the Problems view.',
      severity: 'none',
    });
    assert.equal(statusView(status({ roots: [root('a/metadata'), root('b/metadata')] }), label).text, '$(check) Metadata: 2 roots');
  });

  test('errors and warnings are summed over the roots', () => {
    const view = statusView(status({ roots: [root('a/metadata', 2, 0, 1), root('b/metadata', 1, 1)] }), label);
    assert.equal(view.text, 'Metadata: $(error) 3 $(warning) 1');
    assert.equal(view.severity, 'error');
    assert.equal(view.tooltip.split('\n')[2], '- `a/metadata`: 2 errors, 0 warnings in 1 file');
    assert.equal(view.tooltip.split('\n')[3], '- `b/metadata`: 1 error, 1 warning in 12 files');
    assert.equal(statusView(status({ roots: [root('a/metadata', 0, 4)] }), label).severity, 'warning');
  });

  test('checking shows a spinner and says so in the tooltip', () => {
    const view = statusView(status({ state: 'checking', roots: [root('hasura/metadata', 3)] }), label);
    assert.equal(view.text, '$(sync~spin) Metadata: checking…');
    assert.equal(view.tooltip.split('\n').at(-1), '_Checking…_');
  });

  test('folders that are not config v3 roots are listed, with escaped messages', () => {
    const problems = [{ path: '/ws/old/metadata', message: 'config v2 (version: 2): *not* checked' }];
    const view = statusView(status({ problems }), label);
    assert.equal(view.text, '$(warning) Metadata: no config v3 root');
    assert.equal(view.severity, 'warning');
    assert.equal(
      view.tooltip,
      '**GraphQL Engine Metadata**\n\n\nNot checked:\n\n- `old/metadata`: config v2 \\(version: 2\\): \\*not\\* checked\n\nClick to open the Problems view.',
    );
  });

  test('a path with a backtick still makes one code span', () => {
    const view = statusView(status({ roots: [root('we`ird/metadata')] }), label);
    assert.equal(view.tooltip.split('\n')[2], '- `` we`ird/metadata ``: 0 errors, 0 warnings in 12 files');
  });
});
