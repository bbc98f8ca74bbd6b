import assert from 'node:assert/strict';
import { test } from 'node:test';
import { OverlayHost } from '../../../server/src/lsp/overlayHost';
import { MetadataWorkspace } from '../../../server/src/lsp/workspace';
import type { Timers } from '../../../server/src/lsp/workspace';
import { markedProject } from '../helpers/marked';
import { memoryHost } from '../helpers/memoryHost';
import { BASE, path, ROOT, schemaValidator } from '../helpers/project';

/** Timers that only fire when the test says so. */
function manualTimers(): Timers & { fire(): void; armed(): boolean } {
  let queued: (() => void) | undefined;
  return {
    set: (run) => ((queued = run), 1),
    clear: () => (queued = undefined),
    fire: () => queued?.(),
    armed: () => queued !== undefined,
  };
}

test('a request answers from every edit received, even inside the debounce window', () => {
  const { files } = markedProject(ROOT, { ...BASE, 'query_collections.yaml': '- name: good\n  definition:\n    queries: []\n', 'allow_list.yaml': '- collection: good\n' });
  const host = new OverlayHost(memoryHost(files));
  const published: string[] = [];
  const timers = manualTimers();
  const ws = new MetadataWorkspace(host, schemaValidator(), { diagnostics: (uri, d) => published.push(`${uri.split('/').pop()}:${d.length}`), status: () => {} }, timers);
  ws.setFolders(['/p']);
  const allowList = path('allow_list.yaml');
  assert.equal(ws.freshResult(allowList)?.findings.filter((f) => f.code === 'allow-list-unknown-collection').length, 0);

  host.set(path('query_collections.yaml'), '- name: renamed\n  definition:\n    queries: []\n');
  ws.schedule(path('query_collections.yaml'));
  assert.ok(timers.armed());
  const answer = ws.freshResult(allowList);
  assert.deepEqual(answer?.findings.filter((f) => f.code === 'allow-list-unknown-collection').map((f) => f.file), [allowList]);
  assert.ok(!timers.armed(), 'the pending re-check ran and its timer was cleared');
  assert.ok(published.includes('allow_list.yaml:1'));
});

test('start-up parses in slices that yield, publishes YAML errors per file as it goes, and a newer start-up stops an older one', async () => {
  const { files } = markedProject(ROOT, { ...BASE, 'cron_triggers.yaml': '- name: [broken\n' });
  const events: string[] = [];
  const publisher = { diagnostics: (uri: string, d: unknown[]) => events.push(`${uri.split('/').pop()}:${d.length}`), status: (s: { state: string }) => events.push(s.state) };
  const ws = new MetadataWorkspace(memoryHost(files), schemaValidator(), publisher, manualTimers(), 120, 0);
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

test('the ready that ends a re-check after edits says how long the server took, without the debounce wait', () => {
  const { files } = markedProject(ROOT, { ...BASE, 'query_collections.yaml': '- name: good\n  definition:\n    queries: []\n', 'allow_list.yaml': '- collection: good\n' });
  const host = new OverlayHost(memoryHost(files));
  const statuses: { state: string; editMs?: number; at: number }[] = [];
  const timers = manualTimers();
  const ws = new MetadataWorkspace(host, schemaValidator(), { diagnostics: () => {}, status: (s) => statuses.push({ ...s, at: performance.now() }) }, timers);
  ws.setFolders(['/p']);
  assert.deepEqual(statuses.map((s) => s.editMs), [undefined, undefined], 'no edit, no edit time');
  const collections = path('query_collections.yaml');
  const spin = (ms: number): void => {
    for (const until = performance.now() + ms; performance.now() < until;);
  };

  // The debounce timer runs the re-check: its 120 ms are not counted, the 10 ms it fired late are.
  host.set(collections, '- name: renamed\n  definition:\n    queries: []\n');
  const editedAt = performance.now();
  ws.schedule(collections);
  spin(130);
  timers.fire();
  const byTimer = statuses.at(-1)!;
  assert.equal(byTimer.state, 'ready');
  assert.ok(byTimer.editMs! >= 10 && Math.abs(byTimer.at - editedAt - 120 - byTimer.editMs!) < 5, `${byTimer.editMs} ms`);

  // A timer that fires before 120 ms have passed by the clock: only the time that did pass is the wait.
  host.set(collections, '- name: good\n  definition:\n    queries: []\n');
  ws.schedule(collections);
  spin(30);
  const firedAt = performance.now();
  timers.fire();
  const early = statuses.at(-1)!;
  assert.ok(early.editMs! >= 0 && Math.abs(early.at - firedAt - early.editMs!) < 5, `${early.editMs} ms`);

  // A request runs it before the timer: the time the change waited for it is not the server's.
  host.set(collections, '- name: renamed\n  definition:\n    queries: []\n');
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
  const { files } = markedProject(ROOT, { ...BASE, 'query_collections.yaml': '- name: good\n  definition:\n    queries: []\n', 'allow_list.yaml': '- collection: good\n' });
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
  const ws = new MetadataWorkspace(host, schemaValidator(), publisher, timers);
  ws.setFolders(['/p']);
  // The rename makes allow_list.yaml's diagnostics change, and publishing them throws.
  host.set(path('query_collections.yaml'), '- name: renamed\n  definition:\n    queries: []\n');
  ws.schedule(path('query_collections.yaml'));
  failPublishing = true;
  const readies = statuses.filter((s) => s.state === 'ready').length;
  assert.throws(() => timers.fire(), /the connection is gone/);
  assert.equal(statuses.filter((s) => s.state === 'ready').length, readies, 'no ready after the failed check');
  failPublishing = false;
  ws.setFolders(['/p']);
  assert.deepEqual([statuses.at(-1)!.state, statuses.at(-1)!.editMs], ['ready', undefined]);
});
