import { isMap, isSeq } from 'yaml';
import type { RootResult } from '../check';
import { pairsOf } from '../parse/ast';
import type { YNode } from '../parse/ast';
import { yamlDoc } from './find';
import type { TextEdit } from './types';
import { removeItemsOrPair } from './yaml';

/**
 * Removes entries (relationships, permissions, ...) from the lists of table entries, list by list:
 * a list that would be left empty goes with its key. Entries not found in a table's own lists
 * (e.g. a list written through an include) are left alone.
 */
export function removeRelationshipEntries(result: RootResult, nodes: readonly YNode[]): TextEdit[] {
  const wanted = new Set(nodes);
  const edits: TextEdit[] = [];
  const seen = new Set<YNode>();
  for (const table of result.index.tables) {
    const map = table.at.node;
    const doc = yamlDoc(result, table.at.file);
    if (!isMap(map) || !doc || seen.has(map)) continue;
    seen.add(map);
    for (const pair of pairsOf(map)) {
      if (!isSeq(pair.value)) continue;
      const remove = (pair.value.items as YNode[]).filter((item) => wanted.has(item));
      if (remove.length > 0) edits.push(...removeItemsOrPair(doc, map, pair, remove));
    }
  }
  return edits;
}
