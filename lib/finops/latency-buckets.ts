/**
 * The histogram buckets of LLM call latency and TTFT (time to first token) in the usage rollups
 * (`llm_usage_rollups.latency_buckets` / `ttft_buckets`, docs/finops.md "Rollups").
 *
 * A histogram is an array of counts, one per bucket: `counts[i]` is the number of calls with
 * `LATENCY_BUCKETS_MS[i - 1] < ms <= LATENCY_BUCKETS_MS[i]` (cumulative-free, unlike
 * Prometheus' `le` buckets), and one more at the end for everything above the last bound, so a
 * histogram has `LATENCY_BUCKETS_MS.length + 1` counts. Rollups add histograms element-wise
 * (`panelist_int_array_add`, migration 0004), which pads the shorter one with zeros: a rollup
 * row written before a bound was appended stays summable. Bounds may only ever be appended,
 * never changed or removed, or old rows would count into the wrong buckets.
 */

/**
 * Upper bounds of the buckets, ms. From 100 ms (a cached or tiny answer's TTFT) to 120 s (the
 * longest structured call allowed, `LLM_TIMEOUT_MS` 90 s, plus a quota wait), about ×1.5–2
 * apart, which keeps a percentile's interpolation error within a bucket's width.
 */
export const LATENCY_BUCKETS_MS: readonly number[] = Object.freeze([
  100, 250, 500, 1_000, 2_000, 3_000, 5_000, 7_500, 10_000, 15_000, 20_000, 30_000, 45_000, 60_000, 90_000, 120_000,
]);

/** Number of counts in a histogram: one per bound plus the overflow bucket. */
export const HISTOGRAM_LENGTH = LATENCY_BUCKETS_MS.length + 1;

/**
 * The bucket a duration falls in: the first bound `>= ms`, or {@link LATENCY_BUCKETS_MS}`.length`
 * (the overflow bucket) above the last. Negative or NaN durations count as 0 ms.
 */
export function bucketIndex(ms: number): number {
  const v = Number.isFinite(ms) && ms > 0 ? ms : 0;
  for (let i = 0; i < LATENCY_BUCKETS_MS.length; i++) if (v <= LATENCY_BUCKETS_MS[i]!) return i;
  return LATENCY_BUCKETS_MS.length;
}

/** A histogram holding one duration: all zeros but a 1 at its bucket. */
export function oneHot(ms: number): number[] {
  const counts = new Array<number>(HISTOGRAM_LENGTH).fill(0);
  counts[bucketIndex(ms)] = 1;
  return counts;
}

/**
 * The q-quantile (0 ≤ q ≤ 1, e.g. 0.99 for p99) of the durations a histogram counts, ms, by
 * linear interpolation inside the bucket where the rank falls — Prometheus'
 * `histogram_quantile` method (the first bucket's lower bound is 0). A rank in the overflow
 * bucket answers the last bound, as Prometheus answers the highest finite `le`: the true value
 * is only known to be above it.
 * @param counts per-bucket counts as stored in the rollups (shorter arrays are zero-padded).
 * @returns null when the histogram counts nothing.
 * @throws RangeError when q is outside [0, 1].
 */
export function percentileFromBuckets(counts: number[], q: number): number | null {
  if (!(q >= 0 && q <= 1)) throw new RangeError(`q must be within [0, 1] (got ${q})`);
  const total = counts.reduce((a, c) => a + Math.max(c, 0), 0);
  if (total === 0) return null;
  const rank = q * total;
  let below = 0;
  for (let i = 0; i < counts.length; i++) {
    const c = Math.max(counts[i]!, 0);
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
