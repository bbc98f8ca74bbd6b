import type { Finding } from '../diagnostics';
import type { TableFact } from '../project/index/types';
import { join } from '../util/paths';
import type { SyntaxPause } from './paused';
import type { Rule, RuleContext, RuleInput } from './rule';

interface Run {
  readonly inputs: readonly unknown[];
  readonly findings: readonly Finding[];
}

/** A per-table rule's last run: the table list it saw and the findings of the tables that had any. */
interface TableRun {
  readonly tables: readonly TableFact[];
  readonly inputs: readonly unknown[];
  readonly results: ReadonlyMap<TableFact, readonly Finding[]>;
  readonly findings: readonly Finding[];
}

/** The tables of one list that are not in the previous one at the same place (same length only). */
interface TableDiff {
  readonly from: readonly TableFact[];
  readonly removed: readonly TableFact[];
  readonly added: readonly TableFact[];
}

/**
 * Runs the rules, each in isolation (a rule that throws is reported for that rule, the others still
 * run), and re-uses a rule's findings while the inputs it `reads` are the same objects as at its last
 * run. Per-table rules are re-run only for the tables whose facts are new: after a table-file edit,
 * the work is that table's, not the project's.
 */
export class RuleRunner {
  private readonly last = new Map<Rule, Run>();
  private readonly perTable = new Map<Rule, WeakMap<TableFact, Run>>();
  private readonly tableRuns = new Map<Rule, TableRun>();
  private tablesSeen: readonly TableFact[] | undefined;
  /** How many times a rule's code ran (for the whole project or for one table). */
  runs = 0;

  private readonly remember: boolean;

  /** `keepFindings`: keep findings to re-use them (off for a one-time check, where keeping them is only cost). */
  constructor({ keepFindings = true }: { readonly keepFindings?: boolean } = {}) {
    this.remember = keepFindings;
  }

  /** @param pause the rules not to run now (they read a file with YAML errors); their last results stay for when they run again */
  run(ctx: RuleContext, rules: readonly Rule[], pause?: SyntaxPause): Finding[] {
    const diff = this.diff(ctx.index.tables);
    this.tablesSeen = ctx.index.tables;
    return rules.flatMap((rule) => (pause?.paused(rule) ? [] : this.runRule(ctx, rule, diff)));
  }

  /**
   * The rule work `run` would do next with this context, as steps the caller can spread over time
   * (the language server's first check after new database models arrive yields to its event loop
   * between them): one table of a per-table rule, or one whole-project rule, per step. Each step
   * fills the memo `run` reads, so the findings of the `run` after are the same as without it.
   * Paused rules are left to `run`.
   */
  *warm(ctx: RuleContext, rules: readonly Rule[], pause?: SyntaxPause): Generator<void, void, undefined> {
    if (!this.remember) return;
    for (const rule of rules) {
      if (pause?.paused(rule) || !rule.reads || (rule.requires === 'databases' && ctx.databases.size === 0)) continue;
      if (!rule.checkTable) {
        if (rule.warm && !this.unchanged(ctx, rule)) yield* rule.warm(ctx);
        if (this.wholeProject(ctx, rule).ran) yield;
        continue;
      }
      const inputs = tableInputs(ctx, rule);
      const last = this.tableRuns.get(rule);
      // Unchanged inputs: `run` re-uses that run or patches it for the tables that changed.
      if (last && same(last.inputs, inputs)) continue;
      for (const table of ctx.index.tables) {
        this.oneTable(ctx, rule, rule.checkTable, table, inputs);
        yield;
      }
    }
  }

  private diff(tables: readonly TableFact[]): TableDiff | undefined {
    const from = this.tablesSeen;
    if (!from || from === tables || from.length !== tables.length) return undefined;
    const removed: TableFact[] = [];
    const added: TableFact[] = [];
    tables.forEach((table, i) => {
      if (from[i] === table) return;
      removed.push(from[i]!);
      added.push(table);
    });
    return { from, removed, added };
  }

  private runRule(ctx: RuleContext, rule: Rule, diff: TableDiff | undefined): readonly Finding[] {
    // Without a database model a database rule has nothing to say: it is not run (and costs no run).
    if (rule.requires === 'databases' && ctx.databases.size === 0) return [];
    if (!rule.reads || !this.remember) return this.guarded(rule, ctx, undefined, () => rule.check(ctx));
    if (rule.checkTable) return this.byTable(ctx, rule, rule.checkTable, tableInputs(ctx, rule), diff);
    return this.wholeProject(ctx, rule).findings;
  }

