import type { StatusParams } from '../../../common/protocol';

/** What the check with new database models needs of the workspace. */
export interface ModelCheckContext {
  /** The roots of the workspace now. */
  roots(): readonly string[];
  /** The rule work the root's check with its models will do, in steps (RootSession.warm); undefined without a session. */
  warm(root: string): Iterator<void> | undefined;
  /** The next turn the server's own work may take (SharedTurns). */
  turn(): Promise<void>;
  /** True while no edit waits for its re-check. */
  idle(): boolean;
  /** The slice of the server's own work (BACKGROUND_SLICE_MS, scaled). */
  readonly sliceMs: number;
  checkOne(root: string): void;
  flush(): void;
  publishStatus(state: StatusParams['state']): void;
  guarded(what: string, work: () => void): void;
  checkFailed(what: string, error: unknown): void;
}

/**
 * The second of the workspace's three schedulers: the check of a root with its new database models.
 * Nothing changed on disk: the session keeps every file and re-runs the rules that read the models,
 * which at 1,000 tables takes hundreds of milliseconds; that work is done ahead in ~5 ms slices
 * (BACKGROUND_SLICE_MS) that yield to the event loop, then the check re-uses it. An edit that arrives
 * meanwhile stops the slices: its re-check comes first and checks this root with the models too
 * (`dueRoots`), as does any other check of the root (`checked`).
 */
export class ModelCheck {
  /** Roots whose check with new database models is due, each with its build's token. */
  private readonly due = new Map<string, object>();

  constructor(private readonly ctx: ModelCheckContext) {}

  /** A build of `root`'s models ended: its check with them is due. */
  built(root: string): void {
    if (!this.ctx.roots().includes(root)) return;
    const token = {};
    this.due.set(root, token);
    this.ctx.publishStatus('checking');
    // The slices run outside `guarded`: a throw there is that check's failure too, not an unhandled rejection.
    this.run(root, token).catch((error: unknown) => this.ctx.checkFailed('the check with the database models', error));
  }

  /** The roots whose check with new models is still due. */
  dueRoots(): string[] {
    return [...this.due.keys()].filter((r) => this.ctx.roots().includes(r));
  }

  /** Any check of the root reads its models as they are now: nothing is due for it any more. */
  checked(root: string): void {
    this.due.delete(root);
  }

  private async run(root: string, token: object): Promise<void> {
    const steps = this.ctx.warm(root);
    const due = async (): Promise<boolean> => {
      await this.ctx.turn();
      return this.ctx.idle() && this.due.get(root) === token;
    };
    // The first slice has a turn of its own (not the one the model arrived in), and so has the check after the last.
    let at = Number.NEGATIVE_INFINITY;
    let done = false;
    while (!done) {
      if (performance.now() - at >= this.ctx.sliceMs) {
        if (!(await due())) return;
        at = performance.now();
      }
      done = steps?.next().done ?? true;
    }
    if (!(await due())) return;
    this.ctx.guarded('the check with the database models', () => {
      if (this.due.get(root) !== token) return;
      this.ctx.checkOne(root);
      this.ctx.flush();
    });
  }
}
