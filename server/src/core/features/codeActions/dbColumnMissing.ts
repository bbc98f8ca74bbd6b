import { replaceName } from './replaceName';
import type { Fixer } from './types';

/** db-column-missing: change the column to the closest one the table has (a renamed column, most often). */
export const replaceMissingColumn: Fixer = ({ finding, result }) => {
  const { column, suggestion } = finding.data ?? {};
  if (!result || typeof column !== 'string' || typeof suggestion !== 'string') return [];
  return replaceName(result, finding, column, suggestion);
};
