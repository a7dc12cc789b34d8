/** Percentiles of recorded latencies, shared by the HTTP load driver and the in-process workers. */

/** The percentiles drawn as latency curves in the chart. */
export const CURVE_PERCENTILES = [50, 75, 90, 95, 97.5, 99, 99.5, 99.9];

export interface LatencySummary {
  count: number;
  meanMs: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  maxMs: number;
  /** [percentile, milliseconds] pairs, for the latency curves. */
  curve: [number, number][];
}

/** Nearest-rank percentile of an ascending array. */
export function percentile(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))];
}

export function summarize(latenciesMs: number[]): LatencySummary {
  const sorted = Float64Array.from(latenciesMs).sort();
  let total = 0;
  for (const value of sorted) total += value;
  const round = (ms: number) => Math.round(ms * 1000) / 1000;
  return {
    count: sorted.length,
    meanMs: round(total / Math.max(1, sorted.length)),
    p50Ms: round(percentile(sorted, 50)),
    p95Ms: round(percentile(sorted, 95)),
    p99Ms: round(percentile(sorted, 99)),
    maxMs: round(sorted.length ? sorted[sorted.length - 1] : NaN),
    curve: CURVE_PERCENTILES.map((p) => [p, round(percentile(sorted, p))]),
  };
}
