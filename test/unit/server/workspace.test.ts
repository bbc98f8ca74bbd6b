import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Diagnostic } from 'vscode-languageserver';
import { IndexMemo } from '../../../server/src/core/project/index/memo';
import { OverlayHost } from '../../../server/src/lsp/overlayHost';
import { MetadataWorkspace } from '../../../server/src/lsp/workspace';
import type { Timers } from '../../../server/src/lsp/workspace';
import { markedProject } from '../helpers/marked';
import { memoryHost } from '../helpers/memoryHost';
import { BASE, path, ROOT, schemaValidator } from '../helpers/project';

/** Timers that only fire when the test says so. */
function manualTimers(): Timers & { fire(): void; armed(): boolean; delays: number[] } {
  let queued: (() => void) | undefined;
  const delays: number[] = [];
  return {
    set: (run, ms) => ((queued = run), delays.push(ms), 1),
    clear: () => (queued = undefined),
    fire: () => {
      const run = queued;
      queued = undefined;
      run?.();
    },
    armed: () => queued !== undefined,
    delays,
  };
}

test('a request answers from every edit received, even inside the debounce window', () => {
  const { files } = markedProject(ROOT, {
    ...BASE,
    'query_collections.yaml': '- name: good\n  definition:\n    queries: []\n',
    'allow_list.yaml': '- collection: good\n',
  });
  const host = new OverlayHost(memoryHost(files));
  const published: string[] = [];
  const timers = manualTimers();
  const ws = new MetadataWorkspace(
    host,
    schemaValidator(),
    { diagnostics: (uri, d) => published.push(`${uri.split('/').pop()}:${d.length}`), status: () => {} },
    { timers },
  );
  ws.setFolders(['/p']);
  const allowList = path('allow_list.yaml');
  assert.equal(ws.freshResult(allowList)?.findings.filter((f) => f.code === 'allow-list-unknown-collection').length, 0);

  host.set(path('query_collections.yaml'), '- name: renamed\n  definition:\n    queries: []\n');
  ws.schedule(path('query_collections.yaml'));
  assert.ok(timers.armed());
  const answer = ws.freshResult(allowList);
  assert.deepEqual(
    answer?.findings.filter((f) => f.code === 'allow-list-unknown-collection').map((f) => f.file),
    [allowList],
  );
  assert.ok(!timers.armed(), 'the pending re-check ran and its timer was cleared');
  assert.ok(published.includes('allow_list.yaml:1'));
});

test('start-up parses in slices that yield, publishes YAML errors per file as it goes, and a newer start-up stops an older one', async () => {
  const { files } = markedProject(ROOT, { ...BASE, 'cron_triggers.yaml': '- name: [broken\n' });
  const events: string[] = [];
  const publisher = {
    diagnostics: (uri: string, d: unknown[]) => events.push(`${uri.split('/').pop()}:${d.length}`),
    status: (s: { state: string }) => events.push(s.state),
  };
  const ws = new MetadataWorkspace(memoryHost(files), schemaValidator(), publisher, { timers: manualTimers(), sliceMs: 0 });
  const first = ws.startUp(['/p']);
  assert.deepEqual(events, ['checking'], 'one file parsed, then the event loop gets a turn');
  const second = ws.startUp(['/p']);
  await Promise.all([first, second]);
  assert.equal(events.filter((e) => e === 'ready').length, 1, 'only the newer start-up checked the roots');
  const broken = events.indexOf('cron_triggers.yaml:1');
  assert.ok(broken > 0 && broken < events.indexOf('ready'), `the YAML error came before the check: ${events.join(' ')}`);
  assert.equal(events.filter((e) => e.startsWith('cron_triggers.yaml')).length, 1, 'the check did not send the same diagnostics again');
  assert.ok(ws.result(ROOT));
});

