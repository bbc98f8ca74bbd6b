import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CHEAP_CHECK_MS, RecheckPause } from '../../../server/src/lsp/pause';
import type { Timers } from '../../../server/src/lsp/pause';

/** Timers that record each pause and fire only when told. */
function recordingTimers(): Timers & { fire(): void; delays: number[]; live: number } {
  const armed = new Map<number, () => void>();
  let next = 0;
  const timers = {
    delays: [] as number[],
    get live() {
      return armed.size;
    },
    set: (run: () => void, ms: number) => (timers.delays.push(ms), armed.set(++next, run), next),
    clear: (handle: unknown) => void armed.delete(handle as number),
    fire: () => {
      const [handle, run] = [...armed][0]!;
      armed.delete(handle);
      run();
    },
  };
  return timers;
}

test('a cheap last re-check: the next runs at once; a burst joins the one that is due (one timer, one re-check)', () => {
  const timers = recordingTimers();
  let runs = 0;
  const pause = new RecheckPause(timers, 120, () => runs++);
  for (let i = 0; i < 20; i++) pause.note();
  assert.deepEqual([timers.delays, timers.live], [[0], 1]);
  timers.fire();
  assert.equal(runs, 1);
  pause.measured(CHEAP_CHECK_MS - 1);
  pause.note();
  assert.deepEqual(timers.delays, [0, 0]);
});

test('an expensive last re-check: the pause is as long as it took, at most the maximum', () => {
  const timers = recordingTimers();
  const pause = new RecheckPause(timers, 120, () => undefined);
  pause.measured(45.4);
  pause.note();
  timers.fire();
  pause.measured(400);
  pause.note();
  assert.deepEqual(timers.delays, [45, 120]);
  assert.ok(pause.armed);
  assert.ok(pause.cancel()! > performance.now(), 'the cancelled timer was due later');
  assert.deepEqual([pause.armed, pause.cancel()], [false, undefined]);
});

test('an expensive last re-check long ago: the server sat idle at least that long, so the next runs at once; a recent one: only the rest of the pause', () => {
  const timers = recordingTimers();
  const pause = new RecheckPause(timers, 120, () => undefined);
  const ended = 1000;
  pause.measured(45, ended);
  assert.deepEqual([pause.delay(ended), pause.delay(ended + 30), pause.delay(ended + 45), pause.delay(ended + 250)], [45, 15, 0, 0]);
  pause.measured(400, ended);
  assert.deepEqual([pause.delay(ended + 20), pause.delay(ended + 120)], [100, 0]);
});
