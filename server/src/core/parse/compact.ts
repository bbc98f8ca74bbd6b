import { Document, isMap, isScalar, isSeq, Pair, Scalar, YAMLMap, YAMLSeq } from 'yaml';
import type { Range } from 'yaml';
import type { YNode } from './ast';

/**
 * A parsed YAML document as plain JSON, to keep parses across language-server restarts (keyed by the
 * file's content): every node with its value, range, style and tag. Only documents without errors,
 * warnings, anchors or aliases, whose scalars are JSON values, are written this way; anything else
 * is parsed again.
 *
 * Scalar: [0, value, range, type, tag?]; map: [1, range, flow, [[key, value], ...]]; seq: [2, range, flow, [item, ...]].
 */
type CompactNode = null | [0, unknown, Range, string | undefined, string?] | [1 | 2, Range, boolean, unknown[]];

export function toCompact(doc: Document.Parsed): CompactNode | undefined {
  if (doc.errors.length > 0 || doc.warnings.length > 0) return undefined;
  try {
    return compactNode(doc.contents);
  } catch (error) {
    if (error instanceof NotCompact) return undefined;
    throw error;
  }
}

class NotCompact extends Error {}

function compactNode(node: YNode | null | undefined): CompactNode {
  if (node === null || node === undefined) return null;
  if ('anchor' in node && node.anchor !== undefined) throw new NotCompact();
  if (isScalar(node)) {
    const value = node.value;
    const plain =
      value === null ||
      typeof value === 'string' ||
      typeof value === 'boolean' ||
      (typeof value === 'number' && Number.isFinite(value) && !Object.is(value, -0));
    if (!plain || !node.range) throw new NotCompact();
    return node.tag === undefined ? [0, value, node.range, node.type] : [0, value, node.range, node.type, node.tag];
  }
  if (isMap(node) && node.range)
    return [1, node.range, node.flow === true, node.items.map((pair) => [compactNode(pair.key as YNode), compactNode(pair.value as YNode)])];
  if (isSeq(node) && node.range) return [2, node.range, node.flow === true, node.items.map((item) => compactNode(item as YNode))];
  throw new NotCompact();
}

/**
 * The document `compact` describes, for `text`; undefined when it cannot be the parse of a text of
 * that length (a damaged cache entry), so the caller parses instead.
 */
export function fromCompact(compact: unknown, text: string): Document.Parsed | undefined {
  try {
    const doc = new Document() as Document.Parsed;
    doc.contents = rebuild(compact, text.length) as Document.Parsed['contents'];
    doc.range = [0, text.length, text.length];
    return doc;
  } catch (error) {
    if (error instanceof NotCompact) return undefined;
    throw error;
  }
}

function rebuild(c: unknown, length: number): YNode | null {
  if (c === null) return null;
  if (!Array.isArray(c)) throw new NotCompact();
  const range = checkedRange(c[c[0] === 0 ? 2 : 1], length);
  if (c[0] === 0) {
    const scalar = new Scalar(c[1]);
    scalar.range = range;
    if (typeof c[3] === 'string') scalar.type = c[3] as Scalar.Type;
    if (typeof c[4] === 'string') scalar.tag = c[4];
    return scalar;
  }
  if ((c[0] !== 1 && c[0] !== 2) || !Array.isArray(c[3])) throw new NotCompact();
  const node = c[0] === 1 ? new YAMLMap() : new YAMLSeq();
  node.range = range;
  if (c[2] === true) node.flow = true;
  for (const item of c[3] as unknown[]) {
    if (c[0] === 1) {
      if (!Array.isArray(item) || item.length !== 2) throw new NotCompact();
      (node as YAMLMap).items.push(new Pair(rebuild(item[0], length), rebuild(item[1], length)));
    } else (node as YAMLSeq).items.push(rebuild(item, length));
  }
  return node;
}

function checkedRange(range: unknown, length: number): Range {
  if (!Array.isArray(range) || range.length !== 3 || !range.every((n, i) => Number.isInteger(n) && n >= 0 && n <= length && (i === 0 || n >= range[i - 1])))
    throw new NotCompact();
  return range as Range;
}