test('a file the client opens right after `initialized` is checked alone before start-up parses anything else', async () => {
  // A YAML error in every other file: parse-ahead publishes each one it reaches.
  const { files } = markedProject(ROOT, {
    ...BASE,
    'cron_triggers.yaml': '- name: [broken\n',
    'allow_list.yaml': '- collection: [broken\n',
    'query_collections.yaml': '- name: [broken\n',
  });
  const host = new OverlayHost(memoryHost(files));
  const events: string[] = [];
  const publisher = {
    diagnostics: (uri: string, d: unknown[]) => events.push(`${uri.split('/').pop()}:${d.length}`),
    status: (s: { state: string }) => events.push(s.state),
  };
  // Start-up's own slices (25 ms): its first slice parses this whole project. A longer wait for the open files than
  // the server's (10 ms), so that a loaded machine cannot stall the test's two turns past it.
  const ws = new MetadataWorkspace(host, schemaValidator(), publisher, { timers: manualTimers(), openFilesWaitMs: 250 });
  const started = ws.startUp(['/p']);
  // The JSON-RPC connection hands over one message a turn: the didOpen that followed `initialized` comes a turn later,
  // and from a later read of the pipe than `initialized` (a few turns).
  const open = path('remote_schemas.yaml');
  await new Promise((resolve) => setImmediate(resolve));
  await new Promise((resolve) => setImmediate(resolve));
  host.set(open, '- name: [open\n');
  ws.schedule(open);
  await started;
  assert.deepEqual(events.slice(0, 2), ['checking', 'remote_schemas.yaml:1'], `the open file came first: ${events.join(' ')}`);
  assert.deepEqual(events.slice(2, 5).sort(), ['allow_list.yaml:1', 'cron_triggers.yaml:1', 'query_collections.yaml:1']);
  assert.equal(events.at(-1), 'ready');
});

test("start-up schema-checks table files and reads their facts as it parses them (in its slices), and the check's findings are the same", async () => {
  // A schema error in a table file: its findings, made ahead, must be the ones the check publishes.
  const { files } = markedProject(ROOT, {
    ...BASE,
    'databases/default/tables/public_author.yaml': `${BASE['databases/default/tables/public_author.yaml']}colour: blue\n`,
  });
  const run = async (startUp: boolean): Promise<{ published: Map<string, string[]>; events: string[] }> => {
    const published = new Map<string, string[]>();
    const events: string[] = [];
    const validator = schemaValidator();
    const prime = validator.prime.bind(validator);
    validator.prime = (yaml, kind, findings) => {
      events.push(`primed ${yaml.path.split('/').pop()}: ${findings.map((f) => f.code).join(',')}`);
      prime(yaml, kind, findings);
    };
    const ws = new MetadataWorkspace(
      memoryHost(files),
      validator,
      {
        diagnostics: (uri, d) =>
          published.set(
            uri.split('/').pop()!,
            d.map((x) => `${String(x.code)} ${x.range.start.line}:${x.range.start.character}`),
          ),
        status: (s) => events.push(s.state),
      },
      { timers: manualTimers(), sliceMs: 0 },
    );
    // Each table's facts as they are put in the workspace's index memo.
    // eslint-disable-next-line @typescript-eslint/unbound-method -- the original, called with its `this` below and put back after
    const set = IndexMemo.prototype.set;
    IndexMemo.prototype.set = function (this: IndexMemo, file, source, entry) {
      events.push(`facts ${entry.fact.at.file.split('/').pop()}`);
      set.call(this, file, source, entry);
    };
    try {
      if (startUp) await ws.startUp(['/p']);
      else ws.setFolders(['/p']);
    } finally {
      IndexMemo.prototype.set = set;
    }
    return { published, events };
  };
  const started = await run(true);
  const primed = started.events.filter((e) => e.startsWith('primed'));
  assert.deepEqual([...primed].sort(), ['primed public_article.yaml: ', 'primed public_author.yaml: schema-unknown-key']);
  assert.ok(started.events.indexOf('ready') > started.events.indexOf(primed.at(-1)!), `primed before the check: ${started.events.join(' | ')}`);
  // Each table's facts right after its schema check, as it was parsed; the check read none again.
  for (const table of ['public_article.yaml', 'public_author.yaml'])
    assert.equal(started.events[started.events.findIndex((e) => e.startsWith(`primed ${table}`)) + 1], `facts ${table}`, started.events.join(' | '));
  assert.equal(started.events.filter((e) => e.startsWith('facts')).length, 2, started.events.join(' | '));
  assert.deepEqual(started.published, (await run(false)).published, 'the same diagnostics as a check that did nothing ahead');
  assert.deepEqual(started.published.get('public_author.yaml'), [
    `schema-unknown-key ${BASE['databases/default/tables/public_author.yaml']!.split('\n').length - 1}:0`,
  ]);
});

