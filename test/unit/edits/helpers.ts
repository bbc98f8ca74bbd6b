import assert from 'node:assert/strict';
import type { RootResult } from '../../../server/src/core/check';
import { localEditFor } from '../../../server/src/core/edits';
import type { LocalChange } from '../../../server/src/core/edits';
import { applyEdits } from '../helpers/applyChange';
import type { MetadataOperation } from '../../../common/protocol';
import { checkFiles } from '../helpers/features';
import { BASE, ROOT } from '../helpers/project';

/** A project (BASE overlaid with `files`, null deletes) as absolute path -> text, and its check. */
export interface Setup {
  readonly files: Map<string, string>;
  readonly result: RootResult;
}

export function setup(files: Record<string, string | null> = {}): Setup {
  const merged = new Map(Object.entries(BASE).map(([rel, text]) => [`${ROOT}/${rel}`, text]));
  for (const [rel, text] of Object.entries(files)) {
    if (text === null) merged.delete(`${ROOT}/${rel}`);
    else merged.set(`${ROOT}/${rel}`, text);
  }
  return { files: merged, result: checkFiles(merged, { schemas: true }) };
}

/** Applies a local change: text edits per file, then creates, deletes and renames (of files or folders). */
export function applyLocal(files: ReadonlyMap<string, string>, change: LocalChange): Map<string, string> {
  const out = new Map(files);
  const byFile = new Map<string, LocalChange['edits'][number][]>();
  for (const edit of change.edits) byFile.set(edit.file, [...(byFile.get(edit.file) ?? []), edit]);
  for (const [file, edits] of byFile) {
    const text = out.get(file);
    assert.ok(text !== undefined, `edit of a file that does not exist: ${file}`);
    assertDisjoint(edits);
    out.set(file, applyEdits(text, edits));
  }
  for (const op of change.files) {
    if (op.kind === 'create') out.set(op.file, op.text);
    else if (op.kind === 'delete') assert.ok(out.delete(op.file), `delete of a missing file ${op.file}`);
    else renameTree(out, op.from, op.to);
  }
  return out;
}

function assertDisjoint(edits: readonly { span: { start: number; end: number } }[]): void {
  const sorted = [...edits].sort((a, b) => a.span.start - b.span.start);
  for (let i = 1; i < sorted.length; i++) assert.ok(sorted[i]!.span.start >= sorted[i - 1]!.span.end, 'edits overlap');
}

function renameTree(files: Map<string, string>, from: string, to: string): void {
  const moved = [...files.keys()].filter((p) => p === from || p.startsWith(`${from}/`));
  assert.ok(moved.length > 0, `rename of a missing path ${from}`);
  for (const p of moved) {
    const target = to + p.slice(from.length);
    assert.ok(!files.has(target), `rename onto an existing file ${target}`);
    files.set(target, files.get(p)!);
    files.delete(p);
  }
}

export interface Edited {
  readonly files: Map<string, string>;
  readonly change: LocalChange;
  /** The text of a file (relative to the root) after the change. */
  text(rel: string): string | undefined;
}

/** Runs the operation's local edit, applies it, and checks that the result has no finding the project did not have. */
export function edit(start: Setup, operation: MetadataOperation): Edited {
  const out = localEditFor(start.result, operation);
  assert.ok('change' in out, `edit refused: ${'error' in out ? out.error : ''}`);
  const files = applyLocal(start.files, out.change);
  const before = new Set(start.result.findings.map(describe));
  const fresh = checkFiles(files, { schemas: true })
    .findings.map(describe)
    .filter((f) => !before.has(f));
  assert.deepEqual(fresh, [], 'the edit adds findings');
  return { files, change: out.change, text: (rel) => files.get(`${ROOT}/${rel}`) };
}

export function refused(start: Setup, operation: MetadataOperation): string {
  const out = localEditFor(start.result, operation);
  assert.ok('error' in out, `expected a refusal, got ${JSON.stringify(out)}`);
  return out.error;
}

function describe(f: { code: string; file: string; message: string }): string {
  return `${f.code} ${f.file.slice(ROOT.length + 1)}: ${f.message}`;
}

export const rel = (path: string): string => `${ROOT}/${path}`;
