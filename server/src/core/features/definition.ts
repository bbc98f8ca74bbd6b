import type { Loc } from '../project/index/types';
import { dbDefinition, dbRefAt } from './database';
import { locate } from './locate';
import type { Occurrence } from './occurrence';
import { operationDefinition } from './operations';
import type { OperationOptions } from './operations';
import { occurrencesOf } from './occurrences';
import type { FeatureInput } from './types';

/**
 * Go to definition: an include -> its file; a collection, query, table, relationship or role ->
 * where it is defined (a role: every permission that makes it a role, and its inherited-role entry);
 * an action in actions.yaml <-> its field in actions.graphql; a column, a function, or a table's own
 * `table:` -> the migration statement that creates it (with a database model from migrations); a
 * field of a collection's query -> what makes it (features/operations.ts).
 */
export function definition(input: FeatureInput, operations: OperationOptions = {}): Loc[] {
  const { include, occurrence } = locate(input);
  const inOperation = occurrence ? undefined : operationDefinition(input, operations);
  if (inOperation && inOperation.length > 0) return inOperation;
  if (include) {
    const target = input.result.project.includeTargets.get(include);
    return target ? [{ file: target.path, span: { start: 0, end: 0 } }] : [];
  }
  const definitions = occurrence
    ? occurrencesOf(input.result)
        .byId(occurrence.id)
        .filter((o) => o.definition)
    : [];
  const others = occurrence ? definitions.filter((o) => !same(o, occurrence)) : [];
  if (others.length > 0) return others.map((o) => o.loc).sort(byPlace);
  // A column, a function, or a table named where it is defined: the migration statement that creates it.
  const ref = dbRefAt(input);
  const inSql = ref ? dbDefinition(input.result, ref) : [];
  return inSql.length > 0 ? inSql : definitions.map((o) => o.loc).sort(byPlace);
}

export function byPlace(a: Loc, b: Loc): number {
  return a.file < b.file ? -1 : a.file > b.file ? 1 : a.span.start - b.span.start;
}

export function same(a: Occurrence, b: Occurrence): boolean {
  return a.loc.file === b.loc.file && a.loc.span.start === b.loc.span.start && a.loc.span.end === b.loc.span.end;
}
