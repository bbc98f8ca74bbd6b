import { RecheckPause } from './pause';
import type { Timers } from './pause';

/**
 * The first of the workspace's three schedulers: the re-check after edits. Changed paths wait for a
 * pause that fits what re-checks cost (RecheckPause), then are re-checked together; a request that
 * needs them settles the wait at once. While start-up parses, the changes wait for its check.
 */
export class EditRecheck {
  /** Changed paths waiting for the re-check. */
  private readonly pending = new Set<string>();
  private readonly pause: RecheckPause;
  /** While a re-check after edits runs: when the edit's server-side time started (the pause excluded). */
  private from: number | undefined;

  /**
   * @param recheck re-checks the roots `paths` touch
   * @param blocked true while the changes must wait (start-up parses)
   * @param guarded runs the timer's re-check, a throw becoming a published check failure
   */
  constructor(
    timers: Timers,
    maxPauseMs: number,
    private readonly recheck: (paths: readonly string[]) => void,
    private readonly blocked: () => boolean,
    guarded: (what: string, work: () => void) => void,
  ) {
    this.pause = new RecheckPause(timers, maxPauseMs, (dueAt) => guarded('the re-check after an edit', () => this.settle(dueAt)));
  }

  /** The paths changed since the last re-check. */
  get paths(): ReadonlySet<string> {
    return this.pending;
  }

  /** Notes a change; `meanwhile` runs before the pause is armed (start-up checks a file just opened alone). */
  note(path: string, meanwhile: () => void): void {
    this.pending.add(path);
    meanwhile();
    this.pause.note();
  }

  /**
   * Runs the pending re-check now, so what is answered next reflects every edit received (while
   * blocked the changes wait).
   * @param dueAt when the pause's timer was due (it runs the re-check), else a request needs it now
   */
  settle(dueAt?: number): void {
    this.pause.cancel();
    if (this.pending.size === 0 || this.blocked()) return;
    // A request that cannot wait starts the count now; the timer at the pause's end (by the clock a
    // timer can fire a little early: never later than now).
    const now = performance.now();
    this.from = dueAt === undefined ? now : Math.min(dueAt, now);
    const paths = [...this.pending];
    this.pending.clear();
    try {
      this.recheck(paths);
    } finally {
      // Read by the 'ready' this check ends with; a check that threw leaves nothing for a later one.
      this.from = undefined;
      this.pause.measured(performance.now() - now);
    }
  }

  /** Drops every waiting change (the check about to run reads every file as it is now). */
  drop(): void {
    this.pause.cancel();
    this.pending.clear();
  }

  /** How long the re-check running since its edit has taken, the pause excluded (undefined: none runs). */
  editMs(now: number): number | undefined {
    return this.from === undefined ? undefined : now - this.from;
  }

  /** A check failed: the edit's time is not reported. */
  forget(): void {
    this.from = undefined;
  }
}
