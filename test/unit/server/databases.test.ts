import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { SourceBuild } from '../../../server/src/core/db/model';
import type { StatusParams } from '../../../common/protocol';
import { buildSettings, DEFAULT_DATABASE_SETTINGS } from '../../../server/src/lsp/databases';
import { readDatabaseSettings } from '../../../server/src/lsp/settings';
import type { DatabaseState, EditorDatabaseSettings } from '../../../server/src/lsp/databases';
import { OverlayHost } from '../../../server/src/lsp/overlayHost';
import { MetadataWorkspace } from '../../../server/src/lsp/workspace';
import type { Timers } from '../../../server/src/lsp/workspace';
import { dbModel } from '../helpers/dbModel';
import { markedProject } from '../helpers/marked';
import { memoryHost } from '../helpers/memoryHost';
import { BASE, path, ROOT, schemaValidator } from '../helpers/project';

/** Timers that fire only when the test says so, each by what it was set for. */
function manualTimers(): Timers & { fireAll(): void; count(): number } {
  const queued = new Map<number, () => void>();
  let next = 0;
  return {
    set: (run) => (queued.set(++next, run), next),
    clear: (handle) => void queued.delete(handle as number),
    fireAll: () => {
      const runs = [...queued.values()];
      queued.clear();
      runs.forEach((run) => run());
    },
    count: () => queued.size,
  };
}

const SQL = '/p/migrations/default/1_init/up.sql';
const MODEL = dbModel({
  relations: {
    'public.author': { columns: { id: 'integer', full_name: 'text' }, pk: ['id'] },
    'public.article': { columns: { id: 'integer', author_id: 'integer' }, pk: ['id'], fks: ['author_id -> public.author(id)'] },
  },
});

/**
 * @param sliceMs how long the workspace works before it yields (0: after every step; by default
 * never, so a test's turns of the event loop do not depend on the machine's speed)
 */
function setup(sliceMs = Number.POSITIVE_INFINITY): {
  ws: MetadataWorkspace;
  timers: ReturnType<typeof manualTimers>;
  published: Map<string, string[]>;
  statuses: StatusParams[];
  calls: string[];
  finish: (builds: SourceBuild[]) => void;
  state: DatabaseState;
} {
  const { files } = markedProject(ROOT, BASE);
  const host = new OverlayHost(memoryHost({ ...files, [SQL]: 'create table author (id int primary key, full_name text);\nselect oops;\n' }));
  const published = new Map<string, string[]>();
  const statuses: StatusParams[] = [];
  const timers = manualTimers();
  const ws = new MetadataWorkspace(
    host,
    schemaValidator(),
    {
      diagnostics: (uri, d) =>
        published.set(
          uri.slice('file://'.length),
          d.map((x) => `${x.code} ${x.range.start.line}:${x.range.start.character}-${x.range.end.line}:${x.range.end.character}`),
        ),
      status: (s) => statuses.push(s),
    },
    // The slices resume in the next turn (not after a timer's gap): the tests count turns.
    { timers, sliceMs, turnGapMs: 0 },
  );
  const calls: string[] = [];
  let resolve: ((builds: SourceBuild[]) => void) | undefined;
  const state = ws.useDatabases((root: string, sources, settings: EditorDatabaseSettings) => {
    calls.push(`${root} ${sources.map((s) => s.name.name).join()} ${settings.mode}`);
    return new Promise<SourceBuild[]>((r) => (resolve = r));
  }, DEFAULT_DATABASE_SETTINGS);
  return { ws, timers, published, statuses, calls, finish: (builds) => resolve?.(builds), state };
}

/** n turns of the event loop (setImmediate). */
const turns = async (n: number): Promise<void> => {
  for (let i = 0; i < n; i++) await new Promise((r) => setImmediate(r));
};

const failed: SourceBuild = {
  source: 'default',
  model: MODEL,
  status: 'from migrations: 1/1 applied',
  findings: [{ code: 'migration-statement-failed', severity: 'warning', message: 'column "oops" does not exist', file: SQL, span: { start: 58, end: 70 } }],
};

test('metadata diagnostics come first; the model is built after, and its findings and the status follow', async () => {
  const { ws, timers, published, statuses, calls, finish } = setup();
  ws.setFolders(['/p']);
  assert.deepEqual(published.get(path('databases/default/tables/public_author.yaml')), undefined, 'no database finding before the model exists');
  assert.deepEqual(calls, [], 'the build waits for its timer: the first check is not delayed');
  timers.fireAll();
  assert.deepEqual(calls, [`${ROOT} default auto`]);
  finish([failed]);
  await turns(1);
  assert.equal(published.get(path('databases/default/tables/public_author.yaml')), undefined, 'no rule work in the turn the model arrived in');
  await turns(2);
  // BASE's author permission lists `name`, which the database calls `full_name`.
  assert.deepEqual(published.get(path('databases/default/tables/public_author.yaml')), ['db-column-missing 17:10-17:14']);
  assert.deepEqual(published.get(SQL), ['migration-statement-failed 1:0-1:12']);
  assert.deepEqual(statuses.at(-1)?.roots[0]?.databases, [{ source: 'default', status: 'from migrations: 1/1 applied', model: true }]);
  assert.equal(statuses.at(-1)?.roots[0]?.warnings, 1);
});

const AUTHOR = path('databases/default/tables/public_author.yaml');

/** The workspace opened on /p, its first build (`failed`) delivered, then `after` turns of the event loop. */
async function firstBuildIn(s: ReturnType<typeof setup>, after: number): Promise<ReturnType<typeof setup>> {
  s.ws.setFolders(['/p']);
  s.timers.fireAll();
  s.finish([failed]);
  await turns(after);
  return s;
}

