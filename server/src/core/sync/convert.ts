import type { Span } from '../diagnostics';
import { isMap, isScalar, isSeq, itemsOf, keySpan, keyText, pairsOf, spanOf } from '../parse/ast';
import type { YNode } from '../parse/ast';
import type { At } from '../project/index/types';
import type { Project } from '../project/project';
import type { JsonObject, JsonValue } from './json';
import { setKey } from './json';
import type { JsonPath } from './jsonPath';
import type { SourceLoc } from './sourceMap';
import { SourceMap } from './sourceMap';

/** A node with its includes followed; `raw` holds the text of an included non-YAML file. */
interface Resolved {
  readonly at: At;
  readonly include?: { file: string; span: Span };
  readonly raw?: string;
}

export interface Entry {
  readonly key: string;
  readonly keySpan: Span;
  readonly value: At;
}

/**
 * Turns the YAML of a project into JSON the way the CLI resolves it (every `!include` followed,
 * a non-YAML include target inlined as a string) and records where each value came from.
 */
export class YamlToJson {
  readonly sourceMap = new SourceMap();

  /** `recording` false: the JSON only, no source map (the GraphQL schema needs none; a large project's map costs seconds). */
  constructor(
    private readonly project: Project,
    private readonly recording = true,
  ) {}

  root(relPath: string): At | undefined {
    const file = this.project.files.get(`${this.project.root}/${relPath}`);
    return file?.yaml ? { file: file.path, node: file.yaml.doc.contents as YNode } : undefined;
  }

  /** The JSON of the value at `at`, recorded under `path` (with `key` when it is a mapping value). */
  value(at: At, path: JsonPath, key?: Span): JsonValue {
    const resolved = this.resolve(at);
    this.record(path, resolved, at, key);
    if (resolved.raw !== undefined) return resolved.raw;
    const node = resolved.at.node;
    // Without a source map, an included file that includes nothing converts the same every time (a
    // table file): made once per parse of it, frozen (every conversion shares it).
    if (!this.recording && resolved.include && node) {
      const yaml = this.project.files.get(resolved.at.file)?.yaml;
      if (yaml && yaml.includeAt.size === 0 && node === yaml.doc.contents) {
        let json = fileJson.get(node);
        if (json === undefined) fileJson.set(node, (json = deepFrozen(this.converted(resolved.at, path))));
        return json;
      }
    }
    return this.converted(resolved.at, path);
  }

  private converted(at: At, path: JsonPath): JsonValue {
    const node = at.node;
    if (isMap(node)) return this.mapping(at, path);
    // Without a source map the path is never read: one for every value (a large project has a million).
    if (isSeq(node)) return itemsOf(node).map((item, i) => this.value({ file: at.file, node: item }, this.recording ? [...path, i] : path));
    return isScalar(node) ? scalarJson(node.value) : null;
  }

  /** The entries of a mapping (includes followed), for callers that order keys themselves. */
  entries(at: At): Entry[] {
    const resolved = this.resolve(at).at;
    return pairsOf(resolved.node).flatMap((pair) => {
      const key = keyText(pair);
      return key === undefined ? [] : [{ key, keySpan: keySpan(pair), value: { file: resolved.file, node: pair.value as YNode } }];
    });
  }

  /** The items of a sequence (includes followed for the sequence itself, not for the items). */
  items(at: At): At[] {
    const resolved = this.resolve(at).at;
    return itemsOf(resolved.node).map((node) => ({ file: resolved.file, node }));
  }

  /** Records `at` (followed) as the location of `path` without converting it. */
  mark(at: At, path: JsonPath, key?: Span): void {
    this.record(path, this.resolve(at), at, key);
  }

  /** The scalar text at `at` (after includes), for names and kinds. */
  text(at: At): string | undefined {
    const node = this.resolve(at).at.node;
    if (!isScalar(node)) return undefined;
    const v = node.value;
    return typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? String(v) : undefined;
  }

  private mapping(at: At, path: JsonPath): JsonObject {
    const out: JsonObject = {};
    if (!this.recording) {
      // The JSON only: no entries with their key spans, no paths (`at` is followed already).
      for (const pair of pairsOf(at.node)) {
        const key = keyText(pair);
        if (key !== undefined) setKey(out, key, this.value({ file: at.file, node: pair.value as YNode }, path));
      }
      return out;
    }
    for (const entry of this.entries(at)) setKey(out, entry.key, this.value(entry.value, [...path, entry.key], entry.keySpan));
    return out;
  }

  private record(path: JsonPath, resolved: Resolved, written: At, key: Span | undefined): void {
    if (!this.recording) return;
    if (resolved.raw !== undefined) {
      this.sourceMap.set(path, {
        file: resolved.at.file,
        span: { start: 0, end: resolved.raw.length },
        ...(resolved.include ? { include: resolved.include } : {}),
      });
      return;
    }
    const node = resolved.at.node ?? written.node;
    const file = resolved.at.node ? resolved.at.file : written.file;
    let span = spanOf(node);
    if (span.start === span.end && key) span = key;
    const loc: SourceLoc = { file, span, ...(key && file === written.file ? { key } : {}), ...(resolved.include ? { include: resolved.include } : {}) };
    this.sourceMap.set(path, loc);
  }

  private resolve(at: At): Resolved {
    let current = at;
    let include: Resolved['include'];
    for (let hops = 0; hops < 64; hops++) {
      const ref = this.project.files.get(current.file)?.yaml?.includeAt.get(current.node);
      if (!ref) break;
      include ??= { file: current.file, span: ref.span };
      const target = this.project.includeTargets.get(ref);
      if (!target) return { at: { file: current.file, node: undefined }, include };
      if (!target.yaml) return { at: { file: target.path, node: undefined }, include, raw: target.text };
      current = { file: target.path, node: target.yaml.doc.contents };
    }
    return include ? { at: current, include } : { at: current };
  }
}

/** The JSON of an included file that includes nothing, per its parsed document (weakly: a new parse is a new key). */
const fileJson = new WeakMap<object, JsonValue>();

function deepFrozen(value: JsonValue): JsonValue {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    for (const v of Object.values(value)) deepFrozen(v);
    Object.freeze(value);
  }
  return value;
}

function scalarJson(value: unknown): JsonValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  if (typeof value === 'bigint') return Number(value);
  return value instanceof Date ? value.toISOString() : null;
}
