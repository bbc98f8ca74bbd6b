/**
 * The turns of the event loop that the work the server does on its own shares: start-up's parse,
 * the parse store's write and the check with new database models each run a slice, then wait for a
 * turn. One waiter is resumed per turn (in its check phase, setImmediate), in the order they began
 * waiting: two jobs that overlap (after a restart the cached model arrives while the parse store is
 * written) take turns instead of each running its slice in the same turn, which made a request wait
 * for two slices per turn.
 */
export class SharedTurns {
  private readonly waiting: (() => void)[] = [];
  private scheduled = false;

  /** Resolves in a later turn of the event loop, when no job that waited before this one is still waiting. */
  turn(): Promise<void> {
    return new Promise((resolve) => {
      this.waiting.push(resolve);
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled || this.waiting.length === 0) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      // Its slice runs in the microtasks right after this callback, within this turn.
      this.waiting.shift()?.();
      // Scheduled during this turn's check phase: the next waiter runs in the next turn.
      this.schedule();
    });
  }
}
