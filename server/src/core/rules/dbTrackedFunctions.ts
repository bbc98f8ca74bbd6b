import { trackedFunctionProblems } from '../db/functionChecks';
import { modelPlace, viewOf } from '../db/modelViews';
import { functionMissing, functionRef, trackedIn } from './dbFunctionRef';
import type { Finding } from '../diagnostics';
import type { At, SourceFact } from '../project/index/types';
import type { Rule, RuleContext } from './rule';
import { finding } from './rule';

/** Tracked functions (a source's `functions`) that the database lacks, or that the engine cannot track. */
export const dbTrackedFunctions: Rule = {
  codes: ['db-function-missing', 'db-function-invalid'],
  requires: 'databases',
  reads: ['sources', 'tableKeys', 'databases'],
  check: (ctx) => ctx.index.sources.flatMap((source) => (ctx.databases.has(source.name.name) ? sourceFunctions(source, ctx) : [])),
};

function sourceFunctions(source: SourceFact, ctx: RuleContext): Finding[] {
  const { walk, databases, index } = ctx;
  const view = viewOf(databases, source.name.name)!;
  const isTracked = trackedIn(index.tableKeys, source.name.name);
  return walk.items(walk.get(source.at, 'functions')).flatMap((entry: At) => {
    const ref = functionRef(walk, walk.get(entry, 'function'), view);
    if (!ref) return [];
    const { key, loc, judged } = ref;
    if (judged.kind === 'missing') return functionMissing(view, ref, `Function \`${key}\` is tracked`, '; the engine marks it inconsistent');
    if (judged.kind !== 'found') return [];
    if (judged.value.length > 1) {
      return [
        finding(
          'db-function-invalid',
          'error',
          `The engine cannot track \`${key}\`: it is overloaded (${judged.value.length} functions have that name) in ${modelPlace(view.model)}.`,
          loc,
          { data: { function: key } },
        ),
      ];
    }
    const config = walk.get(entry, 'configuration');
    const exposedAs = walk.text(walk.get(config, 'exposed_as'));
    const sessionArgument = walk.text(walk.get(config, 'session_argument'));
    const problems = trackedFunctionProblems(
      view,
      judged.value[0]!,
      { ...(exposedAs ? { exposedAs } : {}), ...(sessionArgument ? { sessionArgument } : {}) },
      isTracked,
    );
    if (problems.length === 0) return [];
    return [finding('db-function-invalid', 'error', `The engine cannot track \`${key}\`: ${problems.join('; ')}.`, loc, { data: { function: key } })];
  });
}
