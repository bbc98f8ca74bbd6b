import { duplicateNames } from './rule';
import type { Rule } from './rule';

/** Source names are unique. */
export const sourceDuplicate: Rule = {
  codes: ['source-duplicate'],
  reads: ['sourceNames'],
  check: ({ index }) => duplicateNames('source-duplicate', 'Source', index.sourceNames),
};
