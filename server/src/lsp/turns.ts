/**
 * How long the server's own work waits between two slices once the server is ready. vscode-jsonrpc
 * reads, dispatches and answers a request in turns of the event loop of their own (setImmediate):
 * resumed by a timer after this gap rather than by setImmediate, the next slice comes after those
 * turns, so a request waits for at most the slice it arrived in, not one slice per turn.
 */
export const TURN_GAP_MS = 1;

/**
 * The turns of the event loop that the work the server does on its own shares: start-up's parse,
 * the parse store's write and the check with new database models each run a slice, then wait for a
 * turn. One waiter is resumed per turn, in the order they began waiting: two jobs that overlap (after
 * a restart the cached model arrives while the parse store is written) take turns instead of each
 * running its slice in the same turn, which made a request wait for two slices per turn.
 */
export class SharedTurns {
  private readonly waiting: { readonly resume: () => void; readonly gapMs: number }[] = [];
  private scheduled = false;

  /**
   * Resolves in a later turn of the event loop, when no job that waited before this one is still
   * waiting. `gapMs` 0: in the next turn's check phase (setImmediate); else by a timer that far
   * ahead, every immediate queued meanwhile (and those they queue) run first.
   */
  turn(gapMs = 0): Promise<void> {
    return new Promise((resume) => {
      this.waiting.push({ resume, gapMs });
      this.schedule();
    });
  }

  private schedule(): void {
    const next = this.waiting[0];
    if (this.scheduled || next === undefined) return;
    this.scheduled = true;
    const run = (): void => {
      this.scheduled = false;
      // Its slice runs in the microtasks right after this callback, within this turn.
      this.waiting.shift()?.resume();
      // Scheduled during this turn: the next waiter runs in a later one.
      this.schedule();
    };
    if (next.gapMs > 0) setTimeout(run, next.gapMs);
    else setImmediate(run);
  }
}
