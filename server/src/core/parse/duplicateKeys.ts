import { isCollection, isMap, isPair, isScalar, YAMLParseError } from 'yaml';
import type { Document } from 'yaml';

/**
 * The yaml package's `uniqueKeys` check, in linear time: it compares each key with every earlier
 * key of its map, so a map of 50,000 keys costs over a billion comparisons. Same rule (two scalar
 * keys whose values are ===), same error (DUPLICATE_KEY at the later key's start), merged into
 * `doc.errors` in document order.
 */
export function addDuplicateKeyErrors(doc: Document.Parsed): void {
  const found: YAMLParseError[] = [];
  const walk = (node: unknown): void => {
    if (!isCollection(node)) return;
    const seen = isMap(node) ? new Set<unknown>() : undefined;
    for (const item of node.items) {
      if (!isPair(item)) {
        walk(item);
        continue;
      }
      const key = item.key;
      if (seen && isScalar(key) && key.range && !Number.isNaN(key.value)) {
        if (seen.has(key.value)) found.push(new YAMLParseError([key.range[0], key.range[0] + 1], 'DUPLICATE_KEY', 'Map keys must be unique'));
        else seen.add(key.value);
      }
      walk(key);
      walk(item.value);
    }
  };
  walk(doc.contents);
  if (found.length === 0) return;
  const merged: YAMLParseError[] = [];
  let next = 0;
  for (const error of doc.errors) {
    while (next < found.length && found[next]!.pos[0] < error.pos[0]) merged.push(found[next++]!);
    merged.push(error);
  }
  merged.push(...found.slice(next));
  doc.errors.splice(0, doc.errors.length, ...merged);
}
