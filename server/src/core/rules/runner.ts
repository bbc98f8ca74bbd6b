import type { Finding } from '../diagnostics';
import type { TableFact } from '../project/index/types';
import { join } from '../util/paths';
import type { Rule, RuleContext, RuleInput } from './rule';

interface Run {
  readonly inputs: readonly unknown[];
  readonly findings: readonly Finding[];
}

/**
 * Runs the rules, each in isolation (a rule that throws is reported for that rule, the others still
 * run), and re-uses a rule's findings while the inputs it `reads` are the same objects as at its last
 * run. Per-table rules are re-run only for the tables whose facts are new.
 */
export class RuleRunner {
  private readonly last = new Map<Rule, Run>();
  private readonly perTable = new Map<Rule, WeakMap<TableFact, Run>>();
  /** How many times a rule's code ran (for the whole project or for one table). */
  runs = 0;

  /** @param remember keep findings to re-use them (off for a one-time check, where keeping them is only cost) */
  constructor(private readonly remember = true) {}

  run(ctx: RuleContext, rules: readonly Rule[]): Finding[] {
    return rules.flatMap((rule) => this.runRule(ctx, rule));
  }

  private runRule(ctx: RuleContext, rule: Rule): readonly Finding[] {
    if (!rule.reads || !this.remember) return this.guarded(rule, ctx, undefined, () => rule.check(ctx));
    const inputs = rule.reads.map((input) => inputOf(ctx, input));
    const last = this.last.get(rule);
    if (last && same(last.inputs, inputs)) return last.findings;
    const findings = rule.checkTable ? this.byTable(ctx, rule, rule.checkTable, inputs.filter((_, i) => rule.reads?.[i] !== 'tables')) : this.guarded(rule, ctx, undefined, () => rule.check(ctx));
    this.last.set(rule, { inputs, findings });
    return findings;
  }

  private byTable(ctx: RuleContext, rule: Rule, checkTable: NonNullable<Rule['checkTable']>, inputs: readonly unknown[]): Finding[] {
    let memo = this.perTable.get(rule);
    if (!memo) this.perTable.set(rule, (memo = new WeakMap()));
    const known = memo;
    return ctx.index.tables.flatMap((table) => {
      const last = known.get(table);
      if (last && same(last.inputs, inputs)) return last.findings;
      const findings = this.guarded(rule, ctx, table, () => checkTable(table, ctx));
      known.set(table, { inputs, findings });
      return findings;
    });
  }

  private guarded(rule: Rule, ctx: RuleContext, table: TableFact | undefined, run: () => Finding[]): readonly Finding[] {
    this.runs++;
    try {
      return run();
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error);
      const where = table ? `table ${table.key}` : 'this project';
      const loc = table ? table.tableLoc : { file: join(ctx.project.root, 'version.yaml'), span: { start: 0, end: 0 } };
      return [{ code: 'rule-failed', severity: 'error', message: `Rule ${rule.codes[0] ?? '?'} failed on ${where}: ${detail}. Please report it.`, file: loc.file, span: loc.span }];
    }
  }
}

function inputOf(ctx: RuleContext, input: RuleInput): unknown {
  if (input === 'actionsGraphql') return ctx.project.files.get(join(ctx.project.root, 'actions.graphql'));
  if (input === 'unreferenced') return ctx.project.unreferenced;
  return ctx.index[input];
}

function same(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}
