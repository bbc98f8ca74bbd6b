/** setTimeout/clearTimeout, injectable so tests control time. */
export interface Timers {
  set(run: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

export const NODE_TIMERS: Timers = { set: (run, ms) => setTimeout(run, ms), clear: (handle) => clearTimeout(handle as NodeJS.Timeout) };

/** A re-check that took less than this is cheap: the next one runs at once. */
export const CHEAP_CHECK_MS = 20;

/**
 * The pause between an edit and its re-check, adapted to what re-checks cost: none when the last
 * one was cheap, else until as long as the last one took (at most `maxMs`) has passed since it
 * ended, so typing is never more than half spent checking; an edit that comes after the server sat
 * idle that long is re-checked at once (the pause would only add to what the client waits).
 * Changes that arrive while a re-check is due join it (one timer at most), and changes that arrive
 * while a re-check runs wait for the next: never more than one re-check is queued behind the one
 * running.
 */
export class RecheckPause {
  private timer: unknown;
  /** When the armed timer is due (by the clock). */
  private dueAt = 0;
  /** How long the last re-check after edits took; none yet: cheap. */
  private lastCostMs = 0;
  /** When it ended (by the clock). */
  private lastEndedAt = 0;

  constructor(
    private readonly timers: Timers,
    private readonly maxMs: number,
    private readonly run: (dueAt: number) => void,
  ) {}

  /** A change arrived: arms the re-check unless one is already due. */
  note(): void {
    if (this.timer !== undefined) return;
    const now = performance.now();
    const delay = this.delay(now);
    this.dueAt = now + delay;
    this.timer = this.timers.set(() => {
      this.timer = undefined;
      this.run(this.dueAt);
    }, delay);
  }

  /** The wait a change arriving at `now` gets. */
  delay(now = performance.now()): number {
    if (this.lastCostMs < CHEAP_CHECK_MS) return 0;
    return Math.max(0, Math.round(Math.min(this.maxMs, this.lastCostMs) - (now - this.lastEndedAt)));
  }

  get armed(): boolean {
    return this.timer !== undefined;
  }

  /** Disarms (a request runs the re-check now); returns when the timer was due (undefined: none was armed). */
  cancel(): number | undefined {
    if (this.timer === undefined) return undefined;
    this.timers.clear(this.timer);
    this.timer = undefined;
    return this.dueAt;
  }

  /** What the re-check that ended at `endedAt` cost. */
  measured(ms: number, endedAt = performance.now()): void {
    this.lastCostMs = ms;
    this.lastEndedAt = endedAt;
  }
}
