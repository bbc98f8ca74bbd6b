import { applySeverity, checkAhead, discoverRoots, enclosingRoot, isInside } from '../core';
import type { FileSystemHost, IndexMemo, ParseCache, SchemaValidator, SeverityOverrides, YamlFile } from '../core';
import type { StatusParams } from '../../../common/protocol';
import type { DiagnosticsOut } from './publishing';
import { aloneFindings, parseAhead, persist } from './startUp';
import type { PersistentStore, StartUpRun } from './startUp';

/** What the start-up check needs of the workspace. */
export interface StartUpContext {
  readonly host: FileSystemHost;
  readonly cache: ParseCache;
  readonly validator: SchemaValidator;
  readonly memo: IndexMemo;
  readonly out: DiagnosticsOut;
  readonly parse: (path: string, text: string) => YamlFile;
  /** How long start-up parses before it yields, how long the server's later work does, how long it waits for the first opened files. */
  readonly sliceMs: number;
  readonly backgroundSliceMs: number;
  readonly openFilesWaitMs: number;
  folders(): readonly string[];
  severity(): SeverityOverrides;
  /** The paths changed (opened) since the start-up began. */
  changedPaths(): ReadonlySet<string>;
  /** Drops the changes that waited: the check about to run reads every file as it is now. */
  dropChanges(): void;
  /** The next turn the server's own work may take (SharedTurns). */
  turn(): Promise<void>;
  rediscover(): void;
  publishStatus(state: StatusParams['state']): void;
  checkFailed(what: string, error: unknown): void;
}

/**
 * The third of the workspace's three schedulers: the first check of the workspace folders, kept off
 * a long synchronous path. Every YAML file of each root is parsed in slices of about 25 ms that
 * yield to the event loop (requests and edits are served in between, each file's YAML errors are
 * published as soon as it is parsed, and a file opened meanwhile is checked alone and published at
 * once), then, once the settings are read, the roots are checked from the parse cache. A newer
 * start-up makes an older one stop.
 */
export class StartUpCheck {
  /** Counts start-ups, so an older one stops when a newer one begins. */
  private runs = 0;
  /** While a start-up parses: edits wait for its check (the files opened meanwhile are checked alone first). */
  private parsing = false;
  /** Files checked alone during the running start-up. */
  private readonly checkedAlone = new Set<string>();
  /** The roots the running start-up found (none yet: a file's root is found by walking up from it). */
  private roots: readonly string[] = [];

  constructor(private readonly ctx: StartUpContext) {}

  /** True while a start-up parses. */
  get running(): boolean {
    return this.parsing;
  }

  /** A start-up of the workspace's folders; a failure is published as a check failure. */
  async run(store?: PersistentStore, settings?: Promise<unknown>): Promise<void> {
    const run = ++this.runs;
    const ctx = this.ctx;
    this.parsing = true;
    this.checkedAlone.clear();
    // Settings that fail are this start-up's failure, reported when it waits for them (not as an unhandled rejection before).
    const read = Promise.resolve(settings).then(
      () => ({ ok: true as const }),
      (error: unknown) => ({ ok: false as const, error }),
    );
    this.roots = [];
    try {
      if (store) ctx.cache.attach(store);
      ctx.publishStatus('checking');
      // The files the client opens right after `initialized` are checked alone first (see checkOpenedAlone), before any root is
      // looked for. A turn of the event loop is not enough: the JSON-RPC connection hands over one message a turn, and the
      // client's didOpen may come in a later read than `initialized`; the wait lets both through first.
      await new Promise((resolve) => setTimeout(resolve, ctx.openFilesWaitMs));
      if (run !== this.runs) return;
      const roots = [...new Set(ctx.folders().flatMap((f) => discoverRoots(f, ctx.host, ctx.parse).roots))];
      this.roots = roots;
      const slices: StartUpRun = {
        host: ctx.host,
        cache: ctx.cache,
        sliceMs: ctx.sliceMs,
        current: () => run === this.runs,
        between: () => this.checkOpenedAlone(),
        // After a gap, like the server's other work of its own: a request (or a didOpen) that arrives during start-up's
        // parse waits for the slice it came in, not for one per turn vscode-jsonrpc takes (the ready came no later, measured).
        turn: () => ctx.turn(),
      };
      const parsed = await parseAhead(slices, roots, (yaml, text, likely) => {
        if (likely) ctx.out.early(yaml.path, text, yaml.syntax);
        // A table or function file's schema check and table facts, done here in the slices: the first check finds them done.
        checkAhead(ctx.validator, ctx.memo, yaml, text);
      });
      const settled = await read;
      if (!settled.ok) throw settled.error;
      if (!parsed || run !== this.runs) return;
      store?.release();
      // The check reads every file as it is now: the changes that waited are in it.
      this.parsing = false;
      ctx.dropChanges();
      ctx.rediscover();
      if (store) await persist({ ...slices, sliceMs: ctx.backgroundSliceMs }, store, () => ctx.changedPaths().size > 0);
    } catch (error) {
      if (run !== this.runs) return;
      this.parsing = false;
      ctx.checkFailed('the start-up check', error);
    }
  }

  /** The files changed (opened) during start-up, each checked alone once: its own findings out before the project's. */
  checkOpenedAlone(): void {
    const ctx = this.ctx;
    for (const path of ctx.changedPaths()) {
      if (this.checkedAlone.has(path) || !/\.ya?ml$/i.test(path)) continue;
      this.checkedAlone.add(path);
      const root = this.roots.length > 0 ? innermost(this.roots, path) : enclosingRoot(path, ctx.host);
      const read = ctx.host.readFile(path);
      if (root === undefined || read.kind !== 'text') continue;
      const findings = aloneFindings(root, path, read.text, { cache: ctx.cache, validator: ctx.validator, host: ctx.host });
      ctx.out.early(path, read.text, applySeverity([...findings], ctx.severity()));
    }
  }
}

/** The innermost of `roots` containing `path`. */
export function innermost(roots: readonly string[], path: string): string | undefined {
  return roots.filter((r) => isInside(path, r)).sort((a, b) => b.length - a.length)[0];
}
