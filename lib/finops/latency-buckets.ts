/**
 * The latency and TTFT histogram of the usage rollups (`llm_usage_rollups.latency_buckets`,
 * `ttft_buckets`): counts per bucket, summed element-wise per rollup key, so a percentile over
 * any range and any grouping is read from the summed counts, never from `llm_usage`.
 *
 * Upper bounds, ms: the bucket boundaries the OpenTelemetry semantic conventions for generative
 * AI recommend for `gen_ai.client.operation.duration` (0.01 s doubling to 81.92 s). Index `i <
 * LATENCY_BUCKETS_MS.length` counts calls with `LATENCY_BUCKETS_MS[i-1] < ms ≤
 * LATENCY_BUCKETS_MS[i]`; the last index (`LATENCY_BUCKETS_MS.length`) counts everything slower
 * (Prometheus's `+Inf` bucket). Counts are per bucket, not cumulative.
 */
export const LATENCY_BUCKETS_MS: readonly number[] = [10, 20, 40, 80, 160, 320, 640, 1280, 2560, 5120, 10240, 20480, 40960, 81920];

/**
 * The histogram index of a duration: the first bucket whose upper bound is ≥ `ms`, or the
 * overflow index `LATENCY_BUCKETS_MS.length` past the last bound. Negative and NaN durations
 * count in the first bucket.
 */
export function bucketIndex(ms: number): number {
  if (!(ms > LATENCY_BUCKETS_MS[0]!)) return 0;
  for (let i = 1; i < LATENCY_BUCKETS_MS.length; i++) if (ms <= LATENCY_BUCKETS_MS[i]!) return i;
  return LATENCY_BUCKETS_MS.length;
}

/**
 * The `q`-quantile (0 < q ≤ 1; 0.5 = p50, 0.99 = p99) of the calls counted in `counts`, ms,
 * as Prometheus's `histogram_quantile` estimates it: find the bucket holding the rank `q·total`
 * and interpolate linearly between its lower and upper bound (the first bucket's lower bound is
 * 0). A rank that falls in the overflow bucket answers the last finite bound — the histogram
 * knows only that those calls were slower. Missing trailing entries count 0 (an empty rollup
 * array is `'{}'`).
 * @returns null when `counts` holds no call.
 * @throws {RangeError} when `q` is outside (0, 1].
 */
export function percentileFromBuckets(counts: number[], q: number): number | null {
  if (!(q > 0 && q <= 1)) throw new RangeError(`quantile must be in (0, 1], got ${q}`);
  const total = counts.reduce((s, n) => s + Math.max(n, 0), 0);
  if (total === 0) return null;
  const rank = q * total;
  let seen = 0;
  for (let i = 0; i < LATENCY_BUCKETS_MS.length; i++) {
    const n = Math.max(0, counts[i] ?? 0);
    if (n > 0 && seen + n >= rank) {
      const lower = i === 0 ? 0 : LATENCY_BUCKETS_MS[i - 1]!;
      const upper = LATENCY_BUCKETS_MS[i]!;
      return lower + (upper - lower) * ((rank - seen) / n);
    }
    seen += n;
  }
  return LATENCY_BUCKETS_MS[LATENCY_BUCKETS_MS.length - 1]!;
}
