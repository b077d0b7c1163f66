/**
 * The histogram buckets of LLM call latency and TTFT (time to first token) in the usage rollups
 * (`llm_usage_rollups.latency_buckets` / `ttft_buckets`, docs/finops.md "Rollups").
 *
 * A histogram is an array of counts, one per bucket — per bucket, not cumulative like
 * Prometheus' `le` buckets: `counts[i]` counts the calls with `LATENCY_BUCKETS_MS[i - 1] < ms ≤
 * LATENCY_BUCKETS_MS[i]` — plus a last one for everything slower than the last bound
 * (Prometheus' `+Inf` bucket), so a histogram has {@link HISTOGRAM_LENGTH} counts. Rollups add
 * histograms element-wise (`panelist_int_array_add`, migration 0004), which zero-pads the shorter
 * one: bounds may only ever be appended, never changed or removed, or stored counts would sit in
 * the wrong buckets.
 */

/**
 * Upper bounds of the buckets, ms. They cover the range that matters for model calls:
 * sub-second cache hits and first tokens, the 30 s p99 alert (docs/finops.md, "Alerts"), and the
 * 120 s ceiling of a structured call's deadline.
 */
export const LATENCY_BUCKETS_MS: readonly number[] = [50, 100, 250, 500, 1_000, 2_500, 5_000, 10_000, 20_000, 30_000, 60_000, 120_000];

/** Counts in a histogram: one per bound plus the overflow bucket. */
export const HISTOGRAM_LENGTH = LATENCY_BUCKETS_MS.length + 1;

/**
 * The bucket of one observation, ms: the first bound ≥ `ms`, or the overflow bucket (index
 * `LATENCY_BUCKETS_MS.length`). A negative or NaN duration counts as 0 ms.
 */
export function bucketIndex(ms: number): number {
  const v = Number.isFinite(ms) && ms > 0 ? ms : 0;
  const i = LATENCY_BUCKETS_MS.findIndex((bound) => v <= bound);
  return i === -1 ? LATENCY_BUCKETS_MS.length : i;
}

/** The histogram of one observation: {@link HISTOGRAM_LENGTH} zeros but a 1 at its bucket (what a usage row adds to its rollups). */
export function oneHot(ms: number): number[] {
  const counts = new Array<number>(HISTOGRAM_LENGTH).fill(0);
  counts[bucketIndex(ms)] = 1;
  return counts;
}

/**
 * The `q` quantile of a histogram, ms, estimated as Prometheus' `histogram_quantile` does:
 * find the bucket holding the rank `q · total`, then interpolate linearly between its lower
 * and upper bound (the first bucket's lower bound is 0). A rank in the overflow bucket gives
 * the last finite bound, since nothing is known above it.
 *
 * @param counts observations per bucket, indexed as {@link LATENCY_BUCKETS_MS} plus the
 *   overflow; shorter arrays are zero-padded (a rollup written before a bucket existed).
 * @param q the quantile, 0 ≤ q ≤ 1 (0.99 for p99).
 * @returns the estimate in ms, or null when the histogram is empty.
 * @throws {RangeError} when q is outside [0, 1].
 */
export function percentileFromBuckets(counts: number[], q: number): number | null {
  if (!(q >= 0 && q <= 1)) throw new RangeError(`quantile must be within [0, 1], got ${q}`);
  const total = counts.reduce((s, c) => s + Math.max(c, 0), 0);
  if (total === 0) return null;
  const rank = q * total;
  let below = 0;
  for (let i = 0; i < counts.length; i++) {
    const c = Math.max(counts[i] ?? 0, 0);
    if (c > 0 && below + c >= rank) {
      if (i >= LATENCY_BUCKETS_MS.length) return LATENCY_BUCKETS_MS[LATENCY_BUCKETS_MS.length - 1]!;
      const lower = i === 0 ? 0 : LATENCY_BUCKETS_MS[i - 1]!;
      const upper = LATENCY_BUCKETS_MS[i]!;
      return lower + (upper - lower) * ((rank - below) / c);
    }
    below += c;
  }
  return LATENCY_BUCKETS_MS[LATENCY_BUCKETS_MS.length - 1]!;
}
