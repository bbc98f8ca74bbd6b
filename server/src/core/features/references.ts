import type { Loc } from '../project/index/types';
import { byPlace } from './definition';
import { locate } from './locate';
import { occurrencesOf } from './occurrences';
import { operationColumnReferences } from './operations';
import type { FeatureInput } from './types';

/**
 * Every place that names the symbol under the cursor (tables, relationships, collections, queries,
 * roles, actions; a relationship or action also where a collection's query selects it); on a column
 * of a table file, the fields of the collections' queries that select it.
 */
export function references(input: FeatureInput, includeDeclaration: boolean): Loc[] {
  const { occurrence } = locate(input);
  if (!occurrence) return operationColumnReferences(input).sort(byPlace);
  return occurrencesOf(input.result)
    .byId(occurrence.id)
    .filter((o) => includeDeclaration || !o.definition)
    .map((o) => o.loc)
    .sort(byPlace);
}
