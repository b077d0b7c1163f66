import { Histogram, Registry } from "prom-client";
import { describe, expect, it } from "vitest";
import { bucketQuantile, histogramQuantiles } from "./quantiles";
import type { MetricJson } from "./snapshots";

const INF = Number.POSITIVE_INFINITY;

describe("bucketQuantile (PromQL's histogram_quantile)", () => {
  const buckets = [
    { le: 1, count: 10 },
    { le: 2, count: 20 },
    { le: INF, count: 20 },
  ];

  it("interpolates linearly inside the bucket that holds the rank, the first bucket starting at 0", () => {
    expect(bucketQuantile(0.25, buckets)).toBe(0.5); // rank 5 of the first 10, in [0, 1]
    expect(bucketQuantile(0.5, buckets)).toBe(1);
    expect(bucketQuantile(0.75, buckets)).toBe(1.5); // rank 15: 5 of the 10 in (1, 2]
    expect(bucketQuantile(1, buckets)).toBe(2);
  });

  it("answers the highest finite bound for a rank in the +Inf bucket, null without observations or a +Inf bucket", () => {
    expect(bucketQuantile(0.9, [...buckets.slice(0, 2), { le: INF, count: 25 }])).toBe(2);
    expect(
      bucketQuantile(0.5, [
        { le: 1, count: 0 },
        { le: INF, count: 0 },
      ]),
    ).toBeNull();
    expect(bucketQuantile(0.5, buckets.slice(0, 2))).toBeNull();
  });

  it("does not depend on the order the buckets come in", () => {
    expect(bucketQuantile(0.75, [...buckets].reverse())).toBe(1.5);
  });
});

describe("histogramQuantiles", () => {
  async function sample(): Promise<MetricJson[]> {
    const registry = new Registry();
    const h = new Histogram({ name: "task_run_seconds", help: "h", labelNames: ["type", "lane"], buckets: [1, 2, 4], registers: [registry] });
    for (const v of [0.5, 0.5, 1.5, 3]) h.observe({ type: "a", lane: "interactive" }, v);
    for (const v of [3, 3, 3, 3]) h.observe({ type: "a", lane: "batch" }, v);
    h.observe({ type: "b", lane: "batch" }, 10);
    return (await registry.getMetricsAsJSON()) as MetricJson[];
  }

  it("sums the series that match the labels, and groups by the `by` labels", async () => {
    const metrics = await sample();
    const [typeA] = histogramQuantiles(metrics, { name: "task_run_seconds", labels: { type: "a" }, qs: [0.5] });
    // 8 observations: 2 in (0,1], 1 in (1,2], 5 in (2,4]; rank 4 is the 1st of 5 in (2, 4].
    expect(typeA).toEqual({ labels: {}, count: 8, sumSeconds: 17.5, quantiles: [2 + 2 * (1 / 5)] });

    const byLane = histogramQuantiles(metrics, { name: "task_run_seconds", by: ["lane"], qs: [0.5, 1] });
    expect(byLane).toEqual(
      expect.arrayContaining([
        { labels: { lane: "interactive" }, count: 4, sumSeconds: 5.5, quantiles: [1, 4] },
        // 4 in (2, 4] and one above the last finite bound: p50 is rank 2.5 of those 4; p100 says 4, the highest bound.
        { labels: { lane: "batch" }, count: 5, sumSeconds: 22, quantiles: [2 + 2 * (2.5 / 4), 4] },
      ]),
    );
    expect(byLane).toHaveLength(2);
  });

  it("answers one empty group for a histogram with no matching series, and refuses a q outside [0, 1]", async () => {
    const metrics = await sample();
    expect(histogramQuantiles(metrics, { name: "task_queue_wait_seconds", qs: [0.5] })).toEqual([{ labels: {}, count: 0, sumSeconds: 0, quantiles: [null] }]);
    expect(() => histogramQuantiles(metrics, { name: "task_run_seconds", qs: [1.5] })).toThrow(RangeError);
  });
});