test('the check with new models runs its rules in slices that yield, then publishes what an unsliced check does', async () => {
  const { published, statuses } = await firstBuildIn(setup(0), 1);
  assert.equal(published.get(AUTHOR), undefined, 'the rules that read the models are still running, a slice at a time');
  assert.equal(statuses.at(-1)?.state, 'checking');
  let yielded = 1;
  while (published.get(AUTHOR) === undefined && yielded < 200) {
    await turns(1);
    yielded++;
  }
  assert.ok(yielded > 2, `the work was spread over ${yielded} turns of the event loop`);
  assert.deepEqual(published.get(AUTHOR), ['db-column-missing 17:10-17:14']);
  assert.deepEqual(published.get(SQL), ['migration-statement-failed 1:0-1:12']);
  assert.equal(statuses.at(-1)?.state, 'ready');
});

test('an edit that arrives while the check with new models is sliced stops the slices; its re-check checks the root with the models', async () => {
  const { ws, timers, published } = await firstBuildIn(setup(0), 1);
  const article = path('databases/default/tables/public_article.yaml');
  ws.schedule(article);
  await turns(50);
  assert.equal(published.get(AUTHOR), undefined, 'the slices stopped: nothing was checked behind the edit');
  timers.fireAll();
  assert.deepEqual(published.get(AUTHOR), ['db-column-missing 17:10-17:14'], "the edit's re-check read the models");
  assert.deepEqual(published.get(SQL), ['migration-statement-failed 1:0-1:12']);
});

test('a saved migration builds the models again without re-checking the metadata; a newer build wins', async () => {
  const { ws, timers, published, calls, finish } = await firstBuildIn(setup(), 3);
  const before = ws.result(ROOT);
  ws.changed([SQL]);
  assert.equal(ws.result(ROOT), before, 'no metadata re-check for a .sql change');
  timers.fireAll();
  assert.equal(calls.length, 2);
  finish([{ ...failed, findings: [] }]);
  await turns(3);
  assert.deepEqual(published.get(SQL), [], 'the fixed migration has no finding any more');
  assert.notEqual(ws.result(ROOT), before, 'the root was checked again with the new build');
  assert.deepEqual(published.get(path('databases/default/tables/public_author.yaml')), ['db-column-missing 17:10-17:14']);
});

test('a build that gives an equal model keeps the models object (no rule re-runs for it); a different one replaces it', async () => {
  const { ws, timers, finish, state } = await firstBuildIn(setup(), 1);
  const first = state.models(ROOT);
  assert.equal(first.get('default'), MODEL);
  const rebuild = async (build: SourceBuild): Promise<void> => {
    ws.changed([SQL]);
    timers.fireAll();
    finish([build]);
    await turns(1);
  };
  await rebuild({ ...failed, model: structuredClone(MODEL) });
  assert.equal(state.models(ROOT), first, 'an equal model (another object) keeps the map');
  const other = dbModel({ relations: { 'public.author': { columns: { id: 'integer', name: 'text' }, pk: ['id'] } } });
  await rebuild({ ...failed, model: other });
  assert.notEqual(state.models(ROOT), first);
  assert.equal(state.models(ROOT).get('default'), other);
});

test("a rebuilt model is compared with the last one a part at a time, in the server's shared turns (with 0 ms slices: a turn per part)", async () => {
  const { ws, timers, finish, state } = await firstBuildIn(setup(0), 5);
  const first = state.models(ROOT);
  assert.equal(first.get('default'), MODEL);
  // An equal model (another object) and no finding: the findings tell when the rebuild is in place.
  ws.changed([SQL]);
  timers.fireAll();
  finish([{ ...failed, model: structuredClone(MODEL), findings: [] }]);
  await turns(2);
  assert.equal(state.findings(ROOT).length, 1, 'still comparing: the rebuild is not in place yet');
  let taken = 2;
  while (state.findings(ROOT).length > 0 && taken < 100) {
    await turns(1);
    taken++;
  }
  assert.deepEqual(state.findings(ROOT), []);
  assert.ok(taken > 5, `one turn per part of the model (${taken} turns)`);
  assert.equal(state.models(ROOT), first, 'an equal model keeps the map');
});

test('database settings: mode and URLs read defensively; trust carried', () => {
  assert.deepEqual(readDatabaseSettings(undefined, true), { mode: 'auto', urls: {}, trusted: true });
  assert.deepEqual(readDatabaseSettings({ database: { mode: 'live', url: { default: 'postgres://u@h/db', other: 3, empty: '' } } }, false), {
    mode: 'live',
    urls: { default: 'postgres://u@h/db' },
    trusted: false,
  });
  assert.deepEqual(readDatabaseSettings({ database: { mode: 'sometimes', url: ['postgres://x'] } }, true), { mode: 'auto', urls: {}, trusted: true });
});

test('what the builder is told: the settings when trusted; in Restricted Mode no URL, no environment, and never a connection', () => {
  const editor = { mode: 'auto' as const, urls: { default: 'postgres://u@h/db' }, trusted: true };
  assert.deepEqual(buildSettings(editor, { PG: 'x' }), {
    mode: 'auto',
    explicit: { urls: { default: 'postgres://u@h/db' }, from: 'the setting graphqlMetadata.database.url' },
    env: { PG: 'x' },
  });
  assert.deepEqual(buildSettings({ ...editor, trusted: false }, { PG: 'x' }), { mode: 'migrations' });
  assert.deepEqual(buildSettings({ ...editor, mode: 'live', trusted: false }, {}), { mode: 'off' });
});
