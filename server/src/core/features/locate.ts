import { isMap, isScalar, isSeq } from 'yaml';
import type { Pair } from 'yaml';
import type { RootResult } from '../check';
import { keyText, spanOf } from '../parse/ast';
import type { YNode } from '../parse/ast';
import type { IncludeRef } from '../parse/include';
import type { FileKind } from '../project/kinds';
import type { Occurrence } from './occurrence';
import { occurrencesOf } from './occurrences';
import type { FeatureInput } from './types';
import { within } from './types';

export type PathSegment = string | number;

/** The YAML node under an offset: the keys/indexes leading to it, and whether it is a key or a value. */
export interface NodeAt {
  readonly path: readonly PathSegment[];
  readonly node: YNode;
  /** The pair when the offset is on a key (or on the value of a pair). */
  readonly pair?: Pair<unknown, unknown>;
  readonly on: 'key' | 'value' | 'none';
}

/** Descends from `root` to the innermost node whose text contains `offset`. */
function nodeAt(root: YNode, offset: number, path: readonly PathSegment[] = []): NodeAt {
  if (isMap(root)) {
    for (const pair of root.items) {
      const key = keyText(pair) ?? '?';
      if (within(spanOf(pair.key as YNode), offset)) return { path: [...path, key], node: pair.value as YNode, pair, on: 'key' };
      const value = pair.value as YNode;
      if (value && within(spanOf(value), offset)) {
        const inner = nodeAt(value, offset, [...path, key]);
        return isScalar(value) ? { ...inner, pair } : inner;
      }
    }
  } else if (isSeq(root)) {
    const index = root.items.findIndex((item) => within(spanOf(item as YNode), offset));
    if (index >= 0) return nodeAt(root.items[index] as YNode, offset, [...path, index]);
  }
  return { path, node: root, on: isScalar(root) ? 'value' : 'none' };
}

/** What is under the cursor: the node, an include, a named symbol, and the file's kind and schema path. */
export interface Located {
  readonly kind: FileKind | undefined;
  /** The file's own path to the node. */
  readonly at?: NodeAt;
  readonly include?: IncludeRef;
  readonly occurrence?: Occurrence;
}

export function locate({ result, file, offset }: FeatureInput): Located {
  const projectFile = result.project.files.get(file);
  const occurrence = occurrencesOf(result).at(file, offset);
  const yaml = projectFile?.yaml;
  const include = yaml?.includes.find((ref) => within(ref.span, offset));
  const at = yaml ? nodeAt(yaml.doc.contents, offset) : undefined;
  return { kind: projectFile?.kind, ...(at ? { at } : {}), ...(include ? { include } : {}), ...(occurrence ? { occurrence } : {}) };
}

export interface SchemaPlace {
  readonly kind: FileKind;
  /** The path from the schema root of `kind` to the file's root. */
  readonly prefix: PathSegment[];
  /** The file whose root is the schema root (the file itself, or the one that includes a fragment). */
  readonly file: string;
}

/**
 * Where a file's root sits in the schema: its own kind at [], or for an included fragment the kind
 * and path of the place that includes it (followed up through nested fragments).
 */
export function schemaPlace(result: RootResult, file: string): SchemaPlace | undefined {
  let current = result.project.files.get(file);
  const prefix: PathSegment[] = [];
  for (let hops = 0; current && hops < 32; hops++) {
    if (current.kind !== 'fragment') return { kind: current.kind, prefix, file: current.path };
    const site = current.includedBy[0];
    if (!site) return undefined;
    prefix.unshift(...site.ref.path);
    current = result.project.files.get(site.file);
  }
  return undefined;
}

/** Keys (a string or a RegExp) and '#' for a list item, matched against the end of a path. */
export type PathPattern = readonly (string | RegExp)[];

/** True when `path` ends with `pattern` ('#' = a list item, a RegExp = a matching key). */
export function pathEndsWith(path: readonly PathSegment[], pattern: PathPattern): boolean {
  if (pattern.length > path.length) return false;
  const tail = path.slice(path.length - pattern.length);
  return pattern.every((p, i) =>
    p === '#' ? typeof tail[i] === 'number' : typeof tail[i] === 'string' && (typeof p === 'string' ? tail[i] === p : p.test(tail[i])),
  );
}
