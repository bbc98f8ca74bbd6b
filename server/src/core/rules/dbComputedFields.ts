import { computedFieldProblems } from '../db/functionChecks';
import { viewOf } from '../db/modelViews';
import { functionMissing, functionRef, trackedIn } from './dbFunctionRef';
import { finding, tableRule } from './rule';

/** Computed fields whose function the database lacks, or that the engine cannot use for this table. */
export const dbComputedFields = tableRule({
  codes: ['db-function-missing', 'db-computed-field-invalid'],
  requires: 'databases',
  reads: ['tableKeys', 'databases'],
  checkTable: (t, { databases, walk, index }) => {
    const view = viewOf(databases, t.source);
    if (!view) return [];
    const isTracked = trackedIn(index.tableKeys, t.source);
    return t.relationships.flatMap((rel) => {
      if (rel.kind !== 'computed_field') return [];
      const definition = walk.get(rel.at, 'definition');
      const ref = functionRef(walk, walk.get(definition, 'function'), view);
      if (!ref) return [];
      const { key, loc, judged } = ref;
      if (judged.kind === 'missing') return functionMissing(view, ref, `Computed field \`${rel.name.name}\` uses function \`${key}\``);
      if (judged.kind !== 'found' || judged.value.length !== 1) return [];
      const tableArgument = walk.text(walk.get(definition, 'table_argument'));
      const sessionArgument = walk.text(walk.get(definition, 'session_argument'));
      const config = { ...(tableArgument ? { tableArgument } : {}), ...(sessionArgument ? { sessionArgument } : {}) };
      const problems = computedFieldProblems(view, judged.value[0]!, t.table, config, isTracked);
      if (problems.length === 0) return [];
      return [
        finding(
          'db-computed-field-invalid',
          'error',
          `Computed field \`${rel.name.name}\` cannot use \`${key}\` on \`${t.key}\`: ${problems.join('; ')}.`,
          loc,
          { data: { function: key } },
        ),
      ];
    });
  },
});
