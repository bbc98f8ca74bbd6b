import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { CrashDecision } from '../../../client/src/serverCrashes';
import { CrashPolicy, DEFAULT_LIMITS, windowText } from '../../../client/src/serverCrashes';

const MINUTE = 60_000;

/** A policy on a clock the test moves; `at(ms)` is one crash at that time. */
function policy(): { at: (ms: number) => CrashDecision; reset: () => void } {
  let now = 0;
  const p = new CrashPolicy(DEFAULT_LIMITS, () => now);
  return {
    at: (ms) => {
      now = ms;
      return p.crashed();
    },
    reset: () => p.reset(),
  };
}

const told = { action: 'restart', tell: true } as const;
const quiet = { action: 'restart', tell: false } as const;

describe('CrashPolicy: restart, tell once per episode, give up after too many', () => {
  test('the first crash restarts and is told; the next ones in the episode restart quietly', () => {
    const p = policy();
    assert.deepEqual(p.at(0), { ...told, crashes: 1 });
    assert.deepEqual(p.at(10_000), { ...quiet, crashes: 2 });
    assert.deepEqual(p.at(20_000), { ...quiet, crashes: 3 });
  });

  test('the 5th crash within 3 minutes gives up (4 restarts, as vscode-languageclient)', () => {
    const p = policy();
    for (const [i, ms] of [0, 30_000, 60_000, 90_000].entries()) assert.equal(p.at(ms).action, 'restart', `crash ${i + 1}`);
    assert.deepEqual(p.at(2 * MINUTE), { action: 'give-up', crashes: 5 });
  });

  test('crashes spread wider than the window never give up, and stay one episode while each follows the last within 3 minutes', () => {
    const p = policy();
    assert.deepEqual(p.at(0), { ...told, crashes: 1 });
    for (let i = 1; i <= 10; i++) assert.deepEqual(p.at(i * 2 * MINUTE), { ...quiet, crashes: 2 }, `crash ${i + 1}`);
  });

  test('3 quiet minutes end the episode: the next crash is told again', () => {
    const p = policy();
    p.at(0);
    p.at(MINUTE);
    assert.deepEqual(p.at(4 * MINUTE), { ...told, crashes: 1 });
    assert.deepEqual(p.at(4 * MINUTE + 1), { ...quiet, crashes: 2 });
  });

  test('after giving up, or after a manual restart, the next crash opens a new episode', () => {
    const p = policy();
    for (const ms of [0, 1, 2, 3]) p.at(ms);
    assert.equal(p.at(4).action, 'give-up');
    assert.deepEqual(p.at(5), { ...told, crashes: 1 });
    p.at(6);
    p.reset();
    assert.deepEqual(p.at(7), { ...told, crashes: 1 });
  });
});

describe('windowText', () => {
  test('minutes when whole, else seconds', () => {
    assert.equal(windowText(3 * MINUTE), '3 minutes');
    assert.equal(windowText(MINUTE), '1 minute');
    assert.equal(windowText(90_000), '90 seconds');
  });
});
