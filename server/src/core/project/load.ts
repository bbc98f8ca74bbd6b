import type { Finding, Span } from '../diagnostics';
import type { FileSystemHost, ReadResult } from '../host';
import type { IncludeRef } from '../parse/include';
import { closest } from '../util/closest';
import { LayeredMap } from '../util/layeredMap';
import { basename, dirname, isInside, join, normalize, relative } from '../util/paths';
import type { ParseCache } from './cache';
import { includedKind, TOP_LEVEL_FILES } from './kinds';
import type { FileKind } from './kinds';
import type { Project, ProjectFile } from './project';

const MAX_INCLUDE_DEPTH = 32;

interface LoadState {
  readonly root: string;
  readonly realRoot: string;
  readonly host: FileSystemHost;
  readonly cache: ParseCache;
  readonly files: Map<string, ProjectFile>;
  readonly findings: Finding[];
  readonly includeTargets: Map<IncludeRef, ProjectFile>;
  /** Real paths already asked for in this load (a file included many times is resolved once). */
  readonly reals: Map<string, string>;
  /** The closest file to each missing include target (a target included many times is looked up once). */
  readonly closestFiles: Map<string, string | undefined>;
}

/** Loads a metadata root: the top-level files, every include to any depth, and orphan table files. */
export function loadProject(given: string, host: FileSystemHost, cache: ParseCache): Project {
  // Include targets are normalized paths: so must the root be, or `metadata/.` contains nothing.
  const root = normalize(given);
  const state: LoadState = {
    root,
    realRoot: host.realPath(root),
    host,
    cache,
    files: new Map(),
    findings: [],
    includeTargets: new Map(),
    reals: new Map(),
    closestFiles: new Map(),
  };
  for (const [rel, kind] of TOP_LEVEL_FILES) {
    const path = join(root, rel);
    const read = host.readFile(path);
    if (read.kind === 'missing') continue;
    if (read.kind !== 'text') state.findings.push(unreadable(path, { start: 0, end: 0 }, path, read, root));
    else addFile(state, path, kind, read.text, [], false);
  }
  loadOrphans(state);
  const unreferenced = [...state.files.values()].filter((f) => f.unreferenced).map((f) => f.path);
  return { root, files: state.files, findings: state.findings, includeTargets: state.includeTargets, unreferenced };
}

function addFile(state: LoadState, path: string, kind: FileKind, text: string, stack: readonly string[], unreferenced: boolean): ProjectFile {
  const isYaml = /\.ya?ml$/i.test(path);
  const file: ProjectFile = { path, kind, text, includedBy: [], unreferenced, ...(isYaml ? { yaml: state.cache.get(path, text) } : {}) };
  state.files.set(path, file);
  for (const ref of file.yaml?.includes ?? []) followInclude(state, file, ref, [...stack, path]);
  return file;
}

function followInclude(state: LoadState, from: ProjectFile, ref: IncludeRef, stack: readonly string[]): void {
  const problem = includeProblem(state, from, ref, stack);
  if (problem) {
    state.findings.push(problem);
    return;
  }
  const known = state.files.get(ref.target);
  if (known) {
    known.includedBy.push({ file: from.path, ref });
    state.includeTargets.set(ref, known);
    return;
  }
  const read = state.host.readFile(ref.target);
  if (read.kind !== 'text') {
    const finding = unreadable(from.path, ref.span, ref.target, read, state.root);
    state.findings.push(read.kind === 'missing' ? withClosestFile(state, finding, ref) : finding);
    return;
  }
  const kind = from.kind === 'fragment' ? 'fragment' : includedKind(from.kind, ref.path);
  const file = addFile(state, ref.target, kind, read.text, stack, false);
  file.includedBy.push({ file: from.path, ref });
  state.includeTargets.set(ref, file);
}

function includeProblem(state: LoadState, from: ProjectFile, ref: IncludeRef, stack: readonly string[]): Finding | undefined {
  const at = (code: string, message: string): Finding => ({
    code,
    severity: 'error',
    message,
    file: from.path,
    span: ref.span,
    data: { target: ref.target, raw: ref.raw },
  });
  if (ref.raw === '') return at('include-not-found', 'The include has no path.');
  if (!isInside(ref.target, state.root) || !isInside(realPath(state, ref.target), state.realRoot)) {
    return at('include-outside-root', `The include points outside the metadata folder (${ref.raw}); it is not read.`);
  }
  if (stack.includes(ref.target)) {
    const cycle = [...stack.slice(stack.indexOf(ref.target)), ref.target].map((p) => relative(state.root, p));
    return at('include-cycle', `Include cycle: ${cycle.join(' -> ')}.`);
  }
  if (stack.length >= MAX_INCLUDE_DEPTH) return at('include-too-deep', `Includes are nested more than ${MAX_INCLUDE_DEPTH} levels deep here.`);
  return undefined;
}

function realPath(state: LoadState, path: string): string {
  let real = state.reals.get(path);
  if (real === undefined) state.reals.set(path, (real = state.host.realPath(path)));
  return real;
}

function unreadable(file: string, span: Span, target: string, read: Exclude<ReadResult, { kind: 'text' }>, root: string): Finding {
  const name = relative(root, target);
  const messages: Record<typeof read.kind, string> = {
    missing: `The included file ${name} does not exist.`,
    directory: `The include names a folder, not a file: ${name}.`,
    binary: `${name} is not a UTF-8 text file (${read.kind === 'binary' ? read.reason : ''}); it is not read.`,
    'too-large': read.kind === 'too-large' ? `${name} is ${read.size} bytes, over the ${read.limit}-byte limit; it is not read.` : '',
    error: read.kind === 'error' ? `${name} could not be read: ${read.message}` : '',
  };
  const code = read.kind === 'missing' ? 'include-not-found' : 'file-unreadable';
  return { code, severity: 'error', message: messages[read.kind], file, span, data: { target } };
}

