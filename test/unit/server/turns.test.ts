import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SharedTurns } from '../../../server/src/lsp/turns';

const turnOfTheLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

test('two jobs that wait for turns take one turn of the event loop each, in the order they waited', async () => {
  const turns = new SharedTurns();
  const ran: string[] = [];
  const job = async (name: string, slices: number): Promise<void> => {
    for (let i = 1; i <= slices; i++) {
      await turns.turn();
      ran.push(`${name}${i}`);
    }
  };
  const jobs = Promise.all([job('a', 3), job('b', 2)]);
  const seen: string[] = [];
  for (let turn = 1; turn <= 6; turn++) {
    await turnOfTheLoop();
    seen.push(ran.join(' '));
  }
  await jobs;
  assert.deepEqual(seen, ['a1', 'a1 b1', 'a1 b1 a2', 'a1 b1 a2 b2', 'a1 b1 a2 b2 a3', 'a1 b1 a2 b2 a3']);
});

test('a job alone waits one turn per slice, never in the turn it asked in', async () => {
  const turns = new SharedTurns();
  let resumed = 0;
  const waited = turns.turn().then(() => resumed++);
  await Promise.resolve();
  assert.equal(resumed, 0, 'not in the same turn');
  await turnOfTheLoop();
  assert.equal(resumed, 1);
  await waited;
});

test('after a gap, every turn queued meanwhile runs before the waiter (a request read, dispatched and answered in three); without, the waiter comes after the first', async () => {
  const order = async (gapMs: number): Promise<string> => {
    const turns = new SharedTurns();
    const log: string[] = [];
    const waited = turns.turn(gapMs).then(() => log.push('slice'));
    // A chain of three immediates, each queued by the one before (as vscode-jsonrpc handles a request).
    setImmediate(() => {
      log.push('read');
      setImmediate(() => {
        log.push('dispatch');
        setImmediate(() => log.push('answer'));
      });
    });
    await waited;
    while (log.length < 4) await turnOfTheLoop();
    return log.join(' ');
  };
  assert.equal(await order(0), 'slice read dispatch answer');
  // A gap far longer than three turns take, so the machine's load cannot reorder them.
  assert.equal(await order(50), 'read dispatch answer slice');
});