test('the ready that ends a re-check after edits says how long the server took, without the debounce wait', () => {
  const { files } = markedProject(ROOT, {
    ...BASE,
    'query_collections.yaml': '- name: good\n  definition:\n    queries: []\n',
    'allow_list.yaml': '- collection: good\n',
  });
  const overlay = new OverlayHost(memoryHost(files));
  let slow = false;
  const host = {
    readDir: (p: string) => overlay.readDir(p),
    realPath: (p: string) => overlay.realPath(p),
    readFile: (p: string) => (slow && p === path('query_collections.yaml') && spin(30), overlay.readFile(p)),
  };
  const statuses: { state: string; editMs?: number; at: number }[] = [];
  const timers = manualTimers();
  const ws = new MetadataWorkspace(
    host,
    schemaValidator(),
    { diagnostics: () => {}, status: (s) => statuses.push({ ...s, at: performance.now() }) },
    { timers },
  );
  ws.setFolders(['/p']);
  assert.deepEqual(
    statuses.map((s) => s.editMs),
    [undefined, undefined],
    'no edit, no edit time',
  );
  const collections = path('query_collections.yaml');

  // The pause's timer runs the re-check: the pause is not counted, the time the timer fired late is
  // (no re-check has run yet, so the pause is none: all 130 ms are late).
  overlay.set(collections, '- name: renamed\n  definition:\n    queries: []\n');
  const editedAt = performance.now();
  ws.schedule(collections);
  assert.deepEqual(timers.delays, [0]);
  spin(130);
  timers.fire();
  const byTimer = statuses.at(-1)!;
  assert.equal(byTimer.state, 'ready');
  assert.ok(byTimer.editMs! >= 125 && Math.abs(byTimer.at - editedAt - byTimer.editMs!) < 5, `${byTimer.editMs} ms`);

  // A re-check that costs more than a cheap one (reading the file takes 30 ms): the next pause is as long.
  slow = true;
  overlay.set(collections, '- name: good\n  definition:\n    queries: []\n');
  ws.schedule(collections);
  timers.fire();
  slow = false;
  overlay.set(collections, '- name: renamed\n  definition:\n    queries: []\n');
  ws.schedule(collections);
  assert.ok(timers.delays.at(-1)! >= 30 && timers.delays.at(-1)! <= 120, `pause ${timers.delays.at(-1)} ms`);
  // A timer that fires before its pause has passed by the clock: only the time that did pass is the wait.
  spin(5);
  const firedAt = performance.now();
  timers.fire();
  const early = statuses.at(-1)!;
  assert.ok(early.editMs! >= 0 && Math.abs(early.at - firedAt - early.editMs!) < 5, `${early.editMs} ms`);

  // A request runs it before the timer: the time the change waited for it is not the server's.
  overlay.set(collections, '- name: good\n  definition:\n    queries: []\n');
  ws.schedule(collections);
  spin(30);
  const askedAt = performance.now();
  ws.freshResult(path('allow_list.yaml'));
  const byRequest = statuses.at(-1)!;
  assert.ok(byRequest.editMs! >= 0 && Math.abs(byRequest.at - askedAt - byRequest.editMs!) < 5, `${byRequest.editMs} ms`);

  ws.setFolders(['/p']);
  assert.equal(statuses.at(-1)!.editMs, undefined, 'a later check without edits has none');
});

test('a re-check that throws before its ready leaves no edit time for the next one', () => {
  const { files } = markedProject(ROOT, {
    ...BASE,
    'query_collections.yaml': '- name: good\n  definition:\n    queries: []\n',
    'allow_list.yaml': '- collection: good\n',
  });
  const host = new OverlayHost(memoryHost(files));
  const statuses: { state: string; editMs?: number }[] = [];
  let failPublishing = false;
  const publisher = {
    diagnostics: (): void => {
      if (failPublishing) throw new Error('the connection is gone');
    },
    status: (s: { state: string; editMs?: number }) => statuses.push(s),
  };
  const timers = manualTimers();
  const logs: string[] = [];
  const ws = new MetadataWorkspace(host, schemaValidator(), { ...publisher, log: (m) => logs.push(m) }, { timers });
  ws.setFolders(['/p']);
  // The rename makes allow_list.yaml's diagnostics change, and publishing them throws.
  host.set(path('query_collections.yaml'), '- name: renamed\n  definition:\n    queries: []\n');
  ws.schedule(path('query_collections.yaml'));
  failPublishing = true;
  const readies = statuses.filter((s) => s.state === 'ready').length;
  assert.doesNotThrow(() => timers.fire(), 'the re-check the timer runs is guarded');
  assert.equal(statuses.filter((s) => s.state === 'ready').length, readies, 'no ready after the failed check');
  assert.deepEqual(
    logs.map((l) => l.split('\n')[0]),
    ['the re-check after an edit failed: Error: the connection is gone', 'publishing that failure failed too: Error: the connection is gone'],
  );
  failPublishing = false;
  ws.setFolders(['/p']);
  assert.deepEqual([statuses.at(-1)!.state, statuses.at(-1)!.editMs], ['ready', undefined]);
});

