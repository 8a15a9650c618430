// Small statistics helpers shared by the bench:api harness and its load worker.

/** The p-th percentile (nearest rank) of an ascending array; NaN when empty. */
export const percentile = (sorted, p) => (sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]);

/** The median of numbers (the lower middle one for an even count, as bench-startup does); NaN when empty. */
export const median = (values) => {
  const finite = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  return finite.length === 0 ? NaN : finite[Math.floor((finite.length - 1) / 2)];
};

/** p50/p95/p99/max/mean of latencies in milliseconds, rounded to 0.1 ms. */
export const summarize = (latencies) => {
  const sorted = Float64Array.from(latencies).sort();
  const round = (v) => (Number.isFinite(v) ? Math.round(v * 10) / 10 : null);
  const sum = sorted.reduce((a, b) => a + b, 0);
  return {
    count: sorted.length,
    p50: round(percentile(sorted, 50)),
    p95: round(percentile(sorted, 95)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted.length ? sorted[sorted.length - 1] : NaN),
    mean: round(sorted.length ? sum / sorted.length : NaN),
  };
};
