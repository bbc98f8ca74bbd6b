import type { Span } from '../diagnostics';
import { formatJsonPath, parseJsonPath } from './jsonPath';
import type { JsonPath, PathSegment } from './jsonPath';

/** Where a piece of the built metadata JSON was written in the directory. */
export interface SourceLoc {
  readonly file: string;
  /** The value (for an included file: its whole content). */
  readonly span: Span;
  /** The key, when the value is the value of a mapping key. */
  readonly key?: Span;
  /** The `!include` that brought the value in, when it came from another file. */
  readonly include?: { readonly file: string; readonly span: Span };
}

export interface Located {
  /** The part of the asked path that has a location (a prefix of it, or all of it). */
  readonly path: JsonPath;
  readonly loc: SourceLoc;
  /** True when the whole asked path has a location of its own. */
  readonly exact: boolean;
}

/** JSON path (within the metadata object) -> source location. */
export class SourceMap {
  private readonly entries = new Map<string, SourceLoc>();

  set(path: JsonPath, loc: SourceLoc): void {
    this.entries.set(formatJsonPath(path), loc);
  }

  get(path: JsonPath): SourceLoc | undefined {
    return this.entries.get(formatJsonPath(path));
  }

  get size(): number {
    return this.entries.size;
  }

  /** The location of `path`, or of its longest prefix that has one. */
  nearest(path: JsonPath): Located | undefined {
    for (let n = path.length; n >= 0; n--) {
      const prefix = path.slice(0, n);
      const loc = this.get(prefix);
      if (loc) return { path: prefix, loc, exact: n === path.length };
    }
    return undefined;
  }
}

/**
 * Maps a path from a server error (`$.args.metadata.sources[0].tables[15]...` for replace_metadata
 * version 2, `$.args.sources[0]...` for version 1, or a path inside the metadata) to the file and
 * span it came from. Undefined when the text is not a path or nothing of it is known.
 */
export function locateJsonPath(map: SourceMap, serverPath: string): Located | undefined {
  const parsed = parseJsonPath(serverPath);
  if (!parsed) return undefined;
  const inner = metadataPart(parsed);
  const found = map.nearest(inner);
  return found && found.path.length > 0 ? found : undefined;
}

function metadataPart(path: readonly PathSegment[]): readonly PathSegment[] {
  if (path[0] !== 'args') return path;
  return path[1] === 'metadata' ? path.slice(2) : path.slice(1);
}