test('a re-check the pause runs that throws: a check-failed error on the root, the stack logged, ready again; the next check clears it', () => {
  const { files } = markedProject(ROOT, {
    ...BASE,
    'query_collections.yaml': '- name: good\n  definition:\n    queries: []\n',
    'allow_list.yaml': '- collection: good\n',
  });
  const disk = memoryHost(files);
  let explode = false;
  const host = { ...disk, readFile: (p: string) => (explode && p.endsWith('query_collections.yaml') ? thrower() : disk.readFile(p)) };
  const published = new Map<string, string[]>();
  const statuses: { state: string; problems: readonly { path: string; message: string }[] }[] = [];
  const logs: string[] = [];
  const timers = manualTimers();
  const shown = (d: Diagnostic): string =>
    `${String(d.code)} ${d.range.start.line}:${d.range.start.character}-${d.range.end.line}:${d.range.end.character} ${typeof d.message === 'string' ? d.message : d.message.value}`;
  const ws = new MetadataWorkspace(
    host,
    schemaValidator(),
    { diagnostics: (uri, d) => published.set(uri.replace(/.*metadata\//, ''), d.map(shown)), status: (s) => statuses.push(s), log: (m) => logs.push(m) },
    { timers },
  );
  ws.setFolders(['/p']);
  explode = true;
  ws.schedule(path('query_collections.yaml'));
  assert.doesNotThrow(() => timers.fire());
  const message =
    'GraphQL Metadata could not finish the re-check after an edit: TypeError: the disk went away (the stack is in the GraphQL Metadata output). The diagnostics shown may be out of date until the next check (edit or save a file); please report it.';
  assert.deepEqual(published.get('version.yaml'), [`check-failed 0:0-0:0 ${message}`]);
  assert.deepEqual([statuses.at(-1)!.state, statuses.at(-1)!.problems], ['ready', [{ path: ROOT, message }]]);
  assert.match(logs[0]!, /^the re-check after an edit failed: TypeError: the disk went away\n {4}at /);

  explode = false;
  ws.schedule(path('query_collections.yaml'));
  timers.fire();
  assert.deepEqual(published.get('version.yaml'), []);
  assert.deepEqual([statuses.at(-1)!.state, statuses.at(-1)!.problems], ['ready', []]);
});

test('a start-up that throws (its settings, or a file) publishes a check failure on the workspace folder and never rejects', async () => {
  const { files } = markedProject(ROOT, BASE);
  const published = new Map<string, string[]>();
  const statuses: { state: string; problems: readonly { path: string; message: string }[] }[] = [];
  const ws = new MetadataWorkspace(
    memoryHost(files),
    schemaValidator(),
    {
      diagnostics: (uri, d) =>
        published.set(
          uri,
          d.map((x) => `${String(x.code)}: ${typeof x.message === 'string' ? x.message : x.message.value}`),
        ),
      status: (s) => statuses.push(s),
    },
    { timers: manualTimers(), sliceMs: 0 },
  );
  await ws.startUp(['/p'], undefined, Promise.reject(new Error('no settings today')));
  const message =
    'GraphQL Metadata could not finish the start-up check: Error: no settings today (the stack is in the GraphQL Metadata output). The diagnostics shown may be out of date until the next check (edit or save a file); please report it.';
  assert.deepEqual(published.get('file:///p'), [`check-failed: ${message}`]);
  assert.deepEqual([statuses.at(-1)!.state, statuses.at(-1)!.problems], ['ready', [{ path: '/p', message }]]);
  // A later start-up that succeeds clears it.
  await ws.startUp(['/p']);
  assert.deepEqual(published.get('file:///p'), []);
  assert.ok(ws.result(ROOT));
});

function thrower(): never {
  throw new TypeError('the disk went away');
}

function spin(ms: number): void {
  for (const until = performance.now() + ms; performance.now() < until;);
}
