/**
 * Percentiles of the merged histograms, for pages that show them without a Prometheus server
 * (the console's queue page: queue wait and run time p50/p90/p99). The figures cover what the
 * live processes recorded since they started plus the retired counts (docs/finops.md,
 * "Prometheus") — not a sliding window as `histogram_quantile(…, rate(…[5m]))` would give.
 */
import type Redis from "ioredis";
import { type MetricJson, publishSnapshot, readMergedMetrics } from "./snapshots";

/** The histograms this process records (`registry.ts`). */
export type HistogramName = "llm_latency_seconds" | "llm_ttft_seconds" | "task_queue_wait_seconds" | "task_run_seconds";

/** One group of series of a histogram, summed. */
export type HistogramQuantiles = {
  /** The values of the `by` labels of this group (empty without `by`). */
  labels: Record<string, string>;
  /** Observations. */
  count: number;
  /** Sum of the observed values, seconds. */
  sumSeconds: number;
  /** One value per asked quantile, in `qs` order, seconds; null when the group has no observations. */
  quantiles: (number | null)[];
};

type Bucket = { le: number; count: number };

function assertQuantiles(qs: readonly number[]): void {
  for (const q of qs) if (!(q >= 0 && q <= 1)) throw new RangeError(`a quantile must be in [0, 1] (got ${q})`);
}

/**
 * The q-quantile of cumulative buckets, as PromQL's `histogram_quantile` estimates it
 * (prometheus/prometheus, promql/quantile.go `bucketQuantile`): find the bucket holding rank
 * q·count and interpolate linearly inside it, the first bucket starting at 0; a rank in the
 * `+Inf` bucket answers the highest finite bound.
 * @returns seconds, or null when there is no observation.
 */
export function bucketQuantile(q: number, buckets: readonly Bucket[]): number | null {
  const sorted = [...buckets].sort((a, b) => a.le - b.le);
  const total = sorted.at(-1)?.count ?? 0;
  if (total === 0 || sorted.at(-1)!.le !== Number.POSITIVE_INFINITY) return null;
  if (sorted.length < 2) return null;
  const rank = q * total;
  const b = sorted.findIndex((x) => x.count >= rank);
  if (b === sorted.length - 1) return sorted[sorted.length - 2]!.le;
  const start = b === 0 ? 0 : sorted[b - 1]!.le;
  const below = b === 0 ? 0 : sorted[b - 1]!.count;
  const inBucket = sorted[b]!.count - below;
  if (b === 0 && sorted[0]!.le <= 0) return sorted[0]!.le;
  if (inBucket <= 0) return start;
  return start + (sorted[b]!.le - start) * ((rank - below) / inBucket);
}

/**
 * Sums the series of histogram `name` whose labels match `labels`, grouped by the `by` labels,
 * and estimates `qs` of each group ({@link bucketQuantile}).
 * @throws {RangeError} when a q is outside [0, 1].
 */
export function histogramQuantiles(
  metrics: readonly MetricJson[],
  a: { name: HistogramName; qs: readonly number[]; labels?: Record<string, string>; by?: readonly string[] },
): HistogramQuantiles[] {
  assertQuantiles(a.qs);
  const by = a.by ?? [];
  const metric = metrics.find((m) => m.name === a.name);
  const groups = new Map<string, { labels: Record<string, string>; buckets: Map<number, number>; count: number; sum: number }>();
  for (const v of metric?.values ?? []) {
    const labels = v.labels as Record<string, string | number>;
    if (Object.entries(a.labels ?? {}).some(([k, want]) => String(labels[k]) !== want)) continue;
    const groupLabels = Object.fromEntries(by.map((k) => [k, String(labels[k] ?? "")]));
    const key = JSON.stringify(groupLabels);
    let g = groups.get(key);
    if (!g) {
      g = { labels: groupLabels, buckets: new Map(), count: 0, sum: 0 };
      groups.set(key, g);
    }
    const metricName = (v as { metricName?: string }).metricName;
    if (metricName === `${a.name}_bucket`) {
      const le = labels.le === "+Inf" ? Number.POSITIVE_INFINITY : Number(labels.le);
      g.buckets.set(le, (g.buckets.get(le) ?? 0) + v.value);
    } else if (metricName === `${a.name}_count`) {
      g.count += v.value;
    } else if (metricName === `${a.name}_sum`) {
      g.sum += v.value;
    }
  }
  if (groups.size === 0 && by.length === 0) groups.set("{}", { labels: {}, buckets: new Map(), count: 0, sum: 0 });
  return [...groups.values()].map((g) => {
    const buckets = [...g.buckets].map(([le, count]) => ({ le, count }));
    return { labels: g.labels, count: g.count, sumSeconds: g.sum, quantiles: a.qs.map((q) => bucketQuantile(q, buckets)) };
  });
}

/**
 * Quantiles of a histogram merged across every process (one Redis read): without `by`, one
 * entry summing every series that matches `labels`; with `by` (e.g. `["type", "lane"]`), one
 * entry per value combination seen.
 *
 *     const [wait] = await mergedHistogramQuantiles({ redis, name: "task_queue_wait_seconds", labels: { lane: "interactive" }, qs: [0.5, 0.9, 0.99] });
 *
 * This process publishes its own snapshot first, as a scrape does, so its latest observations count.
 * @throws {RangeError} when a q is outside [0, 1]; the ioredis error when Redis cannot be reached.
 */
export async function mergedHistogramQuantiles(a: {
  redis: Redis;
  name: HistogramName;
  qs: readonly number[];
  labels?: Record<string, string>;
  by?: readonly string[];
}): Promise<HistogramQuantiles[]> {
  assertQuantiles(a.qs);
  await publishSnapshot(a.redis);
  const { registry } = await readMergedMetrics(a.redis);
  return histogramQuantiles((await registry.getMetricsAsJSON()) as MetricJson[], a);
}
