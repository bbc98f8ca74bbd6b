// A seeded PRNG (mulberry32) with the few helpers the generator needs. Same seed, same sequence.

export function createRandom(seed) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min, max) => min + Math.floor(next() * (max - min + 1));
  const pick = (list) => list[Math.floor(next() * list.length)];
  const chance = (p) => next() < p;
  /** `count` distinct items of `list`, kept in the list's order. */
  const sample = (list, count) => {
    const chosen = new Set();
    while (chosen.size < Math.min(count, list.length)) chosen.add(Math.floor(next() * list.length));
    return [...chosen].sort((a, b) => a - b).map((i) => list[i]);
  };
  const shuffle = (list) => {
    const out = [...list];
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [out[i], out[j]] = [out[j], out[i]];
    }
    return out;
  };
  return { next, int, pick, chance, sample, shuffle };
}
