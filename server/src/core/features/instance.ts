import { isScalar } from 'yaml';
import type { RootResult } from '../check';
import { findPair } from '../parse/ast';
import type { YNode } from '../parse/ast';
import type { At } from '../project/index/types';
import { Walk } from '../project/index/walk';
import type { PathSegment, SchemaPlace } from './locate';

/** What a schema `if` may look at: whether the object at `path` has `key`, and its scalar value. */
export type InstanceLookup = (path: readonly PathSegment[], key: string) => { readonly present: boolean; readonly value?: unknown };

/** Reads the document a schema place starts at (across includes), for choosing `if`/`then` branches. */
export function instanceLookup(result: RootResult, place: SchemaPlace): InstanceLookup {
  const walk = new Walk(result.project);
  const root = walk.root(place.file);
  return (path, key) => {
    let at: At | undefined = root;
    for (const segment of path) at = at && (typeof segment === 'number' ? walk.items(at)[segment] : walk.get(at, segment));
    const pair = at ? findPair(walk.deref(at).node, key) : undefined;
    if (!pair) return { present: false };
    const value = pair.value as YNode;
    return { present: true, value: isScalar(value) ? value.value : undefined };
  };
}