/** A missing include with the likely typo named: the file of its folder whose name is closest. */
function withClosestFile(state: LoadState, finding: Finding, ref: IncludeRef): Finding {
  let name = state.closestFiles.get(ref.target);
  if (!state.closestFiles.has(ref.target)) {
    const names = (state.host.readDir(dirname(ref.target)) ?? []).filter((e) => !e.isDirectory).map((e) => e.name);
    state.closestFiles.set(ref.target, (name = closest(basename(ref.target), names)));
  }
  if (!name) return finding;
  const slash = ref.raw.lastIndexOf('/');
  const suggestion = `${ref.raw.slice(0, slash + 1)}${name}`;
  return { ...finding, message: `${finding.message} Did you mean \`${suggestion}\`?`, data: { ...finding.data, closest: suggestion } };
}

/** Table and function files under databases/<source>/ that no include reaches. */
function loadOrphans(state: LoadState): void {
  const databases = join(state.root, 'databases');
  for (const source of state.host.readDir(databases) ?? []) {
    if (!source.isDirectory) continue;
    for (const [folder, kind] of [
      ['tables', 'table'],
      ['functions', 'function'],
    ] as const) {
      const dir = join(databases, source.name, folder);
      for (const entry of state.host.readDir(dir) ?? []) {
        const path = join(dir, entry.name);
        if (entry.isDirectory || !/\.ya?ml$/i.test(entry.name) || basename(path) === `${folder}.yaml` || state.files.has(path)) continue;
        if (!isInside(state.host.realPath(path), state.realRoot)) continue;
        const read = state.host.readFile(path);
        if (read.kind === 'text') addFile(state, path, kind, read.text, [], true);
      }
    }
  }
}

export interface Reload {
  readonly project: Project;
  /** The paths whose text changed (the others of `paths` read as before). */
  readonly changed: readonly string[];
}

/**
 * The project after the files at `paths` changed, re-reading only those files; undefined when its
 * shape may have changed (a file created or deleted, an include added, removed or retargeted), which
 * needs `loadProject`. Unchanged files, their parses and their include targets are kept as they were.
 */
export function reloadFiles(prev: Project, paths: Iterable<string>, host: FileSystemHost, cache: ParseCache): Reload | undefined {
  const files = new LayeredMap(prev.files);
  const includeTargets = new LayeredMap(prev.includeTargets);
  let findings = prev.findings;
  const changed: string[] = [];
  for (const path of new Set(paths)) {
    const old = files.get(path);
    if (!old && !couldJoin(prev, path)) continue;
    const read = host.readFile(path);
    if (!old || read.kind !== 'text') return undefined;
    if (read.text === old.text) continue;
    const yaml = old.yaml ? cache.get(path, read.text) : undefined;
    const before = old.yaml?.includes ?? [];
    const after = yaml?.includes ?? [];
    if (before.length !== after.length || before.some((ref, i) => ref.target !== after[i]!.target || ref.raw !== after[i]!.raw)) return undefined;
    const file: ProjectFile = { ...old, text: read.text, ...(yaml ? { yaml } : {}) };
    files.set(path, file);
    changed.push(path);
    for (const site of old.includedBy) includeTargets.set(site.ref, file);
    before.forEach((ref, i) => moveInclude(files, includeTargets, ref, after[i]!, path));
    findings = findings.map((f) => (f.file === path ? movedFinding(f, before, after) : f));
  }
  if (changed.length === 0) return { project: prev, changed };
  return { project: { root: prev.root, files, findings, includeTargets, unreferenced: prev.unreferenced }, changed };
}

/**
 * Whether a path the project does not hold could change it by being created, changed or deleted: a
 * top-level file, anything under databases/ (table and function files join without an include), a
 * file an include names, or a folder holding files of the project. Other paths are not the project's.
 */
function couldJoin(project: Project, path: string): boolean {
  if (!isInside(path, project.root)) return false;
  const rel = relative(project.root, path);
  if (TOP_LEVEL_FILES.some(([top]) => top === rel) || rel.startsWith('databases/') || project.findings.some((f) => f.data?.['target'] === path)) return true;
  // A folder (deleted or renamed with everything in it) that holds files of the project.
  const below = `${path}/`;
  for (const file of project.files.keys()) if (file.startsWith(below)) return true;
  return false;
}

/** The include `from` of the old parse is `to` now: its target and the target's back link follow. */
function moveInclude(
  files: LayeredMap<string, ProjectFile>,
  targets: LayeredMap<IncludeRef, ProjectFile>,
  from: IncludeRef,
  to: IncludeRef,
  path: string,
): void {
  const target = targets.get(from);
  targets.delete(from);
  if (!target) return;
  const current = files.get(target.path) ?? target;
  const moved: ProjectFile = { ...current, includedBy: current.includedBy.map((site) => (site.ref === from ? { file: path, ref: to } : site)) };
  files.set(moved.path, moved);
  targets.set(to, moved);
  for (const site of moved.includedBy) if (site.ref !== to) targets.set(site.ref, moved);
}

/** A loading finding at an include of the old parse, at the same include of the new one. */
function movedFinding(f: Finding, before: readonly IncludeRef[], after: readonly IncludeRef[]): Finding {
  const i = before.findIndex((ref) => ref.span.start === f.span.start && ref.span.end === f.span.end);
  return i < 0 ? f : { ...f, span: after[i]!.span };
}