  /** True when a whole-project rule's last findings stand: the inputs it reads are the same. */
  private unchanged(ctx: RuleContext, rule: Rule): boolean {
    const last = this.last.get(rule);
    return last !== undefined && same(last.inputs, wholeInputs(ctx, rule));
  }

  /** A whole-project rule's findings, re-used while the inputs it reads are the same; `ran`: its code ran now. */
  private wholeProject(ctx: RuleContext, rule: Rule): { readonly findings: readonly Finding[]; readonly ran: boolean } {
    const inputs = wholeInputs(ctx, rule);
    const last = this.last.get(rule);
    if (last && same(last.inputs, inputs)) return { findings: last.findings, ran: false };
    const findings = this.guarded(rule, ctx, undefined, () => rule.check(ctx));
    this.last.set(rule, { inputs, findings });
    return { findings, ran: true };
  }

  private byTable(
    ctx: RuleContext,
    rule: Rule,
    checkTable: NonNullable<Rule['checkTable']>,
    inputs: readonly unknown[],
    diff: TableDiff | undefined,
  ): readonly Finding[] {
    const tables = ctx.index.tables;
    const last = this.tableRuns.get(rule);
    const usable = last !== undefined && same(last.inputs, inputs);
    if (usable && last.tables === tables) return last.findings;
    // The previous run saw the list this one differs from: only the tables that changed are looked at.
    const patch = usable && diff !== undefined && diff.from === last.tables ? diff : undefined;
    const results = new Map(patch ? last?.results : undefined);
    for (const table of patch?.removed ?? []) results.delete(table);
    for (const table of patch?.added ?? tables) {
      const findings = this.oneTable(ctx, rule, checkTable, table, inputs);
      if (findings.length > 0) results.set(table, findings);
    }
    const findings = [...results.values()].flat();
    this.tableRuns.set(rule, { tables, inputs, results, findings });
    return findings;
  }

  private oneTable(
    ctx: RuleContext,
    rule: Rule,
    checkTable: NonNullable<Rule['checkTable']>,
    table: TableFact,
    inputs: readonly unknown[],
  ): readonly Finding[] {
    let memo = this.perTable.get(rule);
    if (!memo) this.perTable.set(rule, (memo = new WeakMap()));
    const known = memo.get(table);
    if (known && same(known.inputs, inputs)) return known.findings;
    const findings = this.guarded(rule, ctx, table, () => checkTable(table, ctx));
    memo.set(table, { inputs, findings });
    return findings;
  }

  private guarded(rule: Rule, ctx: RuleContext, table: TableFact | undefined, run: () => Finding[]): readonly Finding[] {
    this.runs++;
    try {
      return run();
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error);
      const where = table ? `table ${table.key}` : 'this project';
      const loc = table ? table.tableLoc : { file: join(ctx.project.root, 'version.yaml'), span: { start: 0, end: 0 } };
      return [
        {
          code: 'rule-failed',
          severity: 'error',
          message: `Rule ${rule.codes[0] ?? '?'} failed on ${where}: ${detail}. Please report it.`,
          file: loc.file,
          span: loc.span,
        },
      ];
    }
  }
}

function inputOf(ctx: RuleContext, input: RuleInput): unknown {
  if (input === 'actionsGraphql') return ctx.project.files.get(join(ctx.project.root, 'actions.graphql'));
  if (input === 'unreferenced') return ctx.project.unreferenced;
  if (input === 'databases') return ctx.databases;
  if (input === 'engineVersion') return ctx.engineVersion;
  if (input === 'graphqlSchema') return ctx.schemas;
  return ctx.index[input];
}

function wholeInputs(ctx: RuleContext, rule: Rule): unknown[] {
  return (rule.reads ?? []).map((input) => inputOf(ctx, input));
}

/** What a per-table rule's memo compares: its inputs but the table list. */
function tableInputs(ctx: RuleContext, rule: Rule): unknown[] {
  return (rule.reads ?? []).filter((input) => input !== 'tables').map((input) => inputOf(ctx, input));
}

function same(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}
