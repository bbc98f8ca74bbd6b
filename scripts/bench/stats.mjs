// Small statistics over lists of milliseconds.

export function median(values) {
  return quantile(values, 0.5);
}

/** Nearest-rank quantile (p95 of 50 values is the 48th smallest). */
export function quantile(values, q) {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

export function summary(values) {
  return {
    n: values.length,
    median: round(median(values)),
    p95: round(quantile(values, 0.95)),
    min: round(Math.min(...values)),
    max: round(Math.max(...values)),
  };
}

export function round(x, digits = 1) {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}
