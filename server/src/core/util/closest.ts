/**
 * Edit distance (Levenshtein) of two short strings; past `max`, only that it is over: `max + 1` as
 * soon as a row of the table has nothing at or under `max` (the distance can only grow from there).
 */
export function editDistance(a: string, b: string, max = Infinity): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let previous = row[0]!;
    row[0] = i;
    let least = i;
    for (let j = 1; j <= b.length; j++) {
      const current = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (row[j]! < least) least = row[j]!;
      previous = current;
    }
    if (least > max) return max + 1;
  }
  return Math.min(row[b.length]!, max + 1);
}

/**
 * The candidate closest to `word`, if it is close enough to be a likely typo. Candidates whose length
 * alone puts them out of reach are skipped (so a list of thousands of names stays cheap).
 */
export function closest(word: string, candidates: readonly string[]): string | undefined {
  const limit = Math.max(2, Math.floor(word.length / 3));
  const lower = word.toLowerCase();
  let best: string | undefined;
  let bestDistance = limit + 1;
  for (const candidate of candidates) {
    if (candidate === word || Math.abs(candidate.length - word.length) >= bestDistance) continue;
    const d = editDistance(lower, candidate.toLowerCase(), bestDistance - 1);
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
      if (d === 0) break;
    }
  }
  return best;
}

/** The ` Did you mean `x`?` tail of a message, or nothing. */
export function didYouMean(suggestion: string | undefined): string {
  return suggestion === undefined ? '' : ` Did you mean \`${suggestion}\`?`;
}
