import type { DatabaseModels } from '../db/model';
import type { Finding, RelatedInfo, Severity } from '../diagnostics';
import type { EngineVersion } from '../engineVersion';
import type { SchemaProvider } from '../graphql/operations/provider';
import type { Loc, Named, ProjectIndex, TableFact } from '../project/index/types';
import type { Walk } from '../project/index/walk';
import type { Project } from '../project/project';

export interface RuleContext {
  readonly project: Project;
  readonly index: ProjectIndex;
  readonly walk: Walk;
  /** The database behind each source that has a model (empty when none was built). */
  readonly databases: DatabaseModels;
  /** The engine version the metadata targets (a setting; the same object while it is unchanged). */
  readonly engineVersion: EngineVersion;
  /** The GraphQL schema each role sees (none without a schema generator: the rules that need it are silent). */
  readonly schemas?: SchemaProvider;
}

/**
 * What a rule can read. A rule that lists its inputs in `reads` is not run again while each of them
 * is the same as at its last run: the index parts are new objects only when a file they are read
 * from changed; `actionsGraphql` is the actions.graphql file; `unreferenced` the table files no
 * include reaches; `graphqlSchema` the schemas each role sees (the same provider while what they are
 * made from is unchanged). Walking into the nodes of an input is reading that input.
 */
export type RuleInput = Exclude<keyof ProjectIndex, 'root'> | 'actionsGraphql' | 'unreferenced' | 'databases' | 'engineVersion' | 'graphqlSchema';

/** A cross-file rule: one file each, small, pure. */
export interface Rule {
  /** The codes this rule can report (each stable, kebab-case, documented in docs/rules.md). */
  readonly codes: readonly string[];
  /** Everything the rule reads; without it the rule runs on every check. */
  readonly reads?: readonly RuleInput[];
  check(ctx: RuleContext): Finding[];
  /**
   * For rules about one table at a time: the findings of one table, re-run only for tables whose
   * facts changed (or when another input in `reads` changed). `check` covers every table.
   */
  readonly checkTable?: (table: TableFact, ctx: RuleContext) => Finding[];
  /** `databases`: the rule judges the metadata against database models, and is not run without one. */
  readonly requires?: 'databases';
  /**
   * For a whole-project rule that keeps its own per-table memo: does the work `check` would do with
   * this context ahead, one step at a time, where `check` then finds it (the language server spreads
   * the first check after new database models over its event loop; see RuleRunner.warm). `check`
   * gives the same findings with or without it.
   */
  readonly warm?: (ctx: RuleContext) => Iterable<void>;
}

/** A rule that looks at one table at a time (its `check` runs it on every table). */
export function tableRule(rule: {
  codes: readonly string[];
  reads?: readonly RuleInput[];
  requires?: 'databases';
  checkTable: (table: TableFact, ctx: RuleContext) => Finding[];
}): Rule {
  return { ...rule, reads: ['tables', ...(rule.reads ?? [])], check: (ctx) => ctx.index.tables.flatMap((t) => rule.checkTable(t, ctx)) };
}

export function finding(
  code: string,
  severity: Severity,
  message: string,
  loc: Loc,
  extra: { related?: RelatedInfo[]; data?: Record<string, unknown> } = {},
): Finding {
  return { code, severity, message, file: loc.file, span: loc.span, ...extra };
}

export function related(loc: Loc, message: string): RelatedInfo {
  return { file: loc.file, span: loc.span, message };
}

/** Every later occurrence of a key already seen, paired with the first one. */
export function duplicates<T>(items: readonly T[], key: (item: T) => string | undefined): [first: T, again: T][] {
  const seen = new Map<string, T>();
  const out: [T, T][] = [];
  for (const item of items) {
    const k = key(item);
    if (k === undefined) continue;
    const first = seen.get(k);
    if (first === undefined) seen.set(k, item);
    else out.push([first, item]);
  }
  return out;
}

/** Reports each repeated name with related information at its first use. */
export function duplicateNames(code: string, what: string, names: readonly Named[], severity: Severity = 'error'): Finding[] {
  return duplicates(names, (n) => n.name).map(([first, again]) =>
    finding(code, severity, `${what} \`${again.name}\` is defined more than once.`, again.loc, {
      related: [related(first.loc, `First definition of \`${first.name}\``)],
    }),
  );
}
