import * as path from 'node:path';
import { checkFolder } from '../../server/src/core/check';
import type { CheckServices, FolderResult } from '../../server/src/core/check';
import type { Finding, Span } from '../../server/src/core/diagnostics';
import { ParseCache } from '../../server/src/core/project/cache';
import type { SchemaValidator } from '../../server/src/core/schema/validator';
import type { CorpusProject } from './corpus';
import { projectHost } from './corpus';
import { pickMutator } from './mutators';
import { Rng } from './rng';

/** One generated input: a real project with one of its files mutated. */
export interface FuzzCase {
  readonly index: number;
  readonly project: string;
  /** The mutated file, as a core path under `/corpus/<project>`. */
  readonly file: string;
  readonly mutators: readonly string[];
  readonly bytes: Uint8Array;
}

export interface CaseFailure {
  /**
   * `crash`: the worker running the case died (out of memory, a native crash); `slow`: the check took
   * longer than its budget (`budgetMs`), twice.
   */
  readonly kind: 'exception' | 'invariant' | 'hang' | 'crash' | 'slow';
  readonly message: string;
}

/** What a case may cost beyond its project's own check: a floor, then per input byte. */
export const BUDGET_FLOOR_MS = 100;
/**
 * 7 µs: 1 s for 129 kB (with the floor). The densest text (a token per character: `[[[`, `1,1,1`,
 * short lines of errors) costs up to 6.5 µs per byte on the loaded 2-core machine and reaches the
 * parser's token limit (bounded.ts MAX_TOKENS, 120,000) at 120 kB; real metadata has about 3.5
 * characters per token, and a larger file under the byte limit is mostly long scalars, cheaper per byte.
 */
export const BUDGET_MS_PER_BYTE = 7 / 1000;
/** No file under the limits may take longer than this to check (the language server is frozen meanwhile). */
export const BUDGET_MAX_MS = 1000;

export function budgetMs(bytes: number, baselineMs: number): number {
  return baselineMs + Math.min(BUDGET_MAX_MS, BUDGET_FLOOR_MS + bytes * BUDGET_MS_PER_BYTE);
}

/** Case `index` of a run with `seed` (independent of every other case). */
export function makeCase(corpus: readonly CorpusProject[], seed: number, index: number): FuzzCase {
  const rng = Rng.forCase(seed, index);
  const project = rng.pick(corpus);
  const file = rng.pick(project.paths);
  const siblings = project.paths.filter((p) => p !== file).map((p) => path.posix.relative(path.posix.dirname(file), p));
  let bytes = project.files.get(file)!;
  const mutators: string[] = [];
  for (let n = rng.chance(0.6) ? 1 : rng.range(2, 3); n > 0; n--) {
    const mutator = pickMutator(rng);
    mutators.push(mutator.name);
    bytes = mutator.apply(bytes, rng, { siblings });
  }
  return { index, project: project.name, file, mutators, bytes };
}

/** Runs the whole check (discovery, load, YAML, schemas, rules) on the mutated project and checks every finding's range. */
export function runCase(
  corpus: readonly CorpusProject[],
  c: { project: string; file: string; bytes: Uint8Array },
  validator: SchemaValidator,
  caches?: Map<string, ParseCache>,
): CaseFailure | undefined {
  const project = corpus.find((p) => p.name === c.project);
  if (!project) return { kind: 'exception', message: `no corpus project ${c.project}` };
  // A parse cache per project lives across cases, as in the language server: only the mutated file is parsed again.
  const cache = caches?.get(project.name) ?? new ParseCache();
  caches?.set(project.name, cache);
  const services: CheckServices = { host: projectHost(project, { path: c.file, bytes: c.bytes }), cache, validator };
  let result: FolderResult;
  try {
    result = checkFolder(project.dir, services);
  } catch (error) {
    return { kind: 'exception', message: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  } finally {
    // The mutated file is parsed by every run of the case: a retry of a slow case is timed as the first run was.
    cache.delete(c.file);
  }
  const broken = brokenFinding(result);
  return broken ? { kind: 'invariant', message: broken } : undefined;
}

/** Every finding must point at a real range of a file the check read (the editor relies on it). */
function brokenFinding(result: FolderResult): string | undefined {
  const texts = new Map<string, string>();
  for (const root of result.roots) for (const f of root.project.files.values()) texts.set(f.path, f.text);
  const spanProblem = (file: string, span: Span): string | undefined => {
    const { start, end } = span;
    if (!Number.isInteger(start) || !Number.isInteger(end) || start < 0 || end < start) return `bad span ${JSON.stringify(span)}`;
    const text = texts.get(file);
    if (text !== undefined && end > text.length) return `span ${start}-${end} past the end of ${file} (${text.length})`;
    return undefined;
  };
  const all: Finding[] = [...result.problems, ...result.roots.flatMap((r) => r.findings)];
  for (const f of all) {
    if (typeof f.message !== 'string' || f.message === '') return `${f.code}: empty message`;
    const problem = spanProblem(f.file, f.span) ?? (f.related ?? []).map((r) => spanProblem(r.file, r.span)).find(Boolean);
    if (problem) return `${f.code} (${f.message}): ${problem}`;
  }
  return undefined;
}
