/**
 * When the language server dies: restart it, and tell the user once per episode. Pure (an injected
 * clock, no vscode), so the rules are tested in plain node.
 *
 * An episode is a run of crashes each less than `windowMs` after the one before: its first crash
 * is told, the others are only logged. More than `maxRestarts` crashes within `windowMs` end it by
 * giving up (the same limits as vscode-languageclient's default: 4 restarts in 3 minutes). A manual
 * restart ({@link CrashPolicy.reset}) or a quiet `windowMs` starts a new episode.
 */

export interface CrashLimits {
  readonly maxRestarts: number;
  readonly windowMs: number;
}

export const DEFAULT_LIMITS: CrashLimits = { maxRestarts: 4, windowMs: 3 * 60 * 1000 };

export type CrashDecision =
  /** Restart; `tell`: this crash opens an episode (show the one message); `crashes`: how many in the window. */
  | { readonly action: 'restart'; readonly tell: boolean; readonly crashes: number }
  /** Too many crashes in the window: leave the server stopped (say so, offer a restart). */
  | { readonly action: 'give-up'; readonly crashes: number };

export class CrashPolicy {
  private recent: number[] = [];
  private last: number | undefined;

  constructor(
    readonly limits: CrashLimits = DEFAULT_LIMITS,
    private readonly now: () => number = Date.now,
  ) {}

  crashed(): CrashDecision {
    const at = this.now();
    const opensEpisode = this.last === undefined || at - this.last >= this.limits.windowMs;
    this.last = at;
    this.recent = [...this.recent.filter((t) => at - t < this.limits.windowMs), at];
    const crashes = this.recent.length;
    if (crashes > this.limits.maxRestarts) {
      this.reset();
      return { action: 'give-up', crashes };
    }
    return { action: 'restart', tell: opensEpisode, crashes };
  }

  /** Forgets the crashes: the next one opens a new episode (after a manual restart, or giving up). */
  reset(): void {
    this.recent = [];
    this.last = undefined;
  }
}

/** `3 minutes`, `90 seconds`: a window as people say it. */
export function windowText(ms: number): string {
  const seconds = Math.round(ms / 1000);
  if (seconds % 60 === 0) return plural(seconds / 60, 'minute');
  return plural(seconds, 'second');
}

function plural(n: number, unit: string): string {
  return `${n} ${unit}${n === 1 ? '' : 's'}`;
}
