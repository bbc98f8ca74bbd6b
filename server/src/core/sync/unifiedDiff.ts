/** A unified diff of two texts (`diff -u` style, 3 lines of context), for the CLI and previews. */

type Op = { kind: ' ' | '-' | '+'; line: string };

const CONTEXT = 3;
/** Above this many cells the middle of two files is shown as removed-then-added. */
const MAX_CELLS = 4_000_000;

/** Empty when the texts are equal. `before`/`after` undefined mean the file does not exist on that side. */
export function unifiedDiff(path: { before: string; after: string }, before: string | undefined, after: string | undefined): string {
  if (before === after) return '';
  const ops = diffLines(splitLines(before ?? ''), splitLines(after ?? ''));
  const header = `--- ${before === undefined ? '/dev/null' : path.before}\n+++ ${after === undefined ? '/dev/null' : path.after}\n`;
  return header + hunks(ops).join('');
}

function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  else lines[lines.length - 1] += '\n\\ No newline at end of file';
  return lines;
}

function diffLines(a: readonly string[], b: readonly string[]): Op[] {
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) [endA, endB] = [endA - 1, endB - 1];
  const same = (lines: readonly string[]): Op[] => lines.map((line) => ({ kind: ' ', line }));
  return [...same(a.slice(0, start)), ...middle(a.slice(start, endA), b.slice(start, endB)), ...same(a.slice(endA))];
}

/** Longest common subsequence by dynamic programming (after the common ends are trimmed). */
function middle(a: readonly string[], b: readonly string[]): Op[] {
  const removed = a.map((line): Op => ({ kind: '-', line }));
  const added = b.map((line): Op => ({ kind: '+', line }));
  if (a.length === 0 || b.length === 0 || a.length * b.length > MAX_CELLS) return [...removed, ...added];
  const width = b.length + 1;
  const lcs = new Uint32Array((a.length + 1) * width);
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lcs[i * width + j] = a[i] === b[j] ? lcs[(i + 1) * width + j + 1]! + 1 : Math.max(lcs[(i + 1) * width + j]!, lcs[i * width + j + 1]!);
    }
  }
  const ops: Op[] = [];
  let [i, j] = [0, 0];
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      ops.push({ kind: ' ', line: a[i]! });
      [i, j] = [i + 1, j + 1];
    } else if (i < a.length && (j === b.length || lcs[(i + 1) * width + j]! >= lcs[i * width + j + 1]!)) ops.push({ kind: '-', line: a[i++]! });
    else ops.push({ kind: '+', line: b[j++]! });
  }
  return ops;
}

function hunks(ops: readonly Op[]): string[] {
  const changed = ops.map((op, i) => (op.kind === ' ' ? -1 : i)).filter((i) => i >= 0);
  const out: string[] = [];
  let k = 0;
  while (k < changed.length) {
    const first = changed[k]!;
    let last = first;
    while (k + 1 < changed.length && changed[k + 1]! - last <= 2 * CONTEXT) last = changed[++k]!;
    k++;
    out.push(hunk(ops, Math.max(0, first - CONTEXT), Math.min(ops.length, last + CONTEXT + 1)));
  }
  return out;
}

function hunk(ops: readonly Op[], from: number, to: number): string {
  let [lineA, lineB] = [1, 1];
  for (const op of ops.slice(0, from)) {
    if (op.kind !== '+') lineA++;
    if (op.kind !== '-') lineB++;
  }
  const body = ops.slice(from, to);
  const countA = body.filter((op) => op.kind !== '+').length;
  const countB = body.filter((op) => op.kind !== '-').length;
  const range = (start: number, count: number): string => (count === 1 ? `${start}` : `${count === 0 ? start - 1 : start},${count}`);
  return `@@ -${range(lineA, countA)} +${range(lineB, countB)} @@\n${body.map((op) => `${op.kind}${op.line}\n`).join('')}`;
}
