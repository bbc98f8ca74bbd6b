import type { Loc } from '../project/index/types';
import { byPlace } from './definition';
import { locate } from './locate';
import { occurrencesOf } from './occurrences';
import type { FeatureInput } from './types';

/** Every place that names the symbol under the cursor (tables, relationships, collections, queries, roles, actions). */
export function references(input: FeatureInput, includeDeclaration: boolean): Loc[] {
  const { occurrence } = locate(input);
  if (!occurrence) return [];
  return occurrencesOf(input.result)
    .byId(occurrence.id)
    .filter((o) => includeDeclaration || !o.definition)
    .map((o) => o.loc)
    .sort(byPlace);
}
