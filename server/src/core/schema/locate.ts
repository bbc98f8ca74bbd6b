import { isAlias, isMap, isSeq } from 'yaml';
import { findPair, itemsOf } from '../parse/ast';
import type { YNode } from '../parse/ast';
import type { Span } from '../diagnostics';
import type { Project } from '../project/project';

export interface Located {
  readonly file: string;
  readonly node: YNode;
  /** The key of the last step, when the last step was a map key. */
  readonly keySpan?: Span;
  /** The parent's key span (for findings about a whole object). */
  readonly parentKeySpan?: Span;
  /** True when the path went into an include that could not be read. */
  readonly unresolved: boolean;
}

/** Finds the YAML node of an ajv instancePath (`/0/object_relationships/1`), across includes. */
export function locate(project: Project, file: string, instancePath: string): Located {
  const segments =
    instancePath === ''
      ? []
      : instancePath
          .slice(1)
          .split('/')
          .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  let current: Located = { file, node: project.files.get(file)?.yaml?.doc.contents, unresolved: false };
  for (const segment of segments) {
    current = follow(project, current);
    if (current.unresolved) return current;
    current = step(current, segment);
  }
  return follow(project, current);
}

function step(at: Located, segment: string): Located {
  const node = isAlias(at.node) ? undefined : at.node;
  if (isMap(node)) {
    const pair = findPair(node, segment);
    const keyRange = (pair?.key as YNode)?.range;
    const keySpan = keyRange ? { start: keyRange[0], end: keyRange[1] } : undefined;
    return {
      file: at.file,
      node: (pair?.value as YNode) ?? null,
      unresolved: false,
      ...(keySpan ? { keySpan } : {}),
      ...(at.keySpan ? { parentKeySpan: at.keySpan } : {}),
    };
  }
  if (isSeq(node))
    return { file: at.file, node: itemsOf(node)[Number(segment)] ?? null, unresolved: false, ...(at.keySpan ? { parentKeySpan: at.keySpan } : {}) };
  return at;
}

function follow(project: Project, at: Located): Located {
  const ref = project.files.get(at.file)?.yaml?.includeAt.get(at.node);
  if (!ref) return at;
  const target = project.includeTargets.get(ref);
  if (!target?.yaml) return { ...at, unresolved: true };
  return { file: target.path, node: target.yaml.doc.contents, unresolved: false };
}
